//! A form read from a tool's arguments, for clients that cannot show
//! forms: the form's fields among the arguments, within the limits, read
//! as content.

use serde_json::{Map, Value};

use super::FormMode;
use crate::arguments::{ArgumentsError, copy, own_fields};
use crate::limits::Limits;

/// Reads the form `T` from `arguments`: its own fields are checked against
/// `limits` as content is, then validated and read by
/// [`Elicitable::from_content`](super::Elicitable::from_content); the tool's other arguments are left alone.
pub(crate) fn read<T: FormMode>(
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
