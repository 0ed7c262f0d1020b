//! The forms beside contact5 and wide32: **event7**, a form a user writes
//! with every kind and the `uri`, `date` and `date-time` formats, and
//! **emails5**, five addresses.

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
