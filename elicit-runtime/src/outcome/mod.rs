//! The typed outcome of an elicitation: accepted with a value, declined or
//! cancelled.

mod read;
mod responses;

pub use responses::InputResponseError;

use serde_json::{Map, Value};

use crate::error::ElicitError;
use crate::form::Elicitable;
use crate::limits::Limits;
use crate::protocol::{Action, ElicitResult, ResultError, ResultParts};
use crate::rules::ValidationErrors;

/// What the user did with a form, with the validated value on accept.
///
/// ```
/// use elicit_runtime::{Elicitable, Elicitation};
///
/// #[derive(Debug, PartialEq, Elicitable)]
/// struct Name {
///     name: String,
/// }
///
/// let accepted = Elicitation::<Name>::from_json_str(
///     r#"{"action":"accept","content":{"name":"octocat"}}"#,
/// )
/// .unwrap();
/// assert_eq!(accepted, Elicitation::Accept(Name { name: "octocat".into() }));
///
/// let declined = Elicitation::<Name>::from_json_str(r#"{"action":"decline"}"#).unwrap();
/// assert_eq!(declined, Elicitation::Decline);
///
/// let invalid = Elicitation::<Name>::from_json_str(r#"{"action":"accept","content":{}}"#);
/// assert!(invalid.unwrap_err().validation_errors().is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[must_use]
pub enum Elicitation<T> {
    /// The user submitted the form; the content passed the schema.
    Accept(T),
    /// The user explicitly declined.
    Decline,
    /// The user dismissed the form without choosing.
    Cancel,
}

impl<T> Elicitation<T> {
    /// The action the user took.
    pub fn action(&self) -> Action {
        match self {
            Elicitation::Accept(_) => Action::Accept,
            Elicitation::Decline => Action::Decline,
            Elicitation::Cancel => Action::Cancel,
        }
    }

    /// The accepted value, if any.
    pub fn accepted(self) -> Option<T> {
        match self {
            Elicitation::Accept(value) => Some(value),
            Elicitation::Decline | Elicitation::Cancel => None,
        }
    }

    /// Maps the accepted value.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Elicitation<U> {
        match self {
            Elicitation::Accept(value) => Elicitation::Accept(f(value)),
            Elicitation::Decline => Elicitation::Decline,
            Elicitation::Cancel => Elicitation::Cancel,
        }
    }
}

impl<T: Elicitable> Elicitation<T> {
    /// Reads a typed result. Content is validated on `accept` only; an
    /// `accept` without content is read as empty content `{}`. Content is
    /// first checked against [`Limits::DEFAULT`].
    ///
    /// Content is read as the form is sent when nothing says otherwise: as
    /// declared, or from booleans for a form with
    /// [`Elicitable::DOWNLEVEL`]. For the answer to a request a
    /// 2025-06-18 client got down-levelled, read with
    /// [`CheckedRequest::read`](crate::protocol::CheckedRequest::read),
    /// which knows what was sent.
    pub fn from_result(result: &ElicitResult) -> Result<Elicitation<T>, ElicitError> {
        Self::from_result_with(result, &Limits::DEFAULT)
    }

    /// [`Elicitation::from_result`] within `limits`.
    pub fn from_result_with(
        result: &ElicitResult,
        limits: &Limits,
    ) -> Result<Elicitation<T>, ElicitError> {
        Self::from_parts(result.action, result.content.as_ref(), limits)
    }

    /// Reads a result from its JSON value, without copying the content.
    ///
    /// Unknown keys (such as `_meta`) are ignored; `content` on `decline` or
    /// `cancel` is not looked at. Content is first checked against
    /// [`Limits::DEFAULT`].
    pub fn from_json(result: &Value) -> Result<Elicitation<T>, ElicitError> {
        Self::from_json_with(result, &Limits::DEFAULT)
    }

    /// [`Elicitation::from_json`] within `limits`.
    ///
    /// ```
    /// use elicit_runtime::{ElicitError, Elicitable, Elicitation, Limits};
    /// use elicit_runtime::protocol::ResultError;
    ///
    /// #[derive(Debug, Elicitable)]
    /// struct Note {
    ///     text: String,
    /// }
    ///
    /// let answer = serde_json::json!({ "action": "accept", "content": { "text": "x".repeat(100) } });
    /// let small = Limits::DEFAULT.max_string_bytes(64);
    /// assert!(matches!(
    ///     Elicitation::<Note>::from_json_with(&answer, &small),
    ///     Err(ElicitError::MalformedResult(ResultError::TooLarge(_)))
    /// ));
    /// assert!(Elicitation::<Note>::from_json(&answer).is_ok());
    /// ```
    pub fn from_json_with(result: &Value, limits: &Limits) -> Result<Elicitation<T>, ElicitError> {
        let parts = ResultParts::read(result)?;
        Self::from_parts(parts.action, parts.content, limits)
    }

    /// Reads a result from JSON text, within [`Limits::DEFAULT`]; a name
    /// given twice in one object is an error ([`ResultError::DuplicateKey`]).
    pub fn from_json_str(text: &str) -> Result<Elicitation<T>, ElicitError> {
        Self::from_json_str_with(text, &Limits::DEFAULT)
    }

    /// [`Elicitation::from_json_str`] within `limits`.
    pub fn from_json_str_with(text: &str, limits: &Limits) -> Result<Elicitation<T>, ElicitError> {
        let value = limits.read_json(text).map_err(ResultError::from)?;
        Self::from_json_with(&value, limits)
    }

    fn from_parts(
        action: Action,
        content: Option<&Map<String, Value>>,
        limits: &Limits,
    ) -> Result<Elicitation<T>, ElicitError> {
        Self::read_parts(action, content, limits, crate::answer::read_content::<T>)
    }

    /// Reads a result's parts, accepted content with `read`.
    pub(crate) fn read_parts(
        action: Action,
        content: Option<&Map<String, Value>>,
        limits: &Limits,
        read: impl FnOnce(&Map<String, Value>) -> Result<T, ValidationErrors>,
    ) -> Result<Elicitation<T>, ElicitError> {
        match action {
            Action::Accept => {
                let empty = Map::new();
                let content = content.unwrap_or(&empty);
                limits
                    .check_object(content)
                    .map_err(ResultError::TooLarge)?;
                let value = read(content)?;
                Ok(Elicitation::Accept(value))
            }
            Action::Decline => Ok(Elicitation::Decline),
            Action::Cancel => Ok(Elicitation::Cancel),
        }
    }
}
