//! Two example-server processes on loopback that share one state key, and
//! a 2026-07-28 client whose rounds alternate between them: the sealed
//! `requestState` carries the answers and the quote from one replica to the
//! other. A third process with another key refuses the state.

#[path = "support/examples.rs"]
mod examples;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

use examples::example;

/// An example server on a free loopback port, stopped when dropped.
struct Replica {
    child: Child,
    url: String,
}

impl Replica {
    fn start(keys: &str) -> Replica {
        let mut child = Command::new(example("server"))
            .args(["--listen", "127.0.0.1:0"])
            .env("ELICIT_STATE_KEYS", keys)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the example server starts");
        let stdout = child.stdout.take().unwrap();
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_owned();
        Replica { child, url }
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `tools/call` of `plan_trip` as a stateless 2026-07-28 request, with
/// `extra` params (the answers and the state of the round before).
async fn call(replica: &Replica, id: u64, extra: Value) -> Value {
    let mut params = json!({
        "name": "plan_trip",
        "arguments": {},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { "name": "replica-test", "version": "1.0.0" },
            "io.modelcontextprotocol/clientCapabilities": { "elicitation": { "form": {} } }
        }
    });
    for (key, value) in extra.as_object().unwrap() {
        params[key] = value.clone();
    }
    let body = json!({ "jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params });
    let response = reqwest::Client::new()
        .post(&replica.url)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2026-07-28")
        .header("Mcp-Method", "tools/call")
        .header("Mcp-Name", "plan_trip")
        .body(body.to_string())
        .send()
        .await
        .expect("the replica answers");
    let text = response.text().await.unwrap();
    message(&text, id)
}

/// The JSON-RPC response with `id` in a body of JSON or of server-sent events.
fn message(body: &str, id: u64) -> Value {
    if let Ok(value) = serde_json::from_str::<Value>(body) {
        return value;
    }
    body.lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|message| message["id"] == id)
        .unwrap_or_else(|| panic!("no response with id {id} in {body}"))
}

fn accepted(content: Value) -> Value {
    json!({ "action": "accept", "content": content })
}

#[tokio::test(flavor = "multi_thread")]
async fn rounds_alternate_between_two_replicas_sharing_a_key() {
    let key = elicit_runtime::state::StateKey::generate()
        .unwrap()
        .expose_base64();
    let a = Replica::start(&key);
    let b = Replica::start(&key);
    assert_ne!(a.url, b.url);

    // Round 1 on A: where?
    let first = call(&a, 1, json!({})).await;
    let result = &first["result"];
    assert_eq!(result["resultType"], "input_required", "{first}");
    assert_eq!(
        result["inputRequests"]["destination"]["method"],
        "elicitation/create"
    );
    let state1 = result["requestState"]
        .as_str()
        .expect("a sealed state")
        .to_owned();

    // Round 2 on B: the answer to where; B asks when, naming the city.
    let second = call(
        &b,
        2,
        json!({
            "inputResponses": { "destination": accepted(json!({ "city": "Lisbon" })) },
            "requestState": state1
        }),
    )
    .await;
    let result = &second["result"];
    assert_eq!(result["resultType"], "input_required", "{second}");
    assert_eq!(
        result["inputRequests"]["dates"]["params"]["message"],
        "When would you like to go to Lisbon?"
    );
    let state2 = result["requestState"].as_str().unwrap().to_owned();
    assert_ne!(state1, state2);

    // Round 3 on A: the answer to when completes the call, with the quote
    // B worked out.
    let third = call(
        &a,
        3,
        json!({
            "inputResponses": { "dates": accepted(json!({ "arrival": "2027-05-01", "nights": 3 })) },
            "requestState": state2
        }),
    )
    .await;
    let result = &third["result"];
    assert_ne!(result["resultType"], "input_required", "{third}");
    assert_eq!(result["isError"], false, "{third}");
    let text = result["content"][0]["text"].as_str().unwrap();
    let price = 80 + "Lisbon".bytes().map(u32::from).sum::<u32>() % 70;
    assert_eq!(
        text,
        format!("3 nights in Lisbon from 2027-05-01: {} EUR", price * 3)
    );

    // A replica with another key refuses the state, without its contents.
    let other_key = elicit_runtime::state::StateKey::generate()
        .unwrap()
        .expose_base64();
    let stranger = Replica::start(&other_key);
    let refused = call(
        &stranger,
        4,
        json!({
            "inputResponses": { "dates": accepted(json!({ "arrival": "2027-05-01", "nights": 3 })) },
            "requestState": state2
        }),
    )
    .await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(!message.contains("Lisbon"), "{message}");

    // A changed state is refused by the replicas that share the key too.
    let mut tampered = state2.clone();
    tampered.push_str("-TAMPERED");
    let refused = call(&b, 5, json!({ "requestState": tampered })).await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
}
