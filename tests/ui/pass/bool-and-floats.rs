use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    agree: bool,
    ratio: f32,
    score: f64,
}

fn main() {
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "agree": { "type": "boolean" },
                "ratio": { "type": "number" },
                "score": { "type": "number" }
            },
            "required": ["agree", "ratio", "score"]
        })
    );
    let content = json!({ "agree": true, "ratio": 0.5, "score": 95 });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            agree: true,
            ratio: 0.5,
            score: 95.0
        }
    );

    // `"true"` is not a boolean, and `1e300` does not fit `f32`.
    let content = json!({ "agree": "true", "ratio": 1e300, "score": 1.5 });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(failed, [("agree", "type"), ("ratio", "range")]);
}
