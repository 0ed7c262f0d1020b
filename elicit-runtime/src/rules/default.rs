//! `default`: a value the field's own rules accept, of the field's type.
//!
//! - At compile time, `FieldSpec::check_default` asks each rule's
//!   `check_default` (lengths, format, bounds, options, counts) and panics
//!   with the first refusal.
//! - Reading a schema from the wire, [`check_on_wire`] asks the same rules
//!   through the validator.

use serde_json::Value;

use super::{Kind, PropertySchema, value};

/// Why a `default` from the wire is refused.
pub(crate) enum Refusal {
    /// It is not of the property's type: what it must be.
    Shape(&'static str),
    /// It breaks a rule of the property: the validator's words.
    Rule(String),
}

/// Checks a `default` from the wire against the finished property schema.
pub(crate) fn check_on_wire(schema: &PropertySchema, default: &Value) -> Result<(), Refusal> {
    if let Some(expected) = shape_expected(&schema.kind, default) {
        return Err(Refusal::Shape(expected));
    }
    match value(schema, default) {
        Ok(_) => Ok(()),
        Err(broken) => Err(Refusal::Rule(broken.first().map_or_else(
            || "breaks the property's rules".to_owned(),
            ToString::to_string,
        ))),
    }
}

/// What a `default` of `kind` must be, when `default` is not that.
fn shape_expected(kind: &Kind, default: &Value) -> Option<&'static str> {
    let (fits, expected) = match (kind, default) {
        (Kind::String(_), _) => (default.is_string(), "a string"),
        (Kind::Enum(_), _) => (default.is_string(), "a string, one of the options"),
        (Kind::Number(rules), _) => (
            default
                .as_number()
                .and_then(crate::schema::Num::from_json)
                .is_some_and(|n| !rules.integer || n.is_whole()),
            if rules.integer {
                "an integer"
            } else {
                "a number"
            },
        ),
        (Kind::Boolean(_), _) => (default.is_boolean(), "`true` or `false`"),
        (Kind::MultiSelect(_), _) => (
            default
                .as_array()
                .is_some_and(|items| items.iter().all(Value::is_string)),
            "an array of strings, each one of the options",
        ),
    };
    (!fits).then_some(expected)
}
