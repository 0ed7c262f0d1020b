//! Flow integrity over HTTP, against the example server as a hostile
//! client would try it: a state leaked from one user's flow is refused
//! for another user, and a booking's final round sent again books nothing.

#[path = "support/examples.rs"]
mod examples;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use elicit_runtime::state::StateKey;
use serde_json::{Value, json};

use examples::example;

/// Two demo users' bearer tokens.
const ALICE: &str = "alice-token-0123456789abcdef";
const BOB: &str = "bob-token-fedcba9876543210";

/// An example server on a free loopback port, with a fresh key and the demo
/// login on, stopped when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start() -> Server {
        let key = StateKey::generate().unwrap().expose_base64();
        let mut child = Command::new(example("server"))
            .args(["--listen", "127.0.0.1:0"])
            .env("ELICIT_STATE_KEYS", key)
            .env("ELICIT_DEMO_USERS", format!("alice={ALICE},bob={BOB}"))
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
        Server { child, url }
    }

    /// `tools/call` of `tool` at 2026-07-28 as the user of `bearer`, with
    /// `extra` params; the HTTP status and the JSON-RPC response.
    async fn call(&self, bearer: Option<&str>, tool: &str, id: u64, extra: Value) -> (u16, Value) {
        let mut params = json!({
            "name": tool,
            "arguments": {},
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientInfo": { "name": "integrity-test", "version": "1.0.0" },
                "io.modelcontextprotocol/clientCapabilities": { "elicitation": { "form": {} } }
            }
        });
        for (key, value) in extra.as_object().unwrap() {
            params[key] = value.clone();
        }
        let body = json!({ "jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params });
        let mut request = reqwest::Client::new()
            .post(&self.url)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", "2026-07-28")
            .header("Mcp-Method", "tools/call")
            .header("Mcp-Name", tool);
        if let Some(bearer) = bearer {
            request = request.header("Authorization", format!("Bearer {bearer}"));
        }
        let response = request.body(body.to_string()).send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (status, message(&text, id))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The JSON-RPC response with `id` in a body of JSON or of server-sent
/// events; `null` for a body that is neither.
fn message(body: &str, id: u64) -> Value {
    if let Ok(value) = serde_json::from_str::<Value>(body) {
        return value;
    }
    body.lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|message| message["id"] == id)
        .unwrap_or(Value::Null)
}

fn accepted(content: Value) -> Value {
    json!({ "action": "accept", "content": content })
}

#[tokio::test(flavor = "multi_thread")]
async fn a_leaked_state_does_not_continue_for_another_user() {
    let server = Server::start();
    let (status, first) = server.call(Some(ALICE), "plan_trip", 1, json!({})).await;
    assert_eq!(status, 200);
    let state = first["result"]["requestState"].as_str().unwrap().to_owned();
    let answer = json!({
        "inputResponses": { "destination": accepted(json!({ "city": "Lisbon" })) },
        "requestState": state
    });

    // Bob holds Alice's leaked state: refused, and nothing of it is told.
    let (_, stolen) = server.call(Some(BOB), "plan_trip", 2, answer.clone()).await;
    assert_eq!(stolen["error"]["code"], -32602, "{stolen}");
    let text = stolen["error"]["message"].as_str().unwrap();
    assert!(text.contains("does not belong to this request"), "{text}");
    assert!(
        !text.contains("alice") && !text.contains("Lisbon"),
        "{text}"
    );

    // Without a login, the request does not reach the tool at all.
    let (status, _) = server.call(None, "plan_trip", 3, answer.clone()).await;
    assert_eq!(status, 401);
    let (status, _) = server
        .call(
            Some("not-a-user-token-at-all"),
            "plan_trip",
            4,
            answer.clone(),
        )
        .await;
    assert_eq!(status, 401);

    // Alice continues her flow.
    let (_, second) = server.call(Some(ALICE), "plan_trip", 5, answer).await;
    assert_eq!(
        second["result"]["inputRequests"]["dates"]["params"]["message"],
        "When would you like to go to Lisbon?",
        "{second}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_replayed_booking_books_nothing() {
    let server = Server::start();
    let (_, first) = server.call(Some(ALICE), "book_table", 1, json!({})).await;
    assert_eq!(first["result"]["resultType"], "input_required", "{first}");
    let state = first["result"]["requestState"].as_str().unwrap().to_owned();
    let booking = json!({
        "inputResponses": { "booking": accepted(json!({
            "date": "2027-05-01",
            "partySize": 2,
            "seating": "indoor",
            "contactEmail": "alice@example.com",
            "newsletter": false
        })) },
        "requestState": state
    });
    let (_, booked) = server
        .call(Some(ALICE), "book_table", 2, booking.clone())
        .await;
    assert_eq!(booked["result"]["isError"], false, "{booked}");
    let text = booked["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("2027-05-01"), "{text}");

    // The same final round again: refused, the table is not booked twice.
    let (_, again) = server.call(Some(ALICE), "book_table", 3, booking).await;
    assert_eq!(again["error"]["code"], -32602, "{again}");
    assert!(
        again["error"]["message"]
            .as_str()
            .unwrap()
            .contains("already acted on"),
        "{again}"
    );
}
