//! A tool's arguments that carry a form, but break it: what the model reads
//! to fix its call.

use core::fmt;

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
