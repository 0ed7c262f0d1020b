//! A server's side of one elicitation: derive a form, print the request it
//! sends, and handle every kind of answer a client can give.
//!
//! Run with `cargo run --example booking`.

use elicit_runtime::protocol::{ElicitationCapability, Elicitor, Revision};
use elicit_runtime::{ElicitError, Elicitation};
use serde_json::json;

#[path = "forms/booking.rs"]
mod booking_form;

use booking_form::Booking;

fn handle(label: &str, answer: serde_json::Value) {
    println!("--- {label}: {answer}");
    match Elicitation::<Booking>::from_json(&answer) {
        Ok(Elicitation::Accept(booking)) => {
            println!("accepted: {booking:#?}");
            println!("{}", booking.summary());
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
                "dietary": ["vegetarian", "nut-free"],
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
                "dietary": ["vegan", "vegan", "carnivore"],
                "contactEmail": "ada at example.com",
                "newsletter": "yes"
            }
        }),
    );
    handle("malformed", json!({ "action": "maybe" }));
}
