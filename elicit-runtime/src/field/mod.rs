//! The types a form field may have, and how each is read from content.
//!
//! One file per family of types: `text` (strings), `number`, `nonzero`,
//! `char`, `net` (IP addresses), `choice` (unit enums and multi-selects),
//! `option`, `secret` (with `secrecy`'s `SecretString` behind its feature);
//! and one per crate behind its feature: `chrono`, `time`, `jiff` (their
//! dates share `datetime`), `url`, `uuid`. `read` is the read path of a
//! derived form: its content read field by field, each field through its
//! type's reader and the per-property read of [`rules`].

mod char;
mod choice;
mod net;
mod nonzero;
mod number;
mod option;
pub(crate) mod read;
mod secret;
mod text;
mod value;

#[cfg(feature = "chrono")]
mod chrono;
#[cfg(any(feature = "chrono", feature = "time", feature = "jiff"))]
mod datetime;
#[cfg(feature = "jiff")]
mod jiff;
#[cfg(feature = "time")]
mod time;
#[cfg(feature = "url")]
mod url;
#[cfg(feature = "uuid")]
mod uuid;

pub use choice::ElicitChoice;
pub use value::FieldValue;

use serde_json::Value;

use crate::builders::FieldSpec;
use crate::rules::{self, Checked, Violation};
use crate::schema::PropertySchema;

/// A type that can be one field of an elicitation form.
///
/// Implemented for `String` (and `Box<str>`, `Cow<'static, str>`,
/// `Rc<str>`, `Arc<str>`), `char`, `bool`, every integer type and its
/// `NonZero` type, `f32`, `f64`, `IpAddr`, `Ipv4Addr`, `Ipv6Addr`,
/// [`Secret`](crate::Secret) (a field written `#[elicit(secret)]`),
/// `Option<T>` of these, and for unit enums and newtypes that derive
/// [`Elicitable`](crate::Elicitable). With the feature of the same name:
/// `chrono::NaiveDate`, `chrono::DateTime<Utc>` and
/// `chrono::DateTime<FixedOffset>`; `time::Date`, `time::OffsetDateTime`
/// and `time::UtcDateTime`; `jiff::civil::Date` and `jiff::Timestamp`;
/// `url::Url`; `uuid::Uuid`; `secrecy::SecretString`. The spec is a `const`, so a form's schema is
/// built at compile time from the specs of its fields. The table below
/// lists the schema each type gets.
///
/// ```
/// use elicit_runtime::ElicitField;
///
/// assert!(<String as ElicitField>::REQUIRED);
/// assert!(!<Option<String> as ElicitField>::REQUIRED);
/// let schema = <i32 as ElicitField>::SPEC.into_schema();
/// let read = i32::read(&serde_json::json!(-7), &schema);
/// assert_eq!(read, Ok(-7));
/// ```
#[doc = include_str!("../../docs/field-types.md")]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of an elicitation form",
    label = "not a primitive form field",
    note = "a form field is a string or `char`, a boolean, an integer (`NonZero` ones too) or a float, an `IpAddr`, `Ipv4Addr` or `Ipv6Addr`, a unit-variant enum or a newtype that derives `Elicitable`, a `Vec`, `BTreeSet` or `HashSet` of such an enum (a multi-select), or an `Option` of one of these",
    note = "with the feature of the same name of `elicit-runtime`: `chrono::NaiveDate`, `chrono::DateTime<Utc>`, `chrono::DateTime<FixedOffset>`, `time::Date`, `time::OffsetDateTime`, `time::UtcDateTime`, `jiff::civil::Date`, `jiff::Timestamp`, `url::Url`, `uuid::Uuid` and `secrecy::SecretString`",
    note = "a `requestedSchema` is a flat object: put the fields of a nested struct into this form, and use a unit enum for a fixed choice"
)]
pub trait ElicitField: Sized {
    /// The field's schema before the form's attributes apply.
    const SPEC: FieldSpec;

    /// Whether the field is listed in `required` (`false` for `Option`).
    ///
    /// Must be `false` exactly when [`ElicitField::absent`] returns `Some`:
    /// the schema's `required` and the reading of an absent field then say
    /// the same.
    const REQUIRED: bool = true;

    /// Reads the field from its JSON value, checking it against `schema`
    /// (the field's spec with the form's attributes applied).
    ///
    /// The attributes narrow the spec but never change an enum's options,
    /// so a derived enum reads a value that passes by matching its own
    /// values; a schema with other options is not one this type was made
    /// for.
    fn read(value: &Value, schema: &PropertySchema) -> Result<Self, Vec<Violation>>;

    /// The value of an absent field: `None` when absence is an error,
    /// `Some(None)` for an `Option`.
    fn absent() -> Option<Self> {
        None
    }
}

/// Checks `value` and hands the checked form to `convert`; a checked value of
/// another kind than the field reads means the schema does not belong to the
/// field, reported as a type error.
///
/// A value that passes is taken by [`rules::passing`], inlined into the
/// field's reader; anything else by [`rules::value`], which names every
/// broken rule.
///
/// The readers on the happy path are `inline(always)` in builds without
/// `debug_assertions`, where the form's reader then holds each field's
/// checks with its schema folded in, and only `inline` in debug builds,
/// where forcing it would only make each form slower to compile.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn read_checked<T>(
    value: &Value,
    schema: &PropertySchema,
    convert: impl FnOnce(Checked<'_>) -> Option<Result<T, Violation>>,
) -> Result<T, Vec<Violation>> {
    let checked = match rules::passing(schema, value) {
        Some(checked) => checked,
        None => rules::value(schema, value)?,
    };
    match convert(checked) {
        Some(result) => result.map_err(|v| vec![v]),
        None => Err(vec![Violation::Type {
            expected: schema.kind.describe(),
        }]),
    }
}

/// Reads `value` as a field of type `T` with the type's own spec, for the
/// unit tests of the field types.
#[cfg(test)]
pub(crate) fn read_own<T: ElicitField>(value: impl Into<Value>) -> Result<T, Vec<Violation>> {
    T::read(&value.into(), &T::SPEC.into_schema())
}

impl ElicitField for bool {
    const SPEC: FieldSpec = FieldSpec::BOOLEAN;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read(value: &Value, schema: &PropertySchema) -> Result<bool, Vec<Violation>> {
        read_checked(value, schema, |checked| match checked {
            Checked::Bool(b) => Some(Ok(b)),
            _ => None,
        })
    }
}
