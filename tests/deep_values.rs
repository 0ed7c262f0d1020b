//! Values nested far beyond any recursion, given as `serde_json::Value`s
//! (not text, whose parser stops at 128 levels) to every reader of values:
//! each refuses them with a typed error naming the depth limit, before
//! anything copies them, and none overflows the stack.

use elicit_runtime::client::{Ask, FormError, FormView};
use elicit_runtime::protocol::{
    ElicitRequestParams, ElicitResult, ElicitationCapability, ElicitationCompleteNotification,
    InputRequiredResult, InputResponses, MessageError, RetryParams, UrlElicitationRequired,
};
use elicit_runtime::{Elicitable, Elicitation};
use serde_json::{Value, json};

/// Far deeper than any stack holds recursion.
const DEPTH: usize = 200_000;

/// An array nested `DEPTH` levels, built without recursion.
fn abyss() -> Value {
    let mut value = json!("bottom");
    for _ in 0..DEPTH {
        value = Value::Array(vec![value]);
    }
    value
}

/// Drops `value` without recursion, as the readers' callers must.
fn dispose(value: Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(members) => stack.extend(members.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// An object of `members`, the values moved in (`json!` would copy them,
/// recursively).
fn object(members: Vec<(&str, Value)>) -> Value {
    Value::Object(
        members
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect(),
    )
}

/// `object` with the abyss under `key`.
fn with_abyss(mut object: Value, key: &str) -> Value {
    object[key] = abyss();
    object
}

fn form_params() -> Value {
    json!({
        "message": "Who?",
        "requestedSchema": { "type": "object", "properties": { "name": { "type": "string" } } }
    })
}

fn too_deep(error: &impl std::fmt::Display) {
    let message = error.to_string();
    assert!(
        message.contains("nested more than 32 levels deep"),
        "{message}"
    );
}

#[derive(Debug, Elicitable)]
#[allow(dead_code)]
struct Name {
    name: String,
}

#[test]
fn request_params_are_refused_before_their_meta_is_copied() {
    let params = with_abyss(form_params(), "_meta");
    match Ask::from_params(&params) {
        Err(error @ FormError::TooLarge(_)) => too_deep(&error),
        other => panic!("{other:?}"),
    }
    match FormView::from_request(&params) {
        Err(error @ FormError::TooLarge(_)) => too_deep(&error),
        other => panic!("{other:?}"),
    }
    let url = with_abyss(
        json!({ "mode": "url", "url": "https://example.com", "message": "Go", "elicitationId": "1" }),
        "unknown",
    );
    assert!(matches!(
        Ask::from_params(&url),
        Err(FormError::TooLarge(_))
    ));
    let message = object(vec![
        ("jsonrpc", json!("2.0")),
        ("id", json!(1)),
        ("method", json!("elicitation/create")),
        ("params", params),
    ]);
    match ElicitRequestParams::from_jsonrpc(&message) {
        Err(error @ MessageError::Json(_)) => too_deep(&error),
        other => panic!("{other:?}"),
    }
    dispose(message);
    dispose(url);
}

#[test]
fn results_are_refused_before_their_content_is_copied() {
    let accepted = || json!({ "action": "accept", "content": { "name": "Ada" } });
    let message = object(vec![
        ("jsonrpc", json!("2.0")),
        ("id", json!(1)),
        ("result", with_abyss(accepted(), "_meta")),
    ]);
    match ElicitResult::from_jsonrpc(&message) {
        Err(error @ MessageError::Json(_)) => too_deep(&error),
        other => panic!("{other:?}"),
    }
    dispose(message);
    match ElicitResult::from_value(with_abyss(accepted(), "_meta")) {
        Err(error) => too_deep(&error),
        other => panic!("{other:?}"),
    }
    let content = with_abyss(
        json!({ "action": "accept", "content": { "name": "Ada" } }),
        "content",
    );
    assert!(Elicitation::<Name>::from_json(&content).is_err());
    let mut responses = InputResponses::new();
    responses.insert_value("name", content);
    assert!(responses.elicit_result("name").is_err());
    assert!(responses.elicitation::<Name>("name").is_err());
    // Its abyss cannot be taken back out to be disposed of.
    std::mem::forget(responses);
}

#[test]
fn input_required_results_retries_and_notifications_are_refused() {
    let result = with_abyss(json!({ "resultType": "input_required" }), "_meta");
    let message = object(vec![
        ("jsonrpc", json!("2.0")),
        ("id", json!(1)),
        ("result", result),
    ]);
    assert!(matches!(
        InputRequiredResult::from_jsonrpc(&message),
        Err(MessageError::Json(_))
    ));
    dispose(message);

    let retry = with_abyss(json!({ "name": "book" }), "inputResponses");
    match RetryParams::from_params(&retry) {
        Err(error @ MessageError::Json(_)) => too_deep(&error),
        other => panic!("{other:?}"),
    }
    dispose(retry);

    let complete = object(vec![
        ("jsonrpc", json!("2.0")),
        ("method", json!("notifications/elicitation/complete")),
        (
            "params",
            with_abyss(json!({ "elicitationId": "1" }), "_meta"),
        ),
    ]);
    assert!(ElicitationCompleteNotification::from_jsonrpc(&complete).is_err());
    dispose(complete);

    let error = object(vec![
        ("code", json!(-32042)),
        ("message", json!("go")),
        ("data", with_abyss(json!({}), "elicitations")),
    ]);
    let required = object(vec![
        ("jsonrpc", json!("2.0")),
        ("id", json!(1)),
        ("error", error),
    ]);
    assert!(UrlElicitationRequired::from_jsonrpc(&required).is_err());
    dispose(required);

    let capabilities = object(vec![("elicitation", with_abyss(json!({}), "form"))]);
    assert_eq!(
        ElicitationCapability::from_client_capabilities(&capabilities),
        None
    );
    dispose(capabilities);
}
