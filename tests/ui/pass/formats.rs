use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    #[elicit(format = "email")]
    email: String,
    #[elicit(format = "uri")]
    homepage: String,
    #[elicit(format = "date")]
    birthday: String,
    #[elicit(format = "date-time", title = "When")]
    meeting: Option<String>,
}

fn main() {
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "email": { "type": "string", "format": "email" },
                "homepage": { "type": "string", "format": "uri" },
                "birthday": { "type": "string", "format": "date" },
                "meeting": { "type": "string", "title": "When", "format": "date-time" }
            },
            "required": ["email", "homepage", "birthday"]
        })
    );
    let content = json!({
        "email": "octocat@github.com",
        "homepage": "https://example.com/a?b#c",
        "birthday": "2024-02-29",
        "meeting": "2025-06-18T09:30:00Z"
    });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(form.meeting.as_deref(), Some("2025-06-18T09:30:00Z"));

    let content = json!({
        "email": "octocat",
        "homepage": "example.com",
        "birthday": "2023-02-29",
        "meeting": "2025-06-18 09:30"
    });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(
        failed,
        [
            ("email", "format"),
            ("homepage", "format"),
            ("birthday", "format"),
            ("meeting", "format")
        ]
    );
}
