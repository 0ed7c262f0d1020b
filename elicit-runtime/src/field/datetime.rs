//! Dates and date-times for the types of `chrono`, `time` and `jiff`: the
//! check of `format: date` or `date-time` reads the fields, the type's
//! [`Instants`] refuse what it cannot hold, and each crate's file builds
//! its type from the fields and writes them back.
//!
//! What every type holds: a `date` of any year RFC 3339 writes (0000 to
//! 9999, as all three crates do), a `date-time` with any offset RFC 3339
//! writes (±23:59) and up to nine digits of a second's fraction (the types
//! count nanoseconds, and reading does not round). Leap seconds and the
//! latest instant differ by type; see each one's [`Instants`].

use serde_json::Value;

use super::read_checked;
use crate::builders::FieldSpec;
use crate::format::{self, DateParts, DateTimeParts, Format};
use crate::rules::fit::{Fit, Instants};
use crate::rules::{Checked, Unfit, Violation};
use crate::schema::PropertySchema;

/// The spec of a date type: a string with `format: date`.
pub(super) const DATE: FieldSpec = FieldSpec::string(None, None, Some(Format::Date), None);

/// The spec of a date-time type holding `instants`: a string with
/// `format: date-time`.
pub(super) const fn date_time(instants: Instants) -> FieldSpec {
    FieldSpec::string(
        None,
        None,
        Some(Format::DateTime),
        Some(Fit::Instant(instants)),
    )
}

/// Reads a date of type `ty` with `build`, which holds every date RFC 3339
/// writes; if it does not, the date is reported as one `ty` cannot hold.
pub(super) fn read_date<T>(
    value: &Value,
    schema: &PropertySchema,
    ty: &'static str,
    build: impl FnOnce(DateParts) -> Option<T>,
) -> Result<T, Vec<Violation>> {
    read_checked(value, schema, |checked| match checked {
        Checked::Str(s) => Some(match format::date_parts(s) {
            Ok(parts) => build(parts).ok_or(Violation::Unfit {
                ty,
                reason: Unfit::Unrepresentable,
            }),
            Err(error) => Err(Violation::Format(error)),
        }),
        _ => None,
    })
}

/// Reads a date-time of type `ty`, which holds `instants`, with `build`.
pub(super) fn read_date_time<T>(
    value: &Value,
    schema: &PropertySchema,
    ty: &'static str,
    instants: Instants,
    build: impl FnOnce(DateTimeParts) -> Option<T>,
) -> Result<T, Vec<Violation>> {
    read_checked(value, schema, |checked| match checked {
        Checked::Str(s) => Some(match format::date_time_parts(s) {
            Ok(parts) => match instants.problem(&parts) {
                Some(problem) => Err(Violation::Unfit {
                    ty,
                    reason: problem.unfit(Fit::Instant(instants)),
                }),
                None => build(parts).ok_or(Violation::Unfit {
                    ty,
                    reason: Unfit::Unrepresentable,
                }),
            },
            Err(error) => Err(Violation::Format(error)),
        }),
        _ => None,
    })
}

/// The JSON of a date.
pub(super) fn date_value(parts: DateParts) -> Value {
    Value::String(parts.to_string())
}

/// The JSON of a date-time.
pub(super) fn date_time_value(parts: DateTimeParts) -> Value {
    Value::String(parts.to_string())
}

/// The fields of a date-time to write.
pub(super) fn written(
    date: DateParts,
    hour: u8,
    minute: u8,
    second: u8,
    nanosecond: u32,
    offset_seconds: i32,
) -> DateTimeParts {
    DateTimeParts {
        date,
        hour,
        minute,
        second,
        nanosecond,
        fraction_digits: if nanosecond == 0 { 0 } else { 9 },
        offset_seconds,
    }
}
