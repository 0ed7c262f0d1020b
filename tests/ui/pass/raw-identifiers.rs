use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Kind {
    Personal,
    Business,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(rename_all = "camelCase")]
struct Form {
    r#type: Kind,
    r#match: bool,
    r#in_use: Option<String>,
}

fn main() {
    // A raw identifier's wire name has no `r#`, before and after `rename_all`.
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "type": { "type": "string", "enum": ["personal", "business"] },
                "match": { "type": "boolean" },
                "inUse": { "type": "string" }
            },
            "required": ["type", "match"]
        })
    );
    let content = json!({ "type": "business", "match": true, "inUse": "yes" });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            r#type: Kind::Business,
            r#match: true,
            r#in_use: Some("yes".to_owned())
        }
    );
}
