//! `Vec`, `BTreeSet` and `HashSet` of unit enums are multi-select fields:
//! `type: array` from 2025-11-25, and no schema at all for 2025-06-18.
use std::collections::{BTreeSet, HashSet};

use elicit_runtime::protocol::Revision;
use elicit_runtime::{ElicitChoice, Elicitable};
use serde_json::json;

/// Dietary needs
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Elicitable)]
#[elicit(rename_all = "kebab-case")]
enum Diet {
    #[elicit(title = "Vegetarian")]
    Vegetarian,
    #[elicit(title = "Vegan")]
    Vegan,
    #[elicit(title = "Gluten free")]
    GlutenFree,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Colour {
    Red,
    Green,
    Blue,
}

#[derive(Debug, PartialEq, Elicitable)]
struct Order {
    #[elicit(min_items = 1, max_items = 2)]
    diet: Vec<Diet>,
    #[elicit(title = "Colours", default = ["green", "red"])]
    colours: Option<BTreeSet<Colour>>,
    #[elicit(max_items = 3)]
    extras: Option<HashSet<Colour>>,
    #[elicit(default = [])]
    avoid: Option<Vec<Diet>>,
}

fn main() {
    assert_eq!(
        Order::SCHEMA
            .render(Revision::V2025_11_25)
            .unwrap()
            .to_json(),
        json!({
            "type": "object",
            "properties": {
                "diet": {
                    "type": "array",
                    "description": "Dietary needs",
                    "minItems": 1,
                    "maxItems": 2,
                    "items": { "anyOf": [
                        { "const": "vegetarian", "title": "Vegetarian" },
                        { "const": "vegan", "title": "Vegan" },
                        { "const": "gluten-free", "title": "Gluten free" }
                    ] }
                },
                "colours": {
                    "type": "array",
                    "title": "Colours",
                    "items": { "type": "string", "enum": ["red", "green", "blue"] },
                    "default": ["green", "red"]
                },
                "extras": {
                    "type": "array",
                    "maxItems": 3,
                    "items": { "type": "string", "enum": ["red", "green", "blue"] }
                },
                "avoid": {
                    "type": "array",
                    "description": "Dietary needs",
                    "items": { "anyOf": [
                        { "const": "vegetarian", "title": "Vegetarian" },
                        { "const": "vegan", "title": "Vegan" },
                        { "const": "gluten-free", "title": "Gluten free" }
                    ] },
                    "default": []
                }
            },
            "required": ["diet"]
        })
    );
    assert_eq!(
        Order::SCHEMA.to_json(),
        Order::SCHEMA
            .render(Revision::V2026_07_28)
            .unwrap()
            .to_json()
    );

    // 2025-06-18 has no multi-select: rendering for it is an error that
    // names the first such field.
    let error = Order::SCHEMA.render(Revision::V2025_06_18).unwrap_err();
    assert_eq!(error.field(), "diet");
    assert_eq!(error.revision(), Revision::V2025_06_18);

    // Content reads back: a `Vec` in the order sent, sets as sets, absent
    // optional fields as their defaults.
    let content = json!({ "diet": ["gluten-free", "vegan"], "extras": ["blue", "red"] });
    let order = Order::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        order,
        Order {
            diet: vec![Diet::GlutenFree, Diet::Vegan],
            colours: Some(BTreeSet::from([Colour::Red, Colour::Green])),
            extras: Some(HashSet::from([Colour::Blue, Colour::Red])),
            avoid: Some(Vec::new()),
        }
    );

    // Item counts, unknown values and repeats are rejected.
    for (content, field, rule) in [
        (json!({ "diet": [] }), "diet", "minItems"),
        (
            json!({ "diet": ["vegan", "vegetarian", "gluten-free"] }),
            "diet",
            "maxItems",
        ),
        (json!({ "diet": ["beef"] }), "diet", "enum"),
        (json!({ "diet": ["Vegan"] }), "diet", "enum"),
        (json!({ "diet": "vegan" }), "diet", "type"),
        (
            json!({ "diet": ["vegan"], "colours": ["red", "red"] }),
            "colours",
            "uniqueItems",
        ),
    ] {
        let errors = Order::from_content(content.as_object().unwrap()).unwrap_err();
        let failed: Vec<_> = errors
            .iter()
            .map(|e| (e.field(), e.rule().as_str()))
            .collect();
        assert_eq!(failed, [(field, rule)], "{content}");
    }

    // The enums map wire values to variants and back.
    assert_eq!(Diet::from_value("gluten-free"), Some(Diet::GlutenFree));
    assert_eq!(Diet::from_value("GlutenFree"), None);
    assert_eq!(Colour::Blue.value(), "blue");
}
