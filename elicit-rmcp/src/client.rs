//! A client handler for rmcp that answers elicitation requests through a
//! [`Responder`], with the client-side guards on.

use std::future::Future;
use std::sync::Mutex;
use std::time::Duration;

use rmcp::ClientHandler;
use rmcp::model as mcp;
use rmcp::service::{
    ClientInitializeError, ClientLifecycleMode, ClientServiceExt, RequestContext, RoleClient,
    RunningService,
};
use rmcp::transport::IntoTransport;

use crate::convert::{capability_to_rmcp, result_to_rmcp};
use elicit_runtime::client::{Ask, FormError, RateLimiter, SecretWarning, secret_warnings};
use elicit_runtime::protocol::{Action, ElicitResult, ElicitationCapability, Revision};

/// One elicitation request, read and checked, for a [`Responder`] to
/// answer.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Incoming {
    /// The name the server gave in its implementation info, or `the
    /// server` when it gave none: show it, so the user knows who asks.
    pub server: String,
    /// The negotiated revision.
    pub revision: Revision,
    /// The form or URL the server asks for.
    pub ask: Ask,
    /// Fields of a form that look like they ask for a secret (empty for
    /// URL mode): warn the user before they type anything.
    pub secrets: Vec<SecretWarning>,
}

/// What answers the requests an [`ElicitationClient`] receives: a person at
/// a terminal (`TerminalResponder`, feature `terminal`), a user
/// interface, or a policy.
///
/// Any `Fn(Incoming) -> impl Future<Output = ElicitResult>` is a responder:
///
/// ```
/// use elicit_runtime::client::Ask;
/// use elicit_rmcp::{ElicitationClient, Incoming};
/// use elicit_runtime::protocol::ElicitResult;
/// use rmcp::model::Implementation;
///
/// // Accept every form with its defaults, decline the rest.
/// let client = ElicitationClient::new(
///     Implementation::new("my-client", "1.0.0"),
///     |incoming: Incoming| async move {
///         match &incoming.ask {
///             Ask::Form(form) if incoming.secrets.is_empty() => form
///                 .answer()
///                 .finish()
///                 .unwrap_or_else(|_| ElicitResult::decline()),
///             _ => ElicitResult::decline(),
///         }
///     },
/// );
/// # let _ = client;
/// ```
pub trait Responder: Send + Sync + 'static {
    /// The user's answer to `incoming`. An `accept` of a form must carry
    /// content that passes the form's checks (as
    /// [`Answer::finish`](elicit_runtime::client::Answer::finish) writes it): the
    /// handler checks it again and never sends content that fails.
    fn respond(&self, incoming: Incoming) -> impl Future<Output = ElicitResult> + Send;
}

impl<F, Fut> Responder for F
where
    F: Fn(Incoming) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = ElicitResult> + Send,
{
    fn respond(&self, incoming: Incoming) -> impl Future<Output = ElicitResult> + Send {
        self(incoming)
    }
}

/// The JSON-RPC error code with which an [`ElicitationClient`] refuses a
/// request beyond its rate limit: `-32000`, in the range JSON-RPC leaves to
/// implementations, as MCP defines none for it.
pub const RATE_LIMITED_CODE: i32 = -32000;

/// An rmcp [`ClientHandler`] that answers `elicitation/create` (and the
/// 2026-07-28 input requests rmcp's client turns into the same call)
/// through a [`Responder`], with the guards the spec asks of clients:
///
/// - the `elicitation` capability it declares is the one it enforces: a
///   request in a mode it did not declare is refused with `-32602`, as is
///   a schema outside the subset, before the user sees anything;
/// - a rate limit per server (by default 5 requests a minute), beyond
///   which requests are refused with [`RATE_LIMITED_CODE`] and the
///   [`RateLimited`](elicit_runtime::client::RateLimited) message, unseen;
/// - forms that look like they ask for secrets are flagged to the
///   responder ([`Incoming::secrets`]), or declined unseen with
///   [`ElicitationClient::decline_secret_forms`];
/// - accepted content is checked against the form before it is sent, and
///   an `accept` of a URL the client will not open (any scheme but `http`
///   and `https`, [`UrlView::is_openable`](elicit_runtime::client::UrlView::is_openable))
///   is never sent;
/// - `sampling/createMessage` and `roots/list`, which it does not declare,
///   are refused with `-32601` and a message saying so.
///
/// It speaks every revision: [`connect`](Self::connect) discovers a
/// 2026-07-28 server with `server/discover` and falls back to
/// `initialize` for older ones ([`lifecycle`](Self::lifecycle));
/// [`Incoming::revision`] is the revision agreed either way. From
/// 2026-07-28, [`Rounds`](crate::Rounds) sends a request again after each
/// input-required result with the answers, `requestState` echoed, until
/// the server completes it, at most
/// [`with_max_rounds`](Self::with_max_rounds) times.
///
/// ```no_run
/// use elicit_rmcp::{ElicitationClient, Incoming, Rounds};
/// use elicit_runtime::protocol::{ElicitResult, ElicitationCapability};
/// use rmcp::model::{CallToolRequestParams, Implementation};
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// // Any transport: a child's stdio, Streamable HTTP, or a stream as here.
/// let (transport, _server_side) = tokio::io::duplex(1 << 16);
/// let client = ElicitationClient::new(
///     Implementation::new("my-client", "1.0.0"),
///     |incoming: Incoming| async move {
///         println!("{} asks: {}", incoming.server, incoming.ask.message());
///         ElicitResult::decline()
///     },
/// )
/// .with_capability(ElicitationCapability::form_and_url())
/// .connect(transport)
/// .await?;
/// let result = client
///     .call_tool_in_rounds(CallToolRequestParams::new("book_table"))
///     .await?;
/// # Ok(())
/// # }
/// ```
pub struct ElicitationClient<R> {
    responder: R,
    info: mcp::Implementation,
    capability: ElicitationCapability,
    /// The one version offered, or `None`: discovery first, `initialize`
    /// for older servers.
    pinned: Option<mcp::ProtocolVersion>,
    limiter: Mutex<RateLimiter>,
    decline_secret_forms: bool,
    max_rounds: usize,
}

/// How many input-required results an [`ElicitationClient`] answers for
/// one request unless told otherwise
/// ([`ElicitationClient::with_max_rounds`]).
pub const DEFAULT_MAX_ROUNDS: usize = 10;

impl<R: Responder> ElicitationClient<R> {
    /// A client named by `info` whose requests `responder` answers; it
    /// declares form mode only, speaks every revision (see
    /// [`lifecycle`](Self::lifecycle)), allows 5 requests per server a
    /// minute and answers at most [`DEFAULT_MAX_ROUNDS`] input-required
    /// results per request.
    pub fn new(info: mcp::Implementation, responder: R) -> ElicitationClient<R> {
        ElicitationClient {
            responder,
            info,
            capability: ElicitationCapability::form_only(),
            pinned: None,
            limiter: Mutex::new(RateLimiter::new(5, Duration::from_secs(60))),
            decline_secret_forms: false,
            max_rounds: DEFAULT_MAX_ROUNDS,
        }
    }

    /// Declares (and accepts) the modes of `capability`, such as
    /// [`ElicitationCapability::form_and_url`].
    #[must_use]
    pub fn with_capability(mut self, capability: ElicitationCapability) -> Self {
        self.capability = capability;
        self
    }

    /// Speaks `version` only: `server/discover` offering it alone when it
    /// has no `initialize` (2026-07-28 and later), else `initialize`
    /// offering it (the server may answer with an older version it speaks).
    #[must_use]
    pub fn with_protocol_version(mut self, version: mcp::ProtocolVersion) -> Self {
        self.pinned = Some(version);
        self
    }

    /// Answers at most `max_rounds` input-required results for one request
    /// sent through [`Rounds`](crate::Rounds); one more ends the request
    /// with [`RoundError::TooManyRounds`](crate::RoundError::TooManyRounds),
    /// so a server that never stops asking cannot keep the user answering.
    #[must_use]
    pub fn with_max_rounds(mut self, max_rounds: usize) -> Self {
        self.max_rounds = max_rounds;
        self
    }

    /// The bound of [`with_max_rounds`](Self::with_max_rounds).
    pub fn max_rounds(&self) -> usize {
        self.max_rounds
    }

    /// How [`connect`](Self::connect) starts a session:
    ///
    /// - by default, `server/discover` at 2026-07-28, and `initialize`
    ///   offering 2025-11-25 when the server answers discovery with an error
    ///   (it predates 2026-07-28) or not at all within 10 seconds;
    /// - with [`with_protocol_version`](Self::with_protocol_version), that
    ///   version only: discovery for 2026-07-28 and later, `initialize`
    ///   before.
    pub fn lifecycle(&self) -> ClientLifecycleMode {
        match &self.pinned {
            None => ClientLifecycleMode::Auto {
                preferred_versions: vec![mcp::ProtocolVersion::V_2026_07_28],
                legacy_version: Some(mcp::ProtocolVersion::LATEST_WITH_INITIALIZE),
            },
            Some(version) if version.has_initialize() => ClientLifecycleMode::Initialize,
            Some(version) => ClientLifecycleMode::Discover {
                preferred_versions: vec![version.clone()],
            },
        }
    }

    /// Starts a session on `transport` as [`lifecycle`](Self::lifecycle)
    /// says. (rmcp's `serve` always sends `initialize`.)
    ///
    /// # Errors
    ///
    /// When the transport fails or the server accepts no version offered.
    pub async fn connect<T, E, A>(
        self,
        transport: T,
    ) -> Result<RunningService<RoleClient, Self>, ClientInitializeError>
    where
        T: IntoTransport<RoleClient, E, A>,
        E: std::error::Error + Send + Sync + 'static,
    {
        let lifecycle = self.lifecycle();
        self.serve_with_lifecycle(transport, lifecycle).await
    }

    /// The version `initialize` offers.
    fn initialize_version(&self) -> mcp::ProtocolVersion {
        match &self.pinned {
            Some(version) if version.has_initialize() => version.clone(),
            _ => mcp::ProtocolVersion::LATEST_WITH_INITIALIZE,
        }
    }

    /// At most `limit` requests from each server within `window`.
    #[must_use]
    pub fn with_rate_limit(self, limit: usize, window: Duration) -> Self {
        ElicitationClient {
            limiter: Mutex::new(RateLimiter::new(limit, window)),
            ..self
        }
    }

    /// Declines, without showing it, every form that looks like it asks for
    /// a secret (off by default: the responder is told and warns).
    #[must_use]
    pub fn decline_secret_forms(mut self, decline: bool) -> Self {
        self.decline_secret_forms = decline;
        self
    }

    /// Reads, checks and answers one request.
    pub(super) async fn answer(
        &self,
        params: mcp::ElicitRequestParams,
        peer: Option<&mcp::ServerPeerInfo>,
    ) -> Result<ElicitResult, mcp::ErrorData> {
        let server = peer
            .and_then(|info| info.server_info.as_ref())
            .map_or_else(|| "the server".to_owned(), |info| info.name.clone());
        let version = peer.map_or_else(
            || self.initialize_version(),
            |info| info.protocol_version.clone(),
        );
        let revision = Revision::parse(version.as_str()).map_err(|error| {
            mcp::ErrorData::invalid_request(
                format!(
                    "the negotiated protocol version `{}` has no elicitation this client knows: \
                     {error}",
                    elicit_runtime::__integration::Excerpt(version.as_str())
                ),
                None,
            )
        })?;
        self.limiter
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .check_now(&server)
            .map_err(|limited| {
                mcp::ErrorData::new(mcp::ErrorCode(RATE_LIMITED_CODE), limited.to_string(), None)
            })?;
        let wire = serde_json::to_value(&params)
            .map_err(|error| mcp::ErrorData::invalid_params(error.to_string(), None))?;
        let ask = Ask::from_params(&wire).map_err(invalid_params)?;
        ask.check_mode(&self.capability, revision)
            .map_err(invalid_params)?;
        let secrets = match &ask {
            Ask::Form(form) => secret_warnings(form),
            Ask::Url(_) => Vec::new(),
        };
        if self.decline_secret_forms && !secrets.is_empty() {
            return Ok(ElicitResult::decline());
        }
        let result = self
            .responder
            .respond(Incoming {
                server,
                revision,
                ask: ask.clone(),
                secrets,
            })
            .await;
        check_answer(&ask, &result)?;
        Ok(result)
    }
}

/// A request for a capability the client did not declare, as JSON-RPC
/// `-32601` (method not found).
fn undeclared(method: &str, capability: &str) -> mcp::ErrorData {
    mcp::ErrorData::new(
        mcp::ErrorCode::METHOD_NOT_FOUND,
        format!(
            "this client did not declare `{capability}`, so it does not answer `{method}`: a \
             server must ask only for what the client declares"
        ),
        None,
    )
}

/// A request the client cannot show, as JSON-RPC `-32602`.
fn invalid_params(error: FormError) -> mcp::ErrorData {
    mcp::ErrorData::invalid_params(error.to_string(), None)
}

/// Refuses to send an `accept` whose content fails the form's checks, that
/// carries content for a URL, or that consents to a URL the client will not
/// open (not `http` or `https`).
fn check_answer(ask: &Ask, result: &ElicitResult) -> Result<(), mcp::ErrorData> {
    if result.action != Action::Accept {
        return Ok(());
    }
    let content = result.content.clone().unwrap_or_default();
    match ask {
        Ask::Form(form) => {
            elicit_runtime::rules::content(form.schema(), &content, true).map_err(|errors| {
                mcp::ErrorData::internal_error(
                    format!(
                        "the answer was not sent, because it fails the form's checks: {errors}; \
                         build it with `Answer::finish`"
                    ),
                    None,
                )
            })
        }
        Ask::Url(view) if !view.is_openable() => Err(mcp::ErrorData::internal_error(
            format!(
                "the answer was not sent, because it accepts a URL with the scheme `{}`, which \
                 is no web page this client will open: decline it (`ElicitResult::decline`)",
                elicit_runtime::__integration::Excerpt(view.scheme())
            ),
            None,
        )),
        Ask::Url(_) if !content.is_empty() => Err(mcp::ErrorData::internal_error(
            "the answer was not sent, because it carries content for a URL-mode request: \
             accept a URL with `ElicitResult::accept_url`",
            None,
        )),
        Ask::Url(_) => Ok(()),
    }
}

impl<R: Responder> ClientHandler for ElicitationClient<R> {
    fn get_info(&self) -> mcp::ClientConfig {
        let mut capabilities = mcp::ClientCapabilities::default();
        capabilities.elicitation = Some(capability_to_rmcp(&self.capability));
        mcp::ClientConfig::new(capabilities, self.info.clone())
            .with_protocol_version(self.initialize_version())
    }

    /// Refused: this client declares no `sampling`.
    // rmcp marks sampling and roots deprecated (SEP-2577); refusing them is
    // still the answer owed to a server that asks.
    #[allow(deprecated)]
    async fn create_message(
        &self,
        _params: mcp::CreateMessageRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<mcp::CreateMessageResult, mcp::ErrorData> {
        Err(undeclared("sampling/createMessage", "sampling"))
    }

    /// Refused: this client declares no `roots` (rmcp's default would answer
    /// an empty list).
    #[allow(deprecated)]
    async fn list_roots(
        &self,
        _context: RequestContext<RoleClient>,
    ) -> Result<mcp::ListRootsResult, mcp::ErrorData> {
        Err(undeclared("roots/list", "roots"))
    }

    async fn create_elicitation(
        &self,
        request: mcp::ElicitRequestParams,
        context: RequestContext<RoleClient>,
    ) -> Result<mcp::ElicitResult, mcp::ErrorData> {
        let peer = context.peer.peer_info();
        let result = self.answer(request, peer.as_deref()).await?;
        Ok(result_to_rmcp(&result))
    }
}

/// A [`Responder`] that asks the person at the terminal with the
/// interactive form of [`elicit_ask`]
/// (feature `terminal`): one request at a time, on a blocking
/// thread, so the client's other work goes on.
///
/// When the terminal cannot be used (standard input is not a terminal),
/// the request is cancelled and the reason written to standard error.
#[cfg(feature = "terminal")]
#[derive(Debug, Default)]
pub struct TerminalResponder {
    turn: std::sync::Arc<Mutex<()>>,
}

#[cfg(feature = "terminal")]
impl TerminalResponder {
    /// A responder for the terminal the program runs in.
    pub fn new() -> TerminalResponder {
        TerminalResponder::default()
    }
}

#[cfg(feature = "terminal")]
impl Responder for TerminalResponder {
    async fn respond(&self, incoming: Incoming) -> ElicitResult {
        let turn = self.turn.clone();
        let asked = tokio::task::spawn_blocking(move || {
            let _turn = turn
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            elicit_ask::respond(&incoming.ask, &incoming.server)
        })
        .await;
        match asked {
            Ok(Ok(result)) => result,
            Ok(Err(error)) => {
                eprintln!("{error}");
                ElicitResult::cancel()
            }
            Err(error) => {
                eprintln!("the terminal form stopped: {error}");
                ElicitResult::cancel()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn url(url: &str) -> Ask {
        Ask::from_params(&json!({ "mode": "url", "url": url, "message": "Continue" })).unwrap()
    }

    #[test]
    fn an_accept_of_a_url_that_is_no_web_page_is_never_sent() {
        for dangerous in [
            "javascript:alert(1)",
            "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
            "file:///etc/passwd",
            "vbscript:msgbox",
            "ms-msdt:/id",
        ] {
            let ask = url(dangerous);
            let refused = check_answer(&ask, &ElicitResult::accept_url()).unwrap_err();
            assert!(
                refused
                    .message
                    .contains("no web page this client will open"),
                "{dangerous}: {}",
                refused.message
            );
            assert!(check_answer(&ask, &ElicitResult::decline()).is_ok());
            assert!(check_answer(&ask, &ElicitResult::cancel()).is_ok());
        }
    }

    #[test]
    fn an_accept_of_a_web_page_is_sent() {
        for page in ["https://mcp.example.com/connect", "http://pay.example/i/7"] {
            assert!(check_answer(&url(page), &ElicitResult::accept_url()).is_ok());
        }
    }
}
