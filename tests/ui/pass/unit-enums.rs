use elicit_runtime::protocol::Revision;
use elicit_runtime::{ElicitChoice, ElicitField, Elicitable};
use serde_json::json;

/// How the order is delivered
#[derive(Debug, PartialEq, Elicitable)]
enum Delivery {
    Pickup,
    Courier,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(title = "Size", rename_all = "lowercase")]
enum Size {
    #[elicit(title = "Small (250 ml)")]
    Small,
    #[elicit(title = "Large (500 ml)")]
    Large,
}

#[derive(Debug, PartialEq, Elicitable)]
struct Order {
    delivery: Delivery,
    #[elicit(title = "Cup size")]
    size: Size,
}

fn main() {
    // The enum's own title and doc comment describe it wherever it is used,
    // unless the field says otherwise.
    assert_eq!(
        Delivery::SPEC.into_schema().description.as_deref(),
        Some("How the order is delivered")
    );
    // 2025-06-18 writes the titles of a titled enum as `enumNames`.
    assert_eq!(
        Order::SCHEMA
            .render(Revision::V2025_06_18)
            .unwrap()
            .to_json(),
        json!({
            "type": "object",
            "properties": {
                "delivery": {
                    "type": "string",
                    "description": "How the order is delivered",
                    "enum": ["Pickup", "Courier"]
                },
                "size": {
                    "type": "string",
                    "title": "Cup size",
                    "enum": ["small", "large"],
                    "enumNames": ["Small (250 ml)", "Large (500 ml)"]
                }
            },
            "required": ["delivery", "size"]
        })
    );
    // The newest revision writes a titled enum as `oneOf [{const, title}]`,
    // an untitled one as a plain `enum`.
    let newest = Order::SCHEMA.to_json();
    assert_eq!(
        newest["properties"]["delivery"]["enum"],
        json!(["Pickup", "Courier"])
    );
    assert_eq!(
        newest["properties"]["size"],
        json!({
            "type": "string",
            "title": "Cup size",
            "oneOf": [
                { "const": "small", "title": "Small (250 ml)" },
                { "const": "large", "title": "Large (500 ml)" }
            ]
        })
    );
    assert_eq!(
        newest,
        Order::SCHEMA
            .render(Revision::V2025_11_25)
            .unwrap()
            .to_json()
    );

    // The derive implements `ElicitChoice`: wire value to variant and back.
    assert_eq!(Size::from_value("large"), Some(Size::Large));
    assert_eq!(Size::from_value("Large"), None);
    assert_eq!(Size::Small.value(), "small");
    assert_eq!(Delivery::Courier.value(), "Courier");
    let content = json!({ "delivery": "Courier", "size": "large" });
    let order = Order::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        order,
        Order {
            delivery: Delivery::Courier,
            size: Size::Large
        }
    );

    // Only the wire values are options: not the Rust names, not the titles.
    let content = json!({ "delivery": "courier", "size": "Large" });
    let errors = Order::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(failed, [("delivery", "enum"), ("size", "enum")]);
}
