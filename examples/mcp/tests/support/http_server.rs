//! The example server as a process on a free loopback port, and a
//! 2026-07-28 `tools/call` to it over plain HTTP.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use super::examples::example;

/// An example server listening on a free loopback port, with the
/// environment given; stopped when dropped.
pub struct ServerProcess {
    child: Child,
    /// Where it listens: `http://127.0.0.1:PORT/mcp`.
    pub url: String,
    /// Everything it wrote on its standard output and error.
    output: Arc<Mutex<Vec<u8>>>,
}

impl ServerProcess {
    /// Starts the example server with `env` set.
    pub fn start(env: &[(&str, &str)]) -> ServerProcess {
        let mut command = Command::new(example("server"));
        command
            .args(["--listen", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("the example server starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_owned();
        let output = Arc::new(Mutex::new(line.into_bytes()));
        let stderr = child.stderr.take().unwrap();
        for mut stream in [Box::new(stdout) as Box<dyn Read + Send>, Box::new(stderr)] {
            let output = Arc::clone(&output);
            std::thread::spawn(move || {
                let mut chunk = [0; 4096];
                while let Ok(n @ 1..) = stream.read(&mut chunk) {
                    output.lock().unwrap().extend_from_slice(&chunk[..n]);
                }
            });
        }
        ServerProcess { child, url, output }
    }

    /// What the server has written so far on its standard output and
    /// error (its log).
    #[allow(dead_code, reason = "not every test reads the log")]
    pub fn log(&self) -> String {
        String::from_utf8_lossy(&self.output.lock().unwrap()).into_owned()
    }

    /// `tools/call` of `tool` at 2026-07-28 with `extra` params (answers,
    /// state), sent with `Authorization: Bearer` when `bearer` is given:
    /// the HTTP status and the JSON-RPC response (`null` when the body has
    /// none).
    pub async fn call(
        &self,
        bearer: Option<&str>,
        tool: &str,
        id: u64,
        extra: Value,
    ) -> (u16, Value) {
        let mut params = json!({
            "name": tool,
            "arguments": {},
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientInfo": { "name": "http-test", "version": "1.0.0" },
                "io.modelcontextprotocol/clientCapabilities": { "elicitation": { "form": {} } }
            }
        });
        for (key, value) in extra.as_object().unwrap() {
            params[key] = value.clone();
        }
        self.request(bearer, "tools/call", Some(tool), id, params)
            .await
    }

    /// A 2026-07-28 request of `method` with `params` (its `_meta` as the
    /// caller gives it) and, when the method has one, the `Mcp-Name`
    /// header `name` (a tool's name, a task's id), sent with
    /// `Authorization: Bearer` when `bearer` is given: the HTTP status and
    /// the JSON-RPC response (`null` when the body has none).
    pub async fn request(
        &self,
        bearer: Option<&str>,
        method: &str,
        name: Option<&str>,
        id: u64,
        params: Value,
    ) -> (u16, Value) {
        let body = json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params });
        let mut request = reqwest::Client::new()
            .post(&self.url)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .header("MCP-Protocol-Version", "2026-07-28")
            .header("Mcp-Method", method);
        if let Some(name) = name {
            request = request.header("Mcp-Name", name);
        }
        if let Some(bearer) = bearer {
            request = request.header("Authorization", format!("Bearer {bearer}"));
        }
        let response = request
            .body(body.to_string())
            .send()
            .await
            .expect("the server answers");
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (status, message(&text, id))
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The JSON-RPC response with `id` in a body of JSON or of server-sent
/// events; `null` for a body that has none.
pub fn message(body: &str, id: u64) -> Value {
    if let Ok(value) = serde_json::from_str::<Value>(body) {
        return value;
    }
    body.lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|message| message["id"] == id)
        .unwrap_or(Value::Null)
}

/// An accepted form's result with `content`.
pub fn accepted(content: Value) -> Value {
    json!({ "action": "accept", "content": content })
}
