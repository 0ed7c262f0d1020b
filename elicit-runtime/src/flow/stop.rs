//! Why a flow stops before the tool has what it needs: the client must
//! answer first, cannot answer at all, kept answering wrong, sent something
//! unusable, or the server could not ask.

use core::fmt;

use serde_json::{Map, Value};

use super::Capability;
use crate::excerpt::{Excerpt, OneLine};
use crate::fallback::{AppShown, Instructions, InvalidArguments, WebPageLink};
use crate::limits::LimitError;
use crate::protocol::jsonrpc;
use crate::protocol::{InputRequiredResult, RequestError, RequestId, ResultError};
use crate::rules::ValidationErrors;
use crate::state::{Replay, SealError, StateError};

/// Why a tool cannot go on yet: return what this says from the handler.
///
/// Asking returns `Result<_, Stop>`, so a tool written as a function
/// returning `Result<_, Stop>` asks with `?` and turns the stop into its
/// response in one place.
#[derive(Debug)]
#[non_exhaustive]
pub enum Stop {
    /// The client must answer these input requests first: return this
    /// result; the client retries the request with the answers.
    InputRequired(InputRequiredResult),
    /// The client did not declare what the tool needs.
    Unsupported(Unsupported),
    /// The user kept sending a form that fails it.
    Exhausted(Exhausted),
    /// The client's request is unusable (a refused `requestState`, a
    /// response that is not a result): answer with JSON-RPC `-32602`.
    Refused(FlowError),
    /// The server could not ask (a request it cannot build, state it cannot
    /// seal, or, when it sends requests itself, a transport failure).
    Failed(AskError),
    /// The client cannot show the form, and the tool's arguments do not
    /// carry it: return the instructions as the tool's result, for the
    /// model to ask the user and call the tool again with the answers as
    /// arguments ([`fallback`](crate::fallback)). Boxed: it holds the form,
    /// and keeps every other stop small.
    Instructions(Box<Instructions>),
    /// The tool's arguments carry the form but break it: return every
    /// failing field as a tool error, for the model to fix its call.
    InvalidArguments(InvalidArguments),
    /// The client cannot show the form but renders apps, and the form has
    /// one: return this as the tool's result while the host shows the app,
    /// which calls the tool again with the user's answers as arguments.
    AppShown(AppShown),
    /// The client cannot show the form nor open a URL itself, and the
    /// server hosts the form's page: return the link as the tool's result,
    /// for the model to give the user and to call the tool again with the
    /// link's token once the user is done. Boxed, as instructions are.
    WebPage(Box<WebPageLink>),
}

impl Stop {
    /// JSON-RPC "invalid params", the code of [`Stop::Refused`].
    pub const INVALID_PARAMS: i64 = -32602;
    /// JSON-RPC "missing required client capability", the code of
    /// [`Stop::Unsupported`] as an error.
    pub const MISSING_CAPABILITY: i64 = -32021;
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::InputRequired(result) => write!(
                f,
                "the client must answer {} input requests first: return the input-required result",
                result.input_requests.len()
            ),
            Stop::Unsupported(unsupported) => unsupported.fmt(f),
            Stop::Exhausted(exhausted) => exhausted.fmt(f),
            Stop::Refused(error) => error.fmt(f),
            Stop::Failed(error) => error.fmt(f),
            Stop::Instructions(instructions) => write!(
                f,
                "the client cannot show the form: return the instructions, and the model \
                 calls `{}` again with the user's answers as arguments",
                OneLine(instructions.tool())
            ),
            Stop::InvalidArguments(invalid) => invalid.fmt(f),
            Stop::AppShown(shown) => shown.fmt(f),
            Stop::WebPage(link) => link.fmt(f),
        }
    }
}

impl std::error::Error for Stop {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Stop::InputRequired(_) => None,
            Stop::Unsupported(error) => Some(error),
            Stop::Exhausted(error) => Some(error),
            Stop::Refused(error) => Some(error),
            Stop::Failed(error) => Some(error),
            Stop::Instructions(_) => None,
            Stop::InvalidArguments(error) => Some(error),
            Stop::AppShown(_) => None,
            Stop::WebPage(_) => None,
        }
    }
}

impl From<Unsupported> for Stop {
    fn from(error: Unsupported) -> Stop {
        Stop::Unsupported(error)
    }
}

impl From<Instructions> for Stop {
    fn from(instructions: Instructions) -> Stop {
        Stop::Instructions(Box::new(instructions))
    }
}

impl From<WebPageLink> for Stop {
    fn from(link: WebPageLink) -> Stop {
        Stop::WebPage(Box::new(link))
    }
}

impl From<AppShown> for Stop {
    fn from(shown: AppShown) -> Stop {
        Stop::AppShown(shown)
    }
}

impl From<InvalidArguments> for Stop {
    fn from(error: InvalidArguments) -> Stop {
        Stop::InvalidArguments(error)
    }
}

impl From<FlowError> for Stop {
    fn from(error: FlowError) -> Stop {
        Stop::Refused(error)
    }
}

impl From<AskError> for Stop {
    fn from(error: AskError) -> Stop {
        Stop::Failed(error)
    }
}

/// The client did not declare the capabilities the tool needs, for this
/// request.
///
/// ```
/// use elicit_runtime::flow::{Capability, Unsupported};
/// use elicit_runtime::protocol::Mode;
/// use serde_json::json;
///
/// let missing = Unsupported::new(vec![Capability::Elicitation(Mode::Form), Capability::Sampling]);
/// assert_eq!(
///     missing.required_capabilities(),
///     json!({ "elicitation": { "form": {} }, "sampling": {} })
/// );
/// assert_eq!(missing.to_jsonrpc(7)["error"]["code"], -32021);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported {
    missing: Vec<Capability>,
}

impl Unsupported {
    /// The capabilities `missing`.
    pub fn new(missing: Vec<Capability>) -> Unsupported {
        Unsupported { missing }
    }

    /// What the client did not declare, in the order the tool needed it.
    pub fn missing(&self) -> &[Capability] {
        &self.missing
    }

    /// The missing capabilities as a `ClientCapabilities` object, the
    /// `requiredCapabilities` of a `-32021` error.
    pub fn required_capabilities(&self) -> Value {
        let mut capabilities = Map::new();
        for capability in &self.missing {
            capability.write_to(&mut capabilities);
        }
        Value::Object(capabilities)
    }

    /// The JSON-RPC error object: code `-32021` ("missing required client
    /// capability") with `data.requiredCapabilities`.
    pub fn to_error(&self) -> Value {
        let mut data = Map::new();
        data.insert(
            "requiredCapabilities".to_owned(),
            self.required_capabilities(),
        );
        jsonrpc::error(
            Stop::MISSING_CAPABILITY,
            &self.to_string(),
            Some(Value::Object(data)),
        )
    }

    /// The whole JSON-RPC error response to the request `id`.
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        jsonrpc::error_response(id.into(), self.to_error())
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the client did not declare ")?;
        for (i, capability) in self.missing.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == self.missing.len() {
                    " or "
                } else {
                    ", "
                })?;
            }
            write!(f, "{capability}")?;
        }
        f.write_str(
            " for this request, and this needs it: declare it in the client's capabilities, \
             or give the input another way",
        )
    }
}

impl std::error::Error for Unsupported {}

/// The user answered a form with content that fails it as many times as
/// the flow allows.
#[derive(Debug, Clone, PartialEq)]
pub struct Exhausted {
    pub(super) key: String,
    pub(super) attempts: u32,
    pub(super) errors: ValidationErrors,
}

impl Exhausted {
    /// The key of the form's input request.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// How many answers were read.
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    /// Every failing field of the last answer.
    pub fn errors(&self) -> &ValidationErrors {
        &self.errors
    }
}

impl fmt::Display for Exhausted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.errors.len();
        write!(
            f,
            "the answer to `{}` still had {n} invalid {} after {} attempts: call again to start \
             over\n{}",
            Excerpt(&self.key),
            if n == 1 { "field" } else { "fields" },
            self.attempts,
            self.errors
        )
    }
}

impl std::error::Error for Exhausted {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.errors)
    }
}

/// Why the client's request cannot be continued: JSON-RPC `-32602`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum FlowError {
    /// The `requestState` was refused.
    State(StateError),
    /// A response under a key the tool asked for is unusable.
    Response {
        /// The key, cut short.
        key: String,
        /// What is wrong with it.
        error: ResponseError,
    },
    /// `inputResponses` break the limits.
    TooLarge(LimitError),
    /// The `requestState` was acted on before ([`Flow::once`](super::Flow::once)):
    /// the same final round sent again.
    Replayed,
}

impl FlowError {
    /// The JSON-RPC error object (code `-32602`).
    pub fn to_error(&self) -> Value {
        jsonrpc::error(Stop::INVALID_PARAMS, &self.to_string(), None)
    }

    /// The whole JSON-RPC error response to the request `id`.
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        jsonrpc::error_response(id.into(), self.to_error())
    }
}

impl fmt::Display for FlowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FlowError::State(error) => error.fmt(f),
            FlowError::Response { key, error } => {
                write!(f, "the input response under `{key}` is unusable: {error}")
            }
            FlowError::TooLarge(error) => write!(f, "`inputResponses` are too large: {error}"),
            FlowError::Replayed => fmt::Display::fmt(&Replay::Seen, f),
        }
    }
}

impl std::error::Error for FlowError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FlowError::State(error) => Some(error),
            FlowError::Response { error, .. } => Some(error),
            FlowError::TooLarge(error) => Some(error),
            FlowError::Replayed => None,
        }
    }
}

impl From<StateError> for FlowError {
    fn from(error: StateError) -> FlowError {
        FlowError::State(error)
    }
}

/// Why one response cannot be read.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ResponseError {
    /// It is not an `ElicitResult`.
    NotAResult(ResultError),
    /// It is not a JSON object, as every result is.
    NotAnObject {
        /// The method of the request it answers.
        method: &'static str,
    },
    /// It does not read as the result the request expects.
    Unreadable {
        /// The method of the request it answers.
        method: &'static str,
        /// Why, in the reader's words.
        reason: String,
    },
    /// It breaks the limits.
    TooLarge(LimitError),
}

impl fmt::Display for ResponseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResponseError::NotAResult(error) => {
                write!(f, "it is not an `ElicitResult`: {error}")
            }
            ResponseError::NotAnObject { method } => write!(
                f,
                "it is not an object: send the result of `{method}` as the JSON object it is"
            ),
            ResponseError::Unreadable { method, reason } => write!(
                f,
                "it is not a result of `{method}` ({}): send the result the request asked for",
                Excerpt(reason)
            ),
            ResponseError::TooLarge(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ResponseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ResponseError::NotAResult(error) => Some(error),
            ResponseError::TooLarge(error) => Some(error),
            ResponseError::NotAnObject { .. } | ResponseError::Unreadable { .. } => None,
        }
    }
}

impl From<LimitError> for ResponseError {
    fn from(error: LimitError) -> ResponseError {
        ResponseError::TooLarge(error)
    }
}

/// Why the server could not ask.
#[derive(Debug)]
#[non_exhaustive]
pub enum AskError {
    /// A request that cannot be built for this client.
    Request(RequestError),
    /// The state could not be sealed.
    Seal(SealError),
    /// A value to carry that does not write as JSON, or a carried value
    /// that does not read back as the type asked for.
    Carry {
        /// The key it is carried under, cut short.
        key: String,
        /// Why, in `serde_json`'s words.
        reason: String,
    },
    /// Sending a request to the client failed (a server that sends requests
    /// itself, before 2026-07-28).
    Transport(Box<dyn std::error::Error + Send + Sync>),
    /// The work was cancelled while it waited for the client (a task's
    /// `tasks/cancel`, or `notifications/cancelled` for the request).
    Cancelled,
    /// The tool asked two different requests under one key in one call: a
    /// key names one question for the whole flow.
    KeyReused {
        /// The key, cut short.
        key: String,
    },
    /// The flow went through more rounds than a round number counts.
    TooManyRounds,
    /// The record of states acted on could not take this one
    /// ([`Flow::once`](super::Flow::once)).
    Replays(Replay),
    /// A hosted form's visit could not be made, or its answer read
    /// (`WebFlow::web_form`, from the crate `elicit-web`): an
    /// `elicit_web::WebError`, boxed, as the runtime does not depend on
    /// `elicit-web`.
    Web(Box<dyn std::error::Error + Send + Sync>),
}

impl fmt::Display for AskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AskError::Request(error) => error.fmt(f),
            AskError::Seal(error) => error.fmt(f),
            AskError::Carry { key, reason } => write!(
                f,
                "the value carried under `{key}` does not round-trip through JSON ({reason}): \
                 carry a type that serializes and reads back as the same type"
            ),
            AskError::Transport(error) => write!(f, "asking the client failed: {error}"),
            AskError::Cancelled => {
                f.write_str("the work was cancelled while it waited for the client's answer")
            }
            AskError::KeyReused { key } => write!(
                f,
                "the flow asked two different requests under the key `{key}`: give each \
                 question its own key (`confirm_payee`, `confirm_amount`), as answers are read \
                 by key"
            ),
            AskError::TooManyRounds => f.write_str(
                "the flow went through more rounds than it can count: end the tool in fewer \
                 rounds",
            ),
            AskError::Replays(replay) => fmt::Display::fmt(replay, f),
            AskError::Web(error) => write!(f, "the hosted form failed: {error}"),
        }
    }
}

impl std::error::Error for AskError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AskError::Request(error) => Some(error),
            AskError::Seal(error) => Some(error),
            AskError::Carry { .. }
            | AskError::Cancelled
            | AskError::KeyReused { .. }
            | AskError::TooManyRounds => None,
            AskError::Replays(replay) => Some(replay),
            AskError::Transport(error) => Some(error.as_ref()),
            AskError::Web(error) => Some(error.as_ref()),
        }
    }
}

impl From<RequestError> for AskError {
    fn from(error: RequestError) -> AskError {
        AskError::Request(error)
    }
}

impl From<SealError> for AskError {
    fn from(error: SealError) -> AskError {
        AskError::Seal(error)
    }
}
