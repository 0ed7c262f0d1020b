//! The typed outcome of an elicitation: accepted with a value, declined or
//! cancelled.

use serde_json::{Map, Value};

use crate::protocol::{Action, ElicitResult, ResultError, ResultParts};
use crate::{ElicitError, Elicitable};

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
    /// `accept` without content is read as empty content `{}`.
    pub fn from_result(result: &ElicitResult) -> Result<Elicitation<T>, ElicitError> {
        Self::from_parts(result.action, result.content.as_ref())
    }

    /// Reads a result from its JSON value, without copying the content.
    ///
    /// Unknown keys (such as `_meta`) are ignored; `content` on `decline` or
    /// `cancel` is not looked at.
    pub fn from_json(result: &Value) -> Result<Elicitation<T>, ElicitError> {
        let parts = ResultParts::read(result)?;
        Self::from_parts(parts.action, parts.content)
    }

    /// Reads a result from JSON text.
    pub fn from_json_str(text: &str) -> Result<Elicitation<T>, ElicitError> {
        let value: Value = serde_json::from_str(text).map_err(|e| ResultError::NotJson {
            message: e.to_string(),
        })?;
        Self::from_json(&value)
    }

    fn from_parts(
        action: Action,
        content: Option<&Map<String, Value>>,
    ) -> Result<Elicitation<T>, ElicitError> {
        match action {
            Action::Accept => {
                let empty = Map::new();
                let value = T::from_content(content.unwrap_or(&empty))?;
                Ok(Elicitation::Accept(value))
            }
            Action::Decline => Ok(Elicitation::Decline),
            Action::Cancel => Ok(Elicitation::Cancel),
        }
    }
}
