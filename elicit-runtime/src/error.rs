//! The error of reading an elicitation result.

use core::fmt;

use crate::protocol::ResultError;
use crate::rules::ValidationErrors;

/// Why a client's `ElicitResult` could not be turned into an
/// [`Elicitation`](crate::Elicitation).
///
/// ```
/// use elicit_runtime::{ElicitError, Elicitable, Elicitation};
///
/// #[derive(Debug, Elicitable)]
/// struct Age {
///     #[elicit(minimum = 18)]
///     age: u8,
/// }
///
/// let answer = serde_json::json!({ "action": "accept", "content": { "age": 7 } });
/// match Elicitation::<Age>::from_json(&answer) {
///     Err(ElicitError::InvalidContent(errors)) => {
///         assert_eq!(errors.to_string(), "`age` must be at least 18 (received 7)");
///     }
///     other => panic!("{other:?}"),
/// }
/// let garbled = Elicitation::<Age>::from_json_str("{");
/// assert!(matches!(garbled, Err(ElicitError::MalformedResult(_))));
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ElicitError {
    /// The result is not a well-formed `ElicitResult` (not JSON, no `action`,
    /// an unknown action, `content` that is not an object).
    MalformedResult(ResultError),
    /// The user accepted, but the content breaks the form's schema.
    InvalidContent(ValidationErrors),
}

impl ElicitError {
    /// The field errors, when the content was invalid.
    pub fn validation_errors(&self) -> Option<&ValidationErrors> {
        match self {
            ElicitError::InvalidContent(errors) => Some(errors),
            ElicitError::MalformedResult(_) => None,
        }
    }
}

impl fmt::Display for ElicitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElicitError::MalformedResult(reason) => {
                write!(f, "malformed elicitation result: {reason}")
            }
            ElicitError::InvalidContent(errors) => {
                let n = errors.len();
                let fields = if n == 1 { "field" } else { "fields" };
                write!(f, "the submitted form has {n} invalid {fields}:\n{errors}")
            }
        }
    }
}

impl std::error::Error for ElicitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ElicitError::InvalidContent(errors) => Some(errors),
            ElicitError::MalformedResult(reason) => Some(reason),
        }
    }
}

impl From<ResultError> for ElicitError {
    fn from(error: ResultError) -> ElicitError {
        ElicitError::MalformedResult(error)
    }
}

impl From<ValidationErrors> for ElicitError {
    fn from(errors: ValidationErrors) -> ElicitError {
        ElicitError::InvalidContent(errors)
    }
}
