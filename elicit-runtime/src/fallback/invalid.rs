//! A tool's arguments that carry a form, but break it: what the model reads
//! to fix its call.

use core::fmt;

use serde_json::{Value, json};

use super::ArgumentsError;
use crate::excerpt::OneLine;

/// The arguments of a call of `tool` carry the form's fields, but break
/// them: every failing field, for the model to fix and call again.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::fallback::InvalidArguments;
///
/// #[derive(Debug, Elicitable)]
/// struct Party {
///     #[elicit(minimum = 1, maximum = 12)]
///     size: u8,
///     #[elicit(format = "date")]
///     date: String,
/// }
///
/// let arguments = serde_json::json!({ "size": 40 });
/// let error = Party::from_arguments(arguments.as_object().unwrap()).unwrap_err();
/// let invalid = InvalidArguments::new("book", error);
/// assert_eq!(
///     invalid.to_string(),
///     "the arguments of `book` have 2 invalid fields: ask the user again for what is wrong, \
///      then call `book` again with every field below fixed\n\
///      `size` must be at most 12 (received 40)\n\
///      `date` is required"
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct InvalidArguments {
    tool: String,
    error: ArgumentsError,
}

impl InvalidArguments {
    /// The arguments of a call of `tool`, refused with `error`.
    pub fn new(tool: impl Into<String>, error: ArgumentsError) -> InvalidArguments {
        InvalidArguments {
            tool: tool.into(),
            error,
        }
    }

    /// The tool called.
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// What is wrong with the arguments.
    pub fn error(&self) -> &ArgumentsError {
        &self.error
    }

    /// The refusal as JSON, for a tool result's `structuredContent`: the
    /// tool, and `invalidFields`, each failing field's wire name and what
    /// is wrong with it in the validator's words, without the value
    /// received (it may be a secret); none when the arguments were too
    /// large. A form's app reads it to show each message next to its
    /// field, after the field's label.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::fallback::InvalidArguments;
    /// use serde_json::json;
    ///
    /// #[derive(Debug, Elicitable)]
    /// struct Party {
    ///     #[elicit(minimum = 1, maximum = 12)]
    ///     size: u8,
    /// }
    ///
    /// let error = Party::from_arguments(json!({ "size": 40 }).as_object().unwrap()).unwrap_err();
    /// assert_eq!(
    ///     InvalidArguments::new("book", error).to_json(),
    ///     json!({
    ///         "tool": "book",
    ///         "invalidFields": [{ "field": "size", "violation": "must be at most 12" }]
    ///     })
    /// );
    /// ```
    pub fn to_json(&self) -> Value {
        let fields: Vec<Value> = self
            .error
            .validation_errors()
            .into_iter()
            .flatten()
            .map(|error| {
                json!({
                    "field": error.field(),
                    "violation": error.violation().to_string(),
                })
            })
            .collect();
        json!({ "tool": self.tool, "invalidFields": fields })
    }
}

impl fmt::Display for InvalidArguments {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tool = OneLine(&self.tool);
        match &self.error {
            ArgumentsError::Invalid(errors) => {
                let n = errors.len();
                let fields = if n == 1 { "field" } else { "fields" };
                write!(
                    f,
                    "the arguments of `{tool}` have {n} invalid {fields}: ask the user again \
                     for what is wrong, then call `{tool}` again with every field below fixed\n\
                     {errors}"
                )
            }
            ArgumentsError::TooLarge(error) => write!(
                f,
                "the arguments of `{tool}` are too large for the form: {error}"
            ),
        }
    }
}

impl std::error::Error for InvalidArguments {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}
