//! The booking tool and the conformance suite's elicitation tools. Each
//! asks through a [`ServerFlow`], which works on every revision: a request
//! to the client before 2026-07-28, an input-required round from then on,
//! the form asked again while the answer is invalid.

use std::sync::Arc;

use elicit_runtime::flow::Stop;
use elicit_runtime::integrations::rmcp::{FormApps, ServerFlow};
use elicit_runtime::{Elicitable, Elicitation, FormMode};
use rmcp::ErrorData;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, JsonObject, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use serde::Serialize;
use serde_json::json;

use super::booking_form::Booking;
use super::conformance_forms::{Defaults, Enums, UserResponse};
use super::handler::ExampleServer;

/// One tool: its name, its description and the arguments it takes.
pub struct ToolSpec {
    pub name: &'static str,
    pub description: &'static str,
    pub arguments: fn() -> JsonObject,
}

impl ToolSpec {
    /// The tool as `tools/list` shows it.
    pub fn tool(&self) -> Tool {
        Tool::new(self.name, self.description, Arc::new((self.arguments)()))
    }
}

pub const TOOLS: &[ToolSpec] = &[
    ToolSpec {
        name: "book_table",
        description: "Book a table: asks the user for the date, party size, seating, dietary needs \
                      and contact, in the host's form or the form's app; a client that shows \
                      neither passes them as arguments",
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
];

/// Answers the tools of this module; `None` for another name.
pub async fn call(
    server: &ExampleServer,
    name: &str,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<Result<CallToolResponse, ErrorData>> {
    let answered = match name {
        "book_table" => book_table(server, request, context).await,
        "test_elicitation" => {
            let message = request
                .arguments
                .as_ref()
                .and_then(|arguments| arguments.get("message"))
                .and_then(|message| message.as_str())
                .unwrap_or("Please provide your username and email address");
            ask(
                server,
                request,
                context,
                "user",
                message,
                |user: UserResponse| format!("User response: {}", completed(&user)),
            )
            .await
        }
        "test_elicitation_sep1034_defaults" => {
            ask(
                server,
                request,
                context,
                "defaults",
                Defaults::MESSAGE,
                |form: Defaults| format!("Elicitation completed: {}", completed(&form)),
            )
            .await
        }
        "test_elicitation_sep1330_enums" => {
            ask(
                server,
                request,
                context,
                "enums",
                Enums::MESSAGE,
                |form: Enums| format!("Elicitation completed: {}", completed(&form)),
            )
            .await
        }
        _ => return None,
    };
    Some(answered.or_else(Stop::into_tool_response))
}

/// Books a table with every client: through the form where the client can
/// show one (asked again while the answer is invalid; on 2025-06-18 the
/// dietary needs as booleans), from the arguments where the model or the
/// form's app passed the answers, in the form's app where the host renders
/// apps, and otherwise with instructions telling the model what to ask the
/// user.
async fn book_table(
    server: &ExampleServer,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<CallToolResponse, Stop> {
    let mut flow = ServerFlow::open(context, server.keys(), request, &server.principal(context))?;
    if let Some(app) = server.apps().app_of("book_table") {
        flow = flow.with_app(app);
    }
    let answer = flow
        .form_or_arguments::<Booking>("booking", Booking::MESSAGE, request)
        .await?;
    if let Elicitation::Accept(_) = &answer {
        // The booking is made once: the same final round sent again (a
        // replayed `requestState`) books nothing.
        flow.once(server.bookings())?;
    }
    Ok(text(answered(answer, |booking| booking.summary())))
}

/// The tools that declare their form's app, the apps kept in `apps`:
/// `book_table`, with the booking form's fields as optional arguments and
/// its app at `ui://elicit/forms/book_table`.
pub fn app_tools(apps: &mut FormApps) -> Vec<Tool> {
    TOOLS
        .iter()
        .filter(|spec| spec.name == "book_table")
        .map(|spec| {
            apps.tool::<Booking>(spec.tool())
                .expect("the booking form has no field named like an argument of `book_table`")
        })
        .collect()
}

/// Asks for the form `T` under `key` and answers with `accepted` of the
/// user's answer, or with what the user did instead.
async fn ask<T: FormMode>(
    server: &ExampleServer,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
    key: &str,
    message: &str,
    accepted: impl FnOnce(T) -> String,
) -> Result<CallToolResponse, Stop> {
    let mut flow = ServerFlow::open(context, server.keys(), request, &server.principal(context))?;
    let answer = flow.form::<T>(key, message).await?;
    Ok(text(answered(answer, accepted)))
}

/// The text for what the user did with a form.
pub fn answered<T>(answer: Elicitation<T>, accepted: impl FnOnce(T) -> String) -> String {
    match answer {
        Elicitation::Accept(value) => accepted(value),
        Elicitation::Decline => "action=decline: the user said no".into(),
        Elicitation::Cancel => "action=cancel: the user dismissed the form".into(),
    }
}

/// A successful tool result with one text.
pub fn text(text: impl Into<String>) -> CallToolResponse {
    CallToolResult::success(vec![ContentBlock::text(text.into())]).into()
}

/// `action=accept, content={...}`, the text the conformance suite reads.
fn completed(content: &impl Serialize) -> String {
    let content = serde_json::to_string(content).unwrap_or_default();
    format!("action=accept, content={content}")
}

pub fn no_arguments() -> JsonObject {
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

pub fn object(value: serde_json::Value) -> JsonObject {
    match value {
        serde_json::Value::Object(object) => object,
        _ => JsonObject::new(),
    }
}

/// The answer of the tool `tool` when the call names it (`name`), a stop
/// written as the tool's response; `None` for another name.
pub async fn answer_if<F>(
    name: &str,
    tool: &str,
    run: impl FnOnce() -> F,
) -> Option<Result<CallToolResponse, ErrorData>>
where
    F: Future<Output = Result<CallToolResponse, Stop>>,
{
    if name != tool {
        return None;
    }
    Some(run().await.or_else(Stop::into_tool_response))
}
