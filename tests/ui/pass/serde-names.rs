//! A form that also derives `serde::Deserialize` gets its wire names from
//! `#[serde(rename/rename_all)]` too, so both read the same content.

use elicit_runtime::Elicitable;
use serde::Deserialize;
use serde_json::json;

#[derive(Debug, PartialEq, Deserialize, Elicitable)]
#[serde(rename_all = "kebab-case")]
enum Seat {
    WindowSeat,
    #[serde(rename = "aisle")]
    AisleSeat,
}

#[derive(Debug, PartialEq, Deserialize, Elicitable)]
#[serde(rename_all = "camelCase")]
struct Booking {
    party_size: u8,
    #[serde(rename = "when")]
    #[elicit(format = "date")]
    date: String,
    seat: Seat,
}

/// Both attributes may say the same thing.
#[derive(Debug, PartialEq, Deserialize, Elicitable)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[elicit(rename_all = "SCREAMING_SNAKE_CASE")]
struct Agreeing {
    #[serde(rename = "fullName")]
    #[elicit(rename = "fullName")]
    name: String,
    given_name: String,
}

fn main() {
    assert_eq!(
        Booking::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "partySize": { "type": "integer", "minimum": 0, "maximum": 255 },
                "when": { "type": "string", "format": "date" },
                "seat": { "type": "string", "enum": ["window-seat", "aisle"] }
            },
            "required": ["partySize", "when", "seat"]
        })
    );
    let content = json!({ "partySize": 4, "when": "2025-06-18", "seat": "aisle" });
    let ours = Booking::from_content(content.as_object().unwrap()).unwrap();
    let theirs: Booking = serde_json::from_value(content).unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(ours.seat, Seat::AisleSeat);

    assert_eq!(
        Agreeing::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "fullName": { "type": "string" },
                "GIVEN_NAME": { "type": "string" }
            },
            "required": ["fullName", "GIVEN_NAME"]
        })
    );
    let content = json!({ "fullName": "Ada Lovelace", "GIVEN_NAME": "Ada" });
    let ours = Agreeing::from_content(content.as_object().unwrap()).unwrap();
    let theirs: Agreeing = serde_json::from_value(content).unwrap();
    assert_eq!(ours, theirs);
}
