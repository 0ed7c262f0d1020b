//! `ElicitResult`: the client's answer, and the one reader every path
//! through the toolkit uses to take it apart.

use core::fmt;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use super::{Action, MessageError, RequestId, jsonrpc};
use crate::excerpt::Excerpt;
use crate::limits::Limits;
use crate::limits::{JsonError, LimitError, text::duplicate_key};
use crate::rules::Received;

/// The result of `elicitation/create`.
///
/// Reading is lenient where the spec is: unknown keys are ignored, and
/// `content` sent with `decline` or `cancel` is dropped. A missing or
/// unknown `action`, or `content`/`_meta` that is not an object on
/// `accept`, is an error.
///
/// ```
/// use elicit_runtime::protocol::{Action, ElicitResult};
///
/// let result: ElicitResult = serde_json::from_str(
///     r#"{"action":"accept","content":{"name":"octocat"}}"#,
/// )
/// .unwrap();
/// assert_eq!(result.action, Action::Accept);
/// assert_eq!(serde_json::to_string(&ElicitResult::decline()).unwrap(), r#"{"action":"decline"}"#);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ElicitResult {
    /// What the user did.
    pub action: Action,
    /// The submitted values, on `accept`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<Map<String, Value>>,
    /// `_meta`, passed through untouched.
    #[serde(rename = "_meta", skip_serializing_if = "Option::is_none")]
    pub meta: Option<Map<String, Value>>,
}

impl ElicitResult {
    /// An `accept` with `content`.
    pub fn accept(content: Map<String, Value>) -> ElicitResult {
        ElicitResult {
            action: Action::Accept,
            content: Some(content),
            meta: None,
        }
    }

    /// An `accept` without content: the answer to a URL-mode request, where
    /// the user consented to open the URL.
    ///
    /// ```
    /// use elicit_runtime::protocol::ElicitResult;
    ///
    /// assert_eq!(serde_json::to_string(&ElicitResult::accept_url()).unwrap(), r#"{"action":"accept"}"#);
    /// ```
    pub fn accept_url() -> ElicitResult {
        ElicitResult {
            action: Action::Accept,
            content: None,
            meta: None,
        }
    }

    /// A `decline`.
    pub fn decline() -> ElicitResult {
        ElicitResult {
            action: Action::Decline,
            content: None,
            meta: None,
        }
    }

    /// A `cancel`.
    pub fn cancel() -> ElicitResult {
        ElicitResult {
            action: Action::Cancel,
            content: None,
            meta: None,
        }
    }

    /// Reads a result from its JSON value, moving the content out.
    ///
    /// ```
    /// use elicit_runtime::protocol::{ElicitResult, ResultError};
    ///
    /// let read = ElicitResult::from_value(serde_json::json!({ "action": "nope" }));
    /// assert!(matches!(read, Err(ResultError::UnknownAction { .. })));
    /// ```
    pub fn from_value(value: Value) -> Result<ElicitResult, ResultError> {
        if let Err(error) = Limits::DEFAULT.check_value(&value) {
            crate::limits::dispose(value);
            return Err(ResultError::TooLarge(error));
        }
        let Value::Object(mut map) = value else {
            return Err(ResultError::NotAnObject {
                received: Received::of(&value),
            });
        };
        let action = ResultParts::read_map(&map)?.action;
        let mut take = |key: &str| match map.remove(key) {
            Some(Value::Object(inner)) => Some(inner),
            _ => None,
        };
        let meta = take("_meta");
        let content = if action == Action::Accept {
            take("content")
        } else {
            None
        };
        Ok(ElicitResult {
            action,
            content,
            meta,
        })
    }
}

impl ElicitResult {
    /// The whole JSON-RPC response to the request `id` (2025-06-18,
    /// 2025-11-25; in 2026-07-28 the result goes into the retried request's
    /// `inputResponses` instead).
    ///
    /// ```
    /// use elicit_runtime::protocol::ElicitResult;
    /// use serde_json::json;
    ///
    /// let response = ElicitResult::decline().to_jsonrpc(2);
    /// assert_eq!(response, json!({ "jsonrpc": "2.0", "id": 2, "result": { "action": "decline" } }));
    /// let (id, back) = ElicitResult::from_jsonrpc(&response).unwrap();
    /// assert_eq!((id, back), (2.into(), ElicitResult::decline()));
    /// ```
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        let result = jsonrpc::value_of(self);
        jsonrpc::response(id.into(), result)
    }

    /// Reads a whole JSON-RPC response carrying an `ElicitResult`.
    ///
    /// # Errors
    ///
    /// A [`MessageError`] when the message is not a JSON-RPC 2.0 response
    /// with an id, or its result is not a well-formed `ElicitResult`.
    pub fn from_jsonrpc(message: &Value) -> Result<(RequestId, ElicitResult), MessageError> {
        // The envelope's reader checked the limits before this copy.
        let (id, result) = jsonrpc::read_response(message)?;
        let result = ElicitResult::from_value(result.clone())
            .map_err(|error| MessageError::invalid("result", error))?;
        Ok((id, result))
    }
}

impl<'de> Deserialize<'de> for ElicitResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ElicitResult, D::Error> {
        let value = Value::deserialize(deserializer)?;
        ElicitResult::from_value(value).map_err(serde::de::Error::custom)
    }
}

/// The pieces of a result, borrowed from its JSON value.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ResultParts<'a> {
    pub(crate) action: Action,
    /// The content on `accept`, `None` when absent or `null`.
    pub(crate) content: Option<&'a Map<String, Value>>,
}

impl<'a> ResultParts<'a> {
    /// Checks the shape of a result and borrows its parts.
    pub(crate) fn read(value: &'a Value) -> Result<ResultParts<'a>, ResultError> {
        match value {
            Value::Object(result) => ResultParts::read_map(result),
            other => Err(ResultError::NotAnObject {
                received: Received::of(other),
            }),
        }
    }

    /// [`ResultParts::read`] of a result already known to be an object.
    pub(crate) fn read_map(result: &'a Map<String, Value>) -> Result<ResultParts<'a>, ResultError> {
        // One pass over the few keys of a result, rather than a hashed
        // lookup of each key read.
        let (mut action, mut meta, mut content) = (None, None, None);
        for (key, value) in result {
            match key.as_str() {
                "action" => action = Some(value),
                "_meta" => meta = Some(value),
                "content" => content = Some(value),
                _ => {}
            }
        }
        let action = match action {
            Some(Value::String(action)) => {
                Action::from_name(action).ok_or_else(|| ResultError::UnknownAction {
                    action: Excerpt(action).to_string(),
                })?
            }
            Some(other) => {
                return Err(ResultError::ActionNotString {
                    received: Received::of(other),
                });
            }
            None => return Err(ResultError::MissingAction),
        };
        match meta {
            None | Some(Value::Object(_)) => {}
            Some(other) => {
                return Err(ResultError::MetaNotObject {
                    received: Received::of(other),
                });
            }
        }
        let content = match content {
            _ if action != Action::Accept => None,
            None | Some(Value::Null) => None,
            Some(Value::Object(content)) => Some(content),
            Some(other) => {
                return Err(ResultError::ContentNotObject {
                    received: Received::of(other),
                });
            }
        };
        Ok(ResultParts { action, content })
    }
}

/// Why a client's answer is not a well-formed `ElicitResult`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResultError {
    /// The text is not JSON.
    NotJson {
        /// The parser's message.
        message: String,
    },
    /// The result is not a JSON object.
    NotAnObject {
        /// What came instead.
        received: Received,
    },
    /// The result has no `action`.
    MissingAction,
    /// `action` is not a string.
    ActionNotString {
        /// What came instead.
        received: Received,
    },
    /// `action` is not `accept`, `decline` or `cancel`.
    UnknownAction {
        /// The action received, cut short.
        action: String,
    },
    /// `content` on an `accept` is not an object.
    ContentNotObject {
        /// What came instead.
        received: Received,
    },
    /// `_meta` is not an object.
    MetaNotObject {
        /// What came instead.
        received: Received,
    },
    /// An object of the result's text names the same member twice.
    DuplicateKey {
        /// The name, cut short.
        key: String,
    },
    /// The result breaks one of the [`Limits`].
    TooLarge(LimitError),
}

impl From<JsonError> for ResultError {
    fn from(error: JsonError) -> ResultError {
        match error {
            JsonError::Syntax { message } => ResultError::NotJson { message },
            JsonError::DuplicateKey { key } => ResultError::DuplicateKey { key },
            JsonError::TooLarge(limit) => ResultError::TooLarge(limit),
        }
    }
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultError::NotJson { message } => {
                write!(f, "the result is not valid JSON: {message}")
            }
            ResultError::NotAnObject { received } => {
                write!(f, "the result must be an object, received {received}")
            }
            ResultError::MissingAction => {
                f.write_str("missing `action`: expected `accept`, `decline` or `cancel`")
            }
            ResultError::ActionNotString { received } => write!(
                f,
                "`action` must be the string `accept`, `decline` or `cancel`, received {received}"
            ),
            ResultError::UnknownAction { action } => write!(
                f,
                "unknown `action` `{action}`: expected `accept`, `decline` or `cancel`"
            ),
            ResultError::ContentNotObject { received } => {
                write!(
                    f,
                    "`content` must be an object of field values, received {received}"
                )
            }
            ResultError::MetaNotObject { received } => {
                write!(f, "`_meta` must be an object, received {received}")
            }
            ResultError::DuplicateKey { key } => duplicate_key(f, key),
            ResultError::TooLarge(limit) => write!(f, "the result is too large: {limit}"),
        }
    }
}

impl std::error::Error for ResultError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ResultError::TooLarge(error) => Some(error),
            _ => None,
        }
    }
}
