//! An MCP server over stdio whose one tool serves every client: it asks for
//! the booking form when the client can show forms, and otherwise tells the
//! model what to ask the user and reads the answers from its arguments.
//!
//! ```sh
//! cargo run --example fallback_server
//! interop/python/run -- cargo run --quiet --example fallback_server
//! ```
//!
//! `book_table` takes one argument of its own, an optional `restaurant`;
//! the booking form's fields are listed beside it as optional arguments.

#[path = "forms/booking.rs"]
#[allow(dead_code)]
mod booking_form;

use std::process::ExitCode;
use std::sync::Arc;

use booking_form::Booking;
use elicit_runtime::flow::Stop;
use elicit_runtime::integrations::rmcp::{ServerFlow, tool_with_form};
use elicit_runtime::state::{StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler, ServiceExt};
use serde_json::{Value, json};

/// The server: the keys that seal a 2026-07-28 client's request state.
#[derive(Clone)]
struct FallbackServer {
    keys: StateKeys,
}

/// `book_table`: its own `restaurant`, and the booking form's fields.
fn book_table() -> Result<Tool, Box<dyn std::error::Error>> {
    let base = json!({
        "type": "object",
        "properties": {
            "restaurant": { "type": "string", "description": "Which restaurant, if not the usual one" }
        }
    });
    let Value::Object(base) = base else {
        unreachable!("an object literal")
    };
    let tool = Tool::new(
        "book_table",
        "Book a table: the date, party size, seating, dietary needs and contact of the booking",
        Arc::new(base),
    );
    Ok(tool_with_form::<Booking>(tool)?)
}

impl FallbackServer {
    async fn book(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, Stop> {
        let restaurant = request
            .arguments
            .as_ref()
            .and_then(|arguments| arguments.get("restaurant"))
            .and_then(Value::as_str)
            .unwrap_or("the usual restaurant")
            .to_owned();
        let mut flow = ServerFlow::open(context, &self.keys, request)?;
        let text = match flow
            .form_or_arguments::<Booking>("booking", Booking::MESSAGE, request)
            .await?
        {
            Elicitation::Accept(booking) => format!("{restaurant}: {}", booking.summary()),
            Elicitation::Decline => "action=decline: the user said no".to_owned(),
            Elicitation::Cancel => "action=cancel: the user dismissed the form".to_owned(),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

impl ServerHandler for FallbackServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(
                "elicit-fallback-server",
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(
                "Call `book_table` to book a table; the server asks the user for the details, \
                 or tells you what to ask when this client cannot show forms.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let tool =
            book_table().map_err(|error| ErrorData::internal_error(error.to_string(), None))?;
        Ok(ListToolsResult::with_all_items(vec![tool]))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if request.name != "book_table" {
            return Err(ErrorData::invalid_params(
                format!("no tool `{}`: the one tool is `book_table`", request.name),
                None,
            ));
        }
        self.book(&request, &context)
            .await
            .or_else(Stop::into_tool_response)
    }
}

async fn serve() -> Result<(), Box<dyn std::error::Error>> {
    let keys = StateKeys::new(StateKey::generate()?);
    let service = FallbackServer { keys }
        .serve(rmcp::transport::stdio())
        .await?;
    service.waiting().await?;
    Ok(())
}

#[tokio::main]
async fn main() -> ExitCode {
    match serve().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
