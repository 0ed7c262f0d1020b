//! Why an elicitation cannot be sent: the refusals of [`Elicitor`] and of
//! rendering a request for a revision.
//!
//! [`Elicitor`]: super::Elicitor

use core::fmt;

use super::{ElicitationId, Mode, RandomnessError, Revision, UrlPolicy};
use crate::excerpt::Excerpt;
use crate::format::FormatError;
use crate::wire::RenderError;

/// Why an elicitation request cannot be built, sent or accepted.
///
/// A server meets these before anything goes on the wire; a client that
/// checks an incoming request with [`Elicitor::check`] answers any of them
/// with JSON-RPC error [`RequestError::INVALID_PARAMS`].
///
/// [`Elicitor::check`]: super::Elicitor::check
///
/// ```
/// use elicit_runtime::protocol::{ElicitationCapability, Elicitor, Mode, RequestError, Revision};
///
/// let elicitor = Elicitor::new(Revision::V2025_11_25, ElicitationCapability::form_only());
/// let error = elicitor.url("Connect your account", "https://example.com/connect").unwrap_err();
/// assert_eq!(error, RequestError::ModeNotDeclared { mode: Mode::Url });
/// assert!(error.to_string().starts_with("the client did not declare `url` mode"));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum RequestError {
    /// The client declared no `elicitation` capability at all.
    ElicitationNotDeclared,
    /// The client's capability does not declare this mode.
    ModeNotDeclared {
        /// The mode asked for.
        mode: Mode,
    },
    /// The revision has no such mode (URL mode before 2025-11-25).
    ModeNotInRevision {
        /// The mode asked for.
        mode: Mode,
        /// The negotiated revision.
        revision: Revision,
    },
    /// A URL-mode `url` that is not an absolute URI.
    InvalidUrl {
        /// The URL given, cut short.
        url: String,
        /// What is wrong with it.
        error: FormatError,
    },
    /// A URL-mode `url` whose scheme a server may not send: anything but
    /// `https`, and `http` except to a loopback host under
    /// [`UrlPolicy::HttpsOrLoopbackHttp`]. See [`UrlPolicy`].
    UrlSchemeRefused {
        /// The URL given, cut short.
        url: String,
        /// Its scheme, lowercase and cut short.
        scheme: String,
        /// The policy that refused it.
        policy: UrlPolicy,
    },
    /// A URL-mode `url` with a web scheme but no host, which the client
    /// could not show the user.
    UrlWithoutHost {
        /// The URL given, cut short.
        url: String,
    },
    /// The form has a field the revision cannot express.
    SchemaNotRenderable(RenderError),
    /// A form-mode request for a form with a secret field
    /// ([`Property::secret`](crate::schema::Property::secret)), built from
    /// its schema by hand: MCP forbids secrets in form mode. (Asked through
    /// its type, such a form does not compile: it is not
    /// [`FormMode`](crate::FormMode).)
    SecretInFormMode {
        /// The secret field's name, cut short.
        field: String,
    },
    /// A URL-mode request for 2025-11-25 (or in a `-32042` error) without
    /// an `elicitationId`.
    MissingElicitationId,
    /// No random numbers for a fresh `elicitationId`.
    Randomness(RandomnessError),
    /// The revision has no `elicitation/create` request from server to
    /// client (2026-07-28 asks through an `InputRequiredResult`).
    NoServerRequest {
        /// The negotiated revision.
        revision: Revision,
    },
    /// The revision has no `InputRequiredResult` (before 2026-07-28).
    NoInputRequired {
        /// The negotiated revision.
        revision: Revision,
    },
    /// Two input requests of one `InputRequiredResult` under the same key.
    DuplicateKey {
        /// The key, cut short.
        key: String,
    },
    /// An `InputRequiredResult` with neither an input request nor a
    /// `requestState`.
    NothingRequired,
    /// The params of an input request that do not write as JSON.
    UnwritableParams {
        /// The request's method.
        method: &'static str,
        /// Why, in `serde_json`'s words.
        reason: String,
    },
}

impl RequestError {
    /// JSON-RPC "invalid params": what a client answers a request it must
    /// refuse, such as one in a mode it did not declare.
    pub const INVALID_PARAMS: i64 = -32602;

    pub(crate) fn invalid_url(url: &str, error: FormatError) -> RequestError {
        RequestError::InvalidUrl {
            url: Excerpt(url).to_string(),
            error,
        }
    }

    pub(crate) fn url_scheme_refused(url: &str, scheme: &str, policy: UrlPolicy) -> RequestError {
        RequestError::UrlSchemeRefused {
            url: Excerpt(url).to_string(),
            scheme: Excerpt(&scheme.to_ascii_lowercase()).to_string(),
            policy,
        }
    }

    pub(crate) fn url_without_host(url: &str) -> RequestError {
        RequestError::UrlWithoutHost {
            url: Excerpt(url).to_string(),
        }
    }

    pub(crate) fn secret_in_form_mode(field: &str) -> RequestError {
        RequestError::SecretInFormMode {
            field: Excerpt(field).to_string(),
        }
    }

    pub(crate) fn duplicate_key(key: &str) -> RequestError {
        RequestError::DuplicateKey {
            key: Excerpt(key).to_string(),
        }
    }
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestError::ElicitationNotDeclared => f.write_str(
                "the client did not declare the `elicitation` capability, so it cannot be asked: \
                 carry on without asking, or fail the call and say what is missing",
            ),
            RequestError::ModeNotDeclared { mode: Mode::Form } => f.write_str(
                "the client did not declare `form` mode in its `elicitation` capability, and a \
                 server must not send a mode the client did not declare: ask through `url` mode, \
                 which it declared",
            ),
            RequestError::ModeNotDeclared { mode: Mode::Url } => f.write_str(
                "the client did not declare `url` mode in its `elicitation` capability, and a \
                 server must not send a mode the client did not declare: ask for non-sensitive \
                 data in `form` mode, or fail the call and tell the user where to go",
            ),
            RequestError::ModeNotInRevision { mode, revision } => write!(
                f,
                "revision `{revision}` has no `{mode}` mode: negotiate `2025-11-25` or later, or \
                 ask in `form` mode"
            ),
            RequestError::InvalidUrl { url, error } => {
                write!(f, "invalid elicitation `url` `{url}`: {error}")
            }
            RequestError::UrlSchemeRefused {
                url,
                scheme,
                policy,
            } => scheme_refused(f, url, scheme, *policy),
            RequestError::UrlWithoutHost { url } => write!(
                f,
                "elicitation `url` `{url}` names no host, which the client must show the user: \
                 give the page's full address, such as `https://example.com/connect`"
            ),
            RequestError::SchemaNotRenderable(error) => fmt::Display::fmt(error, f),
            RequestError::SecretInFormMode { field } => write!(
                f,
                "the form has the secret field `{field}`, and MCP forbids secrets in form mode: \
                 ask the form as a web form, with `web_form`"
            ),
            RequestError::MissingElicitationId => f.write_str(
                "a URL-mode request needs an `elicitationId` in revision `2025-11-25`: draw one \
                 with `UrlRequest::with_generated_id` or give yours with \
                 `UrlRequest::with_elicitation_id`",
            ),
            RequestError::Randomness(error) => fmt::Display::fmt(error, f),
            RequestError::NoServerRequest { revision } => write!(
                f,
                "revision `{revision}` has no `elicitation/create` request from server to \
                 client: return the request inside an `InputRequiredResult`"
            ),
            RequestError::NoInputRequired { revision } => write!(
                f,
                "revision `{revision}` has no `InputRequiredResult`: send the request as an \
                 `elicitation/create` JSON-RPC request"
            ),
            RequestError::DuplicateKey { key } => write!(
                f,
                "the key `{key}` already names an input request of this `InputRequiredResult`: \
                 give each request its own key"
            ),
            RequestError::NothingRequired => f.write_str(
                "an `InputRequiredResult` needs an input request or a `requestState`: add one \
                 with `form`, `url`, `request` or `request_state`",
            ),
            RequestError::UnwritableParams { method, reason } => write!(
                f,
                "the params of `{method}` do not write as JSON ({}): give params whose \
                 `Serialize` succeeds",
                Excerpt(reason)
            ),
        }
    }
}

/// The message of [`RequestError::UrlSchemeRefused`]: what the policy
/// allows, by the scheme refused.
fn scheme_refused(
    f: &mut fmt::Formatter<'_>,
    url: &str,
    scheme: &str,
    policy: UrlPolicy,
) -> fmt::Result {
    match (scheme, policy) {
        ("http", UrlPolicy::HttpsOrLoopbackHttp) => write!(
            f,
            "elicitation `url` `{url}` uses `http` to a host that is not loopback: serve the page \
             over `https` (`http` is allowed only to `localhost`, `127.0.0.0/8` and `[::1]`)"
        ),
        ("http", _) => write!(
            f,
            "elicitation `url` `{url}` uses `http`: serve the page over `https` (`http` is \
             allowed only to a loopback host, under `UrlPolicy::HttpsOrLoopbackHttp`)"
        ),
        _ => write!(
            f,
            "elicitation `url` `{url}` uses the scheme `{scheme}`, which is no web page a client \
             may open: serve the page over `https`"
        ),
    }
}

impl std::error::Error for RequestError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RequestError::InvalidUrl { error, .. } => Some(error),
            RequestError::SchemaNotRenderable(error) => Some(error),
            RequestError::Randomness(error) => Some(error),
            _ => None,
        }
    }
}

impl From<RenderError> for RequestError {
    fn from(error: RenderError) -> RequestError {
        RequestError::SchemaNotRenderable(error)
    }
}

impl From<RandomnessError> for RequestError {
    fn from(error: RandomnessError) -> RequestError {
        RequestError::Randomness(error)
    }
}

/// Draws a fresh id, as a [`RequestError`] on failure.
pub(crate) fn fresh_id() -> Result<ElicitationId, RequestError> {
    Ok(ElicitationId::generate()?)
}
