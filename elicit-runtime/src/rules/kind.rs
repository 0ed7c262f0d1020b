//! The kind of a value: present when required, of the property's `type`
//! (no coercion: `"5"` is no number), and, in a form that denies unknown
//! fields, a property the form has.

use core::fmt;

use super::Violation;
use crate::schema::Kind;

/// The violation of a value of another type than `kind`'s.
pub(crate) fn wrong_type(kind: &Kind) -> Violation {
    Violation::Type {
        expected: kind.describe(),
    }
}

/// The message of a presence or type [`Violation`].
pub(super) fn write(f: &mut fmt::Formatter<'_>, violation: &Violation) -> fmt::Result {
    match violation {
        Violation::Missing => f.write_str("is required"),
        Violation::Type { expected } => write!(f, "must be {expected}"),
        Violation::Unknown => f.write_str("is not a field of this form: leave it out"),
        _ => Ok(()),
    }
}

/// What a valid value would have been, for a presence or type
/// [`Violation`].
pub(super) fn expected(violation: &Violation) -> String {
    match violation {
        Violation::Missing => "a value".to_owned(),
        Violation::Type { expected } => (*expected).to_owned(),
        Violation::Unknown => "no such field".to_owned(),
        _ => String::new(),
    }
}
