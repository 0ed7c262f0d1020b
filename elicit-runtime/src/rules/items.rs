//! `minItems` and `maxItems`: how many values a multi-select chooses.
//!
//! - At compile time, [`ordered`] refuses a `min_items` above the
//!   `max_items`, [`reachable`] one above the number of options (each is
//!   chosen at most once), and [`check_default`] a `default` with too few
//!   or too many values.
//! - Reading a schema from the wire, the same, with [`reversed_on_wire`] and
//!   [`unreachable_on_wire`] as the messages.
//! - In content, [`check`] reports either count broken ([`accepts`] says
//!   whether none is); a multi-select sent
//!   as booleans to a 2025-06-18 client reports them over its booleans
//!   (the field error names the booleans before this message).

use core::fmt;

use super::{Violation, within};
use crate::excerpt::plural;

/// Whether `min..=max` holds any count.
pub(crate) use super::ordered;

/// Whether `min` values can be chosen among `options` options, each once.
pub(crate) const fn reachable(min: Option<u64>, options: usize) -> bool {
    match min {
        Some(min) => min <= options as u64,
        None => true,
    }
}

/// The message for a `min_items` above the number of options, at compile
/// time.
pub(crate) const UNREACHABLE: &str = "`min_items` is more than the number of values to choose from: lower `min_items` or add variants";

/// The message for a schema from the wire whose `minItems` is above its
/// `maxItems`.
pub(crate) fn reversed_on_wire(min: u64, max: u64) -> String {
    format!(
        "`minItems` ({min}) is above `maxItems` ({max}); no choice could satisfy both, so \
         `minItems` must be at most `maxItems`"
    )
}

/// The message for a schema from the wire whose `minItems` is above the
/// number of options.
pub(crate) fn unreachable_on_wire(min: u64, options: usize) -> String {
    format!(
        "`minItems` ({min}) is above the number of options ({options}); each value is chosen \
         at most once, so `minItems` must be at most {options}"
    )
}

/// Whether a `default` of `count` values fits the counts, with the message
/// if not.
pub(crate) const fn check_default(
    count: u64,
    min: Option<u64>,
    max: Option<u64>,
) -> Result<(), &'static str> {
    if let Some(min) = min
        && count < min
    {
        return Err("`default` has fewer values than `min_items`: add values or lower `min_items`");
    }
    if let Some(max) = max
        && count > max
    {
        return Err(
            "`default` has more values than `max_items`: remove values or raise `max_items`",
        );
    }
    Ok(())
}

/// Whether `count` is within the bounds: [`check`] without a report, for
/// the reading of content that passes.
#[inline]
pub(crate) fn accepts(count: u64, min: Option<u64>, max: Option<u64>) -> bool {
    within(count, min, max)
}

/// Checks a count of `count` values, adding what broke to `broken`.
pub(crate) fn check(count: u64, min: Option<u64>, max: Option<u64>, broken: &mut Vec<Violation>) {
    if let Some(min) = min
        && count < min
    {
        broken.push(Violation::MinItems { min, actual: count });
    }
    if let Some(max) = max
        && count > max
    {
        broken.push(Violation::MaxItems { max, actual: count });
    }
}

/// The message of a count [`Violation`].
pub(super) fn write(f: &mut fmt::Formatter<'_>, violation: &Violation) -> fmt::Result {
    match violation {
        Violation::MinItems { min, actual } => write!(
            f,
            "must have at least {}, has {actual}",
            plural(*min, "value")
        ),
        Violation::MaxItems { max, actual } => write!(
            f,
            "must have at most {}, has {actual}",
            plural(*max, "value")
        ),
        Violation::TooFewTicked {
            min,
            actual,
            booleans,
        } => write!(
            f,
            "{} {actual} ticked, and at least {min} must be: tick {} more",
            has(booleans.len()),
            min.saturating_sub(*actual)
        ),
        Violation::TooManyTicked {
            max,
            actual,
            booleans,
        } => write!(
            f,
            "{} {actual} ticked, and at most {max} may be: untick {}",
            has(booleans.len()),
            actual.saturating_sub(*max)
        ),
        _ => Ok(()),
    }
}

/// What a valid count would have been, for a count [`Violation`].
pub(super) fn expected(violation: &Violation) -> String {
    match violation {
        Violation::MinItems { min, .. } => format!("at least {}", plural(*min, "value")),
        Violation::MaxItems { max, .. } => format!("at most {}", plural(*max, "value")),
        Violation::TooFewTicked { min, .. } => format!("at least {min} ticked"),
        Violation::TooManyTicked { max, .. } => format!("at most {max} ticked"),
        _ => String::new(),
    }
}

/// The verb for a count of booleans.
fn has(count: usize) -> &'static str {
    if count == 1 { "has" } else { "have" }
}
