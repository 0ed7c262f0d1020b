//! `format`: `email`, `uri`, `date` and `date-time`, as JSON Schema's
//! format assertions mean them (the checks themselves are in
//! [`crate::format`], `const` so that compile time and run time share them).
//!
//! - At compile time, [`check_default`] refuses a `default` the format
//!   refuses, and [`OTHER_THAN_THE_TYPES`] a `format` other than the one
//!   the field's type sets.
//! - In content, [`check`] reports a string the format refuses, and
//!   [`accepts`] says whether it passes.

use core::fmt;

use super::Violation;
use crate::format::{Format, FormatError};

/// Whether a `default` passes `format`, with the message if it does not.
pub(crate) const fn check_default(format: Format, value: &str) -> Result<(), &'static str> {
    if format.check(value).is_ok() {
        return Ok(());
    }
    Err(match format {
        Format::Email => {
            "`default` is not a valid email address, as `format = \"email\"` requires: fix the default"
        }
        Format::Uri => {
            "`default` is not an absolute URI, as `format = \"uri\"` requires: fix the default, with a scheme such as `https:`"
        }
        Format::Date => {
            "`default` is not a date such as `2025-06-18`, as `format = \"date\"` requires: fix the default"
        }
        Format::DateTime => {
            "`default` is not a date and time with an offset such as `2025-06-18T09:30:00Z`, as `format = \"date-time\"` requires: fix the default"
        }
    })
}

/// The message for a `format` other than the one the field's type sets.
pub(crate) const OTHER_THAN_THE_TYPES: &str = "`format` differs from the format the field's type sets (such as `date` for a date type), which is the only one it reads: remove `format`";

/// Whether `s` passes `format`, or there is none: [`check`] without a
/// report, for the reading of content that passes.
#[inline]
pub(crate) fn accepts(s: &str, format: Option<Format>) -> bool {
    format.is_none_or(|format| format.check(s).is_ok())
}

/// Checks `s` against `format`, adding what broke to `broken`.
pub(crate) fn check(s: &str, format: Option<Format>, broken: &mut Vec<Violation>) {
    if let Some(format) = format
        && let Err(error) = format.check(s)
    {
        broken.push(Violation::Format(error));
    }
}

/// "is not a date such as `2025-06-18`: ...".
pub(super) fn write(f: &mut fmt::Formatter<'_>, error: &FormatError) -> fmt::Result {
    write!(f, "is {error}")
}

/// "a date such as `2025-06-18`".
pub(super) fn expected(error: &FormatError) -> String {
    error.format().describe().to_owned()
}
