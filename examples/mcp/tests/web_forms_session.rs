//! A hosted form on a 2025-11-25 session, through rmcp in one process:
//! `connect_account` sends `elicitation/create` in URL mode with an
//! `elicitationId`; the client consents and a scripted browser submits the
//! page; the server then sends `notifications/elicitation/complete` with
//! that id, and the tool continues with the typed answer.

#[path = "support/page_visit.rs"]
mod page_visit;
#[path = "support/rmcp_session.rs"]
#[allow(dead_code, reason = "this test connects its own server")]
mod rmcp_session;

use axum::http;
use elicit_runtime::protocol::ElicitationCapability;
use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
use elicit_runtime::web::WebForms;
use elicit_runtime::web::store::MemoryStore;
use rmcp::ClientHandler;
use rmcp::model::{
    ClientCapabilities, ClientConfig, CustomNotification, ElicitRequestParams, ElicitResult,
    ElicitationAction, ErrorData, Implementation, ProtocolVersion,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use elicit_mcp::ExampleServer;
use elicit_mcp::account::{self, ConnectAccount};
use elicit_runtime::integrations::rmcp::capability_to_rmcp;

const SECRET: &str = "wx-live-4f1c9a77e0b2d3c5";

/// A client that answers every URL request with `action` and hands the URL
/// to the scripted browser; it records the completion notifications.
#[derive(Clone)]
struct Client {
    urls: mpsc::UnboundedSender<(String, String)>,
    completed: mpsc::UnboundedSender<Value>,
    action: ElicitationAction,
}

impl ClientHandler for Client {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = Some(capability_to_rmcp(&ElicitationCapability::form_and_url()));
        ClientConfig::new(capabilities, Implementation::new("url-client", "1.0.0"))
            .with_protocol_version(ProtocolVersion::V_2025_11_25)
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        if let ElicitRequestParams::UrlElicitationParams {
            url,
            elicitation_id,
            ..
        } = &request
        {
            let _ = self.urls.send((url.clone(), elicitation_id.clone()));
        }
        Ok(ElicitResult::new(self.action.clone()))
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        _context: NotificationContext<RoleClient>,
    ) {
        let _ = self.completed.send(json!({
            "method": notification.method,
            "params": notification.params,
        }));
    }
}

fn web(keys: &StateKeys) -> WebForms {
    // The in-memory session is no one's in particular: the flows are
    // unbound, and so is the page's visitor.
    WebForms::new(
        MemoryStore::new(100),
        keys.clone(),
        "https://forms.example.com",
        |_: &http::request::Parts| Some(Principal::UNBOUND),
    )
    .unwrap()
    .form::<ConnectAccount>(account::FORM_KEY)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_completes_the_elicitation_and_the_tool_continues() {
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let web = web(&keys);
    let router = web.router();
    let server = ExampleServer::new(keys).with_web(web);
    let (urls, mut visits) = mpsc::unbounded_channel();
    let (completed, mut notes) = mpsc::unbounded_channel();
    let client = Client {
        urls,
        completed,
        action: ElicitationAction::Accept,
    };
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
    let web = web(&keys);
    let router = web.router();
    let server = ExampleServer::new(keys.clone()).with_web(web);
    let (urls, mut visits) = mpsc::unbounded_channel();
    let (completed, mut notes) = mpsc::unbounded_channel();
    let client = Client {
        urls,
        completed,
        action: ElicitationAction::Decline,
    };
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
