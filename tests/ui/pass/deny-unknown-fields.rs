use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(deny_unknown_fields)]
struct Strict {
    name: String,
}

#[derive(Debug, PartialEq, Elicitable)]
struct Lenient {
    name: String,
}

fn main() {
    assert!(Strict::DENY_UNKNOWN_FIELDS);
    assert!(!Lenient::DENY_UNKNOWN_FIELDS);
    // Denying unknown fields changes how content is read, not the schema.
    assert_eq!(Strict::SCHEMA.to_json(), Lenient::SCHEMA.to_json());

    let content = json!({ "name": "Ada", "extra": 1 });
    let lenient = Lenient::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        lenient,
        Lenient {
            name: "Ada".to_owned()
        }
    );
    let errors = Strict::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(failed, [("extra", "additionalProperties")]);

    let content = json!({ "name": "Ada" });
    assert_eq!(
        Strict::from_content(content.as_object().unwrap()).unwrap(),
        Strict {
            name: "Ada".to_owned()
        }
    );
}
