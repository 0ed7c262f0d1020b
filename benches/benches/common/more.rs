//! The forms beside contact5 and wide32: **event7**, a form a user writes
//! with every kind and the `uri`, `date` and `date-time` formats,
//! **emails5**, five addresses, and **survey8**, the field types the others
//! lack: a newtype, a multi-select, a float, optional enums and integers.

use elicit_runtime::Elicitable;
use serde::Deserialize;
use serde_json::{Value, json};

/// The kind of an event: a single-select field.
#[derive(Debug, Clone, Copy, PartialEq, Elicitable, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
#[schemars(inline)]
pub enum Kind {
    Talk,
    Workshop,
    Meetup,
}

/// Tell us about your event
#[derive(Debug, Clone, PartialEq, Elicitable, Deserialize, schemars::JsonSchema)]
pub struct Event {
    /// The event's title
    #[elicit(min_length = 3, max_length = 80)]
    #[schemars(length(min = 3, max = 80))]
    pub title: String,
    /// Anything attendees should know
    pub details: Option<String>,
    /// What kind of event
    pub kind: Kind,
    /// Where to sign up
    #[elicit(format = "uri")]
    #[schemars(url)]
    pub link: String,
    /// The day of the event
    #[elicit(format = "date")]
    #[schemars(extend("format" = "date"))]
    pub day: String,
    /// When doors open
    #[elicit(format = "date-time")]
    #[schemars(extend("format" = "date-time"))]
    pub opens: String,
    /// How many can attend
    #[elicit(minimum = 1, maximum = 10000)]
    #[schemars(range(min = 1, max = 10000))]
    pub capacity: i32,
    /// List the event publicly
    #[elicit(default = true)]
    #[serde(default)]
    pub public: bool,
}

/// The content of an accepted event7 form.
pub fn event_content() -> Value {
    json!({
        "title": "Rust in the Park",
        "details": "Bring a laptop",
        "kind": "workshop",
        "link": "https://events.example.com/rust-in-the-park",
        "day": "2027-06-12",
        "opens": "2027-06-12T09:30:00+02:00",
        "capacity": 120,
        "public": true
    })
}

/// event7 with a broken `uri`, `date` and `date-time`.
pub fn event_broken() -> Value {
    let mut broken = event_content();
    broken["link"] = json!("events.example.com/rust in the park");
    broken["day"] = json!("2027-02-30");
    broken["opens"] = json!("2027-06-12 09:30");
    broken
}

/// Who to copy on the reply
#[derive(Debug, Clone, PartialEq, Elicitable, Deserialize, schemars::JsonSchema)]
pub struct Emails {
    /// The organiser
    #[elicit(format = "email")]
    #[schemars(email)]
    pub organiser: String,
    /// The speaker
    #[elicit(format = "email")]
    #[schemars(email)]
    pub speaker: String,
    /// The venue's contact
    #[elicit(format = "email")]
    #[schemars(email)]
    pub venue: String,
    /// The sponsor's contact
    #[elicit(format = "email")]
    #[schemars(email)]
    pub sponsor: String,
    /// Where to send the invoice
    #[elicit(format = "email")]
    #[schemars(email)]
    pub billing: String,
}

/// The content of an accepted emails5 form.
pub fn emails_content() -> Value {
    json!({
        "organiser": "ada.lovelace@example.com",
        "speaker": "grace.hopper@navy.example.mil",
        "venue": "bookings@the-park.example.org",
        "sponsor": "partners+rust@sponsor.example.co.uk",
        "billing": "accounts.payable@finance.example.com"
    })
}

/// emails5 with one address broken.
pub fn emails_broken() -> Value {
    let mut broken = emails_content();
    broken["venue"] = json!("bookings@the-park..example.org");
    broken
}

/// A handle: a newtype carrying its own constraints.
#[derive(Debug, Clone, PartialEq, Elicitable, Deserialize, schemars::JsonSchema)]
#[elicit(min_length = 2, max_length = 30)]
#[serde(transparent)]
#[schemars(transparent, inline)]
pub struct Handle(pub String);

/// A topping: the item of a multi-select.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Elicitable, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
#[elicit(rename_all = "snake_case")]
#[schemars(inline)]
pub enum Topping {
    Cheese,
    Olives,
    Mushrooms,
    Peppers,
    Pineapple,
}

/// How did we do?
#[derive(Debug, Clone, PartialEq, Elicitable, Deserialize, schemars::JsonSchema)]
pub struct Survey {
    /// Your handle
    pub handle: Handle,
    /// What you ordered
    #[elicit(min_items = 1)]
    #[schemars(length(min = 1))]
    pub toppings: Vec<Topping>,
    /// Your rating, 0 to 5
    #[elicit(minimum = 0, maximum = 5)]
    #[schemars(range(min = 0, max = 5))]
    pub rating: f64,
    /// Your age
    pub age: u8,
    /// How many times you came
    pub visits: Option<u16>,
    /// What you would order next time
    pub next: Option<Topping>,
    /// Anything else
    #[elicit(max_length = 500)]
    #[schemars(length(max = 500))]
    pub comment: Option<String>,
    /// May we contact you
    pub contact: bool,
}

/// The content of an accepted survey8 form.
pub fn survey_content() -> Value {
    json!({
        "handle": "ferris",
        "toppings": ["cheese", "olives", "peppers"],
        "rating": 4.5,
        "age": 34,
        "visits": 12,
        "next": "pineapple",
        "comment": "The crust was perfect",
        "contact": false
    })
}

/// survey8 with a repeated topping, a rating out of range and a short
/// handle.
pub fn survey_broken() -> Value {
    let mut broken = survey_content();
    broken["handle"] = json!("f");
    broken["toppings"] = json!(["cheese", "cheese"]);
    broken["rating"] = json!(7);
    broken
}
