use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
enum Colour {
    Red,
    Green,
}

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    name: String,
    #[elicit(max_length = 3)]
    nickname: Option<String>,
    #[elicit(minimum = 18)]
    age: Option<u8>,
    newsletter: Option<bool>,
    colour: Option<Colour>,
}

fn main() {
    // An optional field has the plain schema and is left out of `required`.
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "name": { "type": "string" },
                "nickname": { "type": "string", "maxLength": 3 },
                "age": { "type": "integer", "minimum": 18, "maximum": 255 },
                "newsletter": { "type": "boolean" },
                "colour": { "type": "string", "enum": ["Red", "Green"] }
            },
            "required": ["name"]
        })
    );
    let content = json!({ "name": "Ada" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            name: "Ada".to_owned(),
            nickname: None,
            age: None,
            newsletter: None,
            colour: None
        }
    );

    let content = json!({ "name": "Ada", "nickname": "A", "age": 36, "newsletter": false, "colour": "Green" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            name: "Ada".to_owned(),
            nickname: Some("A".to_owned()),
            age: Some(36),
            newsletter: Some(false),
            colour: Some(Colour::Green),
        }
    );

    // A present optional value is still checked; an absent required one is
    // reported as missing.
    let content = json!({ "nickname": "Adaline", "age": 12 });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(
        failed,
        [
            ("name", "required"),
            ("nickname", "maxLength"),
            ("age", "minimum")
        ]
    );
}
