use elicit_runtime::Elicitable;
use serde_json::json;

/// A grade from A to F.
#[derive(Debug, PartialEq, Elicitable)]
#[elicit(default = "A")]
struct Grade(char);

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    initial: char,
    separator: Option<char>,
    grade: Option<Grade>,
}

fn main() {
    // Lengths count code points, so one `char` is one character.
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "initial": { "type": "string", "minLength": 1, "maxLength": 1 },
                "separator": { "type": "string", "minLength": 1, "maxLength": 1 },
                "grade": {
                    "type": "string",
                    "description": "A grade from A to F.",
                    "minLength": 1,
                    "maxLength": 1,
                    "default": "A"
                }
            },
            "required": ["initial"]
        })
    );
    let content = json!({ "initial": "É", "separator": "😀" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            initial: 'É',
            separator: Some('😀'),
            grade: Some(Grade('A')),
        }
    );

    // "é" written as `e` and a combining accent is two code points.
    let content = json!({ "initial": "e\u{301}", "separator": "" });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(failed, [("initial", "maxLength"), ("separator", "minLength")]);
}
