//! On 2025-11-25 over Streamable HTTP, read on the wire: a hosted form's
//! completion (`notifications/elicitation/complete`) travels on the tool
//! call's own event stream, after the URL request and before the call's
//! result, with the example server's session manager
//! (`RelatedStreams` over rmcp's `LocalSessionManager`). The client keeps
//! no standalone stream (`GET`) open, so a notification sent there would
//! never reach it. (rmcp's own client hands each notification to its
//! handler on a task of its own, so the order is read on the wire.)

#[path = "support/page_visit.rs"]
#[allow(dead_code, reason = "this test reads no closed page")]
mod page_visit;

use axum::http;
use elicit_runtime::integrations::rmcp::RelatedStreams;
use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
use elicit_runtime::web::WebForms;
use elicit_runtime::web::store::MemoryStore;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::{Value, json};

use elicit_mcp::ExampleServer;
use elicit_mcp::account::{self, ConnectAccount};

const SECRET: &str = "wx-live-4f1c9a77e0b2d3c5";

/// The example server with its hosted forms, served over Streamable HTTP
/// on a loopback port: its MCP endpoint, and the pages' router.
async fn serve() -> (String, axum::Router) {
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let web = WebForms::new(
        MemoryStore::new(100),
        keys.clone(),
        "https://forms.example.com",
        |_: &http::request::Parts| Some(Principal::UNBOUND),
    )
    .unwrap()
    .form::<ConnectAccount>(account::FORM_KEY);
    let router = web.router();
    let server = ExampleServer::new(keys).with_web(web);
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        RelatedStreams::new(LocalSessionManager::default()).into(),
        StreamableHttpServerConfig::default(),
    );
    let app = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{address}/mcp"), router)
}

/// A POST of `message` to `url` in `session` (if any): the response.
async fn post(url: &str, session: Option<&str>, message: Value) -> reqwest::Response {
    let mut request = reqwest::Client::new()
        .post(url)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream");
    if let Some(session) = session {
        request = request
            .header("Mcp-Session-Id", session)
            .header("MCP-Protocol-Version", "2025-11-25");
    }
    request.body(message.to_string()).send().await.unwrap()
}

/// The JSON-RPC messages of an event stream, read as they come.
struct Events {
    response: reqwest::Response,
    buffer: String,
}

impl Events {
    /// The next message on the stream (priming events, with no data,
    /// skipped); `None` once it ends.
    async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                let data: Vec<&str> = event
                    .lines()
                    .filter_map(|line| line.strip_prefix("data:"))
                    .map(str::trim)
                    .collect();
                if data.iter().any(|line| !line.is_empty()) {
                    return Some(serde_json::from_str(&data.join("\n")).unwrap());
                }
                continue;
            }
            let chunk =
                tokio::time::timeout(std::time::Duration::from_secs(20), self.response.chunk())
                    .await
                    .expect("the stream goes on within 20 s")
                    .unwrap()?;
            self.buffer
                .push_str(&String::from_utf8_lossy(&chunk).replace("\r\n", "\n"));
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_completion_travels_on_the_calls_own_stream_before_its_result() {
    let (url, router) = serve().await;
    let initialized = post(
        &url,
        None,
        json!({
            "jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": { "elicitation": { "form": {}, "url": {} } },
                "clientInfo": { "name": "wire-client", "version": "1.0.0" }
            }
        }),
    )
    .await;
    let session = initialized.headers()["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_owned();
    let _ = initialized.text().await;
    let ready = json!({ "jsonrpc": "2.0", "method": "notifications/initialized" });
    assert_eq!(post(&url, Some(&session), ready).await.status(), 202);

    let call = json!({
        "jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": { "name": "connect_account", "arguments": {} }
    });
    let mut events = Events {
        response: post(&url, Some(&session), call).await,
        buffer: String::new(),
    };
    // The URL request, on the call's stream.
    let asked = events.next().await.expect("the URL request");
    assert_eq!(asked["method"], "elicitation/create", "{asked}");
    let page = asked["params"]["url"].as_str().unwrap().to_owned();
    let id = asked["params"]["elicitationId"]
        .as_str()
        .unwrap()
        .to_owned();
    let consent = json!({ "jsonrpc": "2.0", "id": asked["id"], "result": { "action": "accept" } });
    assert_eq!(post(&url, Some(&session), consent).await.status(), 202);
    let fields = format!("account=ada-weather&api_key={SECRET}");
    let posted = page_visit::accept(&router, &page, None, &fields).await;
    assert_eq!(posted, http::StatusCode::OK);

    // Then, on the same stream: the completion, then the result.
    let mut after = Vec::new();
    while let Some(message) = events.next().await {
        let is_result = message["id"] == 1;
        after.push(message);
        if is_result {
            break;
        }
    }
    let completion = json!({
        "jsonrpc": "2.0",
        "method": "notifications/elicitation/complete",
        "params": { "elicitationId": id }
    });
    assert_eq!(after.len(), 2, "{after:#?}");
    assert_eq!(after[0], completion);
    let text = after[1]["result"]["content"][0]["text"].as_str().unwrap();
    assert_eq!(
        text,
        format!(
            "connected the account ada-weather with a key of {} characters",
            SECRET.len()
        )
    );
    assert!(!after[1].to_string().contains(SECRET));
}
