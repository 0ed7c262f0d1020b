use elicit_runtime::Elicitable;
use elicit_runtime::protocol::Revision;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    #[elicit(default = true)]
    verified: bool,
    #[elicit(default = false, title = "Newsletter")]
    newsletter: Option<bool>,
}

fn main() {
    assert_eq!(
        Form::SCHEMA.to_json_string(),
        r#"{"type":"object","properties":{"verified":{"type":"boolean","default":true},"newsletter":{"type":"boolean","title":"Newsletter","default":false}},"required":["verified"]}"#
    );
    // Boolean defaults are written on every revision.
    assert_eq!(
        Form::SCHEMA
            .render(Revision::V2025_06_18)
            .unwrap()
            .to_json(),
        Form::SCHEMA.to_json()
    );
    // An absent optional field reads as its default.
    let content = json!({ "verified": false });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            verified: false,
            newsletter: Some(false)
        }
    );
}
