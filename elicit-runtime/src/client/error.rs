//! Why a client cannot show an `elicitation/create` request.

use core::fmt;

use serde_json::Value;

use crate::limits::LimitError;
use crate::protocol::{Mode, ReadError, RequestId, Revision};
use crate::wire::SchemaError;

/// Why the params of an `elicitation/create` cannot be shown to the user:
/// the client answers the request with JSON-RPC error
/// [`FormError::JSONRPC_CODE`] (`-32602`, invalid params), for which
/// [`FormError::to_jsonrpc`] writes the whole response.
///
/// ```
/// use elicit_runtime::client::{FormView, FormError};
/// use elicit_runtime::wire::SchemaErrorKind;
/// use serde_json::json;
///
/// let error = FormView::from_request(&json!({
///     "message": "Where do you live?",
///     "requestedSchema": {
///         "type": "object",
///         "properties": { "address": { "type": "object" } }
///     }
/// }))
/// .unwrap_err();
/// let FormError::Schema(schema) = &error else { unreachable!() };
/// assert_eq!(schema.kind(), SchemaErrorKind::NestedObject);
/// assert_eq!(schema.path(), "/properties/address/type");
/// assert_eq!(error.to_jsonrpc(4)["error"]["code"], -32602);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum FormError {
    /// The params are not a well-formed `elicitation/create`: not an
    /// object, an unknown `mode`, a missing or non-string `message`, no
    /// `requestedSchema`, a URL request without a valid `url`, ...
    Params {
        /// What is wrong, lowercase, without a trailing period.
        message: String,
    },
    /// The `requestedSchema` is outside the subset a form may use; the
    /// [`SchemaError`] says where and why.
    Schema(SchemaError),
    /// The params break the [`Limits`](crate::Limits): too deep, too long
    /// or too wide to read.
    TooLarge(LimitError),
    /// A URL-mode request was given where a form was expected: read it with
    /// [`Ask::from_params`](super::Ask::from_params), which takes both.
    UrlMode,
    /// The request uses a mode the client did not declare for the
    /// negotiated revision (see [`Ask::check_mode`](super::Ask::check_mode)).
    ModeNotDeclared {
        /// The mode of the request.
        mode: Mode,
        /// The negotiated revision.
        revision: Revision,
    },
}

impl FormError {
    /// JSON-RPC "invalid params", the code of the error response a client
    /// sends for a request it cannot show: `-32602`.
    pub const JSONRPC_CODE: i64 = -32602;

    /// The JSON-RPC error object: `{"code": -32602, "message": ...}`.
    pub fn to_error(&self) -> Value {
        crate::protocol::jsonrpc::error(FormError::JSONRPC_CODE, &self.to_string(), None)
    }

    /// The whole JSON-RPC error response to the request `id`.
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        crate::protocol::jsonrpc::error_response(id.into(), self.to_error())
    }
}

impl From<ReadError> for FormError {
    fn from(error: ReadError) -> FormError {
        match error {
            ReadError::Params(message) => FormError::Params { message },
            ReadError::TooLarge(error) => FormError::TooLarge(error),
            ReadError::Schema(error) => FormError::Schema(error),
        }
    }
}

impl fmt::Display for FormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormError::Params { message } => {
                write!(f, "invalid `elicitation/create` params: {message}")
            }
            FormError::Schema(error) => fmt::Display::fmt(error, f),
            FormError::TooLarge(error) => {
                write!(f, "unreadable `elicitation/create` params: {error}")
            }
            FormError::UrlMode => f.write_str(
                "the request is in `url` mode, not a form: read it with `Ask::from_params` and \
                 show it as a URL to open",
            ),
            FormError::ModeNotDeclared { mode, revision } => write!(
                f,
                "the request is in `{mode}` mode, which this client did not declare for \
                 revision `{revision}`: a server must send only the modes the client declared \
                 in its `elicitation` capability"
            ),
        }
    }
}

impl std::error::Error for FormError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FormError::Schema(error) => Some(error),
            FormError::TooLarge(error) => Some(error),
            _ => None,
        }
    }
}
