//! `connect_account`: a form with a secret (an API key), which form mode
//! cannot carry, asked on the server's own page (URL mode) through
//! `ServerFlow::web_form`; a client without URL mode gets the page's link
//! in the result and calls again with its token. The key goes from the browser to this server
//! only: never through the client, nor the model.

use elicit_runtime::flow::Stop;
use std::sync::Arc;

use elicit_runtime::integrations::rmcp::{ServerFlow, tool_with_visit_argument};
use elicit_runtime::{Elicitable, Elicitation, Secret};
use rmcp::ErrorData;
use rmcp::model::{CallToolRequestParams, CallToolResponse, JsonObject, Tool};
use rmcp::service::{RequestContext, RoleServer};

use super::handler::ExampleServer;
use super::tools::{ToolSpec, answer_if, no_arguments, text};

/// The key `ConnectAccount` is registered under in the server's `WebForms`.
pub const FORM_KEY: &str = "connect_account";

pub const TOOLS: &[ToolSpec] = &[ToolSpec {
    name: "connect_account",
    description: "Connects the user's weather-service account: asks for its API key on a page \
                  of this server",
    arguments: visit_argument,
}];

/// No arguments of its own; the token of the page's link, given back by a
/// client that cannot open URLs itself.
fn visit_argument() -> JsonObject {
    let tool = Tool::new("connect_account", "", Arc::new(no_arguments()));
    match tool_with_visit_argument(tool) {
        Ok(tool) => (*tool.input_schema).clone(),
        Err(_) => no_arguments(),
    }
}

/// Connect your weather-service account
#[derive(Debug, Elicitable)]
pub struct ConnectAccount {
    /// The account's name at the weather service
    #[elicit(title = "Account", min_length = 3, max_length = 40)]
    pub account: String,
    /// The API key from the service's settings page
    #[elicit(secret, title = "API key", min_length = 16, max_length = 128)]
    pub api_key: Secret,
}

/// Answers the tools of this module; `None` for another name.
pub async fn call(
    server: &ExampleServer,
    name: &str,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<Result<CallToolResponse, ErrorData>> {
    answer_if(name, "connect_account", || {
        connect_account(server, request, context)
    })
    .await
}

async fn connect_account(
    server: &ExampleServer,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<CallToolResponse, Stop> {
    let Some(web) = server.web() else {
        return Ok(text(
            "this server serves no form pages: start it over HTTP (`--listen`) to connect an \
             account",
        ));
    };
    let mut flow = ServerFlow::open(context, server.keys(), request, &server.principal(context))?;
    let answer = flow
        .web_form::<ConnectAccount>(web, FORM_KEY, "Connect your weather-service account")
        .await?;
    let Elicitation::Accept(connect) = answer else {
        return Ok(text("no account connected"));
    };
    // A real server would store the key with the user's account; the demo
    // says only how long it was.
    Ok(text(format!(
        "connected the account {} with a key of {} characters",
        connect.account,
        connect.api_key.expose().chars().count()
    )))
}
