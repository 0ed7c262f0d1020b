//! The stops of a flow, its refused requests and its instructions for the
//! model, as rmcp's responses: what a tool, prompt, resource or task
//! handler returns when a flow stops. Extension traits on the runtime's
//! types; [`Halt`](crate::Halt), the error of [`Ask`](crate::Ask), uses them.

use rmcp::model as mcp;
use rmcp::task_manager::TaskExit;

use elicit_runtime::fallback::Instructions;
use elicit_runtime::flow::{AskError, Capability, FlowError, Stop};
use elicit_runtime::protocol::{InputRequiredResult, Mode};

/// A flow's [`Stop`] as the response of each kind of rmcp handler.
///
/// ```
/// use elicit_rmcp::StopExt;
/// use elicit_runtime::flow::{AskError, Stop};
///
/// let stop = Stop::Failed(AskError::Cancelled);
/// let result = stop.into_tool_response()?;
/// # let _ = result;
/// # Ok::<(), rmcp::ErrorData>(())
/// ```
pub trait StopExt {
    /// The response of a `tools/call` handler (see the implementation on
    /// [`Stop`]).
    ///
    /// # Errors
    ///
    /// The `-32602` [`ErrorData`](rmcp::ErrorData) of [`Stop::Refused`].
    fn into_tool_response(self) -> Result<mcp::CallToolResponse, rmcp::ErrorData>;

    /// The response of a `prompts/get` handler.
    ///
    /// # Errors
    ///
    /// Every stop but [`Stop::InputRequired`].
    fn into_prompt_response(self) -> Result<mcp::GetPromptResponse, rmcp::ErrorData>;

    /// The response of a `resources/read` handler.
    ///
    /// # Errors
    ///
    /// Every stop but [`Stop::InputRequired`].
    fn into_resource_response(self) -> Result<mcp::ReadResourceResponse, rmcp::ErrorData>;

    /// How a task's operation ends on this stop.
    fn into_task_exit(self) -> TaskExit;

    /// The stop as a JSON-RPC error.
    fn into_error_data(self) -> rmcp::ErrorData;
}

impl StopExt for Stop {
    /// The response of a `tools/call` handler: the input-required result;
    /// for [`Stop::WebPage`], a successful result with the page's link and
    /// how to call the tool again (text and `structuredContent`);
    /// for [`Stop::AppShown`], a successful result saying the form is shown
    /// in its app (text and `structuredContent`), the token the app sends
    /// the user's answers back with in its `_meta`;
    /// for [`Stop::Instructions`], a successful result with the
    /// instructions for the model ([`InstructionsExt::to_tool_result`],
    /// which says why it is no error);
    /// for arguments that break the form, a tool error whose text the model
    /// reads and whose `structuredContent` lists each failing field
    /// ([`InvalidArguments::to_json`](elicit_runtime::fallback::InvalidArguments::to_json),
    /// what a form's app shows next to each field);
    /// or a tool error the model can read for a client that cannot answer
    /// ([`Stop::Unsupported`]), a form that
    /// stayed invalid or a request that failed; JSON-RPC `-32602` for a
    /// refused request.
    ///
    /// # Errors
    ///
    /// The `-32602` [`ErrorData`](rmcp::ErrorData) of [`Stop::Refused`].
    fn into_tool_response(self) -> Result<mcp::CallToolResponse, rmcp::ErrorData> {
        match self {
            Stop::InputRequired(result) => Ok(input_required(&result)?.into()),
            Stop::Instructions(instructions) => Ok(instructions.to_tool_result().into()),
            Stop::WebPage(link) => {
                let mut result =
                    mcp::CallToolResult::success(vec![mcp::ContentBlock::text(link.to_text())]);
                result.structured_content = Some(link.to_json());
                Ok(result.into())
            }
            Stop::AppShown(shown) => {
                let mut result =
                    mcp::CallToolResult::success(vec![mcp::ContentBlock::text(shown.to_string())]);
                result.structured_content = Some(shown.to_json());
                // The app's token, in `_meta`: for the app, not the model.
                result.meta = shown.to_meta().map(mcp::MetaObject);
                Ok(result.into())
            }
            Stop::Refused(error) => Err(error.to_error_data()),
            Stop::InvalidArguments(invalid) => {
                let mut result =
                    mcp::CallToolResult::error(vec![mcp::ContentBlock::text(invalid.to_string())]);
                result.structured_content = Some(invalid.to_json());
                Ok(result.into())
            }
            other => Ok(mcp::CallToolResult::error(vec![mcp::ContentBlock::text(
                other.to_string(),
            )])
            .into()),
        }
    }

    /// The response of a `prompts/get` handler: the input-required result,
    /// or an error (`-32021` for [`Stop::Unsupported`], `-32602` for a
    /// refused request or a form that stayed invalid, `-32603` otherwise).
    ///
    /// # Errors
    ///
    /// Every stop but [`Stop::InputRequired`].
    fn into_prompt_response(self) -> Result<mcp::GetPromptResponse, rmcp::ErrorData> {
        match self {
            Stop::InputRequired(result) => Ok(input_required(&result)?.into()),
            other => Err(other.into_error_data()),
        }
    }

    /// The response of a `resources/read` handler, as
    /// [`StopExt::into_prompt_response`].
    ///
    /// # Errors
    ///
    /// Every stop but [`Stop::InputRequired`].
    fn into_resource_response(self) -> Result<mcp::ReadResourceResponse, rmcp::ErrorData> {
        match self {
            Stop::InputRequired(result) => Ok(input_required(&result)?.into()),
            other => Err(other.into_error_data()),
        }
    }

    /// How a task's operation ends on this stop: cancelled when the task
    /// was, else failed with the stop's error.
    fn into_task_exit(self) -> TaskExit {
        match self {
            Stop::Failed(AskError::Cancelled) => TaskExit::Cancelled,
            other => TaskExit::Error(other.into_error_data()),
        }
    }

    /// The stop as a JSON-RPC error: `-32021` with `requiredCapabilities`
    /// for [`Stop::Unsupported`] and [`Stop::Instructions`], `-32602` for a
    /// refused request, invalid arguments or a form that stayed invalid,
    /// `-32603` otherwise.
    fn into_error_data(self) -> rmcp::ErrorData {
        match self {
            Stop::Instructions(_) => instructions_error(&self),
            Stop::InvalidArguments(invalid) => {
                rmcp::ErrorData::invalid_params(invalid.to_string(), None)
            }
            Stop::Unsupported(unsupported) => {
                let capabilities =
                    serde_json::from_value(unsupported.required_capabilities()).unwrap_or_default();
                let mut error = rmcp::ErrorData::missing_required_client_capability(capabilities);
                error.message = unsupported.to_string().into();
                error
            }
            Stop::Refused(error) => error.to_error_data(),
            Stop::Exhausted(exhausted) => {
                rmcp::ErrorData::invalid_params(exhausted.to_string(), None)
            }
            other => rmcp::ErrorData::internal_error(other.to_string(), None),
        }
    }
}

/// A refused request ([`FlowError`]) as rmcp's error.
pub trait FlowErrorExt {
    /// The error as rmcp's JSON-RPC `-32602`.
    fn to_error_data(&self) -> rmcp::ErrorData;
}

impl FlowErrorExt for FlowError {
    fn to_error_data(&self) -> rmcp::ErrorData {
        rmcp::ErrorData::invalid_params(self.to_string(), None)
    }
}

/// The [`Instructions`] for the model as a tool's result.
pub trait InstructionsExt {
    /// The instructions as a successful tool result (see the
    /// implementation on [`Instructions`]).
    fn to_tool_result(&self) -> mcp::CallToolResult;

    /// The instructions as a tool error, for a tool that declares an
    /// `outputSchema`.
    fn to_error_result(&self) -> mcp::CallToolResult;
}

impl InstructionsExt for Instructions {
    /// The instructions as a tool's result: the text for the model
    /// ([`Instructions::to_text`]) and the same in `structuredContent`
    /// ([`Instructions::to_json`]), with `isError: false`.
    ///
    /// Not an error, because nothing failed: the tool needs the user's
    /// answers, and this is how it asks for them. Clients show an error
    /// result as a failed call, and models tend to read one as a broken
    /// tool, to retry or give up; a successful result is read as the
    /// tool's answer for now, which it is.
    ///
    /// A tool that declares an `outputSchema` must return `structuredContent`
    /// that conforms to it on success, which these instructions do not:
    /// such a tool answers with [`InstructionsExt::to_error_result`].
    fn to_tool_result(&self) -> mcp::CallToolResult {
        let mut result =
            mcp::CallToolResult::success(vec![mcp::ContentBlock::text(self.to_text())]);
        result.structured_content = Some(self.to_json());
        result
    }

    /// The instructions as a tool error (`isError: true`, the text only),
    /// for a tool that declares an `outputSchema`: clients check the
    /// `structuredContent` of a successful result against it, and skip the
    /// check for an error.
    fn to_error_result(&self) -> mcp::CallToolResult {
        mcp::CallToolResult::error(vec![mcp::ContentBlock::text(self.to_text())])
    }
}

/// [`Stop::Instructions`] as a JSON-RPC error, for a request that has no
/// tool result (`prompts/get`, `resources/read`, a task): `-32021`, the
/// client lacks `elicitation.form`.
fn instructions_error(stop: &Stop) -> rmcp::ErrorData {
    let mut required = serde_json::Map::new();
    Capability::Elicitation(Mode::Form).write_to(&mut required);
    let capabilities =
        serde_json::from_value(serde_json::Value::Object(required)).unwrap_or_default();
    let mut error = rmcp::ErrorData::missing_required_client_capability(capabilities);
    error.message = stop.to_string().into();
    error
}

fn input_required(
    result: &InputRequiredResult,
) -> Result<mcp::InputRequiredResult, rmcp::ErrorData> {
    crate::convert::input_required_to_rmcp(result)
        .map_err(|error| rmcp::ErrorData::internal_error(error.to_string(), None))
}
