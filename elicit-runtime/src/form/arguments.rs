//! A form read from a tool's arguments, for a client that cannot show it:
//! the form's fields among the arguments, within the same limits and
//! through the same validator as an elicitation's content. The public path
//! of these items is [`fallback`](crate::fallback).

use core::fmt;

use serde_json::{Map, Value};

use super::FormMode;
use crate::limits::LimitError;
use crate::limits::Limits;
use crate::rules::ValidationErrors;
use crate::schema::FormSchema;

/// Why a form could not be read from a tool's arguments
/// ([`Elicitable::from_arguments`](crate::Elicitable::from_arguments)).
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::fallback::ArgumentsError;
///
/// #[derive(Debug, Elicitable)]
/// struct Party {
///     #[elicit(minimum = 1, maximum = 12)]
///     size: u8,
/// }
///
/// let arguments = serde_json::json!({ "size": 40 });
/// let error = Party::from_arguments(arguments.as_object().unwrap()).unwrap_err();
/// assert!(matches!(error, ArgumentsError::Invalid(_)));
/// assert_eq!(
///     error.to_string(),
///     "the arguments hold 1 invalid field of the form:\n`size` must be at most 12 (received 40)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ArgumentsError {
    /// The form's fields among the arguments break the [`Limits`].
    TooLarge(LimitError),
    /// The form's fields among the arguments break its schema: every
    /// failing field, in form order.
    Invalid(ValidationErrors),
}

impl ArgumentsError {
    /// The field errors, when the arguments were invalid.
    pub fn validation_errors(&self) -> Option<&ValidationErrors> {
        match self {
            ArgumentsError::Invalid(errors) => Some(errors),
            ArgumentsError::TooLarge(_) => None,
        }
    }
}

impl fmt::Display for ArgumentsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgumentsError::TooLarge(error) => {
                write!(f, "the arguments of the form are too large: {error}")
            }
            ArgumentsError::Invalid(errors) => {
                let n = errors.len();
                let fields = if n == 1 { "field" } else { "fields" };
                write!(
                    f,
                    "the arguments hold {n} invalid {fields} of the form:\n{errors}"
                )
            }
        }
    }
}

impl std::error::Error for ArgumentsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ArgumentsError::TooLarge(error) => Some(error),
            ArgumentsError::Invalid(errors) => Some(errors),
        }
    }
}

impl From<ValidationErrors> for ArgumentsError {
    fn from(errors: ValidationErrors) -> ArgumentsError {
        ArgumentsError::Invalid(errors)
    }
}

impl From<LimitError> for ArgumentsError {
    fn from(error: LimitError) -> ArgumentsError {
        ArgumentsError::TooLarge(error)
    }
}

/// The content a client that showed the form `schema` would have sent, from
/// a tool's `arguments`: the form's fields among them, checked against
/// `limits` and validated (unknown fields are the tool's own, never an
/// error). For a form known only by its schema, such as one a proxy
/// forwards; a derived form reads its arguments with
/// [`Elicitable::from_arguments`](crate::Elicitable::from_arguments).
///
/// ```
/// use elicit_runtime::Limits;
/// use elicit_runtime::fallback;
/// use elicit_runtime::protocol::ElicitResult;
/// use elicit_runtime::schema::FormSchema;
/// use serde_json::json;
///
/// let schema = FormSchema::parse(&json!({
///     "type": "object",
///     "properties": { "name": { "type": "string", "minLength": 1 } },
///     "required": ["name"]
/// }))
/// .unwrap()
/// .schema;
/// let arguments = json!({ "name": "Ada", "verbose": true });
/// let content =
///     fallback::content_from_arguments(&schema, arguments.as_object().unwrap(), &Limits::DEFAULT)
///         .unwrap();
/// let result = ElicitResult::accept(content);
/// assert_eq!(
///     serde_json::to_value(&result).unwrap(),
///     json!({ "action": "accept", "content": { "name": "Ada" } })
/// );
///
/// let arguments = json!({ "name": "" });
/// let error =
///     fallback::content_from_arguments(&schema, arguments.as_object().unwrap(), &Limits::DEFAULT)
///         .unwrap_err();
/// assert_eq!(error.validation_errors().unwrap().len(), 1);
/// ```
///
/// # Errors
///
/// [`ArgumentsError::TooLarge`] when the form's fields break the limits;
/// [`ArgumentsError::Invalid`] with every failing field.
pub fn content_from_arguments(
    schema: &FormSchema,
    arguments: &Map<String, Value>,
    limits: &Limits,
) -> Result<Map<String, Value>, ArgumentsError> {
    let content = copy(own_fields(schema, arguments, limits)?);
    crate::rules::content(schema, &content, false)?;
    Ok(content)
}

/// Reads the form `T` from `arguments`: its own fields are checked against
/// `limits` as content is, then validated and read by
/// [`Elicitable::from_content`](super::Elicitable::from_content); the
/// tool's other arguments are left alone.
pub(super) fn read<T: FormMode>(
    arguments: &Map<String, Value>,
    limits: &Limits,
) -> Result<T, ArgumentsError> {
    let schema = T::SCHEMA;
    let own = own_fields(&schema, arguments, limits)?;
    if !T::DENY_UNKNOWN_FIELDS {
        // The reader looks up the form's fields by name and ignores the
        // rest: no copy needed.
        return Ok(T::from_content(arguments)?);
    }
    // A form that denies unknown fields would refuse the tool's own
    // arguments: give it only its fields, copied once they passed the limits.
    Ok(T::from_content(&copy(own))?)
}

/// Whether `arguments` carry any field of `schema`.
pub(super) fn present(schema: &FormSchema, arguments: &Map<String, Value>) -> bool {
    schema
        .properties
        .iter()
        .any(|property| arguments.contains_key(property.name.as_ref()))
}

/// The fields of `schema` among `arguments`, in form order, checked against
/// `limits` as the object they make would be.
fn own_fields<'a>(
    schema: &FormSchema,
    arguments: &'a Map<String, Value>,
    limits: &Limits,
) -> Result<Vec<(&'a String, &'a Value)>, LimitError> {
    let own: Vec<(&String, &Value)> = schema
        .properties
        .iter()
        .filter_map(|property| arguments.get_key_value(property.name.as_ref()))
        .collect();
    limits.check_members(own.iter().copied())?;
    Ok(own)
}

fn copy(fields: Vec<(&String, &Value)>) -> Map<String, Value> {
    fields
        .into_iter()
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect()
}
