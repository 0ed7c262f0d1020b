//! The example server's tools: each asks the user for a derived form through
//! [`ServerElicitation::ask_form`], which works on every revision (a request
//! to the client before 2026-07-28, an input-required round from then on).

use std::sync::Arc;

use elicit_runtime::integrations::rmcp::{FormRound, RmcpElicitError, ServerElicitation};
use elicit_runtime::{Elicitable, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    JsonObject, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler};
use serde::Serialize;
use serde_json::json;

use crate::booking_form::Booking;
use crate::conformance_forms::{Defaults, Enums, Name, UserResponse};

/// The example MCP server: a restaurant's booking tool, and the tools the
/// official conformance suite calls.
#[derive(Debug, Clone, Copy, Default)]
pub struct ExampleServer;

/// One tool: its name, its description and the arguments it takes.
struct ToolSpec {
    name: &'static str,
    description: &'static str,
    arguments: fn() -> JsonObject,
}

const TOOLS: &[ToolSpec] = &[
    ToolSpec {
        name: "book_table",
        description: "Book a table: asks the user for the date, party size, seating, dietary needs and contact",
        arguments: no_arguments,
    },
    ToolSpec {
        name: "test_elicitation",
        description: "Asks the user for a username and an email address",
        arguments: message_argument,
    },
    ToolSpec {
        name: "test_elicitation_sep1034_defaults",
        description: "Asks for a form with a default on every primitive kind",
        arguments: no_arguments,
    },
    ToolSpec {
        name: "test_elicitation_sep1330_enums",
        description: "Asks for a form with every enum style: untitled, titled, legacy, multi-select",
        arguments: no_arguments,
    },
    ToolSpec {
        name: "test_input_required_result_elicitation",
        description: "Asks for a name (an input-required round on 2026-07-28)",
        arguments: no_arguments,
    },
];

fn no_arguments() -> JsonObject {
    object(json!({ "type": "object", "properties": {} }))
}

fn message_argument() -> JsonObject {
    object(json!({
        "type": "object",
        "properties": {
            "message": { "type": "string", "description": "The message to show the user" }
        },
        "required": ["message"]
    }))
}

fn object(value: serde_json::Value) -> JsonObject {
    match value {
        serde_json::Value::Object(object) => object,
        _ => JsonObject::new(),
    }
}

impl ServerHandler for ExampleServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(
                "elicit-example-server",
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(
                "Call `book_table` to book a table; the server asks the user for the details.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let tools = TOOLS
            .iter()
            .map(|tool| Tool::new(tool.name, tool.description, Arc::new((tool.arguments)())))
            .collect();
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let responses = request.input_responses.as_ref();
        match request.name.as_ref() {
            "book_table" => {
                let round = context
                    .ask_form::<Booking>(responses, "booking", Booking::MESSAGE)
                    .await;
                Ok(respond(round, |booking| booking.summary()))
            }
            "test_elicitation" => {
                let message = request
                    .arguments
                    .as_ref()
                    .and_then(|arguments| arguments.get("message"))
                    .and_then(|message| message.as_str())
                    .ok_or_else(|| {
                        ErrorData::invalid_params(
                            "`test_elicitation` needs the string argument `message`",
                            None,
                        )
                    })?;
                let round = context
                    .ask_form::<UserResponse>(responses, "user", message)
                    .await;
                Ok(respond(round, |user| {
                    format!("User response: {}", completed(user))
                }))
            }
            "test_elicitation_sep1034_defaults" => {
                let round = context
                    .ask_form::<Defaults>(responses, "defaults", Defaults::MESSAGE)
                    .await;
                Ok(respond(round, |form| {
                    format!("Elicitation completed: {}", completed(form))
                }))
            }
            "test_elicitation_sep1330_enums" => {
                let round = context
                    .ask_form::<Enums>(responses, "enums", Enums::MESSAGE)
                    .await;
                Ok(respond(round, |form| {
                    format!("Elicitation completed: {}", completed(form))
                }))
            }
            "test_input_required_result_elicitation" => {
                let round = context
                    .ask_form::<Name>(responses, "user_name", Name::MESSAGE)
                    .await;
                Ok(respond(round, |form| format!("Hello, {}!", form.name)))
            }
            other => Err(ErrorData::invalid_params(
                format!(
                    "there is no tool `{other}`: call `tools/list` for the tools this server has"
                ),
                None,
            )),
        }
    }
}

/// `action=accept, content={...}`, the text the conformance suite reads.
fn completed(content: &impl Serialize) -> String {
    let content = serde_json::to_string(content).unwrap_or_default();
    format!("action=accept, content={content}")
}

/// The tool's response to one round: the input-required result to return,
/// or a text for the user's answer. Every error (the client cannot elicit,
/// the answer breaks the form) becomes a tool error the model can read.
fn respond<T>(
    round: Result<FormRound<T>, RmcpElicitError>,
    accepted: impl FnOnce(&T) -> String,
) -> CallToolResponse {
    let text = match round {
        Ok(FormRound::InputRequired(result)) => return result.into(),
        Ok(FormRound::Answered(Elicitation::Accept(value))) => accepted(&value),
        Ok(FormRound::Answered(Elicitation::Decline)) => "action=decline: the user said no".into(),
        Ok(FormRound::Answered(Elicitation::Cancel)) => {
            "action=cancel: the user dismissed the form".into()
        }
        Err(error) => {
            return CallToolResult::error(vec![ContentBlock::text(error.to_string())]).into();
        }
    };
    CallToolResult::success(vec![ContentBlock::text(text)]).into()
}
