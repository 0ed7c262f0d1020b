//! A server that answers from a script, over an in-memory stream, and
//! keeps every request it received: the client's messages as they were
//! on the wire, to check what a retry carries.

use std::sync::{Arc, Mutex};

use elicit_rmcp::{ElicitationClient, Responder};
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// Every request the server received, in order.
pub type Seen = Arc<Mutex<Vec<Value>>>;

/// Connects `client` to a server that answers each request with
/// `script(request)`: a JSON object holding `result` or `error`.
pub async fn connect<R: Responder>(
    client: ElicitationClient<R>,
    script: impl Fn(&Value) -> Value + Send + 'static,
) -> (RunningService<RoleClient, ElicitationClient<R>>, Seen) {
    let (server_side, client_side) = tokio::io::duplex(1 << 16);
    let seen = Seen::default();
    let recorded = seen.clone();
    tokio::spawn(async move {
        let (read, mut write) = tokio::io::split(server_side);
        let mut lines = BufReader::new(read).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            let message: Value = serde_json::from_str(&line).expect("JSON-RPC from the client");
            // Notifications and responses get no answer.
            let (Some(id), Some(_)) = (message.get("id"), message.get("method")) else {
                continue;
            };
            let mut reply = json!({ "jsonrpc": "2.0", "id": id });
            recorded.lock().unwrap().push(message.clone());
            for (name, value) in script(&message).as_object().expect("a reply object") {
                reply[name] = value.clone();
            }
            let mut text = reply.to_string();
            text.push('\n');
            if write.write_all(text.as_bytes()).await.is_err() {
                break;
            }
        }
    });
    let client = client
        .connect(client_side)
        .await
        .expect("the client connects");
    (client, seen)
}

/// What a 2026-07-28 server answers to the lifecycle: `server/discover`
/// with its versions and name, `initialize` with `-32601`.
pub fn modern(request: &Value) -> Option<Value> {
    match request["method"].as_str()? {
        "server/discover" => Some(json!({ "result": {
            "resultType": "complete",
            "ttlMs": 0,
            "cacheScope": "private",
            "supportedVersions": ["2026-07-28"],
            "capabilities": { "tools": {} },
            "_meta": {
                "io.modelcontextprotocol/serverInfo": { "name": "scripted-server", "version": "1.0.0" }
            }
        }})),
        "initialize" => Some(json!({
            "error": { "code": -32601, "message": "Method not found: initialize" }
        })),
        _ => None,
    }
}

/// The `tools/call` requests for `tool`, in order.
pub fn calls(seen: &Seen, tool: &str) -> Vec<Value> {
    seen.lock()
        .unwrap()
        .iter()
        .filter(|request| request["method"] == "tools/call" && request["params"]["name"] == tool)
        .cloned()
        .collect()
}

/// The methods received, in order.
pub fn methods(seen: &Seen) -> Vec<String> {
    seen.lock()
        .unwrap()
        .iter()
        .map(|request| request["method"].as_str().unwrap_or_default().to_owned())
        .collect()
}
