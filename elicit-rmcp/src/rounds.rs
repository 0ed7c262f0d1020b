//! Input-required rounds as a client sees them (2026-07-28): a tool call,
//! prompt or resource read that comes back `input_required` has its
//! requests answered through the [`ElicitationClient`]'s [`Responder`],
//! and is sent again until the server completes it.
//!
//! The rules each retry follows, one place each:
//! - the retry is a new request, so it gets a new JSON-RPC id (rmcp's
//!   peer numbers every request it sends);
//! - `requestState` goes back exactly as the server wrote it, and is left
//!   out when the server sent none ([`Retry::set_round`]);
//! - a result without `resultType` is complete (rmcp reads it as the
//!   request's own result, never as `input_required`);
//! - the answers and state of one request live in that request's loop
//!   only ([`drive`]), so a request made meanwhile carries none of them;
//! - at most [`ElicitationClient::with_max_rounds`] input-required results
//!   are answered for one request; one more ends it with
//!   [`RoundError::TooManyRounds`].

use core::fmt;
use std::future::Future;
use std::time::Duration;

use rmcp::ServiceError;
use rmcp::model as mcp;
use rmcp::service::{Peer, RoleClient, RunningService};

use crate::client::{ElicitationClient, Responder};
use crate::convert::result_to_rmcp;
use elicit_runtime::__integration::Excerpt;

/// Why a request answered in rounds did not complete.
///
/// ```
/// use elicit_rmcp::RoundError;
///
/// let error = RoundError::TooManyRounds {
///     method: "tools/call",
///     name: "plan_trip".to_owned(),
///     max_rounds: 10,
/// };
/// assert!(error.to_string().contains("with_max_rounds"));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum RoundError {
    /// rmcp could not deliver a request, or the server answered with a
    /// JSON-RPC error.
    Service(ServiceError),
    /// The server still asked for input after the client answered
    /// `max_rounds` rounds of this request.
    TooManyRounds {
        /// `tools/call`, `prompts/get` or `resources/read`.
        method: &'static str,
        /// The tool or prompt name, or the resource URI.
        name: String,
        /// The bound, [`ElicitationClient::with_max_rounds`].
        max_rounds: usize,
    },
    /// The server asked for something this client did not declare
    /// (`sampling/createMessage`, `roots/list`): the request is not sent
    /// again.
    Undeclared {
        /// The key of the input request.
        key: String,
        /// The method asked for.
        method: &'static str,
        /// The capability the client would have had to declare.
        capability: &'static str,
    },
    /// The server asked with a method this client does not know; the
    /// request is not sent again.
    Unknown {
        /// The key of the input request.
        key: String,
    },
    /// The client refused an elicitation request (a mode it did not
    /// declare, a schema outside the subset, beyond the rate limit, or an
    /// answer that fails the form's checks); the request is not sent again.
    Refused {
        /// The key of the input request.
        key: String,
        /// Why, as the JSON-RPC error the client would have answered with.
        error: mcp::ErrorData,
    },
    /// An input-required result that asks for nothing and carries no
    /// `requestState`, so a retry could only repeat the first request.
    Empty {
        /// `tools/call`, `prompts/get` or `resources/read`.
        method: &'static str,
    },
    /// The server turned the tool call into a task, which this client does
    /// not poll.
    Task,
}

impl fmt::Display for RoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundError::Service(error) => write!(f, "{error}"),
            RoundError::TooManyRounds {
                method,
                name,
                max_rounds,
            } => write!(
                f,
                "`{method}` of `{}` still asked for input after {max_rounds} rounds, so the \
                 client stopped it: the server may never stop asking; allow more rounds with \
                 `ElicitationClient::with_max_rounds`",
                Excerpt(name)
            ),
            RoundError::Undeclared {
                key,
                method,
                capability,
            } => write!(
                f,
                "the server asked for `{method}` (input `{}`), but this client did not declare \
                 `{capability}`, so the request was not sent again: a server must ask only for \
                 what the client declares",
                Excerpt(key)
            ),
            RoundError::Unknown { key } => write!(
                f,
                "the server asked for input `{}` with a method this client does not know, so \
                 the request was not sent again: ask with `elicitation/create`",
                Excerpt(key)
            ),
            RoundError::Refused { key, error } => write!(
                f,
                "the client refused the input request `{}`, so the request was not sent again: \
                 {}",
                Excerpt(key),
                error.message
            ),
            RoundError::Empty { method } => write!(
                f,
                "the server answered `{method}` as input required, but asked for nothing and \
                 sent no `requestState`, so there is nothing to retry with: the server must \
                 send input requests or a `requestState`"
            ),
            RoundError::Task => f.write_str(
                "the server answered `tools/call` with a task, which this client does not poll: \
                 send it with `call_tool_once` and poll `tasks/get`",
            ),
        }
    }
}

impl std::error::Error for RoundError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RoundError::Service(error) => Some(error),
            _ => None,
        }
    }
}

impl From<ServiceError> for RoundError {
    fn from(error: ServiceError) -> Self {
        RoundError::Service(error)
    }
}

/// Requests answered in input-required rounds through the client's
/// [`Responder`], on a running [`ElicitationClient`].
///
/// rmcp's own `call_tool` also drives rounds through the handler; these
/// add the client's round bound ([`ElicitationClient::with_max_rounds`]),
/// ask one input request at a time (in key order, so a terminal shows one
/// form after another), and end in a typed [`RoundError`].
///
/// ```no_run
/// use elicit_rmcp::{ElicitationClient, Incoming, Rounds};
/// use elicit_runtime::protocol::ElicitResult;
/// use rmcp::model::{CallToolRequestParams, Implementation};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// # let (transport, _server_side) = tokio::io::duplex(1 << 16);
/// let client = ElicitationClient::new(
///     Implementation::new("my-client", "1.0.0"),
///     |_: Incoming| async { ElicitResult::decline() },
/// )
/// .with_max_rounds(4)
/// .connect(transport)
/// .await?;
/// let result = client
///     .call_tool_in_rounds(CallToolRequestParams::new("plan_trip"))
///     .await?;
/// # Ok(())
/// # }
/// ```
pub trait Rounds {
    /// `tools/call`, answering every round until the tool completes.
    fn call_tool_in_rounds(
        &self,
        params: mcp::CallToolRequestParams,
    ) -> impl Future<Output = Result<mcp::CallToolResult, RoundError>> + Send;

    /// `prompts/get`, answering every round until the prompt is returned.
    fn get_prompt_in_rounds(
        &self,
        params: mcp::GetPromptRequestParams,
    ) -> impl Future<Output = Result<mcp::GetPromptResult, RoundError>> + Send;

    /// `resources/read`, answering every round until the resource is read.
    fn read_resource_in_rounds(
        &self,
        params: mcp::ReadResourceRequestParams,
    ) -> impl Future<Output = Result<mcp::ReadResourceResult, RoundError>> + Send;
}

impl<R: Responder> Rounds for RunningService<RoleClient, ElicitationClient<R>> {
    fn call_tool_in_rounds(
        &self,
        params: mcp::CallToolRequestParams,
    ) -> impl Future<Output = Result<mcp::CallToolResult, RoundError>> + Send {
        drive(self.service(), self.peer(), params)
    }

    fn get_prompt_in_rounds(
        &self,
        params: mcp::GetPromptRequestParams,
    ) -> impl Future<Output = Result<mcp::GetPromptResult, RoundError>> + Send {
        drive(self.service(), self.peer(), params)
    }

    fn read_resource_in_rounds(
        &self,
        params: mcp::ReadResourceRequestParams,
    ) -> impl Future<Output = Result<mcp::ReadResourceResult, RoundError>> + Send {
        drive(self.service(), self.peer(), params)
    }
}

/// One answer of a request that may need rounds.
enum Step<T> {
    Complete(T),
    InputRequired(mcp::InputRequiredResult),
}

/// The params of a request that may come back `input_required`.
trait Retry: Clone + Send + Sync + 'static {
    /// What the request returns once complete.
    type Output: Send;
    /// The method, for messages.
    const METHOD: &'static str;

    /// The tool or prompt name, or the resource URI, for messages.
    fn name(&self) -> &str;

    /// Sends the request once.
    fn send_once(
        self,
        peer: &Peer<RoleClient>,
    ) -> impl Future<Output = Result<Step<Self::Output>, RoundError>> + Send;

    /// Sets the next round's answers and state: `requestState` exactly as
    /// the server sent it, absent when it sent none.
    fn set_round(&mut self, responses: Option<mcp::InputResponses>, state: Option<String>);
}

impl Retry for mcp::CallToolRequestParams {
    type Output = mcp::CallToolResult;
    const METHOD: &'static str = "tools/call";

    fn name(&self) -> &str {
        &self.name
    }

    async fn send_once(self, peer: &Peer<RoleClient>) -> Result<Step<Self::Output>, RoundError> {
        match peer.call_tool_once(self).await? {
            mcp::CallToolResponse::Complete(result) => Ok(Step::Complete(result)),
            mcp::CallToolResponse::InputRequired(result) => Ok(Step::InputRequired(result)),
            mcp::CallToolResponse::Task(_) => Err(RoundError::Task),
            _ => Err(RoundError::Service(ServiceError::UnexpectedResponse)),
        }
    }

    fn set_round(&mut self, responses: Option<mcp::InputResponses>, state: Option<String>) {
        self.input_responses = responses;
        self.request_state = state;
    }
}

impl Retry for mcp::GetPromptRequestParams {
    type Output = mcp::GetPromptResult;
    const METHOD: &'static str = "prompts/get";

    fn name(&self) -> &str {
        &self.name
    }

    async fn send_once(self, peer: &Peer<RoleClient>) -> Result<Step<Self::Output>, RoundError> {
        match peer.get_prompt_once(self).await? {
            mcp::GetPromptResponse::Complete(result) => Ok(Step::Complete(result)),
            mcp::GetPromptResponse::InputRequired(result) => Ok(Step::InputRequired(result)),
            _ => Err(RoundError::Service(ServiceError::UnexpectedResponse)),
        }
    }

    fn set_round(&mut self, responses: Option<mcp::InputResponses>, state: Option<String>) {
        self.input_responses = responses;
        self.request_state = state;
    }
}

impl Retry for mcp::ReadResourceRequestParams {
    type Output = mcp::ReadResourceResult;
    const METHOD: &'static str = "resources/read";

    fn name(&self) -> &str {
        &self.uri
    }

    async fn send_once(self, peer: &Peer<RoleClient>) -> Result<Step<Self::Output>, RoundError> {
        match peer.read_resource_once(self).await? {
            mcp::ReadResourceResponse::Complete(result) => Ok(Step::Complete(result)),
            mcp::ReadResourceResponse::InputRequired(result) => Ok(Step::InputRequired(result)),
            _ => Err(RoundError::Service(ServiceError::UnexpectedResponse)),
        }
    }

    fn set_round(&mut self, responses: Option<mcp::InputResponses>, state: Option<String>) {
        self.input_responses = responses;
        self.request_state = state;
    }
}

/// Sends `params` and answers its rounds until it completes, at most
/// `client.max_rounds()` of them. Everything of this request's rounds stays
/// in this loop.
async fn drive<R: Responder, P: Retry>(
    client: &ElicitationClient<R>,
    peer: &Peer<RoleClient>,
    mut params: P,
) -> Result<P::Output, RoundError> {
    let mut answered = 0usize;
    let mut waits = 0u32;
    loop {
        let round = match params.clone().send_once(peer).await? {
            Step::Complete(result) => return Ok(result),
            Step::InputRequired(round) => round,
        };
        if answered == client.max_rounds() {
            return Err(RoundError::TooManyRounds {
                method: P::METHOD,
                name: params.name().to_owned(),
                max_rounds: answered,
            });
        }
        answered += 1;
        let requests = round.input_requests.unwrap_or_default();
        if requests.is_empty() {
            if round.request_state.is_none() {
                return Err(RoundError::Empty { method: P::METHOD });
            }
            // Only state: the server is still working. Wait a little
            // longer each time before asking again.
            tokio::time::sleep(state_only_pause(waits)).await;
            waits += 1;
        } else {
            waits = 0;
        }
        let responses = answer_all(client, peer, requests).await?;
        params.set_round(
            (!responses.is_empty()).then_some(responses),
            round.request_state,
        );
    }
}

/// The pause before sending again a round that asked for nothing: 50 ms,
/// doubling, at most 400 ms.
fn state_only_pause(waits: u32) -> Duration {
    Duration::from_millis(50 << waits.min(3))
}

/// Answers a round's requests one after another, in key order.
async fn answer_all<R: Responder>(
    client: &ElicitationClient<R>,
    peer: &Peer<RoleClient>,
    requests: mcp::InputRequests,
) -> Result<mcp::InputResponses, RoundError> {
    let info = peer.peer_info();
    let mut responses = mcp::InputResponses::new();
    for (key, request) in requests {
        let response = match request {
            mcp::InputRequest::Elicitation(request) => {
                let result = client
                    .answer(request.params, info.as_deref())
                    .await
                    .map_err(|error| RoundError::Refused {
                        key: key.clone(),
                        error,
                    })?;
                serde_json::to_value(result_to_rmcp(&result)).map_err(|error| {
                    RoundError::Refused {
                        key: key.clone(),
                        error: mcp::ErrorData::internal_error(error.to_string(), None),
                    }
                })?
            }
            mcp::InputRequest::CreateMessage(_) => {
                return Err(RoundError::Undeclared {
                    key,
                    method: "sampling/createMessage",
                    capability: "sampling",
                });
            }
            mcp::InputRequest::ListRoots(_) => {
                return Err(RoundError::Undeclared {
                    key,
                    method: "roots/list",
                    capability: "roots",
                });
            }
            _ => return Err(RoundError::Unknown { key }),
        };
        responses.insert(key, response);
    }
    Ok(responses)
}
