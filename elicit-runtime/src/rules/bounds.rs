//! Numbers: `minimum` and `maximum` (inclusive), `type: integer`, and the
//! range of the Rust type that reads the field.
//!
//! - At compile time, [`ordered`] refuses a `minimum` above the `maximum`,
//!   [`within`] a bound or `default` outside the Rust type's range, and
//!   [`check_default`] a `default` the field's rules refuse.
//! - Reading a schema from the wire, [`ordered`] again, with
//!   [`reversed_on_wire`] as the message.
//! - In content, [`check`] reports a fraction where an integer belongs, an
//!   integer too large for its floating-point form, and either bound broken;
//!   [`accepts`] says whether none is.

use core::fmt;

use super::Violation;
use crate::schema::Num;
use crate::schema::num::EXACT_FLOAT_LIMIT;

/// Whether `min..=max` holds any number.
pub(crate) const fn ordered(min: Option<Num>, max: Option<Num>) -> bool {
    match (min, max) {
        (Some(min), Some(max)) => !max.lt(min),
        _ => true,
    }
}

/// Whether `value` lies within `limits` (the range of a Rust type), or
/// there are none.
pub(crate) const fn within(value: Num, limits: Option<(Num, Num)>) -> bool {
    match limits {
        Some((low, high)) => !(value.lt(low) || high.lt(value)),
        None => true,
    }
}

/// The message for a schema from the wire whose `minimum` is above its
/// `maximum`.
pub(crate) fn reversed_on_wire(min: Num, max: Num) -> String {
    format!(
        "`minimum` ({min}) is above `maximum` ({max}); no number could satisfy both, so \
         `minimum` must be at most `maximum`"
    )
}

/// The message for a bound that is not a finite number, at compile time.
pub(crate) const NOT_FINITE: &str = "a bound must be a finite number";

/// Whether a `default` passes the field's number rules, with the message if
/// it does not.
pub(crate) const fn check_default(
    value: Num,
    integer: bool,
    minimum: Option<Num>,
    maximum: Option<Num>,
) -> Result<(), &'static str> {
    if !value.is_finite() {
        return Err("`default` must be a finite number");
    }
    if integer && !value.is_whole() {
        return Err(
            "`default` has a fractional part, and the field is an integer: use a whole default",
        );
    }
    if let Some(min) = minimum
        && value.lt(min)
    {
        return Err("`default` is below `minimum`: raise the default or lower `minimum`");
    }
    if let Some(max) = maximum
        && max.lt(value)
    {
        return Err("`default` is above `maximum`: lower the default or raise `maximum`");
    }
    Ok(())
}

/// Whether `num` passes the rules of a number field: [`check`] without a
/// report, for the reading of content that passes.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn accepts(num: Num, integer: bool, minimum: Option<Num>, maximum: Option<Num>) -> bool {
    (!integer || not_an_integer(num).is_none())
        && minimum.is_none_or(|minimum| !num.lt(minimum))
        && maximum.is_none_or(|maximum| !maximum.lt(num))
}

/// What keeps `num` from being the value of an integer field: a fraction,
/// or a float too large to hold its integer exactly.
#[inline]
fn not_an_integer(num: Num) -> Option<Violation> {
    match num {
        Num::Int(_) => None,
        Num::Float(_) if !num.is_whole() => Some(Violation::NotInteger),
        Num::Float(f) if f.abs() >= EXACT_FLOAT_LIMIT => Some(Violation::InexactInteger),
        Num::Float(_) => None,
    }
}

/// Checks `num` against the rules of a number field, adding what broke to
/// `broken`.
pub(crate) fn check(
    num: Num,
    integer: bool,
    minimum: Option<Num>,
    maximum: Option<Num>,
    broken: &mut Vec<Violation>,
) {
    if integer && let Some(violation) = not_an_integer(num) {
        broken.push(violation);
    }
    if let Some(minimum) = minimum
        && num.lt(minimum)
    {
        broken.push(Violation::Minimum { minimum });
    }
    if let Some(maximum) = maximum
        && maximum.lt(num)
    {
        broken.push(Violation::Maximum { maximum });
    }
}

/// The message of a number [`Violation`], and what was expected.
pub(super) fn write(f: &mut fmt::Formatter<'_>, violation: &Violation) -> fmt::Result {
    match violation {
        Violation::NotInteger => f.write_str("must be a whole number"),
        Violation::InexactInteger => f.write_str(
            "must be written as a whole number without a decimal point or exponent: in that \
             form a number this large loses digits",
        ),
        Violation::Minimum { minimum } => write!(f, "must be at least {minimum}"),
        Violation::Maximum { maximum } => write!(f, "must be at most {maximum}"),
        Violation::OutOfRange { min, max } => write!(f, "must be between {min} and {max}"),
        _ => Ok(()),
    }
}

/// What a valid number would have been, for a number [`Violation`].
pub(super) fn expected(violation: &Violation) -> String {
    match violation {
        Violation::NotInteger => "a whole number".to_owned(),
        Violation::InexactInteger => "an integer written in full".to_owned(),
        Violation::Minimum { minimum } => format!("a number of at least {minimum}"),
        Violation::Maximum { maximum } => format!("a number of at most {maximum}"),
        Violation::OutOfRange { min, max } => format!("a number from {min} to {max}"),
        _ => String::new(),
    }
}
