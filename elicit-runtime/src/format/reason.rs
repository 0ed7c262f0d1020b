//! Why a value fails its format: the first problem a check finds, with the
//! numbers and characters its message names.

use core::fmt;

use super::bytes::{is_control, is_default_ignorable};
use super::uri::Part;

/// The names of the months, January first.
const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Why a value fails its format.
///
/// [`message`](Reason::message) is a fixed text; [`Display`](fmt::Display)
/// renders the full reason, naming the numbers and characters carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reason {
    /// Any format: the empty string.
    Empty,

    // `date` and `date-time`.
    /// `date`: not `YYYY-MM-DD`.
    ExpectedDate,
    /// `date`: a time follows the date.
    DateOnly,
    /// `date`: something else follows the date.
    TextAfterDate,
    /// `date-time`: the date is not `YYYY-MM-DD`.
    ExpectedDateOfDateTime,
    /// `date-time`: nothing follows the date.
    MissingTime,
    /// `date-time`: a space instead of `T`.
    SpaceBeforeTime,
    /// `date-time`: something else instead of `T`.
    ExpectedT,
    /// `date-time`: the time is not `HH:MM:SS`.
    ExpectedTime,
    /// `date-time`: `.` without digits.
    ExpectedFractionDigits,
    /// `date-time`: a sign not followed by `HH:MM`.
    ExpectedOffset,
    /// `date-time`: nothing after the time.
    MissingOffset,
    /// `date-time`: something else instead of an offset.
    ExpectedOffsetAfterTime,
    /// `date-time`: text after the offset.
    TextAfterOffset,
    /// `date-time`: second 60 where it is not 23:59 UTC.
    MisplacedLeapSecond,
    /// An hour above 23.
    HourDoesNotExist { hour: u8 },
    /// A minute above 59.
    MinuteDoesNotExist { minute: u8 },
    /// A second above 60.
    SecondDoesNotExist { second: u8 },
    /// An offset hour above 23.
    OffsetHourDoesNotExist { hour: u8 },
    /// An offset minute above 59.
    OffsetMinuteDoesNotExist { minute: u8 },
    /// A month outside 1-12.
    MonthDoesNotExist { month: u8 },
    /// Day 0.
    DayZero,
    /// A day past the end of its month (`month` is 1-12).
    DayDoesNotExist { day: u8, month: u8, year: u16 },

    // `uri`.
    /// No `scheme:` at the start.
    MissingScheme,
    /// The scheme starts with something other than a letter.
    SchemeStart,
    /// A character the scheme does not allow.
    SchemeContains { c: char },
    /// `[` without `]` in the host.
    UnclosedHost,
    /// Something other than `:` after the `]` of the host.
    AfterHostLiteral { c: char },
    /// A port with something other than digits.
    PortNotDigits,
    /// `[v...]` that is not an IPvFuture.
    BadIpvFuture,
    /// `[...]` that is not an IPv6 address.
    BadIpv6Host,
    /// `%` not followed by two hex digits.
    BadPercent,
    /// `#` inside the fragment.
    SecondHash,
    /// A character no part of a URI allows.
    UriContains { c: char },
    /// A character `part` does not allow, which another part may.
    NotAllowedIn { c: char, part: Part },

    // `email`.
    /// No `@`.
    MissingAt,
    /// A local part over 64 octets.
    LocalTooLong,
    /// Nothing before `@`.
    LocalEmpty,
    /// A dot-string starting with `.`.
    LocalStartsWithDot,
    /// A dot-string with `..`.
    LocalDoubleDot,
    /// A dot-string ending with `.`.
    LocalEndsWithDot,
    /// A character a dot-string does not allow.
    LocalContains { c: char },
    /// `\` not followed by printable ASCII.
    BadQuotedPair,
    /// Something other than `@` after the quoted local part.
    NoAtAfterQuote,
    /// A character a quoted string does not allow.
    QuotedContains { c: char },
    /// A quoted string without its closing `"`.
    UnclosedQuote,
    /// Nothing after `@`.
    DomainEmpty,
    /// A domain over 255 octets.
    DomainTooLong,
    /// A domain starting with `.`.
    DomainStartsWithDot,
    /// A domain ending with `.`.
    DomainEndsWithDot,
    /// A domain with `..`.
    DomainDoubleDot,
    /// A character a domain label does not allow.
    DomainContains { c: char },
    /// A label starting with `-`.
    LabelStartsWithHyphen,
    /// A label ending with `-`.
    LabelEndsWithHyphen,
    /// A label over 63 characters.
    LabelTooLong,
    /// `[` without `]`.
    UnclosedLiteral,
    /// Text after `]`.
    TextAfterLiteral,
    /// `[IPv6:...]` that is not an IPv6 address.
    LiteralNotIpv6,
    /// `[...]` with `:` but no `IPv6:` tag.
    LiteralNeedsTag,
    /// `[...]` that is not an IPv4 address.
    LiteralNotIpv4,
}

impl Reason {
    /// A fixed, short lowercase text for the reason, without a trailing
    /// period; for the reasons that carry nothing, the full reason.
    pub(super) const fn message(self) -> &'static str {
        match self {
            Reason::Empty => "the value is empty",

            Reason::ExpectedDate => "expected `YYYY-MM-DD`",
            Reason::DateOnly => "expected only a date, without a time",
            Reason::TextAfterDate => "unexpected text after the date",
            Reason::ExpectedDateOfDateTime => "expected the date as `YYYY-MM-DD`",
            Reason::MissingTime => "missing the time (such as `T09:30:00Z`)",
            Reason::SpaceBeforeTime => "expected `T` between the date and the time, not a space",
            Reason::ExpectedT => "expected `T` after the date",
            Reason::ExpectedTime => "expected the time as `HH:MM:SS`",
            Reason::ExpectedFractionDigits => "expected digits after `.`",
            Reason::ExpectedOffset => "expected the offset as `+HH:MM` or `-HH:MM`",
            Reason::MissingOffset => "missing the offset (`Z` or such as `+02:00`)",
            Reason::ExpectedOffsetAfterTime => {
                "expected `Z` or an offset such as `+02:00` after the time"
            }
            Reason::TextAfterOffset => "unexpected text after the offset",
            Reason::MisplacedLeapSecond => "a leap second (`:60`) is only valid at 23:59 UTC",
            Reason::HourDoesNotExist { .. } => "the hour does not exist",
            Reason::MinuteDoesNotExist { .. } => "the minute does not exist",
            Reason::SecondDoesNotExist { .. } => "the second does not exist",
            Reason::OffsetHourDoesNotExist { .. } => "the offset hour does not exist",
            Reason::OffsetMinuteDoesNotExist { .. } => "the offset minute does not exist",
            Reason::MonthDoesNotExist { .. } => "the month does not exist",
            Reason::DayZero => "the day 00 does not exist",
            Reason::DayDoesNotExist { .. } => "the day does not exist in that month",

            Reason::MissingScheme => "missing the scheme (such as `https:`)",
            Reason::SchemeStart => "the scheme must start with a letter",
            Reason::SchemeContains { .. } => {
                "the scheme contains a character other than a letter, a digit, `+`, `-` or `.`"
            }
            Reason::UnclosedHost => "the host is missing its closing `]`",
            Reason::AfterHostLiteral { .. } => "only `:` and a port may follow `]`",
            Reason::PortNotDigits => "the port must contain only digits",
            Reason::BadIpvFuture => "the host in `[` `]` is not a valid `vX.address` (IPvFuture)",
            Reason::BadIpv6Host => "the host in `[` `]` is not a valid IPv6 address",
            Reason::BadPercent => "`%` must be followed by two hex digits",
            Reason::SecondHash => "contains a second `#`",
            Reason::UriContains { .. } => "contains a character that must be percent-encoded",
            Reason::NotAllowedIn { part, .. } => match part {
                Part::Userinfo => "a character is not allowed in the userinfo",
                Part::Host => "a character is not allowed in the host",
                Part::Path => "a character is not allowed in the path",
                Part::Query => "a character is not allowed in the query",
                Part::Fragment => "a character is not allowed in the fragment",
            },

            Reason::MissingAt => "missing `@`",
            Reason::LocalTooLong => "the local part is longer than 64 octets",
            Reason::LocalEmpty => "the local part is empty",
            Reason::LocalStartsWithDot => "the local part starts with `.`",
            Reason::LocalDoubleDot => "the local part contains `..`",
            Reason::LocalEndsWithDot => "the local part ends with `.`",
            Reason::LocalContains { .. } => {
                "the local part contains a character that is not allowed"
            }
            Reason::BadQuotedPair => "`\\` must be followed by a printable ASCII character",
            Reason::NoAtAfterQuote => "expected `@` after the closing `\"`",
            Reason::QuotedContains { .. } => {
                "the quoted local part contains a character that is not allowed"
            }
            Reason::UnclosedQuote => "the quoted local part is missing its closing `\"`",
            Reason::DomainEmpty => "the domain is empty",
            Reason::DomainTooLong => "the domain is longer than 255 octets",
            Reason::DomainStartsWithDot => "the domain starts with `.`",
            Reason::DomainEndsWithDot => "the domain ends with `.`",
            Reason::DomainDoubleDot => "the domain contains `..`",
            Reason::DomainContains { .. } => "the domain contains a character that is not allowed",
            Reason::LabelStartsWithHyphen => "a domain label starts with `-`",
            Reason::LabelEndsWithHyphen => "a domain label ends with `-`",
            Reason::LabelTooLong => "a domain label is longer than 63 characters",
            Reason::UnclosedLiteral => "the address literal is missing its closing `]`",
            Reason::TextAfterLiteral => "unexpected text after the address literal",
            Reason::LiteralNotIpv6 => "the address literal is not a valid IPv6 address",
            Reason::LiteralNeedsTag => {
                "the address literal must be an IPv4 address or start with `IPv6:`"
            }
            Reason::LiteralNotIpv4 => "the address literal is not a valid IPv4 address",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reason::HourDoesNotExist { hour } => write!(f, "the hour {hour:02} does not exist"),
            Reason::MinuteDoesNotExist { minute } => {
                write!(f, "the minute {minute:02} does not exist")
            }
            Reason::SecondDoesNotExist { second } => {
                write!(f, "the second {second:02} does not exist")
            }
            Reason::OffsetHourDoesNotExist { hour } => {
                write!(f, "the offset hour {hour:02} does not exist")
            }
            Reason::OffsetMinuteDoesNotExist { minute } => {
                write!(f, "the offset minute {minute:02} does not exist")
            }
            Reason::MonthDoesNotExist { month } => {
                write!(f, "the month {month:02} does not exist")
            }
            Reason::DayDoesNotExist { day, month, year } => {
                let name = MONTHS
                    .get(usize::from(month).wrapping_sub(1))
                    .unwrap_or(&"that month");
                write!(f, "the day {day} does not exist in {name} {year:04}")
            }
            Reason::SchemeContains { c } => write!(f, "the scheme contains {}", Named(c)),
            Reason::AfterHostLiteral { c } => write!(f, "{} is not allowed after `]`", Named(c)),
            Reason::UriContains { c } => write!(f, "contains {}", Named(c)),
            Reason::NotAllowedIn { c, part } => {
                write!(f, "{} is not allowed in the {}", Named(c), part.name())
            }
            Reason::LocalContains { c } => write!(f, "the local part contains {}", Named(c)),
            Reason::QuotedContains { c } => {
                write!(f, "the quoted local part contains {}", Named(c))
            }
            Reason::DomainContains { c } => write!(f, "the domain contains {}", Named(c)),
            reason => f.write_str(reason.message()),
        }
    }
}

/// Names a character inside a reason: `a space`, `` `<` ``, `a backtick`,
/// `a control character (U+0009)`, ``the non-ASCII character `é` (U+00E9)``.
struct Named(char);

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        let code = u32::from(c);
        match c {
            ' ' => f.write_str("a space"),
            '`' => f.write_str("a backtick"),
            c if is_control(c) => write!(f, "a control character (U+{code:04X})"),
            c if is_default_ignorable(c) => write!(
                f,
                "an invisible or direction-changing character (U+{code:04X}), which makes the \
                 text read as something else"
            ),
            c if c.is_whitespace() => write!(f, "a space character (U+{code:04X})"),
            c if c.is_ascii() => write!(f, "`{c}`"),
            c => write!(f, "the non-ASCII character `{c}` (U+{code:04X})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_char_texts() {
        let name = |c| Named(c).to_string();
        assert_eq!(name(' '), "a space");
        assert_eq!(name('`'), "a backtick");
        assert_eq!(name('<'), "`<`");
        assert_eq!(name('\t'), "a control character (U+0009)");
        assert_eq!(name('\u{85}'), "a control character (U+0085)");
        assert_eq!(name('\u{3000}'), "a space character (U+3000)");
        assert_eq!(name('é'), "the non-ASCII character `é` (U+00E9)");
    }

    #[test]
    fn numbers_are_rendered() {
        let day = Reason::DayDoesNotExist {
            day: 31,
            month: 4,
            year: 7,
        };
        assert_eq!(day.to_string(), "the day 31 does not exist in april 0007");
        assert_eq!(day.message(), "the day does not exist in that month");
        let month = Reason::MonthDoesNotExist { month: 0 };
        assert_eq!(month.to_string(), "the month 00 does not exist");
        assert_eq!(month.message(), "the month does not exist");
    }

    #[test]
    fn fixed_reasons_render_their_message() {
        for reason in [Reason::Empty, Reason::MissingAt, Reason::SecondHash] {
            assert_eq!(reason.to_string(), reason.message());
        }
    }
}
