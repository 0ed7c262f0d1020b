// The booking form's app, as any host shows it (the same document in an
// iframe): what it shows, filling it, and what it says after Submit,
// Decline or Cancel.

/** The app's heading, once its document has loaded. */
export const APP_HEADING = "Please tell us about your reservation";

/** Whether the app's document shows its form (its heading). */
export function appShown(app) {
  return app.getByRole("heading", { name: APP_HEADING }).waitFor();
}

/** What the app shows when it opens: its fields' values and any error summary. */
export async function readApp(app) {
  const problem = app.getByRole("alert").filter({ hasText: "There is a problem" });
  const checked = async (role, names) => {
    const on = [];
    for (const name of names) {
      if (await app.getByRole(role, { name, exact: true }).isChecked()) on.push(name);
    }
    return on;
  };
  return {
    problem: (await problem.count()) > 0 ? (await problem.innerText()).replace(/\s+/g, " ").trim() : null,
    date: await app.getByRole("textbox", { name: "Date" }).inputValue(),
    partySize: await app.getByRole("spinbutton", { name: "Party size" }).inputValue(),
    seating: (await checked("radio", ["Indoors", "On the terrace", "At the bar"]))[0] ?? null,
    dietary: await checked("checkbox", ["Vegetarian", "Vegan", "Gluten-free", "No nuts"]),
    contactEmail: await app.getByRole("textbox", { name: "Email" }).inputValue(),
    newsletter: await app.getByRole("checkbox", { name: "Newsletter" }).isChecked(),
  };
}

/** Types `answer` into the app. */
export async function fillApp(app, answer) {
  await app.getByRole("textbox", { name: "Date" }).fill(answer.date);
  await app.getByRole("spinbutton", { name: "Party size" }).fill(answer.partySize);
  await app.getByRole("radio", { name: answer.seating.title, exact: true }).check();
  for (const need of answer.dietary) {
    await app.getByRole("checkbox", { name: need.title, exact: true }).check();
  }
  await app.getByRole("textbox", { name: "Email" }).fill(answer.contactEmail);
}

/**
 * Presses `button` (Submit, Decline or Cancel) in the app and waits, for
 * at most `seconds`, for its status line to say something other than that
 * it is sending; the status and whether it came in time. `meanwhile` runs
 * at each look (the host may ask something of its own in between).
 */
export async function pressInApp(app, button, { seconds = 20, meanwhile = async () => {} } = {}) {
  await app.getByRole("button", { name: button, exact: true }).click();
  const status = app.getByRole("status");
  const deadline = Date.now() + seconds * 1000;
  let text = "";
  while (Date.now() < deadline) {
    await meanwhile();
    text = (await status.first().innerText({ timeout: 1000 }).catch(() => "")).trim();
    if (text !== "" && !/^sending/i.test(text)) return { status: text, answered: true };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { status: text, answered: false };
}
