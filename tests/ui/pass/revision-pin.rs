//! `revision = "..."` pins a form to a revision: `Elicitable::REVISION`
//! says which, and every field must be expressible in it.
use elicit_runtime::Elicitable;
use elicit_runtime::protocol::Revision;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
enum Seat {
    #[elicit(title = "By the window")]
    Window,
    Aisle,
}

/// Please confirm your booking
#[derive(Debug, PartialEq, Elicitable)]
#[elicit(revision = "2025-06-18")]
struct Booking {
    #[elicit(min_length = 1)]
    name: String,
    seat: Seat,
    #[elicit(minimum = 1, maximum = 9)]
    guests: Option<u8>,
    // A boolean default is fine on 2025-06-18.
    #[elicit(default = false)]
    newsletter: bool,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(revision = "2025-11-25")]
struct Later {
    seats: Vec<Seat>,
    #[elicit(default = "Aisle")]
    seat: Seat,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(revision = "2026-07-28")]
struct Latest {
    #[elicit(default = 2)]
    guests: u8,
}

#[derive(Debug, PartialEq, Elicitable)]
struct Unpinned {
    name: String,
}

fn main() {
    assert_eq!(Booking::REVISION, Some(Revision::V2025_06_18));
    assert_eq!(Later::REVISION, Some(Revision::V2025_11_25));
    assert_eq!(Latest::REVISION, Some(Revision::V2026_07_28));
    assert_eq!(Unpinned::REVISION, None);

    assert_eq!(
        Booking::SCHEMA
            .render(Revision::V2025_06_18)
            .unwrap()
            .to_json(),
        json!({
            "type": "object",
            "properties": {
                "name": { "type": "string", "minLength": 1 },
                "seat": {
                    "type": "string",
                    "enum": ["Window", "Aisle"],
                    "enumNames": ["By the window", "Aisle"]
                },
                "guests": { "type": "integer", "minimum": 1, "maximum": 9 },
                "newsletter": { "type": "boolean", "default": false }
            },
            "required": ["name", "seat", "newsletter"]
        })
    );
    assert!(Later::SCHEMA.render(Revision::V2025_06_18).is_err());
    assert!(Later::SCHEMA.render(Revision::V2025_11_25).is_ok());

    let content = json!({ "name": "Ada", "seat": "Window", "newsletter": true });
    let booking = Booking::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        booking,
        Booking {
            name: "Ada".to_owned(),
            seat: Seat::Window,
            guests: None,
            newsletter: true,
        }
    );
}
