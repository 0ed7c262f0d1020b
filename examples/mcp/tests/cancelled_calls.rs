//! A call the client cancels (`notifications/cancelled`) while its tool
//! waits, before 2026-07-28: for the client's answer to `elicitation/create`,
//! or for the user's page after consent. The tool stops waiting and its
//! flow ends as `AskError::Cancelled`; nothing waits on until a timeout,
//! and the page is closed.

#[path = "support/hosted_forms.rs"]
mod hosted_forms;
#[path = "support/page_visit.rs"]
#[allow(dead_code, reason = "the pages here are only looked at")]
mod page_visit;
#[path = "support/rmcp_session.rs"]
#[allow(dead_code, reason = "this test connects its own server")]
mod rmcp_session;

use std::time::Duration;

use elicit_rmcp::{ServerFlow, capability_to_rmcp};
use elicit_runtime::Elicitable;
use elicit_runtime::flow::{AskError, Stop};
use elicit_runtime::protocol::ElicitationCapability;
use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
use elicit_web::WebForms;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ElicitRequestParams, ElicitResult, ElicitationAction, ErrorData, Implementation,
    ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleClient, RoleServer};
use rmcp::{ClientHandler, ServerHandler};
use tokio::sync::mpsc;

use elicit_mcp::account::{self, ConnectAccount};

#[derive(Debug, Elicitable)]
#[allow(dead_code, reason = "never answered here")]
struct Name {
    name: String,
}

/// A server whose tools ask and report how the ask ended: `name` asks a
/// form, `connect_account` asks the account on its page.
#[derive(Clone)]
struct Reporting {
    keys: StateKeys,
    web: WebForms,
    ended: mpsc::UnboundedSender<Result<(), Stop>>,
}

impl Reporting {
    async fn ask(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<(), Stop> {
        let mut flow = ServerFlow::open(context, &self.keys, request, &Principal::UNBOUND)?;
        if request.name == "connect_account" {
            let message = "Connect your account";
            flow.web_form::<ConnectAccount>(&self.web, account::FORM_KEY, message)
                .await
                .map(drop)
        } else {
            flow.form::<Name>("name", "Your name?").await.map(drop)
        }
    }
}

impl ServerHandler for Reporting {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let _ = self.ended.send(self.ask(&request, &context).await);
        Ok(CallToolResult::success(Vec::new()).into())
    }
}

/// A client that consents to every page and never answers a form; it
/// says when a request reaches it, with the page's URL if it has one,
/// and when the server cancels a form it shows.
#[derive(Clone)]
struct Slow {
    asked: mpsc::UnboundedSender<Option<String>>,
    withdrawn: mpsc::UnboundedSender<()>,
}

impl ClientHandler for Slow {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = Some(capability_to_rmcp(&ElicitationCapability::form_and_url()));
        ClientConfig::new(capabilities, Implementation::new("slow", "1.0.0"))
            .with_protocol_version(ProtocolVersion::V_2025_11_25)
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        match request {
            ElicitRequestParams::UrlElicitationParams { url, .. } => {
                let _ = self.asked.send(Some(url));
                Ok(ElicitResult::new(ElicitationAction::Accept))
            }
            _ => {
                let _ = self.asked.send(None);
                // Shown until the server withdraws it.
                context.ct.cancelled().await;
                let _ = self.withdrawn.send(());
                Ok(ElicitResult::new(ElicitationAction::Cancel))
            }
        }
    }
}

/// How a cancelled call ended: the tool's ask, and whether the server
/// withdrew the form the client showed.
struct Ended {
    ask: Result<(), Stop>,
    form_withdrawn: bool,
}

/// Calls `tool`, cancels the call once the client has the tool's request,
/// and returns how the tool's ask ended (within five seconds); a page the
/// tool offered is closed by then.
async fn cancelled_call(tool: &str) -> Ended {
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let web = hosted_forms::account(&keys);
    let router = web.router();
    let (ended, mut asks) = mpsc::unbounded_channel();
    let server = Reporting { keys, web, ended };
    let (asked, mut requests) = mpsc::unbounded_channel();
    let (withdrawn, mut withdrawals) = mpsc::unbounded_channel();
    let client = Slow { asked, withdrawn };
    let session = rmcp_session::connect_to(server, client, &ProtocolVersion::V_2025_11_25).await;
    let mut call = Box::pin(
        session
            .client
            .call_tool(CallToolRequestParams::new(tool.to_owned())),
    );
    let page = tokio::select! {
        ended = &mut call => panic!("`{tool}` ended before it was answered: {ended:?}"),
        asked = requests.recv() => asked.unwrap_or_else(|| panic!("`{tool}` sends no request")),
    };
    if page.is_some() {
        // Time for the consent to reach the server, which then waits for
        // the page: the cancellation is to land in that wait.
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Dropping the call's future sends `notifications/cancelled` for it.
    drop(call);
    let ended = tokio::time::timeout(Duration::from_secs(5), asks.recv())
        .await
        .unwrap_or_else(|_| panic!("`{tool}` still waits after its call was cancelled"))
        .expect("the tool reports");
    if let Some(url) = &page {
        page_visit::assert_closed(&router, url, None).await;
    }
    let form_withdrawn = match page {
        Some(_) => false,
        None => tokio::time::timeout(Duration::from_secs(5), withdrawals.recv())
            .await
            .is_ok_and(|withdrawn| withdrawn.is_some()),
    };
    Ended {
        ask: ended,
        form_withdrawn,
    }
}

/// The ask ended as the client's cancellation.
fn assert_cancelled(ask: &Result<(), Stop>) {
    assert!(
        matches!(ask, Err(Stop::Failed(AskError::Cancelled))),
        "{ask:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_call_cancelled_while_its_form_is_unanswered_stops_waiting() {
    let ended = cancelled_call("name").await;
    assert_cancelled(&ended.ask);
    assert!(
        ended.form_withdrawn,
        "the client is told the form's request is cancelled too"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_call_cancelled_while_its_page_is_open_stops_waiting() {
    let ended = cancelled_call("connect_account").await;
    assert_cancelled(&ended.ask);
}
