//! Every `rename_all` case serde knows, on fields and on variants, with
//! serde's own results.

use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum SeatLower {
    WindowSeat,
    Bar,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "lowercase")]
struct FormLower {
    party_size: u8,
    given_name: String,
    seat: SeatLower,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "UPPERCASE")]
enum SeatUpper {
    WindowSeat,
    Bar,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "UPPERCASE")]
struct FormUpper {
    party_size: u8,
    given_name: String,
    seat: SeatUpper,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "PascalCase")]
enum SeatPascal {
    WindowSeat,
    Bar,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "PascalCase")]
struct FormPascal {
    party_size: u8,
    given_name: String,
    seat: SeatPascal,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "camelCase")]
enum SeatCamel {
    WindowSeat,
    Bar,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "camelCase")]
struct FormCamel {
    party_size: u8,
    given_name: String,
    seat: SeatCamel,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "snake_case")]
enum SeatSnake {
    WindowSeat,
    Bar,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "snake_case")]
struct FormSnake {
    party_size: u8,
    given_name: String,
    seat: SeatSnake,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "SCREAMING_SNAKE_CASE")]
enum SeatScreamingSnake {
    WindowSeat,
    Bar,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "SCREAMING_SNAKE_CASE")]
struct FormScreamingSnake {
    party_size: u8,
    given_name: String,
    seat: SeatScreamingSnake,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "kebab-case")]
enum SeatKebab {
    WindowSeat,
    Bar,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "kebab-case")]
struct FormKebab {
    party_size: u8,
    given_name: String,
    seat: SeatKebab,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "SCREAMING-KEBAB-CASE")]
enum SeatScreamingKebab {
    WindowSeat,
    Bar,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "SCREAMING-KEBAB-CASE")]
struct FormScreamingKebab {
    party_size: u8,
    given_name: String,
    seat: SeatScreamingKebab,
}

fn main() {
    // lowercase
    assert_eq!(
        FormLower::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "party_size": { "type": "integer", "minimum": 0, "maximum": 255 },
                "given_name": { "type": "string" },
                "seat": { "type": "string", "enum": ["windowseat", "bar"] }
            },
            "required": ["party_size", "given_name", "seat"]
        })
    );
    let content = json!({ "party_size": 2, "given_name": "Ada", "seat": "windowseat" });
    let form = FormLower::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        FormLower {
            party_size: 2,
            given_name: "Ada".to_owned(),
            seat: SeatLower::WindowSeat
        }
    );

    // UPPERCASE
    assert_eq!(
        FormUpper::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "PARTY_SIZE": { "type": "integer", "minimum": 0, "maximum": 255 },
                "GIVEN_NAME": { "type": "string" },
                "SEAT": { "type": "string", "enum": ["WINDOWSEAT", "BAR"] }
            },
            "required": ["PARTY_SIZE", "GIVEN_NAME", "SEAT"]
        })
    );
    let content = json!({ "PARTY_SIZE": 2, "GIVEN_NAME": "Ada", "SEAT": "WINDOWSEAT" });
    let form = FormUpper::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        FormUpper {
            party_size: 2,
            given_name: "Ada".to_owned(),
            seat: SeatUpper::WindowSeat
        }
    );

    // PascalCase
    assert_eq!(
        FormPascal::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "PartySize": { "type": "integer", "minimum": 0, "maximum": 255 },
                "GivenName": { "type": "string" },
                "Seat": { "type": "string", "enum": ["WindowSeat", "Bar"] }
            },
            "required": ["PartySize", "GivenName", "Seat"]
        })
    );
    let content = json!({ "PartySize": 2, "GivenName": "Ada", "Seat": "WindowSeat" });
    let form = FormPascal::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        FormPascal {
            party_size: 2,
            given_name: "Ada".to_owned(),
            seat: SeatPascal::WindowSeat
        }
    );

    // camelCase
    assert_eq!(
        FormCamel::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "partySize": { "type": "integer", "minimum": 0, "maximum": 255 },
                "givenName": { "type": "string" },
                "seat": { "type": "string", "enum": ["windowSeat", "bar"] }
            },
            "required": ["partySize", "givenName", "seat"]
        })
    );
    let content = json!({ "partySize": 2, "givenName": "Ada", "seat": "windowSeat" });
    let form = FormCamel::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        FormCamel {
            party_size: 2,
            given_name: "Ada".to_owned(),
            seat: SeatCamel::WindowSeat
        }
    );

    // snake_case
    assert_eq!(
        FormSnake::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "party_size": { "type": "integer", "minimum": 0, "maximum": 255 },
                "given_name": { "type": "string" },
                "seat": { "type": "string", "enum": ["window_seat", "bar"] }
            },
            "required": ["party_size", "given_name", "seat"]
        })
    );
    let content = json!({ "party_size": 2, "given_name": "Ada", "seat": "window_seat" });
    let form = FormSnake::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        FormSnake {
            party_size: 2,
            given_name: "Ada".to_owned(),
            seat: SeatSnake::WindowSeat
        }
    );

    // SCREAMING_SNAKE_CASE
    assert_eq!(
        FormScreamingSnake::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "PARTY_SIZE": { "type": "integer", "minimum": 0, "maximum": 255 },
                "GIVEN_NAME": { "type": "string" },
                "SEAT": { "type": "string", "enum": ["WINDOW_SEAT", "BAR"] }
            },
            "required": ["PARTY_SIZE", "GIVEN_NAME", "SEAT"]
        })
    );
    let content = json!({ "PARTY_SIZE": 2, "GIVEN_NAME": "Ada", "SEAT": "WINDOW_SEAT" });
    let form = FormScreamingSnake::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        FormScreamingSnake {
            party_size: 2,
            given_name: "Ada".to_owned(),
            seat: SeatScreamingSnake::WindowSeat
        }
    );

    // kebab-case
    assert_eq!(
        FormKebab::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "party-size": { "type": "integer", "minimum": 0, "maximum": 255 },
                "given-name": { "type": "string" },
                "seat": { "type": "string", "enum": ["window-seat", "bar"] }
            },
            "required": ["party-size", "given-name", "seat"]
        })
    );
    let content = json!({ "party-size": 2, "given-name": "Ada", "seat": "window-seat" });
    let form = FormKebab::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        FormKebab {
            party_size: 2,
            given_name: "Ada".to_owned(),
            seat: SeatKebab::WindowSeat
        }
    );

    // SCREAMING-KEBAB-CASE
    assert_eq!(
        FormScreamingKebab::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "PARTY-SIZE": { "type": "integer", "minimum": 0, "maximum": 255 },
                "GIVEN-NAME": { "type": "string" },
                "SEAT": { "type": "string", "enum": ["WINDOW-SEAT", "BAR"] }
            },
            "required": ["PARTY-SIZE", "GIVEN-NAME", "SEAT"]
        })
    );
    let content = json!({ "PARTY-SIZE": 2, "GIVEN-NAME": "Ada", "SEAT": "WINDOW-SEAT" });
    let form = FormScreamingKebab::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        FormScreamingKebab {
            party_size: 2,
            given_name: "Ada".to_owned(),
            seat: SeatScreamingKebab::WindowSeat
        }
    );
}
