//! A hosted form on a 2025-11-25 session, through rmcp in one process:
//! `connect_account` sends `elicitation/create` in URL mode with an
//! `elicitationId`; the client consents and a scripted browser submits the
//! page; the server then sends `notifications/elicitation/complete` with
//! that id, and the tool continues with the typed answer. Over Streamable
//! HTTP, the completion travels on the call's own stream, before its
//! result.

#[path = "support/answering_client.rs"]
#[allow(dead_code, reason = "these clients answer by a script of their own")]
mod answering_client;
#[path = "support/hosted_forms.rs"]
mod hosted_forms;
#[path = "support/page_visit.rs"]
mod page_visit;
#[path = "support/rmcp_session.rs"]
#[allow(dead_code, reason = "this test connects its own server")]
mod rmcp_session;

use std::sync::Arc;

use axum::http;
use elicit_rmcp::RelatedStreams;
use elicit_runtime::protocol::ElicitationCapability;
use elicit_runtime::state::{Deployment, StateKey, StateKeys};
use rmcp::model::{ElicitRequestParams, ElicitResult, ElicitationAction, ProtocolVersion};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use answering_client::{Answer, AnsweringClient};
use elicit_mcp::ExampleServer;

const SECRET: &str = "wx-live-4f1c9a77e0b2d3c5";

/// A client that answers every URL request with `action` and hands the URL
/// to the scripted browser; it records the completion notifications.
fn client(
    urls: mpsc::UnboundedSender<(String, String)>,
    completed: mpsc::UnboundedSender<Value>,
    action: ElicitationAction,
) -> AnsweringClient {
    let answer: Answer = Arc::new(move |request: &ElicitRequestParams| {
        if let ElicitRequestParams::UrlElicitationParams {
            url,
            elicitation_id,
            ..
        } = request
        {
            let _ = urls.send((url.clone(), elicitation_id.clone()));
        }
        ElicitResult::new(action.clone())
    });
    let capability = Some(ElicitationCapability::form_and_url());
    AnsweringClient::new(ProtocolVersion::V_2025_11_25, capability, answer).hearing(
        move |notification| {
            let _ = completed.send(json!({
                "method": notification.method,
                "params": notification.params,
            }));
        },
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_completes_the_elicitation_and_the_tool_continues() {
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let web = hosted_forms::account(&keys);
    let router = web.router();
    let server = ExampleServer::new(keys).with_web(web);
    let (urls, mut visits) = mpsc::unbounded_channel();
    let (completed, mut notes) = mpsc::unbounded_channel();
    let client = client(urls, completed, ElicitationAction::Accept);
    let session = rmcp_session::connect_to(server, client, &ProtocolVersion::V_2025_11_25).await;
    let browser = tokio::spawn(async move {
        let (url, id) = visits.recv().await.expect("a URL request");
        let fields = format!("account=ada-weather&api_key={SECRET}");
        let posted = page_visit::accept(&router, &url, None, &fields).await;
        assert_eq!(posted, http::StatusCode::OK);
        id
    });
    let result = session.call("connect_account", json!({})).await;
    let id = browser.await.unwrap();
    assert!(!id.is_empty(), "2025-11-25 carries an elicitationId");
    assert_eq!(
        rmcp_session::text(&result),
        format!(
            "connected the account ada-weather with a key of {} characters",
            SECRET.len()
        )
    );
    assert!(!format!("{result:?}").contains(SECRET));
    // The notification went out before the tool's result (the client
    // handles it on a task of its own, so it is awaited here).
    assert_eq!(
        notes.recv().await,
        Some(json!({
            "method": "notifications/elicitation/complete",
            "params": { "elicitationId": id }
        }))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn declining_to_open_the_page_ends_without_waiting() {
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let web = hosted_forms::account(&keys);
    let router = web.router();
    let server = ExampleServer::new(keys.clone()).with_web(web);
    let (urls, mut visits) = mpsc::unbounded_channel();
    let (completed, mut notes) = mpsc::unbounded_channel();
    let client = client(urls, completed, ElicitationAction::Decline);
    let session = rmcp_session::connect_to(server, client, &ProtocolVersion::V_2025_11_25).await;
    let result = session.call("connect_account", json!({})).await;
    assert_eq!(rmcp_session::text(&result), "no account connected");
    let (url, _) = visits.recv().await.expect("the page was offered");
    page_visit::assert_closed(&router, &url, None).await;
    drop(session);
    assert_eq!(
        notes.recv().await,
        None,
        "no completion for a declined page"
    );
}

/// The example server with its hosted forms, served over Streamable HTTP
/// on a loopback port with its session manager (`RelatedStreams` over
/// rmcp's `LocalSessionManager`): its MCP endpoint, and the pages' router.
async fn serve() -> (String, axum::Router) {
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let web = hosted_forms::account(&keys);
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

/// Over Streamable HTTP, read on the wire: the completion travels on the
/// tool call's own event stream, after the URL request and before the
/// call's result. The client keeps no standalone stream (`GET`) open, so a
/// notification sent there would never reach it. (rmcp's own client hands
/// each notification to its handler on a task of its own, so the order is
/// read on the wire.)
#[tokio::test(flavor = "multi_thread")]
async fn over_http_the_completion_travels_on_the_calls_own_stream_before_its_result() {
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
