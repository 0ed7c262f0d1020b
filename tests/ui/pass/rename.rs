use elicit_runtime::Elicitable;
use elicit_runtime::protocol::Revision;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
enum Plan {
    #[elicit(rename = "free-tier")]
    Free,
    #[elicit(rename = "pro", title = "Professional")]
    Pro,
}

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    #[elicit(rename = "fullName")]
    name: String,
    #[elicit(rename = "plan-choice")]
    plan: Plan,
}

fn main() {
    // 2025-06-18 writes titles as `enumNames`; an untitled option's title is
    // its wire value.
    assert_eq!(
        Form::SCHEMA
            .render(Revision::V2025_06_18)
            .unwrap()
            .to_json(),
        json!({
            "type": "object",
            "properties": {
                "fullName": { "type": "string" },
                "plan-choice": {
                    "type": "string",
                    "enum": ["free-tier", "pro"],
                    "enumNames": ["free-tier", "Professional"]
                }
            },
            "required": ["fullName", "plan-choice"]
        })
    );
    // The newest revision writes them as `oneOf [{const, title}]`.
    assert_eq!(
        Form::SCHEMA.to_json()["properties"]["plan-choice"],
        json!({
            "type": "string",
            "oneOf": [
                { "const": "free-tier", "title": "free-tier" },
                { "const": "pro", "title": "Professional" }
            ]
        })
    );
    let content = json!({ "fullName": "Ada", "plan-choice": "free-tier" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            name: "Ada".to_owned(),
            plan: Plan::Free
        }
    );

    // The Rust names are not the wire names.
    let content = json!({ "name": "Ada", "plan-choice": "Free" });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(failed, [("fullName", "required"), ("plan-choice", "enum")]);
}
