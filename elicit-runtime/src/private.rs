//! Items for the code `#[derive(Elicitable)]` generates. Not public API: no
//! stability promise.

pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};
pub use serde_json::{Map, Value};
pub use std::borrow::Cow;

pub use crate::field::{ElicitChoice, ElicitField};
pub use crate::form::Elicitable;
pub use crate::format::Format;
pub use crate::protocol::Revision;
pub use crate::schema::{
    BoundMessages, EnumOption, FieldSpec, FormSchema, Num, Property, PropertySchema,
};
pub use crate::validate::{ValidationErrors, Violation};

use crate::validate::{self, FieldError, Received};

/// Reads one field of a form from `content` with the field type's
/// `ElicitField::read` and `ElicitField::absent`, reporting a failure into
/// `errors`. An absent optional field with a `default` reads as the
/// default.
///
/// The two functions are passed in rather than named through a `T:
/// ElicitField` bound, so that a field type that is not `ElicitField` is
/// reported once, at the field's type, and not again at this call.
pub fn read<T>(
    content: &Map<String, Value>,
    property: &Property,
    errors: &mut ValidationErrors,
    read: fn(&Value, &PropertySchema) -> Result<T, Vec<Violation>>,
    absent: fn() -> Option<T>,
) -> Option<T> {
    let found = content.get(property.name.as_ref());
    // An absent optional field with a default reads as the default.
    let default = match found {
        None if !property.required => property.schema.default_value(),
        _ => None,
    };
    match found.or(default.as_ref()) {
        None => {
            let absent = absent();
            if absent.is_none() {
                errors.push(FieldError::new(
                    property.name.as_ref(),
                    Violation::Missing,
                    Received::Nothing,
                ));
            }
            absent
        }
        Some(found) => match read(found, &property.schema) {
            Ok(value) => Some(value),
            Err(broken) => {
                validate::report(errors, &property.name, found, broken);
                None
            }
        },
    }
}

/// Reports unknown properties when the form denies them.
pub fn deny_unknown(
    schema: &FormSchema,
    content: &Map<String, Value>,
    errors: &mut ValidationErrors,
) {
    validate::unknown_fields(schema, content, errors);
}

/// A `Num` from an integer literal, for `const` code.
pub const fn int(value: i128) -> Num {
    Num::Int(value)
}

/// A `Num` from a float literal, for `const` code.
pub const fn float(value: f64) -> Num {
    Num::Float(value)
}

/// Forces the evaluation of a form's schema so its checks run at compile
/// time, without dropping it in `const` code.
pub const fn force<T>(value: T) {
    core::mem::forget(value);
}

/// The value of the chosen option of an enum field, checked against
/// `schema`.
pub fn read_choice<'v>(
    value: &'v Value,
    schema: &PropertySchema,
) -> Result<&'v str, Vec<Violation>> {
    match validate::value(schema, value)? {
        validate::Checked::Choice(_) => match value {
            Value::String(s) => Ok(s),
            _ => Err(not_an_option(schema)),
        },
        _ => Err(not_an_option(schema)),
    }
}

/// The violation of a value that is none of the enum's options.
pub fn not_an_option(schema: &PropertySchema) -> Vec<Violation> {
    match &schema.kind {
        crate::schema::Kind::Enum(rules) => vec![validate::not_an_option(rules)],
        other => vec![Violation::Type {
            expected: other.describe(),
        }],
    }
}
