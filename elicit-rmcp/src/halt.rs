//! Why a `#[tool]` or `#[prompt]` handler that asks stops before its
//! answer: the [`Halt`] its `?` carries to rmcp, as a result, an
//! input-required result or a JSON-RPC error.

use core::fmt;

use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model as mcp;

use crate::error::RmcpElicitError;
use crate::responses::StopExt;
use crate::scope;
use elicit_runtime::flow::{AskError, FlowError, Stop};

/// Why a handler that asks through an [`Ask`](crate::Ask) stops early: the
/// client must answer first (an input-required round), the client cannot
/// show the form (the fallback's result), the request is refused (a
/// tampered `requestState`), or asking failed.
///
/// Every ask of an `Ask` returns `Result<_, Halt>`, and a handler passes a
/// halt on with `?`, returning either `Result<_, Halt>` or rmcp's
/// `Result<_, ErrorData>`. Served by [`FlowTools`](crate::FlowTools) or
/// [`FlowPrompts`](crate::FlowPrompts), the halt becomes the response the
/// stop calls for ([`Stop::into_tool_response`],
/// [`Stop::into_prompt_response`]): an input-required result, a successful
/// fallback result, a tool error the model can read, or a JSON-RPC error.
///
/// ```
/// use elicit_runtime::flow::{FlowError, Stop};
/// use elicit_rmcp::Halt;
/// use elicit_runtime::state::StateError;
///
/// let halt = Halt::from(FlowError::State(StateError::Malformed));
/// assert!(matches!(halt.stop(), Stop::Refused(_)));
/// // Outside a `FlowTools` or `FlowPrompts` it is the stop's JSON-RPC error.
/// let error = rmcp::ErrorData::from(halt);
/// assert_eq!(error.code.0, -32602);
/// ```
#[derive(Debug)]
pub struct Halt(Stop);

impl Halt {
    /// The flow's stop.
    pub fn stop(&self) -> &Stop {
        &self.0
    }

    /// The flow's stop, for a handler that answers it itself.
    pub fn into_stop(self) -> Stop {
        self.0
    }

    /// Whether the handler is paused for the client's answers (an
    /// input-required round on 2026-07-28), rather than refused or
    /// failed.
    pub fn is_input_required(&self) -> bool {
        matches!(self.0, Stop::InputRequired(_))
    }
}

impl fmt::Display for Halt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Halt {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

impl From<Stop> for Halt {
    fn from(stop: Stop) -> Halt {
        Halt(stop)
    }
}

impl From<FlowError> for Halt {
    fn from(error: FlowError) -> Halt {
        Halt(Stop::Refused(error))
    }
}

impl From<AskError> for Halt {
    fn from(error: AskError) -> Halt {
        Halt(Stop::Failed(error))
    }
}

/// An elicitation through rmcp that failed: the client lacks the
/// capability, the revision the feature, or the request failed.
impl From<RmcpElicitError> for Halt {
    fn from(error: RmcpElicitError) -> Halt {
        Halt(Stop::Failed(AskError::Transport(Box::new(error))))
    }
}

/// The halt as rmcp's error, for a handler returning `Result<_, ErrorData>`.
///
/// Inside [`FlowTools`](crate::FlowTools) or
/// [`FlowPrompts`](crate::FlowPrompts), the router keeps the halt and
/// answers with the response it calls for (an input-required result, a
/// successful fallback result, a tool error), whatever error is written
/// here. Anywhere else it is the stop's JSON-RPC error
/// ([`Stop::into_error_data`]), and a pause, which has no error, is an
/// internal error that says how to serve the tools.
impl From<Halt> for rmcp::ErrorData {
    fn from(halt: Halt) -> rmcp::ErrorData {
        scope::keep(halt.0).unwrap_or_else(outside)
    }
}

/// A halt returned from a `#[tool]` handler (`Result<_, Halt>`): the
/// response its stop calls for, through [`FlowTools`](crate::FlowTools).
impl IntoCallToolResult for Halt {
    fn into_call_tool_result(self) -> Result<mcp::CallToolResponse, rmcp::ErrorData> {
        Err(self.into())
    }
}

/// An elicitation error returned from a `#[tool]` handler
/// (`Result<_, RmcpElicitError>`): a tool error whose text the model reads.
impl IntoCallToolResult for RmcpElicitError {
    fn into_call_tool_result(self) -> Result<mcp::CallToolResponse, rmcp::ErrorData> {
        Ok(mcp::CallToolResult::error(vec![mcp::ContentBlock::text(self.to_string())]).into())
    }
}

/// An elicitation error as rmcp's error, for a handler returning
/// `Result<_, ErrorData>`: as the [`Halt`] it makes.
impl From<RmcpElicitError> for rmcp::ErrorData {
    fn from(error: RmcpElicitError) -> rmcp::ErrorData {
        Halt::from(error).into()
    }
}

/// A stop that reached rmcp outside the routers that answer it.
fn outside(stop: Stop) -> rmcp::ErrorData {
    match stop {
        Stop::InputRequired(_) => rmcp::ErrorData::internal_error(
            "the handler paused for the client's answers, but nothing turned the pause into \
             an input-required result: serve the tools with `FlowTools` \
             (`#[tool_handler(router = self.tools)]`, with `tools: flows.tools(Self::tool_router())`) \
             and the prompts with `FlowPrompts`",
            None,
        ),
        other => other.into_error_data(),
    }
}
