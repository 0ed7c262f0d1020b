//! The JSON-RPC 2.0 envelopes around the elicitation messages, and the error
//! of reading one.

use core::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::RequestId;
use crate::excerpt::Excerpt;
use crate::limits::JsonError;
use crate::limits::Limits;
use crate::rules::Received;

/// Why a JSON-RPC message is not the elicitation message it was read as.
///
/// ```
/// use elicit_runtime::protocol::{ElicitRequestParams, MessageError};
/// use serde_json::json;
///
/// let ping = json!({ "jsonrpc": "2.0", "id": 1, "method": "ping" });
/// let error = ElicitRequestParams::from_jsonrpc(&ping).unwrap_err();
/// assert!(matches!(error, MessageError::WrongMethod { .. }));
/// assert_eq!(error.to_string(), "expected method `elicitation/create`, found `ping`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MessageError {
    /// The message (or one of its members) is not a JSON object.
    NotAnObject {
        /// The member, or `""` for the message itself.
        member: &'static str,
        /// What came instead.
        received: Received,
    },
    /// `jsonrpc` is missing or is not `"2.0"`.
    NotJsonRpc,
    /// The method is not the one expected.
    WrongMethod {
        /// The method expected.
        expected: &'static str,
        /// The method found, cut short, or `None` when there is none.
        found: Option<String>,
    },
    /// A member the message needs is missing.
    Missing {
        /// The member's name.
        member: &'static str,
    },
    /// The error code is not the one expected.
    WrongCode {
        /// The code expected.
        expected: i64,
        /// The code found, cut short.
        found: String,
    },
    /// The text of the message is not JSON, names a member twice, or
    /// breaks one of the [`Limits`].
    Json(JsonError),
    /// A member does not have the shape the spec gives it.
    Invalid {
        /// The member's name.
        member: &'static str,
        /// What is wrong with it.
        reason: String,
    },
}

impl MessageError {
    pub(crate) fn invalid(member: &'static str, reason: impl fmt::Display) -> MessageError {
        MessageError::Invalid {
            member,
            reason: reason.to_string(),
        }
    }
}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageError::NotAnObject {
                member: "",
                received,
            } => write!(
                f,
                "a JSON-RPC message must be an object, received {received}"
            ),
            MessageError::NotAnObject { member, received } => {
                write!(f, "`{member}` must be an object, received {received}")
            }
            MessageError::NotJsonRpc => {
                f.write_str("not a JSON-RPC 2.0 message: `jsonrpc` must be the string `2.0`")
            }
            MessageError::WrongMethod {
                expected,
                found: Some(found),
            } => write!(f, "expected method `{expected}`, found `{found}`"),
            MessageError::WrongMethod {
                expected,
                found: None,
            } => write!(f, "expected method `{expected}`, found no `method`"),
            MessageError::Missing { member } => {
                write!(f, "the message has no `{member}`, which it needs")
            }
            MessageError::WrongCode { expected, found } => {
                write!(f, "expected error code `{expected}`, found `{found}`")
            }
            MessageError::Json(error) => write!(f, "unreadable message: {error}"),
            MessageError::Invalid { member, reason } => write!(f, "invalid `{member}`: {reason}"),
        }
    }
}

impl std::error::Error for MessageError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MessageError::Json(error) => Some(error),
            _ => None,
        }
    }
}

/// A message of this module's types as a JSON value. They write only
/// string keys and `serde_json` numbers, which `serde_json` always takes;
/// the `Null` that would stand for a failure is never reached.
pub(crate) fn value_of<T: Serialize + ?Sized>(message: &T) -> Value {
    serde_json::to_value(message).unwrap_or(Value::Null)
}

/// `{"jsonrpc": "2.0", "id", "method", "params"}`.
pub(crate) fn request(id: RequestId, method: &str, params: Value) -> Value {
    let mut message = envelope();
    message.insert("id".into(), id_value(id));
    message.insert("method".into(), method.into());
    message.insert("params".into(), params);
    Value::Object(message)
}

/// `{"jsonrpc": "2.0", "method", "params"}`.
pub(crate) fn notification(method: &str, params: Value) -> Value {
    let mut message = envelope();
    message.insert("method".into(), method.into());
    message.insert("params".into(), params);
    Value::Object(message)
}

/// `{"jsonrpc": "2.0", "id", "result"}`.
pub(crate) fn response(id: RequestId, result: Value) -> Value {
    let mut message = envelope();
    message.insert("id".into(), id_value(id));
    message.insert("result".into(), result);
    Value::Object(message)
}

/// `{"jsonrpc": "2.0", "id", "error"}`.
pub(crate) fn error_response(id: RequestId, error: Value) -> Value {
    let mut message = envelope();
    message.insert("id".into(), id_value(id));
    message.insert("error".into(), error);
    Value::Object(message)
}

/// `{"code", "message", "data"?}`: a JSON-RPC error object.
pub(crate) fn error(code: i64, message: &str, data: Option<Value>) -> Value {
    let mut error = Map::new();
    error.insert("code".into(), code.into());
    error.insert("message".into(), message.into());
    if let Some(data) = data {
        error.insert("data".into(), data);
    }
    Value::Object(error)
}

fn envelope() -> Map<String, Value> {
    let mut message = Map::new();
    message.insert("jsonrpc".into(), "2.0".into());
    message
}

fn id_value(id: RequestId) -> Value {
    match id {
        RequestId::Number(n) => n.into(),
        RequestId::String(s) => s.into(),
    }
}

/// The object of a JSON-RPC 2.0 message.
fn read_envelope(message: &Value) -> Result<&Map<String, Value>, MessageError> {
    // Before anything reads or copies it: a copy of a value nested too deep
    // would recurse as deep.
    Limits::DEFAULT
        .check_value(message)
        .map_err(|error| MessageError::Json(JsonError::TooLarge(error)))?;
    let Value::Object(map) = message else {
        return Err(MessageError::NotAnObject {
            member: "",
            received: Received::of(message),
        });
    };
    match map.get("jsonrpc") {
        Some(Value::String(version)) if version == "2.0" => Ok(map),
        _ => Err(MessageError::NotJsonRpc),
    }
}

fn read_method(map: &Map<String, Value>, expected: &'static str) -> Result<(), MessageError> {
    match map.get("method") {
        Some(Value::String(method)) if method == expected => Ok(()),
        Some(Value::String(method)) => Err(MessageError::WrongMethod {
            expected,
            found: Some(Excerpt(method).to_string()),
        }),
        Some(other) => Err(MessageError::WrongMethod {
            expected,
            found: Some(Received::of(other).to_string()),
        }),
        None => Err(MessageError::WrongMethod {
            expected,
            found: None,
        }),
    }
}

fn read_id(map: &Map<String, Value>) -> Result<RequestId, MessageError> {
    let id = map
        .get("id")
        .ok_or(MessageError::Missing { member: "id" })?;
    RequestId::deserialize(id).map_err(|_| {
        MessageError::invalid(
            "id",
            format_args!(
                "a request id is a string or an integer, received {}",
                Received::of(id)
            ),
        )
    })
}

fn read_member<'a>(
    map: &'a Map<String, Value>,
    member: &'static str,
) -> Result<&'a Value, MessageError> {
    map.get(member).ok_or(MessageError::Missing { member })
}

/// The id and params of a request for `method`.
pub(crate) fn read_request<'a>(
    message: &'a Value,
    method: &'static str,
) -> Result<(RequestId, &'a Value), MessageError> {
    let map = read_envelope(message)?;
    read_method(map, method)?;
    let id = read_id(map)?;
    Ok((id, read_member(map, "params")?))
}

/// The params of a notification for `method`.
pub(crate) fn read_notification<'a>(
    message: &'a Value,
    method: &'static str,
) -> Result<&'a Value, MessageError> {
    let map = read_envelope(message)?;
    read_method(map, method)?;
    read_member(map, "params")
}

/// The id and result of a response.
pub(crate) fn read_response(message: &Value) -> Result<(RequestId, &Value), MessageError> {
    let map = read_envelope(message)?;
    let id = read_id(map)?;
    Ok((id, read_member(map, "result")?))
}

/// The id (absent or `null` when the request could not be read) and error
/// object of an error response.
pub(crate) fn read_error_response(
    message: &Value,
) -> Result<(Option<RequestId>, &Value), MessageError> {
    let map = read_envelope(message)?;
    let id = match map.get("id") {
        None | Some(Value::Null) => None,
        Some(_) => Some(read_id(map)?),
    };
    Ok((id, read_member(map, "error")?))
}
