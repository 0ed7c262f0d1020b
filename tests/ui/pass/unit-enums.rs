use elicit_runtime::{ElicitField, Elicitable};
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
    assert_eq!(
        Order::SCHEMA.to_json(),
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
