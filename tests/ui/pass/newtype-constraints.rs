use elicit_runtime::{ElicitField, Elicitable};
use serde_json::json;

/// An email address
#[derive(Debug, PartialEq, Elicitable)]
#[elicit(format = "email", max_length = 254)]
struct Email(String);

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(title = "Age", minimum = 18)]
struct Age(u8);

/// A newtype of a newtype keeps the inner constraints.
#[derive(Debug, PartialEq, Elicitable)]
#[elicit(maximum = 65)]
struct WorkingAge(Age);

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    email: Email,
    backup: Option<Email>,
    #[elicit(maximum = 120)]
    age: Age,
    working: WorkingAge,
}

fn main() {
    assert!(<Email as ElicitField>::REQUIRED);
    assert!(!<Option<Email> as ElicitField>::REQUIRED);
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "email": {
                    "type": "string",
                    "description": "An email address",
                    "maxLength": 254,
                    "format": "email"
                },
                "backup": {
                    "type": "string",
                    "description": "An email address",
                    "maxLength": 254,
                    "format": "email"
                },
                "age": { "type": "integer", "title": "Age", "minimum": 18, "maximum": 120 },
                "working": {
                    "type": "integer",
                    "title": "Age",
                    "description": "A newtype of a newtype keeps the inner constraints.",
                    "minimum": 18,
                    "maximum": 65
                }
            },
            "required": ["email", "age", "working"]
        })
    );
    let content = json!({ "email": "ada@example.com", "age": 36, "working": 40 });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            email: Email("ada@example.com".to_owned()),
            backup: None,
            age: Age(36),
            working: WorkingAge(Age(40)),
        }
    );

    let content =
        json!({ "email": "not an address", "backup": "b@example.com", "age": 121, "working": 17 });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(
        failed,
        [
            ("email", "format"),
            ("age", "maximum"),
            ("working", "minimum")
        ]
    );
}
