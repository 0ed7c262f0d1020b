use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    #[elicit(min_length = 2, max_length = 5)]
    code: String,
    #[elicit(min_length = 1)]
    note: String,
    #[elicit(minimum = 1, maximum = 12)]
    party: u8,
    #[elicit(minimum = -40, maximum = 60)]
    celsius: i16,
    #[elicit(minimum = 0.5, maximum = 99.5)]
    score: f64,
    #[elicit(minimum = -1e3)]
    balance: f32,
    #[elicit(minimum = 10.0, maximum = 20.0)]
    whole_float: u32,
    #[elicit(min_length = 3, max_length = 3)]
    exactly: String,
}

fn main() {
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "code": { "type": "string", "minLength": 2, "maxLength": 5 },
                "note": { "type": "string", "minLength": 1 },
                "party": { "type": "integer", "minimum": 1, "maximum": 12 },
                "celsius": { "type": "integer", "minimum": -40, "maximum": 60 },
                "score": { "type": "number", "minimum": 0.5, "maximum": 99.5 },
                "balance": { "type": "number", "minimum": -1000.0 },
                "whole_float": { "type": "integer", "minimum": 10.0, "maximum": 20.0 },
                "exactly": { "type": "string", "minLength": 3, "maxLength": 3 }
            },
            "required": ["code", "note", "party", "celsius", "score", "balance", "whole_float", "exactly"]
        })
    );
    // Lengths count code points: "ééé" is three characters.
    let content = json!({
        "code": "AB", "note": "x", "party": 12, "celsius": -40, "score": 0.5,
        "balance": -1000, "whole_float": 15, "exactly": "ééé"
    });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(form.exactly, "ééé");
    assert_eq!((form.party, form.celsius, form.score), (12, -40, 0.5));

    let content = json!({
        "code": "A", "note": "", "party": 13, "celsius": -41, "score": 99.6,
        "balance": -1000.5, "whole_float": 9, "exactly": "abcd"
    });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(
        failed,
        [
            ("code", "minLength"),
            ("note", "minLength"),
            ("party", "maximum"),
            ("celsius", "minimum"),
            ("score", "maximum"),
            ("balance", "minimum"),
            ("whole_float", "minimum"),
            ("exactly", "maxLength"),
        ]
    );
}
