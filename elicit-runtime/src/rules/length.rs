//! `minLength` and `maxLength`: a string's length in Unicode scalar values
//! (code points), as JSON Schema counts it.
//!
//! - At compile time, [`ordered`] refuses a `min_length` above the
//!   `max_length`, and [`check_default`] a `default` outside them.
//! - Reading a schema from the wire, [`ordered`] again, with
//!   [`reversed_on_wire`] as the message.
//! - In content, [`check`] reports either bound broken, and [`accepts`]
//!   says whether none is.

use core::fmt;

use super::{Violation, within};

/// Whether `min..=max` holds any length.
pub(crate) use super::ordered;

/// The message for a schema from the wire whose `minLength` is above its
/// `maxLength`.
pub(crate) fn reversed_on_wire(min: u64, max: u64) -> String {
    format!(
        "`minLength` ({min}) is above `maxLength` ({max}); no string could satisfy both, so \
         `minLength` must be at most `maxLength`"
    )
}

/// Whether a `default` fits the bounds, with the message if it does not.
pub(crate) const fn check_default(
    value: &str,
    min: Option<u64>,
    max: Option<u64>,
) -> Result<(), &'static str> {
    let length = char_count(value);
    if let Some(min) = min
        && length < min
    {
        return Err(
            "`default` is shorter than `min_length`: lengthen the default or lower `min_length`",
        );
    }
    if let Some(max) = max
        && length > max
    {
        return Err(
            "`default` is longer than `max_length`: shorten the default or raise `max_length`",
        );
    }
    Ok(())
}

/// Checks the length of `s` against the bounds, adding what broke to
/// `broken`. Characters are counted only when the byte length leaves the
/// answer open.
pub(crate) fn check(s: &str, min: Option<u64>, max: Option<u64>, broken: &mut Vec<Violation>) {
    if within_whatever_the_characters(s, min, max) {
        return;
    }
    let actual = s.chars().count() as u64;
    if let Some(min) = min
        && actual < min
    {
        broken.push(Violation::MinLength { min, actual });
    }
    if let Some(max) = max
        && actual > max
    {
        broken.push(Violation::MaxLength { max, actual });
    }
}

/// Whether `s` is within the length bounds: [`check`] without a report,
/// for the reading of content that passes.
#[inline]
pub(crate) fn accepts(s: &str, min: Option<u64>, max: Option<u64>) -> bool {
    within_whatever_the_characters(s, min, max) || within(s.chars().count() as u64, min, max)
}

/// Whether `s` is within the bounds whatever its characters: there are
/// none, or its byte length decides.
#[inline]
fn within_whatever_the_characters(s: &str, min: Option<u64>, max: Option<u64>) -> bool {
    (min.is_none() && max.is_none()) || within_by_bytes(s.len() as u64, min, max)
}

/// Whether a string of `bytes` UTF-8 bytes is within the length bounds
/// whatever its characters: it has at most `bytes` code points and at
/// least a quarter as many, so counting them is needed only near a bound.
#[inline]
fn within_by_bytes(bytes: u64, min: Option<u64>, max: Option<u64>) -> bool {
    min.is_none_or(|min| bytes.div_ceil(4) >= min) && max.is_none_or(|max| bytes <= max)
}

/// The length in Unicode scalar values, in `const` code.
pub(crate) const fn char_count(s: &str) -> u64 {
    let bytes = s.as_bytes();
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Every scalar value has exactly one byte that is not a
        // continuation byte (`10xxxxxx`).
        if bytes[i] & 0xC0 != 0x80 {
            count += 1;
        }
        i += 1;
    }
    count
}

/// "must have at least 3 characters, has 2".
pub(super) fn write_too_short(f: &mut fmt::Formatter<'_>, min: u64, actual: u64) -> fmt::Result {
    write!(
        f,
        "must have at least {min} {}, has {actual}",
        characters(min)
    )
}

/// "must have at most 3 characters, has 4".
pub(super) fn write_too_long(f: &mut fmt::Formatter<'_>, max: u64, actual: u64) -> fmt::Result {
    write!(
        f,
        "must have at most {max} {}, has {actual}",
        characters(max)
    )
}

/// "at least 3 characters".
pub(super) fn expected_at_least(min: u64) -> String {
    format!("at least {min} {}", characters(min))
}

/// "at most 3 characters".
pub(super) fn expected_at_most(max: u64) -> String {
    format!("at most {max} {}", characters(max))
}

fn characters(n: u64) -> &'static str {
    if n == 1 { "character" } else { "characters" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_code_points_and_orders_bounds() {
        assert_eq!(char_count("😀é"), "😀é".chars().count() as u64);
        assert_eq!(char_count(""), 0);
        const _: () = assert!(ordered(Some(2), Some(2)) && !ordered(Some(3), Some(2)));
        assert!(check_default("ab", Some(3), None).is_err());
        let mut broken = Vec::new();
        check("😀😀", Some(3), Some(1), &mut broken);
        assert_eq!(
            broken,
            [
                Violation::MinLength { min: 3, actual: 2 },
                Violation::MaxLength { max: 1, actual: 2 }
            ]
        );
    }
}
