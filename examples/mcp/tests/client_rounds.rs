//! `ElicitationClient` as a 2026-07-28 client, against a scripted server:
//! discovery first and `initialize` only for an older server, and each
//! rule a retry follows (the state echoed exactly, none sent when none
//! came, a new id for each round, nothing of one request's rounds in
//! another, a bound on rounds, no retry for a result without
//! `resultType`, sampling and roots refused).

#[path = "support/scripted_server.rs"]
mod scripted_server;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use elicit_rmcp::{ElicitationClient, Incoming, Responder, RoundError, Rounds};
use elicit_runtime::client::Ask;
use elicit_runtime::protocol::{ElicitResult, Revision};
use rmcp::model::{CallToolRequestParams, CallToolResult, Implementation, ProtocolVersion};
use serde_json::{Value, json};
use tokio::sync::Barrier;

use scripted_server::{calls, connect, methods, modern};

/// Every request a responder was shown.
type Shown = Arc<Mutex<Vec<Incoming>>>;

/// A client that accepts each form with its defaults, declines forms
/// whose message is `decline`, and records what it is shown.
fn client(shown: &Shown) -> ElicitationClient<impl Responder> {
    let shown = shown.clone();
    ElicitationClient::new(
        Implementation::new("test-client", "1.0.0"),
        move |incoming: Incoming| {
            let shown = shown.clone();
            async move {
                shown.lock().unwrap().push(incoming.clone());
                match &incoming.ask {
                    Ask::Form(form) if form.message() != "decline" => {
                        form.answer().finish().expect("every field has a default")
                    }
                    _ => ElicitResult::decline(),
                }
            }
        },
    )
    .with_rate_limit(1000, Duration::from_secs(60))
}

/// An `elicitation/create` input request with `message`.
fn form(message: &str) -> Value {
    json!({
        "method": "elicitation/create",
        "params": {
            "mode": "form",
            "message": message,
            "requestedSchema": {
                "type": "object",
                "properties": { "confirmed": { "type": "boolean", "default": true } }
            }
        }
    })
}

/// An input-required result asking `requests`, with `state` when given.
fn input_required(requests: Value, state: Option<&str>) -> Value {
    let mut result = json!({ "resultType": "input_required", "inputRequests": requests });
    if let Some(state) = state {
        result["requestState"] = json!(state);
    }
    json!({ "result": result })
}

/// A complete tool result saying `text`.
fn complete(text: &str) -> Value {
    json!({ "result": { "resultType": "complete", "content": [{ "type": "text", "text": text }] } })
}

/// The first call of a request carries no input responses.
fn first_call(request: &Value) -> bool {
    request["params"].get("inputResponses").is_none()
}

async fn call(client: &impl Rounds, tool: &'static str) -> Result<CallToolResult, RoundError> {
    client
        .call_tool_in_rounds(CallToolRequestParams::new(tool))
        .await
}

fn text(result: &CallToolResult) -> &str {
    result.content[0]
        .as_text()
        .expect("a text block")
        .text
        .as_str()
}

#[tokio::test]
async fn a_2026_server_is_discovered_and_never_sent_initialize() {
    let shown = Shown::default();
    let (client, seen) = connect(client(&shown), |request| {
        modern(request).unwrap_or_else(|| complete("done"))
    })
    .await;
    let info = client.peer_info().expect("the server's info");
    assert_eq!(info.protocol_version, ProtocolVersion::V_2026_07_28);
    assert_eq!(text(&call(&client, "plain").await.unwrap()), "done");
    assert_eq!(methods(&seen), ["server/discover", "tools/call"]);
    // Every request says who asks and what it can answer.
    let meta = &calls(&seen, "plain")[0]["params"]["_meta"];
    assert_eq!(
        meta["io.modelcontextprotocol/protocolVersion"],
        "2026-07-28"
    );
    assert!(meta["io.modelcontextprotocol/clientCapabilities"]["elicitation"].is_object());
}

#[tokio::test]
async fn an_older_server_gets_initialize_after_discovery_fails() {
    let shown = Shown::default();
    let (client, seen) = connect(client(&shown), |request| {
        match request["method"].as_str().unwrap() {
            "server/discover" => json!({
                "error": { "code": -32601, "message": "Method not found: server/discover" }
            }),
            "initialize" => json!({ "result": {
                "protocolVersion": "2025-11-25",
                "capabilities": { "tools": {} },
                "serverInfo": { "name": "older-server", "version": "1.0.0" }
            }}),
            _ => json!({ "result": { "content": [{ "type": "text", "text": "done" }] } }),
        }
    })
    .await;
    let info = client.peer_info().expect("the server's info");
    assert_eq!(info.protocol_version, ProtocolVersion::V_2025_11_25);
    assert_eq!(text(&call(&client, "plain").await.unwrap()), "done");
    assert_eq!(
        methods(&seen),
        ["server/discover", "initialize", "tools/call"]
    );
    let offered = &seen.lock().unwrap()[1]["params"]["protocolVersion"];
    assert_eq!(offered, "2025-11-25");
}

#[tokio::test]
async fn a_pinned_older_version_starts_with_initialize() {
    let shown = Shown::default();
    let pinned = client(&shown).with_protocol_version(ProtocolVersion::V_2025_06_18);
    let (_client, seen) = connect(pinned, |_| {
        json!({ "result": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "serverInfo": { "name": "older-server", "version": "1.0.0" }
        }})
    })
    .await;
    assert_eq!(methods(&seen), ["initialize"]);
    assert_eq!(
        seen.lock().unwrap()[0]["params"]["protocolVersion"],
        "2025-06-18"
    );
}

/// Opaque to the client: quotes, a backslash, a control character,
/// characters outside ASCII and spaces at both ends.
const STATE: &str = " {\"nonce\":\"é✓\\u0000\",\"id\":1}\t\u{1}ü ";

#[tokio::test]
async fn the_state_is_echoed_exactly() {
    let shown = Shown::default();
    let (client, seen) = connect(client(&shown), |request| {
        modern(request).unwrap_or_else(|| {
            if first_call(request) {
                input_required(json!({ "confirm": form("Confirm?") }), Some(STATE))
            } else {
                complete("confirmed")
            }
        })
    })
    .await;
    assert_eq!(text(&call(&client, "echo").await.unwrap()), "confirmed");
    let calls = calls(&seen, "echo");
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[1]["params"]["requestState"], json!(STATE));
    assert_eq!(
        calls[1]["params"]["inputResponses"]["confirm"]["action"],
        "accept"
    );
    // The responder saw the form, who asks and the revision agreed.
    let shown = shown.lock().unwrap();
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].server, "scripted-server");
    assert_eq!(shown[0].revision, Revision::V2026_07_28);
}

#[tokio::test]
async fn no_state_is_sent_when_none_came() {
    let shown = Shown::default();
    let (client, seen) = connect(client(&shown), |request| {
        modern(request).unwrap_or_else(|| {
            if first_call(request) {
                input_required(json!({ "confirm": form("Confirm?") }), None)
            } else {
                complete("confirmed")
            }
        })
    })
    .await;
    assert_eq!(
        text(&call(&client, "stateless").await.unwrap()),
        "confirmed"
    );
    let calls = calls(&seen, "stateless");
    assert_eq!(calls.len(), 2);
    assert!(calls[1]["params"]["inputResponses"]["confirm"].is_object());
    assert!(
        calls[1]["params"].get("requestState").is_none(),
        "a state was sent back: {}",
        calls[1]["params"]
    );
}

#[tokio::test]
async fn each_round_is_a_new_request_with_the_latest_state() {
    let shown = Shown::default();
    let (client, seen) = connect(client(&shown), |request| {
        modern(request).unwrap_or_else(|| match request["params"]["requestState"].as_str() {
            None => input_required(json!({ "first": form("First?") }), Some("after-1")),
            Some("after-1") => {
                input_required(json!({ "second": form("Second?") }), Some("after-2"))
            }
            Some(_) => complete("three rounds"),
        })
    })
    .await;
    assert_eq!(
        text(&call(&client, "rounds").await.unwrap()),
        "three rounds"
    );
    let calls = calls(&seen, "rounds");
    assert_eq!(calls.len(), 3);
    let ids: Vec<&Value> = calls.iter().map(|call| &call["id"]).collect();
    assert!(
        ids[0] != ids[1] && ids[1] != ids[2] && ids[0] != ids[2],
        "an id was used twice: {ids:?}"
    );
    assert_eq!(calls[2]["params"]["requestState"], "after-2");
    // Each retry answers the round before it, and only that one.
    let responses = calls[2]["params"]["inputResponses"].as_object().unwrap();
    assert_eq!(responses.keys().collect::<Vec<_>>(), ["second"]);
}

#[tokio::test]
async fn requests_made_meanwhile_keep_their_own_rounds() {
    let asked = Arc::new(Barrier::new(3));
    let answered = Arc::new(Barrier::new(3));
    let responder = {
        let (asked, answered) = (asked.clone(), answered.clone());
        move |incoming: Incoming| {
            let (asked, answered) = (asked.clone(), answered.clone());
            async move {
                // Both rounds open, and the plain call made, before either
                // is answered.
                asked.wait().await;
                answered.wait().await;
                match &incoming.ask {
                    Ask::Form(form) if form.message() == "b?" => form.answer().finish().unwrap(),
                    _ => ElicitResult::decline(),
                }
            }
        }
    };
    let client = ElicitationClient::new(Implementation::new("test-client", "1.0.0"), responder);
    let (client, seen) = connect(client, |request| {
        modern(request).unwrap_or_else(|| {
            let tool = request["params"]["name"].as_str().unwrap().to_owned();
            if tool == "plain" || !first_call(request) {
                complete(&format!("{tool} done"))
            } else {
                let state = format!("state-{tool}");
                input_required(
                    json!({ "confirm": form(&format!("{tool}?")) }),
                    Some(&state),
                )
            }
        })
    })
    .await;
    let meanwhile = async {
        asked.wait().await;
        let plain = call(&client, "plain").await;
        answered.wait().await;
        plain
    };
    let (a, b, plain) = tokio::join!(call(&client, "a"), call(&client, "b"), meanwhile);
    assert_eq!(text(&a.unwrap()), "a done");
    assert_eq!(text(&b.unwrap()), "b done");
    assert_eq!(text(&plain.unwrap()), "plain done");
    let plain = &calls(&seen, "plain")[0]["params"];
    assert!(plain.get("requestState").is_none() && plain.get("inputResponses").is_none());
    for (tool, action) in [("a", "decline"), ("b", "accept")] {
        let retry = &calls(&seen, tool)[1]["params"];
        assert_eq!(retry["requestState"], format!("state-{tool}"));
        assert_eq!(
            retry["inputResponses"]["confirm"]["action"], action,
            "{tool}"
        );
    }
}

#[tokio::test]
async fn rounds_are_bounded() {
    let shown = Shown::default();
    let bounded = client(&shown).with_max_rounds(3);
    let (client, seen) = connect(bounded, |request| {
        modern(request).unwrap_or_else(|| {
            let round = request["params"]["requestState"]
                .as_str()
                .map_or(0, |state| {
                    state.trim_start_matches("round-").parse::<u32>().unwrap()
                });
            let state = format!("round-{}", round + 1);
            input_required(json!({ "again": form("Once more?") }), Some(&state))
        })
    })
    .await;
    let error = call(&client, "endless").await.unwrap_err();
    assert!(
        matches!(&error, RoundError::TooManyRounds { max_rounds: 3, name, .. } if name == "endless"),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "`tools/call` of `endless` still asked for input after 3 rounds, so the client stopped \
         it: the server may never stop asking; allow more rounds with \
         `ElicitationClient::with_max_rounds`"
    );
    // Three rounds answered; the fourth input-required result is not.
    assert_eq!(calls(&seen, "endless").len(), 4);
    assert_eq!(shown.lock().unwrap().len(), 3);
}

#[tokio::test]
async fn a_result_without_result_type_is_complete() {
    let shown = Shown::default();
    let (client, seen) = connect(client(&shown), |request| {
        modern(request).unwrap_or_else(
            || json!({ "result": { "content": [{ "type": "text", "text": "no resultType" }] } }),
        )
    })
    .await;
    assert_eq!(
        text(&call(&client, "untyped").await.unwrap()),
        "no resultType"
    );
    assert_eq!(calls(&seen, "untyped").len(), 1);
}

#[tokio::test]
async fn sampling_and_roots_are_refused_without_a_retry() {
    let sampling = json!({
        "method": "sampling/createMessage",
        "params": {
            "messages": [{ "role": "user", "content": { "type": "text", "text": "hi" } }],
            "maxTokens": 10
        }
    });
    let roots = json!({ "method": "roots/list" });
    for (request, method, capability) in [
        (sampling, "sampling/createMessage", "sampling"),
        (roots, "roots/list", "roots"),
    ] {
        let shown = Shown::default();
        let (client, seen) = connect(client(&shown), move |asked| {
            modern(asked).unwrap_or_else(|| {
                input_required(
                    json!({ "need": request.clone(), "confirm": form("Confirm?") }),
                    None,
                )
            })
        })
        .await;
        let error = call(&client, "asks").await.unwrap_err();
        assert!(
            matches!(&error, RoundError::Undeclared { key, method: m, .. } if key == "need" && *m == method),
            "{error:?}"
        );
        assert!(
            error
                .to_string()
                .contains(&format!("did not declare `{capability}`"))
        );
        assert_eq!(calls(&seen, "asks").len(), 1, "the request was sent again");
    }
}
