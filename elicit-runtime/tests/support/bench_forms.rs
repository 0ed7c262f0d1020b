//! The field kinds of the bench forms (`benches/benches/common`) as
//! derived forms, shared by the page tests and the app tests.

#![allow(dead_code)]

use elicit_runtime::Elicitable;

#[derive(Debug, Clone, Copy, PartialEq, Elicitable)]
#[elicit(rename_all = "lowercase")]
pub enum Reach {
    Email,
    Phone,
    Post,
}

/// Please provide your contact information
#[derive(Debug, Clone, PartialEq, Elicitable)]
pub struct Contact {
    /// Your full name
    #[elicit(min_length = 1, max_length = 100)]
    pub name: String,
    /// Your email address
    #[elicit(format = "email")]
    pub email: String,
    /// Your age
    #[elicit(minimum = 18, maximum = 150)]
    pub age: u8,
    /// How to reach you
    pub reach: Reach,
    /// Receive the newsletter
    #[elicit(default = false)]
    pub newsletter: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Elicitable)]
#[elicit(rename_all = "lowercase")]
pub enum EventKind {
    Talk,
    Workshop,
    Meetup,
}

/// Tell us about your event
#[derive(Debug, Clone, PartialEq, Elicitable)]
pub struct Event {
    /// The event's title
    #[elicit(min_length = 3, max_length = 80)]
    pub title: String,
    /// Anything attendees should know
    pub details: Option<String>,
    /// What kind of event
    pub kind: EventKind,
    /// Where to sign up
    #[elicit(format = "uri")]
    pub link: String,
    /// The day of the event
    #[elicit(format = "date")]
    pub day: String,
    /// When doors open
    #[elicit(format = "date-time")]
    pub opens: String,
    /// How many can attend
    #[elicit(minimum = 1, maximum = 10000)]
    pub capacity: i32,
    /// List the event publicly
    #[elicit(default = true)]
    pub public: bool,
}

#[derive(Debug, Clone, PartialEq, Elicitable)]
#[elicit(min_length = 2, max_length = 30)]
pub struct Handle(pub String);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Elicitable)]
#[elicit(rename_all = "snake_case")]
pub enum Topping {
    Cheese,
    Olives,
    Mushrooms,
    Peppers,
    Pineapple,
}

/// How did we do?
#[derive(Debug, Clone, PartialEq, Elicitable)]
pub struct Survey {
    /// Your handle
    pub handle: Handle,
    /// What you ordered
    #[elicit(min_items = 1)]
    pub toppings: Vec<Topping>,
    /// Your rating, 0 to 5
    #[elicit(minimum = 0, maximum = 5)]
    pub rating: f64,
    /// Your age
    pub age: u8,
    /// How many times you came
    pub visits: Option<u16>,
    /// What you would order next time
    pub next: Option<Topping>,
    /// Anything else
    #[elicit(max_length = 500)]
    pub comment: Option<String>,
    /// May we contact you
    pub contact: bool,
}

/// Who to copy on the reply
#[derive(Debug, Clone, PartialEq, Elicitable)]
pub struct Emails {
    /// The organiser
    #[elicit(format = "email")]
    pub organiser: String,
    /// Where to send the invoice
    #[elicit(format = "email")]
    pub billing: String,
}

/// More options than radios show.
#[derive(Debug, Clone, Copy, PartialEq, Elicitable)]
#[elicit(rename_all = "lowercase")]
pub enum Month {
    January,
    February,
    March,
    April,
    May,
    June,
    July,
    August,
    September,
    October,
    November,
    December,
}

/// When were you born?
#[derive(Debug, Clone, PartialEq, Elicitable)]
pub struct Birth {
    pub month: Month,
    /// If you like
    pub other: Option<Month>,
}
