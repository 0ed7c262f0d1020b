//! A server's side of one elicitation: derive a form, print the request it
//! sends, and handle every kind of answer a client can give.
//!
//! Run with `cargo run --example booking`.

use elicit_runtime::protocol::{ElicitationCapability, Elicitor, Revision};
use elicit_runtime::{ElicitError, Elicitable, Elicitation};
use serde_json::json;

/// Where the party would like to sit.
#[derive(Debug, Elicitable)]
#[elicit(rename_all = "kebab-case")]
enum Seating {
    #[elicit(title = "Indoors")]
    Indoor,
    #[elicit(title = "On the terrace")]
    Terrace,
    #[elicit(title = "At the bar")]
    Bar,
}

/// An email address, checked as RFC 5321 mailbox.
#[derive(Debug, Elicitable)]
#[elicit(format = "email", max_length = 254)]
struct Email(String);

/// Please tell us about your reservation
#[derive(Debug, Elicitable)]
#[elicit(rename_all = "camelCase")]
struct Booking {
    /// The day you would like to come
    #[elicit(title = "Date", format = "date")]
    date: String,
    /// How many people, yourself included
    #[elicit(title = "Party size", minimum = 1, maximum = 12)]
    party_size: u8,
    #[elicit(title = "Seating")]
    seating: Seating,
    /// Where we send the confirmation
    #[elicit(title = "Email")]
    contact_email: Email,
    /// Allergies, a birthday, anything we should know
    #[elicit(title = "Notes", max_length = 500)]
    notes: Option<String>,
    /// Send me the monthly menu
    #[elicit(title = "Newsletter", default = false)]
    newsletter: bool,
}

fn handle(label: &str, answer: serde_json::Value) {
    println!("--- {label}: {answer}");
    match Elicitation::<Booking>::from_json(&answer) {
        Ok(Elicitation::Accept(booking)) => {
            println!("accepted: {booking:#?}");
            println!(
                "booked {} seats ({:?}) on {} for {}{}{}",
                booking.party_size,
                booking.seating,
                booking.date,
                booking.contact_email.0,
                booking
                    .notes
                    .map(|n| format!(", notes: {n}"))
                    .unwrap_or_default(),
                if booking.newsletter {
                    ", subscribed"
                } else {
                    ""
                },
            );
        }
        Ok(Elicitation::Decline) => println!("declined: offer to book by phone instead"),
        Ok(Elicitation::Cancel) => println!("cancelled: ask again later"),
        Err(ElicitError::InvalidContent(errors)) => {
            println!("invalid content, {} problems:", errors.len());
            for error in &errors {
                println!(
                    "  field `{}`, rule `{}`: expected {}, received {}",
                    error.field(),
                    error.rule(),
                    error.expected(),
                    error.received()
                );
            }
            println!("as shown to the user:\n{errors}");
        }
        Err(other) => println!("error: {other}"),
    }
    println!();
}

fn main() {
    // The session negotiated 2025-11-25, and the client declared form mode.
    let elicitor = Elicitor::new(Revision::V2025_11_25, ElicitationCapability::form_only());
    let request = elicitor
        .form_default::<Booking>()
        .and_then(|checked| checked.to_jsonrpc(1))
        .expect("the client declared form mode, and 2025-11-25 sends requests");
    println!("--- the request this server sends (revision 2025-11-25)");
    println!(
        "{}",
        serde_json::to_string_pretty(&request).expect("a request is always valid JSON")
    );
    println!();

    handle(
        "accepted",
        json!({
            "action": "accept",
            "content": {
                "date": "2026-12-24",
                "partySize": 4,
                "seating": "terrace",
                "contactEmail": "ada@example.com",
                "newsletter": true
            }
        }),
    );
    handle("declined", json!({ "action": "decline" }));
    handle("cancelled", json!({ "action": "cancel" }));
    handle(
        "invalid",
        json!({
            "action": "accept",
            "content": {
                "date": "2026-02-30",
                "partySize": 40,
                "seating": "rooftop",
                "contactEmail": "ada at example.com",
                "newsletter": "yes"
            }
        }),
    );
    handle("malformed", json!({ "action": "maybe" }));
}
