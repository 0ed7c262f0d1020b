//! The hosted page as the fallback of `form_or_arguments`, through rmcp in
//! one process: `ServerFlow::with_web_pages(&web)` sends a client that
//! shows no forms to the form's page. A client without URL mode
//! (2025-06-18, 2025-11-25, 2026-07-28) gets the page's link and the token
//! in the tool's result; the page is submitted; the call again with the
//! token returns the typed answer, and with other arguments is refused. A
//! client with form mode is still asked through its form.

#[path = "support/answering_client.rs"]
#[allow(dead_code, reason = "this client answers every form alike")]
mod answering_client;
#[path = "support/hosted_forms.rs"]
#[allow(dead_code, reason = "the form here is a table, not the account")]
mod hosted_forms;
#[path = "support/page_visit.rs"]
mod page_visit;
#[path = "support/rmcp_session.rs"]
#[allow(dead_code, reason = "this test connects its own server")]
mod rmcp_session;

use axum::http;
use elicit_rmcp::{ServerFlow, StopExt};
use elicit_runtime::flow::Stop;
use elicit_runtime::protocol::ElicitationCapability;
use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation};
use elicit_web::{VISIT_ARGUMENT, WEB_FORM_ASKS, WebForms};
use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData,
    ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Value, json};

use answering_client::{AnsweringClient, accept};
use rmcp_session::text;

/// Which table would you like?
#[derive(Debug, Elicitable)]
struct Table {
    /// How many people
    #[elicit(minimum = 1, maximum = 12)]
    size: u8,
}

/// `book`: the table from the arguments, the client's form, or the page.
#[derive(Clone)]
struct Server {
    keys: StateKeys,
    web: WebForms,
}

impl Server {
    fn new() -> Server {
        let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
        let web = hosted_forms::unbound(&keys).form::<Table>("table");
        Server { keys, web }
    }

    async fn book(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, Stop> {
        let flow = ServerFlow::open(context, &self.keys, request, &Principal::UNBOUND)?;
        let mut flow = flow.with_web_pages(&self.web);
        let text = match flow
            .form_or_arguments::<Table>("table", Table::MESSAGE, request)
            .await?
        {
            Elicitation::Accept(table) => format!("a table for {}", table.size),
            _ => "no table".to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.book(&request, &context)
            .await
            .or_else(Stop::into_tool_response)
    }
}

/// A client at `version`, with form mode (answering 4) or without
/// elicitation.
fn client(version: &ProtocolVersion, form: bool) -> AnsweringClient {
    let capability = form.then(ElicitationCapability::form_only);
    AnsweringClient::new(version.clone(), capability, accept(json!({ "size": 4 })))
}

/// The link and the arguments to call again with.
fn linked(result: &CallToolResult) -> (String, Value) {
    assert_eq!(result.is_error, Some(false), "{}", text(result));
    let structured = result.structured_content.clone().unwrap();
    assert_eq!(structured["status"], "open_page", "{structured}");
    let url = structured["url"].as_str().unwrap().to_owned();
    assert!(text(result).contains(&url));
    (url, structured["arguments"].clone())
}

/// A session at `version` of a client with no elicitation, the pages'
/// router, and the result of its first call of `book`.
async fn booking_without_url_mode(
    version: &ProtocolVersion,
) -> (
    rmcp_session::Session<AnsweringClient, Server>,
    axum::Router,
    CallToolResult,
) {
    let server = Server::new();
    let router = server.web.router();
    let client = client(version, false);
    let session = rmcp_session::connect_to(server, client, version).await;
    let first = session
        .call("book", json!({ "restaurant": "chez-ada" }))
        .await;
    (session, router, first)
}

#[tokio::test]
async fn a_client_without_url_mode_gets_the_page_by_link_and_the_call_again_reads_it() {
    for version in [
        ProtocolVersion::V_2025_06_18,
        ProtocolVersion::V_2025_11_25,
        ProtocolVersion::V_2026_07_28,
    ] {
        let (session, router, first) = booking_without_url_mode(&version).await;
        let (url, again) = linked(&first);
        assert!(url.starts_with("https://forms.example.com/forms/"), "{url}");
        assert_eq!(again["restaurant"], "chez-ada");
        assert!(again[VISIT_ARGUMENT].is_string());

        // Before the page is submitted: the same link.
        let early = session.call("book", again.clone()).await;
        let (same, again) = linked(&early);
        assert_eq!(same, url);

        let posted = page_visit::accept(&router, &url, None, "size=6").await;
        assert_eq!(posted, http::StatusCode::OK);

        // Other arguments with the token: refused.
        let mut other = again.clone();
        other["restaurant"] = json!("elsewhere");
        let arguments = serde_json::from_value(other).unwrap();
        let refused = session
            .client
            .call_tool(CallToolRequestParams::new("book").with_arguments(arguments))
            .await;
        assert!(
            format!("{refused:?}").contains("-32602"),
            "{version}: {refused:?}"
        );

        let done = session.call("book", again).await;
        assert_eq!(text(&done), "a table for 6", "{version}");
    }
}

#[tokio::test]
async fn a_link_left_unanswered_is_declined_and_its_page_closed() {
    let version = ProtocolVersion::V_2025_11_25;
    let (session, router, first) = booking_without_url_mode(&version).await;
    let (url, mut again) = linked(&first);
    let oldest = again.clone();
    for _ in 1..WEB_FORM_ASKS {
        let early = session.call("book", again.clone()).await;
        let (same, next) = linked(&early);
        assert_eq!(same, url);
        again = next;
    }
    let given_up = session.call("book", again).await;
    assert_eq!(text(&given_up), "no table");
    page_visit::assert_closed(&router, &url, None).await;
    // An earlier link's arguments read the same: the page is closed.
    let replayed = session.call("book", oldest).await;
    assert_eq!(text(&replayed), "no table");
}

#[tokio::test]
async fn a_client_with_form_mode_is_still_asked_through_its_form() {
    let version = ProtocolVersion::V_2025_06_18;
    let client = client(&version, true);
    let session = rmcp_session::connect_to(Server::new(), client, &version).await;
    let done = session.call("book", json!({})).await;
    assert_eq!(text(&done), "a table for 4");
}
