//! A server served over Streamable HTTP on a free loopback port, and
//! 2026-07-28 requests to it as raw JSON-RPC: each round's result as the
//! client sees it (rmcp's client would answer the rounds itself).

use rmcp::ServerHandler;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::{Value, json};

/// Serves `server` over Streamable HTTP on a free loopback port: its URL.
pub async fn serve<S: ServerHandler + Clone>(server: S) -> String {
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        LocalSessionManager::default().into(),
        StreamableHttpServerConfig::default(),
    );
    let app = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

/// The capabilities of a client that shows forms.
pub fn forms() -> Value {
    json!({ "elicitation": { "form": {} } })
}

/// `method` at 2026-07-28 with `params` from a client named `client` that
/// declared `capabilities`: the JSON-RPC response.
pub async fn call_as(
    url: &str,
    client: &str,
    method: &str,
    capabilities: Value,
    params: Value,
) -> Value {
    call_with(url, client, method, capabilities, params, &[]).await
}

/// [`call_as`] with the HTTP `headers` given too.
pub async fn call_with(
    url: &str,
    client: &str,
    method: &str,
    capabilities: Value,
    mut params: Value,
    headers: &[(&str, &str)],
) -> Value {
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { "name": client, "version": "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": capabilities
    });
    let body = json!({ "jsonrpc": "2.0", "id": 1, "method": method, "params": &params });
    let mut request = reqwest::Client::new()
        .post(url)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .header("MCP-Protocol-Version", "2026-07-28")
        .header("Mcp-Method", method)
        .header("Mcp-Name", params["name"].as_str().unwrap_or_default());
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let text = request
        .body(body.to_string())
        .send()
        .await
        .expect("the server answers")
        .text()
        .await
        .unwrap();
    serde_json::from_str(&text).unwrap_or_else(|_| {
        text.lines()
            .filter_map(|line| line.strip_prefix("data:"))
            .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
            .find(|message| message["id"] == 1)
            .unwrap_or(Value::Null)
    })
}

/// `method` from a client named `raw`.
pub async fn call(url: &str, method: &str, capabilities: Value, params: Value) -> Value {
    call_as(url, "raw", method, capabilities, params).await
}

/// `tools/call` of `tool` at 2026-07-28, `extra` params beside its name
/// (its `arguments`, a retry's answers and state).
pub async fn call_tool(url: &str, tool: &str, capabilities: Value, extra: Value) -> Value {
    call(url, "tools/call", capabilities, with_name(tool, extra)).await
}

/// `tools/call` of `tool` from a client named `client`.
pub async fn call_tool_as(
    url: &str,
    client: &str,
    tool: &str,
    capabilities: Value,
    extra: Value,
) -> Value {
    call_as(
        url,
        client,
        "tools/call",
        capabilities,
        with_name(tool, extra),
    )
    .await
}

pub fn with_name(tool: &str, extra: Value) -> Value {
    let mut params = json!({ "name": tool, "arguments": {} });
    for (key, value) in extra.as_object().unwrap() {
        params[key] = value.clone();
    }
    params
}

/// The retry of a round whose result is `round`, answering its request
/// under `key` with `content`.
pub fn answering(round: &Value, key: &str, content: Value) -> Value {
    json!({
        "inputResponses": { key: { "action": "accept", "content": content } },
        "requestState": round["result"]["requestState"]
    })
}

/// The first text of a tool result.
pub fn text_of(response: &Value) -> String {
    response["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}
