//! One derived form, rendered for each revision; multi-select content; and
//! defaults filling absent optional fields.

use std::collections::{BTreeSet, HashSet};

use elicit_runtime::protocol::Revision;
use elicit_runtime::rules::Rule;
use elicit_runtime::{Elicitable, Elicitation};
use serde_json::{Value, json};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Diet {
    #[elicit(title = "Vegetarian")]
    Vegetarian,
    #[elicit(title = "Vegan")]
    Vegan,
    #[elicit(title = "Gluten free", rename = "gluten-free")]
    GlutenFree,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Colour {
    Red,
    Green,
    Blue,
}

/// Pick your options
#[derive(Debug, PartialEq, Elicitable)]
struct Order {
    #[elicit(min_items = 1, max_items = 2)]
    diet: Vec<Diet>,
    #[elicit(default = ["red"])]
    colours: Option<BTreeSet<Colour>>,
    extras: Option<HashSet<Colour>>,
    #[elicit(default = "Guest", min_length = 2)]
    name: Option<String>,
    #[elicit(default = 2, minimum = 1, maximum = 8)]
    seats: Option<u8>,
    #[elicit(default = 0.5)]
    ratio: Option<f64>,
    #[elicit(default = "green")]
    colour: Option<Colour>,
    #[elicit(default = true)]
    notify: Option<bool>,
}

fn read(content: Value) -> Result<Order, Vec<(String, Rule)>> {
    Order::from_content(content.as_object().unwrap()).map_err(|errors| {
        errors
            .iter()
            .map(|e| (e.field().to_owned(), e.rule()))
            .collect()
    })
}

#[test]
fn absent_optional_fields_read_as_their_defaults() {
    let order = read(json!({ "diet": ["vegan"] })).unwrap();
    assert_eq!(
        order,
        Order {
            diet: vec![Diet::Vegan],
            colours: Some(BTreeSet::from([Colour::Red])),
            extras: None,
            name: Some("Guest".into()),
            seats: Some(2),
            ratio: Some(0.5),
            colour: Some(Colour::Green),
            notify: Some(true),
        }
    );
    // A value that is sent wins over the default.
    let order =
        read(json!({ "diet": ["vegan"], "seats": 5, "notify": false, "colours": [] })).unwrap();
    assert_eq!((order.seats, order.notify), (Some(5), Some(false)));
    assert_eq!(order.colours, Some(BTreeSet::new()));
}

#[test]
fn multi_select_content_reads_in_order() {
    let order =
        read(json!({ "diet": ["gluten-free", "vegetarian"], "extras": ["blue", "red"] })).unwrap();
    assert_eq!(order.diet, [Diet::GlutenFree, Diet::Vegetarian]);
    assert_eq!(
        order.extras,
        Some(HashSet::from([Colour::Blue, Colour::Red]))
    );
}

#[test]
fn multi_select_rules_are_enforced() {
    let cases = [
        (json!({ "diet": [] }), vec![("diet", Rule::MinItems)]),
        (
            json!({ "diet": ["vegan", "vegetarian", "gluten-free"] }),
            vec![("diet", Rule::MaxItems)],
        ),
        (
            json!({ "diet": ["vegan", "vegan"] }),
            vec![("diet", Rule::UniqueItems)],
        ),
        (json!({ "diet": ["carnivore"] }), vec![("diet", Rule::Enum)]),
        (json!({ "diet": ["Vegan"] }), vec![("diet", Rule::Enum)]),
        (json!({ "diet": [1] }), vec![("diet", Rule::Enum)]),
        (
            json!({ "diet": [null, "vegan"] }),
            vec![("diet", Rule::Enum)],
        ),
        (json!({ "diet": "vegan" }), vec![("diet", Rule::Type)]),
        (
            json!({ "diet": { "vegan": true } }),
            vec![("diet", Rule::Type)],
        ),
        (
            json!({ "diet": ["vegan"], "extras": ["red", "red", "pink"] }),
            vec![("extras", Rule::UniqueItems), ("extras", Rule::Enum)],
        ),
        (json!({}), vec![("diet", Rule::Required)]),
    ];
    for (content, expected) in cases {
        let expected: Vec<(String, Rule)> = expected
            .into_iter()
            .map(|(f, r)| (f.to_owned(), r))
            .collect();
        assert_eq!(read(content.clone()).unwrap_err(), expected, "{content}");
    }
}

#[test]
fn multi_select_errors_are_fit_to_show() {
    let errors = Order::from_content(
        json!({ "diet": ["vegan", "vegan", "beef"] })
            .as_object()
            .unwrap(),
    )
    .unwrap_err();
    assert_eq!(
        errors.to_string(),
        "`diet` lists `vegan` more than once: choose each value once (received an array of 3 items)\n\
         `diet` has entry 2 that is not one of `vegetarian`, `vegan`, `gluten-free` (received an array of 3 items)\n\
         `diet` must have at most 2 values, has 3 (received an array of 3 items)"
    );
}

#[test]
fn a_multi_select_cannot_be_rendered_for_2025_06_18() {
    let error = Order::SCHEMA.render(Revision::V2025_06_18).unwrap_err();
    assert_eq!(error.field(), "diet");
    assert_eq!(
        error.to_string(),
        "the field `diet` is a multi-select, which revision 2025-06-18 cannot express: write it as one boolean per option with `FormSchema::render_downlevel`, negotiate 2025-11-25 or later, or ask for the choices in separate fields"
    );
    assert!(Order::SCHEMA.render(Revision::V2025_11_25).is_ok());
}

#[test]
fn the_schema_of_every_kind_for_2025_11_25() {
    let schema = Order::SCHEMA
        .render(Revision::V2025_11_25)
        .unwrap()
        .to_json();
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "properties": {
                "diet": {
                    "type": "array",
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
                    "items": { "type": "string", "enum": ["red", "green", "blue"] },
                    "default": ["red"]
                },
                "extras": {
                    "type": "array",
                    "items": { "type": "string", "enum": ["red", "green", "blue"] }
                },
                "name": { "type": "string", "minLength": 2, "default": "Guest" },
                "seats": { "type": "integer", "minimum": 1, "maximum": 8, "default": 2 },
                "ratio": { "type": "number", "default": 0.5 },
                "colour": { "type": "string", "enum": ["red", "green", "blue"], "default": "green" },
                "notify": { "type": "boolean", "default": true }
            },
            "required": ["diet"]
        })
    );
}

#[derive(Debug, Elicitable)]
struct Single {
    #[elicit(default = "vegan")]
    diet: Diet,
    #[elicit(legacy_titles)]
    legacy: Diet,
    #[elicit(default = "x")]
    note: String,
}

#[test]
fn single_selects_and_defaults_per_revision() {
    let old = Single::SCHEMA
        .render(Revision::V2025_06_18)
        .unwrap()
        .to_json();
    let new = Single::SCHEMA
        .render(Revision::V2025_11_25)
        .unwrap()
        .to_json();
    let latest = Single::SCHEMA
        .render(Revision::V2026_07_28)
        .unwrap()
        .to_json();
    let enum_names = json!({
        "type": "string",
        "enum": ["vegetarian", "vegan", "gluten-free"],
        "enumNames": ["Vegetarian", "Vegan", "Gluten free"]
    });
    // 2025-06-18: titles as `enumNames`, and no defaults but booleans.
    assert_eq!(old["properties"]["diet"], enum_names);
    assert_eq!(old["properties"]["legacy"], enum_names);
    assert_eq!(old["properties"]["note"], json!({ "type": "string" }));
    // 2025-11-25 and later: `oneOf`, unless the field keeps the legacy form.
    assert_eq!(
        new["properties"]["diet"],
        json!({
            "type": "string",
            "oneOf": [
                { "const": "vegetarian", "title": "Vegetarian" },
                { "const": "vegan", "title": "Vegan" },
                { "const": "gluten-free", "title": "Gluten free" }
            ],
            "default": "vegan"
        })
    );
    assert_eq!(new["properties"]["legacy"], enum_names);
    assert_eq!(
        new["properties"]["note"],
        json!({ "type": "string", "default": "x" })
    );
    assert_eq!(new, latest);
    let read = Single::from_content(
        json!({ "diet": "vegan", "legacy": "gluten-free", "note": "hi" })
            .as_object()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(
        (read.diet, read.legacy, read.note.as_str()),
        (Diet::Vegan, Diet::GlutenFree, "hi")
    );
}

#[test]
fn the_dialect_is_written_only_when_asked_and_only_where_allowed() {
    let with = Single::SCHEMA
        .render(Revision::V2025_11_25)
        .unwrap()
        .with_dialect()
        .to_json();
    assert_eq!(
        with["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    let keys: Vec<&String> = with.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["$schema", "type", "properties", "required"]);
    let old = Single::SCHEMA
        .render(Revision::V2025_06_18)
        .unwrap()
        .with_dialect()
        .to_json();
    assert!(old.get("$schema").is_none());
    assert!(Single::SCHEMA.to_json().get("$schema").is_none());
}

#[test]
fn accepted_multi_select_content_through_the_result() {
    let result = json!({
        "action": "accept",
        "content": { "diet": ["vegetarian"], "colours": ["green", "blue"] }
    });
    let Ok(Elicitation::Accept(order)) = Elicitation::<Order>::from_json(&result) else {
        panic!("valid content rejected");
    };
    assert_eq!(
        order.colours,
        Some(BTreeSet::from([Colour::Green, Colour::Blue]))
    );
}

#[test]
fn hostile_multi_select_content_makes_few_errors() {
    use elicit_runtime::rules::MAX_ITEM_ERRORS;
    let junk: Vec<Value> = (0..100_000).map(|i| json!(format!("junk-{i}"))).collect();
    let repeated: Vec<Value> = (0..100_000).map(|_| json!("red")).collect();
    let errors = Order::from_content(
        json!({ "diet": junk, "extras": repeated })
            .as_object()
            .unwrap(),
    )
    .unwrap_err();
    let per_field = |field: &str| errors.field(field).count();
    // Broken entries are reported up to the cap, plus the count rule.
    assert_eq!(per_field("diet"), MAX_ITEM_ERRORS + 1);
    assert_eq!(per_field("extras"), MAX_ITEM_ERRORS);
    assert!(errors.to_string().len() < 10_000);
}

#[test]
fn large_multi_selects_are_checked_by_lookup() {
    use elicit_runtime::rules;
    use elicit_runtime::schema::FormSchema;
    let values: Vec<String> = (0..5_000).map(|i| format!("v{i}")).collect();
    let schema = FormSchema::parse(&json!({
        "type": "object",
        "properties": { "pick": { "type": "array", "items": { "type": "string", "enum": values } } }
    }))
    .unwrap()
    .schema;
    let all = json!({ "pick": values });
    assert!(rules::content(&schema, all.as_object().unwrap(), false).is_ok());
    let mut twice = values.clone();
    twice.push("v4999".into());
    twice.push("nope".into());
    let errors = rules::content(
        &schema,
        json!({ "pick": twice }).as_object().unwrap(),
        false,
    )
    .unwrap_err();
    let rules: Vec<Rule> = errors.iter().map(|e| e.rule()).collect();
    assert_eq!(rules, [Rule::UniqueItems, Rule::Enum]);
}
