//! The typed messages read the spec's example messages and write them back
//! unchanged.

use elicit_runtime::protocol::{Action, ElicitResult, ElicitationCapability, FormRequest};
use serde_json::{Value, json};

/// The `params` of the two requests on the 2025-06-18 elicitation page.
fn spec_requests() -> Vec<Value> {
    vec![
        json!({
            "message": "Please provide your GitHub username",
            "requestedSchema": {
                "type": "object",
                "properties": { "name": { "type": "string" } },
                "required": ["name"]
            }
        }),
        json!({
            "message": "Please provide your contact information",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "name": { "type": "string", "description": "Your full name" },
                    "email": {
                        "type": "string",
                        "format": "email",
                        "description": "Your email address"
                    },
                    "age": { "type": "number", "minimum": 18, "description": "Your age" }
                },
                "required": ["name", "email"]
            }
        }),
    ]
}

/// The `result`s on the same page.
fn spec_results() -> Vec<Value> {
    vec![
        json!({ "action": "accept", "content": { "name": "octocat" } }),
        json!({
            "action": "accept",
            "content": { "name": "Monalisa Octocat", "email": "octocat@github.com", "age": 30 }
        }),
        json!({ "action": "decline" }),
        json!({ "action": "cancel" }),
    ]
}

#[test]
fn spec_requests_round_trip() {
    for params in spec_requests() {
        let typed: FormRequest = serde_json::from_value(params.clone()).unwrap();
        assert_eq!(serde_json::to_value(&typed).unwrap(), params);
    }
}

#[test]
fn spec_results_round_trip() {
    for result in spec_results() {
        let typed: ElicitResult = serde_json::from_value(result.clone()).unwrap();
        assert_eq!(serde_json::to_value(&typed).unwrap(), result);
    }
}

#[test]
fn results_parse_leniently_and_keep_meta() {
    let typed: ElicitResult = serde_json::from_value(json!({
        "action": "accept",
        "content": {},
        "_meta": { "trace": 1 },
        "somethingNew": true
    }))
    .unwrap();
    assert_eq!(typed.action, Action::Accept);
    assert_eq!(typed.content, Some(serde_json::Map::new()));
    assert_eq!(
        serde_json::to_value(&typed).unwrap(),
        json!({ "action": "accept", "content": {}, "_meta": { "trace": 1 } })
    );
    let unknown: Result<ElicitResult, _> = serde_json::from_value(json!({ "action": "maybe" }));
    assert!(unknown.is_err());
}

#[test]
fn results_are_built_for_each_action() {
    let mut content = serde_json::Map::new();
    content.insert("name".into(), json!("octocat"));
    assert_eq!(
        serde_json::to_value(ElicitResult::accept(content)).unwrap(),
        spec_results()[0]
    );
    assert_eq!(
        serde_json::to_value(ElicitResult::decline()).unwrap(),
        spec_results()[2]
    );
    assert_eq!(
        serde_json::to_value(ElicitResult::cancel()).unwrap(),
        spec_results()[3]
    );
}

#[test]
fn the_capability_is_read_from_client_capabilities() {
    let declared = json!({ "elicitation": {}, "roots": { "listChanged": true } });
    let capability = ElicitationCapability::from_client_capabilities(&declared).unwrap();
    assert_eq!(serde_json::to_value(&capability).unwrap(), json!({}));
    assert!(ElicitationCapability::from_client_capabilities(&json!({ "roots": {} })).is_none());
    assert!(
        ElicitationCapability::from_client_capabilities(&json!({ "elicitation": true })).is_none()
    );
    let initialize = json!({ "capabilities": { "elicitation": capability } });
    assert_eq!(initialize, json!({ "capabilities": { "elicitation": {} } }));
}
