//! What can go wrong when a server elicits through rmcp.

use core::fmt;
use std::time::Duration;

use elicit_runtime::ElicitError;
use elicit_runtime::InputResponseError;
use elicit_runtime::protocol::{RequestError, RevisionError};
use elicit_runtime::rules::ValidationErrors;

/// Why an elicitation through rmcp did not produce an answer.
///
/// ```
/// use elicit_rmcp::RmcpElicitError;
/// use elicit_runtime::protocol::RequestError;
///
/// let error = RmcpElicitError::Request(RequestError::ElicitationNotDeclared);
/// assert!(error.to_string().contains("elicitation"));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum RmcpElicitError {
    /// The session has not finished `initialize`, so the client's
    /// capabilities are unknown.
    NotInitialized,
    /// The negotiated protocol version has no elicitation, or is not one
    /// this crate knows.
    Version {
        /// The version, as negotiated.
        version: String,
        /// What is wrong with it.
        error: RevisionError,
    },
    /// The request cannot be sent to this client: it declared no
    /// `elicitation` capability or not this mode, the revision lacks the
    /// mode or cannot express the form, or the revision asks through an
    /// input-required result instead (2026-07-28).
    Request(RequestError),
    /// rmcp's types cannot carry the message exactly.
    Conversion(ConversionError),
    /// The client did not answer in time.
    Timeout(Duration),
    /// rmcp could not deliver the request or the client answered with a
    /// JSON-RPC error.
    Service(rmcp::ServiceError),
    /// The client's result is malformed, or its content breaks the form.
    Result(ElicitError),
    /// A retried 2026-07-28 request carries no usable response.
    InputResponse(InputResponseError),
}

impl RmcpElicitError {
    /// The field errors, when the client accepted with invalid content.
    pub fn validation_errors(&self) -> Option<&ValidationErrors> {
        match self {
            RmcpElicitError::Result(error) => error.validation_errors(),
            RmcpElicitError::InputResponse(InputResponseError::Invalid { error, .. }) => {
                error.validation_errors()
            }
            _ => None,
        }
    }
}

impl fmt::Display for RmcpElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RmcpElicitError::NotInitialized => f.write_str(
                "the client has not finished `initialize`, so its elicitation capability is \
                 unknown: elicit from a request handler once the session is initialized",
            ),
            RmcpElicitError::Version { version, error } => {
                write!(
                    f,
                    "the negotiated protocol version `{version}` cannot elicit: {error}"
                )
            }
            // The one-request API cannot ask there: name the one that can.
            RmcpElicitError::Request(RequestError::NoServerRequest { revision }) => write!(
                f,
                "the client speaks {revision}, which has no `elicitation/create` from server to \
                 client, so `elicit_form` and `elicit_via_url` cannot ask it: take an `Ask` in \
                 the `#[tool]` (served by `FlowTools`) or open a `ServerFlow`, which ask through \
                 an input-required result on every revision"
            ),
            RmcpElicitError::Request(error) => write!(f, "{error}"),
            RmcpElicitError::Conversion(error) => write!(f, "{error}"),
            RmcpElicitError::Timeout(limit) => write!(
                f,
                "the client did not answer the elicitation within {} ms: ask again, or allow \
                 the user more time",
                limit.as_millis()
            ),
            RmcpElicitError::Service(error) => write!(f, "the elicitation request failed: {error}"),
            RmcpElicitError::Result(error @ ElicitError::InvalidContent(_)) => write!(
                f,
                "{error}\n(`elicit_form` asks once: an `Ask` or a `ServerFlow` asks the user \
                 again with these errors and the valid answers kept)"
            ),
            RmcpElicitError::Result(error) => write!(f, "{error}"),
            RmcpElicitError::InputResponse(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for RmcpElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RmcpElicitError::Request(error) => Some(error),
            RmcpElicitError::Conversion(error) => Some(error),
            RmcpElicitError::Service(error) => Some(error),
            RmcpElicitError::Result(error) => Some(error),
            RmcpElicitError::InputResponse(error) => Some(error),
            RmcpElicitError::NotInitialized
            | RmcpElicitError::Version { .. }
            | RmcpElicitError::Timeout(_) => None,
        }
    }
}

impl From<RequestError> for RmcpElicitError {
    fn from(error: RequestError) -> Self {
        RmcpElicitError::Request(error)
    }
}

impl From<ConversionError> for RmcpElicitError {
    fn from(error: ConversionError) -> Self {
        RmcpElicitError::Conversion(error)
    }
}

impl From<ElicitError> for RmcpElicitError {
    fn from(error: ElicitError) -> Self {
        RmcpElicitError::Result(error)
    }
}

impl From<InputResponseError> for RmcpElicitError {
    fn from(error: InputResponseError) -> Self {
        RmcpElicitError::InputResponse(error)
    }
}

impl From<rmcp::ServiceError> for RmcpElicitError {
    fn from(error: rmcp::ServiceError) -> Self {
        match error {
            rmcp::ServiceError::Timeout { timeout } => RmcpElicitError::Timeout(timeout),
            error => RmcpElicitError::Service(error),
        }
    }
}

/// A message that rmcp's types cannot carry exactly as this crate wrote
/// it (or the reverse).
///
/// rmcp's types are built to write exactly the JSON this crate writes:
/// property order, titles, defaults and enum styles survive, or the
/// conversion fails with this error rather than send something else (an
/// integer bound beyond `i64`, say, which rmcp keeps as `i64`).
///
/// ```
/// use elicit_rmcp::{ConversionError, request_from_rmcp};
/// use rmcp::model::ElicitRequestParams;
///
/// let params: ElicitRequestParams = serde_json::from_value(serde_json::json!({
///     "mode": "url",
///     "message": "Connect",
///     "url": "not a url",
///     "elicitationId": "e-1"
/// }))
/// .unwrap();
/// let error: ConversionError = request_from_rmcp(&params).unwrap_err();
/// assert!(error.to_string().starts_with("rmcp's `ElicitRequestParams` cannot be read as"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConversionError {
    /// The message's type on the side it came from.
    pub from: &'static str,
    /// The type it was to become.
    pub to: &'static str,
    /// What went wrong.
    pub reason: String,
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} cannot be read as {}: {}",
            self.from, self.to, self.reason
        )
    }
}

impl std::error::Error for ConversionError {}
