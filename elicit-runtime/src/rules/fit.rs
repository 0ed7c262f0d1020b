//! What a field's Rust type holds beyond its schema, which has no keyword
//! for it: the text of a UUID or an IP address (a string of the right
//! length is not one yet), the instants a date-time type holds (leap
//! seconds, nanoseconds, its latest instant), and zero, which a `NonZero`
//! integer does not hold.
//!
//! - At compile time, [`check_default`] refuses a string `default` the
//!   field's type cannot hold, [`ZERO_BOUND`] a bound of 0 and
//!   [`ZERO_DEFAULT`] a default of 0 on a `NonZero` integer.
//! - In content, the field readers (`field/`) ask [`Fit::problem`] or
//!   [`Instants::problem`] before they build the type, and report what they
//!   find as [`Violation::Unfit`](super::Violation::Unfit), with the messages below.

use core::fmt;

use crate::format::{DateTimeParts, date_time_parts, is_ipv4_text, is_ipv6_text};

/// What the Rust type of a string field reads, beyond the schema's type,
/// lengths and format: checked on a `default` at compile time and on
/// content before the type is built.
///
/// The derive's plumbing, reached through `__private`: a type's
/// [`ElicitField::SPEC`](crate::ElicitField::SPEC) carries it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Fit {
    /// A UUID in its hyphenated form, such as
    /// `67e55044-10b1-426f-9247-bb680e5fe0c8`, hexadecimal digits in either
    /// case.
    Uuid,
    /// An IPv4 address as `std::net::Ipv4Addr` reads it: `192.0.2.1`, four
    /// numbers from 0 to 255 without leading zeros.
    Ipv4,
    /// An IPv6 address as `std::net::Ipv6Addr` reads it: `2001:db8::1`,
    /// without a zone.
    Ipv6,
    /// An IPv4 or IPv6 address.
    Ip,
    /// A `date-time` whose instant the type holds.
    Instant(Instants),
}

/// The instants a date-time type holds. Every supported type counts whole
/// nanoseconds, so a fraction of more than nine digits is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Instants {
    /// Whether the type holds a leap second (`23:59:60Z`).
    pub leap_seconds: bool,
    /// The latest instant the type holds, when a valid `date-time` (years
    /// up to 9999) can lie after it.
    pub latest: Option<Latest>,
}

/// The latest instant a date-time type holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Latest {
    /// The instant as RFC 3339 in UTC, for messages.
    text: &'static str,
    /// Seconds since the Unix epoch.
    seconds: i64,
    /// The nanosecond within that second.
    nanosecond: u32,
}

impl Latest {
    /// The instant `text`, a `date-time` in UTC; a text that is none fails
    /// to compile where the type's spec is built.
    pub const fn utc(text: &'static str) -> Latest {
        match date_time_parts(text) {
            Ok(parts) if parts.offset_seconds == 0 && parts.fraction_digits <= 9 => Latest {
                text,
                seconds: parts.unix_seconds(),
                nanosecond: parts.nanosecond,
            },
            _ => panic!("the latest instant of a type is a `date-time` in UTC"),
        }
    }

    /// The instant as RFC 3339 in UTC.
    pub const fn text(self) -> &'static str {
        self.text
    }
}

/// What keeps a value from a type, found in `const` code; [`Unfit`] is
/// the same for content, with the type's parser's own reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Problem {
    /// Not the text the type reads.
    Syntax,
    /// A leap second, for a type without them.
    LeapSecond,
    /// More than nine digits of a second's fraction.
    FinerThanNanoseconds,
    /// After the type's latest instant.
    AfterLatest(Latest),
}

impl Problem {
    /// The reason of a [`Violation::Unfit`](super::Violation::Unfit) for this problem of `fit`.
    pub(crate) fn unfit(self, fit: Fit) -> Unfit {
        match self {
            Problem::Syntax => Unfit::Syntax(fit),
            Problem::LeapSecond => Unfit::LeapSecond,
            Problem::FinerThanNanoseconds => Unfit::FinerThanNanoseconds,
            Problem::AfterLatest(latest) => Unfit::AfterLatest {
                latest: latest.text,
            },
        }
    }
}

impl Fit {
    /// What keeps `value` from the type, if anything.
    pub(crate) const fn problem(self, value: &str) -> Option<Problem> {
        let fits = match self {
            Fit::Uuid => is_uuid(value),
            Fit::Ipv4 => is_ipv4_text(value),
            Fit::Ipv6 => is_ipv6_text(value),
            Fit::Ip => is_ipv4_text(value) || is_ipv6_text(value),
            Fit::Instant(instants) => {
                return match date_time_parts(value) {
                    Ok(parts) => instants.problem(&parts),
                    Err(_) => Some(Problem::Syntax),
                };
            }
        };
        if fits { None } else { Some(Problem::Syntax) }
    }

    /// What a value of the type looks like, for messages shown to a person.
    pub const fn describe(self) -> &'static str {
        match self {
            Fit::Uuid => "a UUID such as `67e55044-10b1-426f-9247-bb680e5fe0c8`",
            Fit::Ipv4 => "an IPv4 address such as `192.0.2.1`",
            Fit::Ipv6 => "an IPv6 address such as `2001:db8::1`",
            Fit::Ip => "an IP address such as `192.0.2.1` or `2001:db8::1`",
            Fit::Instant(_) => "a date and time with an offset such as `2025-06-18T09:30:00Z`",
        }
    }

    /// How to write a value of the type.
    const fn fix(self) -> &'static str {
        match self {
            Fit::Uuid => "send 32 hexadecimal digits in groups of 8, 4, 4, 4 and 12, joined by `-`",
            Fit::Ipv4 => "send four numbers from 0 to 255, without leading zeros, joined by `.`",
            Fit::Ipv6 => {
                "send up to eight groups of 1 to 4 hexadecimal digits joined by `:`, with `::` for a run of zero groups"
            }
            Fit::Ip => {
                "send four numbers from 0 to 255 joined by `.`, or groups of hexadecimal digits joined by `:`"
            }
            Fit::Instant(_) => "send a date and time such as `2025-06-18T09:30:00Z`",
        }
    }
}

impl Instants {
    /// What keeps the instant of `parts` from the type, if anything.
    pub(crate) const fn problem(self, parts: &DateTimeParts) -> Option<Problem> {
        if parts.second == 60 && !self.leap_seconds {
            return Some(Problem::LeapSecond);
        }
        if parts.fraction_digits > 9 {
            return Some(Problem::FinerThanNanoseconds);
        }
        if let Some(latest) = self.latest {
            let seconds = parts.unix_seconds();
            if seconds > latest.seconds
                || (seconds == latest.seconds && parts.nanosecond > latest.nanosecond)
            {
                return Some(Problem::AfterLatest(latest));
            }
        }
        None
    }
}

/// Whether `value` is a UUID in its hyphenated form: hexadecimal digits,
/// with `-` at 8, 13, 18 and 23.
const fn is_uuid(value: &str) -> bool {
    let b = value.as_bytes();
    if b.len() != 36 {
        return false;
    }
    let mut i = 0;
    while i < b.len() {
        let hyphen = matches!(i, 8 | 13 | 18 | 23);
        if hyphen != (b[i] == b'-') || (!hyphen && !b[i].is_ascii_hexdigit()) {
            return false;
        }
        i += 1;
    }
    true
}

/// The message for `minimum = 0` or `maximum = 0` on a `NonZero` integer.
pub(crate) const ZERO_BOUND: &str = "a bound of 0 names a value a `NonZero` integer does not hold: use `minimum = 1` for positive numbers, or `maximum = -1` for negative ones";

/// The message for `default = 0` on a `NonZero` integer.
pub(crate) const ZERO_DEFAULT: &str =
    "`default = 0` is a value a `NonZero` integer does not hold: use another default";

/// Whether a string `default` is a value of the field's type, with the
/// message if it is not.
pub(crate) const fn check_default(fit: Option<Fit>, value: &str) -> Result<(), &'static str> {
    let Some(fit) = fit else {
        return Ok(());
    };
    match fit.problem(value) {
        None => Ok(()),
        Some(Problem::Syntax) => Err(match fit {
            Fit::Uuid => {
                "`default` is not a UUID such as `67e55044-10b1-426f-9247-bb680e5fe0c8`, as the field's type needs: fix the default"
            }
            Fit::Ipv4 => {
                "`default` is not an IPv4 address such as `192.0.2.1`, as the field's type needs: fix the default"
            }
            Fit::Ipv6 => {
                "`default` is not an IPv6 address such as `2001:db8::1`, as the field's type needs: fix the default"
            }
            Fit::Ip => {
                "`default` is not an IP address such as `192.0.2.1` or `2001:db8::1`, as the field's type needs: fix the default"
            }
            Fit::Instant(_) => {
                "`default` is not a date and time with an offset such as `2025-06-18T09:30:00Z`, as the field's type needs: fix the default"
            }
        }),
        Some(Problem::LeapSecond) => Err(
            "`default` has a leap second (`:60`), which the field's type does not hold: use `:59`",
        ),
        Some(Problem::FinerThanNanoseconds) => Err(
            "`default` has more than 9 digits after the `.` of its seconds, and the field's type holds whole nanoseconds: use at most 9",
        ),
        Some(Problem::AfterLatest(_)) => Err(
            "`default` is after the latest instant the field's type holds: use an earlier default",
        ),
    }
}

/// Why the Rust type of a field cannot hold a value its schema accepts;
/// the reason of a [`Violation::Unfit`](super::Violation::Unfit).
///
/// ```
/// use elicit_runtime::rules::{Rule, Unfit, Violation};
///
/// let violation = Violation::Unfit { ty: "jiff::Timestamp", reason: Unfit::LeapSecond };
/// assert_eq!(violation.rule(), Rule::Fit);
/// assert_eq!(
///     violation.to_string(),
///     "is a valid `date-time` but `jiff::Timestamp` cannot hold it, since it has no leap \
///      seconds: send `:59` instead of `:60`",
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unfit {
    /// 0, for a `NonZero` integer.
    Zero,
    /// Not the text the type reads: a UUID, an IP address.
    Syntax(Fit),
    /// A leap second (`:60`), for a type without them.
    LeapSecond,
    /// More than nine digits of a second's fraction: the types count whole
    /// nanoseconds, and reading does not round.
    FinerThanNanoseconds,
    /// An instant after the latest the type holds.
    AfterLatest {
        /// That latest instant, as RFC 3339 in UTC.
        latest: &'static str,
    },
    /// A `uri` that `url::Url`, which follows the WHATWG URL standard,
    /// refuses.
    Url {
        /// The reason `url` gives, such as `invalid IPv4 address`.
        reason: String,
    },
    /// A value the type cannot hold for another reason.
    Unrepresentable,
}

/// The message of a [`Violation::Unfit`](super::Violation::Unfit).
pub(super) fn write(f: &mut fmt::Formatter<'_>, ty: &str, reason: &Unfit) -> fmt::Result {
    const DATE_TIME: &str = "is a valid `date-time` but";
    match reason {
        Unfit::Zero => write!(
            f,
            "must not be 0, which `{ty}` cannot hold: send another number"
        ),
        Unfit::Syntax(fit) => write!(
            f,
            "is not {}, which `{ty}` needs: {}",
            fit.describe(),
            fit.fix()
        ),
        Unfit::LeapSecond => write!(
            f,
            "{DATE_TIME} `{ty}` cannot hold it, since it has no leap seconds: send `:59` instead of `:60`"
        ),
        Unfit::FinerThanNanoseconds => write!(
            f,
            "{DATE_TIME} `{ty}` cannot hold it, since it counts whole nanoseconds: send at most 9 digits after the `.` of the seconds"
        ),
        Unfit::AfterLatest { latest } => write!(
            f,
            "{DATE_TIME} `{ty}` cannot hold it, since its latest instant is `{latest}`: send an earlier one"
        ),
        Unfit::Url { reason } => write!(
            f,
            "is a valid `uri` but `{ty}` cannot hold it ({reason}): send a URL a web browser accepts, such as `https://example.com/`"
        ),
        Unfit::Unrepresentable => write!(
            f,
            "is valid for its schema but `{ty}` cannot hold it: send another value"
        ),
    }
}

/// What a valid value would have been, for a [`Violation::Unfit`](super::Violation::Unfit).
pub(super) fn expected(ty: &str, reason: &Unfit) -> String {
    match reason {
        Unfit::Zero => "a number other than 0".to_owned(),
        Unfit::Syntax(fit) => fit.describe().to_owned(),
        Unfit::LeapSecond => "a date and time without a leap second".to_owned(),
        Unfit::FinerThanNanoseconds => {
            "a date and time with at most 9 digits after the seconds".to_owned()
        }
        Unfit::AfterLatest { latest } => format!("a date and time up to `{latest}`"),
        Unfit::Url { .. } => "a URL a web browser accepts".to_owned(),
        Unfit::Unrepresentable => format!("a value `{ty}` can hold"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_LEAP: Instants = Instants {
        leap_seconds: false,
        latest: Some(Latest::utc("9999-12-30T22:00:00.999999999Z")),
    };

    #[test]
    fn uuids_are_hyphenated_hex() {
        for ok in [
            "67e55044-10b1-426f-9247-bb680e5fe0c8",
            "67E55044-10B1-426F-9247-BB680E5FE0C8",
            "00000000-0000-0000-0000-000000000000",
        ] {
            assert_eq!(Fit::Uuid.problem(ok), None, "{ok}");
        }
        for bad in [
            "67e55044-10b1-426f-9247-bb680e5fe0cg",
            "67e5504410b1-426f-9247-bb680e5fe0c8-",
            "67e55044-10b1-426f-9247-bb680e5fe0c",
            "{67e55044-10b1-426f-9247-bb680e5fe0c}",
            "67e55044+10b1-426f-9247-bb680e5fe0c8",
            "",
        ] {
            assert_eq!(Fit::Uuid.problem(bad), Some(Problem::Syntax), "{bad}");
        }
    }

    #[test]
    fn instants_refuse_what_the_type_cannot_hold() {
        let problem = |value: &str| Fit::Instant(NO_LEAP).problem(value);
        assert_eq!(problem("2016-12-31T23:59:59.999999999Z"), None);
        assert_eq!(problem("2016-12-31T23:59:60Z"), Some(Problem::LeapSecond));
        assert_eq!(
            problem("2016-12-31T23:59:59.9999999999Z"),
            Some(Problem::FinerThanNanoseconds)
        );
        assert_eq!(problem("9999-12-30T22:00:00.999999999Z"), None);
        assert_eq!(problem("9999-12-31T00:00:00.999999999+02:00"), None);
        let after = Some(Problem::AfterLatest(Latest::utc(
            "9999-12-30T22:00:00.999999999Z",
        )));
        assert_eq!(problem("9999-12-30T22:00:01Z"), after);
        assert_eq!(problem("9999-12-31T00:00:01+02:00"), after);
        assert_eq!(problem("9999-12-30"), Some(Problem::Syntax));
        let leap = Instants {
            leap_seconds: true,
            latest: None,
        };
        assert_eq!(Fit::Instant(leap).problem("2016-12-31T23:59:60.5Z"), None);
    }

    #[test]
    fn every_default_problem_has_a_message() {
        assert!(check_default(Some(Fit::Ip), "::1").is_ok());
        assert!(check_default(None, "anything").is_ok());
        for (fit, value) in [
            (Fit::Uuid, "x"),
            (Fit::Ipv4, "::1"),
            (Fit::Ipv6, "1.2.3.4"),
            (Fit::Ip, "localhost"),
            (Fit::Instant(NO_LEAP), "2016-12-31T23:59:60Z"),
            (Fit::Instant(NO_LEAP), "2016-12-31T23:59:59.0000000000Z"),
            (Fit::Instant(NO_LEAP), "9999-12-31T00:00:00Z"),
            (Fit::Instant(NO_LEAP), "tomorrow"),
        ] {
            let message = check_default(Some(fit), value).unwrap_err();
            assert!(message.starts_with("`default` "), "{message}");
        }
    }
}
