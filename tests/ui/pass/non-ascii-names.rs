use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
enum Größe {
    Klein,
    Groß,
}

#[derive(Debug, PartialEq, Elicitable)]
struct Bestellung {
    größe: u32,
    #[elicit(title = "Café au lait?")]
    café: bool,
    wahl: Größe,
    /// Straße und Hausnummer
    straße: String,
}

fn main() {
    assert_eq!(
        Bestellung::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "größe": { "type": "integer", "minimum": 0, "maximum": 4294967295u32 },
                "café": { "type": "boolean", "title": "Café au lait?" },
                "wahl": { "type": "string", "enum": ["Klein", "Groß"] },
                "straße": { "type": "string", "description": "Straße und Hausnummer" }
            },
            "required": ["größe", "café", "wahl", "straße"]
        })
    );
    let content = json!({ "größe": 3, "café": true, "wahl": "Groß", "straße": "Hauptstraße 1" });
    let form = Bestellung::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Bestellung {
            größe: 3,
            café: true,
            wahl: Größe::Groß,
            straße: "Hauptstraße 1".to_owned()
        }
    );
}
