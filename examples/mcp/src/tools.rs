//! The booking tool and the conformance suite's elicitation tools, written
//! with rmcp's `#[tool]`: each takes an [`Ask`], which asks on every
//! revision (a request to the client before 2026-07-28, an input-required
//! round from then on) and again while the answer is invalid. The helpers
//! below serve the modules whose tools are still answered by hand.

use std::sync::Arc;

use elicit_rmcp::{Ask, Halt, StopExt, app_arguments, app_meta};
use elicit_runtime::flow::Stop;
use elicit_runtime::{Elicitable, Elicitation, FormMode};
use rmcp::ErrorData;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, JsonObject, Tool};
use rmcp::{tool, tool_router};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::booking_form::Booking;
use super::conformance_forms::{Defaults, Enums, UserResponse};
use super::handler::ExampleServer;

/// One tool answered by hand: its name, its description and the arguments
/// it takes.
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

/// The arguments of `test_elicitation`.
#[derive(Deserialize)]
pub struct MessageArgument {
    message: Option<String>,
}

#[tool_router(router = form_tools, vis = "pub(crate)")]
impl ExampleServer {
    /// Books a table with every client: through the form where the client
    /// can show one (asked again while the answer is invalid; on
    /// 2025-06-18 the dietary needs as booleans), from the arguments where
    /// the model or the form's app passed the answers, in the form's app
    /// where the host renders apps, and otherwise with instructions telling
    /// the model what to ask the user.
    #[tool(
        description = "Book a table: asks the user for the date, party size, seating, dietary needs \
                       and contact, in the host's form or the form's app; a client that shows \
                       neither passes them as arguments",
        input_schema = app_arguments::<Booking>(),
        meta = app_meta::<Booking>("book_table")
    )]
    async fn book_table(&self, mut ask: Ask) -> Result<String, Halt> {
        let answer = ask.form_as::<Booking>("booking", Booking::MESSAGE).await?;
        if let Elicitation::Accept(_) = &answer {
            // The booking is made once: the same final round sent again (a
            // replayed `requestState`) books nothing.
            ask.once(self.bookings())?;
        }
        Ok(answered(answer, |booking| booking.summary()))
    }

    #[tool(
        description = "Asks the user for a username and an email address",
        input_schema = message_argument()
    )]
    async fn test_elicitation(
        &self,
        mut ask: Ask,
        Parameters(argument): Parameters<MessageArgument>,
    ) -> Result<String, Halt> {
        let message = argument
            .message
            .unwrap_or_else(|| "Please provide your username and email address".to_owned());
        // The conformance suite's tools ask the client's own form only: a
        // client without it gets a tool error, not the fallback.
        let answer = ask.flow().form::<UserResponse>("user", message).await?;
        Ok(answered(answer, |user| {
            format!("User response: {}", completed(&user))
        }))
    }

    #[tool(description = "Asks for a form with a default on every primitive kind")]
    async fn test_elicitation_sep1034_defaults(&self, ask: Ask) -> Result<String, Halt> {
        ask_completed::<Defaults>(ask, "defaults").await
    }

    #[tool(
        description = "Asks for a form with every enum style: untitled, titled, legacy, multi-select"
    )]
    async fn test_elicitation_sep1330_enums(&self, ask: Ask) -> Result<String, Halt> {
        ask_completed::<Enums>(ask, "enums").await
    }
}

/// Asks the form `T` under `key` with its own message, and answers with
/// the text the conformance suite reads.
async fn ask_completed<T: FormMode + Serialize + 'static>(
    mut ask: Ask,
    key: &str,
) -> Result<String, Halt> {
    let answer = ask.flow().form::<T>(key, T::MESSAGE).await?;
    Ok(answered(answer, |form| {
        format!("Elicitation completed: {}", completed(&form))
    }))
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

fn message_argument() -> Arc<JsonObject> {
    Arc::new(object(json!({
        "type": "object",
        "properties": {
            "message": { "type": "string", "description": "The message to show the user" }
        },
        "required": ["message"]
    })))
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
