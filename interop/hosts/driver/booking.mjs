// What the driver types into the booking form, in each host: the same
// answers everywhere, so that the result's text is known.

/** The answer typed into the host's own form. */
export const HOST_FORM = {
  date: "2026-12-24",
  partySize: "4",
  seating: { value: "terrace", title: "On the terrace" },
  dietary: [
    { value: "vegan", title: "Vegan" },
    { value: "nut-free", title: "No nuts" },
  ],
  contactEmail: "ada@example.org",
  notes: "window seat",
  newsletter: true,
};

/** The same answer with an email address the server refuses. */
export const INVALID_FORM = { ...HOST_FORM, contactEmail: "not-an-email" };

/** What the user leaves in the host's tool form before running it. */
export const TOOL_FORM_PART = {
  partySize: "3",
  seating: { value: "bar", title: "At the bar" },
};

/** The answer typed into the form's app. */
export const APP_FORM = {
  date: "2026-12-24",
  partySize: "2",
  seating: { value: "bar", title: "At the bar" },
  dietary: [{ value: "vegetarian", title: "Vegetarian" }],
  contactEmail: "ada@example.org",
};
