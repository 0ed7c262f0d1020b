//! String formats a form field may declare (`format` in the schema), and the
//! checks behind them.
//!
//! Every check reads its input once, left to right, without backtracking or
//! recursion, and returns a reason for the first problem it finds; none of
//! them panics, whatever the input.

use core::fmt;
use std::borrow::Cow;

mod date;
mod email;
mod uri;

/// Why a value fails its format: a short lowercase text.
type Reason = Cow<'static, str>;

/// A string format a form field may declare (`format` in the schema).
///
/// ```
/// use elicit_runtime::format::Format;
///
/// assert_eq!(Format::from_name("date-time"), Some(Format::DateTime));
/// assert_eq!(Format::DateTime.as_str(), "date-time");
/// assert!(Format::Email.check("user@example.com").is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// `email`: an RFC 5321 mailbox, `local-part@domain`.
    ///
    /// The local part is a dot-string (`first.last`) or a quoted string
    /// (`"john doe"`), at most 64 octets; the domain is a dot-separated
    /// sequence of labels (`example.com`, or a single label such as
    /// `localhost`) or an address literal (`[192.0.2.1]`,
    /// `[IPv6:2001:db8::1]`), at most 255 octets. Non-ASCII letters are
    /// accepted in the local part and in domain labels, as the SMTPUTF8
    /// extension (RFC 6531) allows, because people do type internationalised
    /// addresses; non-ASCII spaces and control characters are not.
    Email,
    /// `uri`: an absolute URI as RFC 3986 defines it, with a scheme
    /// (`https://example.com/a?b#c`, `mailto:user@example.com`,
    /// `urn:isbn:0451450523`).
    ///
    /// Only ASCII is accepted: characters outside RFC 3986 must be
    /// percent-encoded (an IRI such as `https://例子.测试` is not a URI).
    Uri,
    /// `date`: an RFC 3339 `full-date`, `YYYY-MM-DD`, naming a day that
    /// exists in the Gregorian calendar (`2024-02-29`, not `2023-02-29`).
    Date,
    /// `date-time`: an RFC 3339 `date-time` with a required offset
    /// (`2025-06-18T09:30:00Z`, `2025-06-18T09:30:00.25+02:00`).
    ///
    /// `T` and `Z` may be lowercase. A leap second (`:60`) is accepted only
    /// where the time is 23:59 in UTC once the offset is applied.
    DateTime,
}

impl Format {
    /// Every format, in the order the specification lists them.
    pub const ALL: [Format; 4] = [Format::Email, Format::Uri, Format::Date, Format::DateTime];

    /// The wire name: `"email"`, `"uri"`, `"date"` or `"date-time"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Format::Email => "email",
            Format::Uri => "uri",
            Format::Date => "date",
            Format::DateTime => "date-time",
        }
    }

    /// Parses a wire name, exactly and case-sensitively; `None` for any other
    /// text.
    ///
    /// ```
    /// use elicit_runtime::format::Format;
    ///
    /// const URI: Option<Format> = Format::from_name("uri");
    /// assert_eq!(URI, Some(Format::Uri));
    /// assert_eq!(Format::from_name("Email"), None);
    /// ```
    pub const fn from_name(name: &str) -> Option<Format> {
        let mut i = 0;
        while i < Format::ALL.len() {
            let format = Format::ALL[i];
            if bytes_eq(format.as_str().as_bytes(), name.as_bytes()) {
                return Some(format);
            }
            i += 1;
        }
        None
    }

    /// What the format means, for messages shown to a person: `"an email
    /// address"`, ``"a date such as `2025-06-18`"``, and so on.
    pub const fn describe(self) -> &'static str {
        match self {
            Format::Email => "an email address",
            Format::Uri => "an absolute URI such as `https://example.com`",
            Format::Date => "a date such as `2025-06-18`",
            Format::DateTime => "a date and time with an offset such as `2025-06-18T09:30:00Z`",
        }
    }

    /// Checks `value` against the format.
    ///
    /// # Errors
    ///
    /// A [`FormatError`] when `value` does not match, with a short lowercase
    /// reason for the first problem found, such as ``missing `@` ``. An empty
    /// string matches no format.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::format::Format;
    ///
    /// assert!(Format::Date.check("2024-02-29").is_ok());
    /// assert!(Format::Uri.check("https://example.com/a?b#c").is_ok());
    ///
    /// let error = Format::Date.check("2025-02-30").unwrap_err();
    /// assert_eq!(error.format(), Format::Date);
    /// assert_eq!(error.reason(), "the day 30 does not exist in february 2025");
    /// assert_eq!(
    ///     error.to_string(),
    ///     "not a date such as `2025-06-18`: the day 30 does not exist in february 2025",
    /// );
    /// ```
    pub fn check(self, value: &str) -> Result<(), FormatError> {
        let result = if value.is_empty() {
            Err(Reason::Borrowed("the value is empty"))
        } else {
            match self {
                Format::Email => email::check(value),
                Format::Uri => uri::check(value),
                Format::Date => date::check_date(value),
                Format::DateTime => date::check_date_time(value),
            }
        };
        result.map_err(|reason| FormatError {
            format: self,
            reason,
        })
    }
}

/// `a == b`, usable in a `const fn`.
const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Names a character inside a reason: `a space`, `` `<` ``, `a backtick`,
/// `a control character (U+0009)`, ``the non-ASCII character `é` (U+00E9)``.
fn name_char(c: char) -> String {
    let code = u32::from(c);
    match c {
        ' ' => "a space".to_owned(),
        '`' => "a backtick".to_owned(),
        c if c.is_control() => format!("a control character (U+{code:04X})"),
        c if c.is_whitespace() => format!("a space character (U+{code:04X})"),
        c if c.is_ascii() => format!("`{c}`"),
        c => format!("the non-ASCII character `{c}` (U+{code:04X})"),
    }
}

/// Why a string does not match its format.
///
/// Displays as `not <what the format means>: <reason>`, for example
/// ``not an email address: missing `@` ``.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    format: Format,
    reason: Reason,
}

impl FormatError {
    /// The format that was not matched.
    pub fn format(&self) -> Format {
        self.format
    }

    /// A short lowercase reason, without a trailing period.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not {}: {}", self.format.describe(), self.reason)
    }
}

impl std::error::Error for FormatError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_in_spec_order() {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.as_str()).collect();
        assert_eq!(names, ["email", "uri", "date", "date-time"]);
        for format in Format::ALL {
            assert_eq!(Format::from_name(format.as_str()), Some(format));
        }
    }

    #[test]
    fn from_name_is_exact() {
        for name in [
            "",
            "Email",
            "EMAIL",
            "URI",
            "Date",
            "date_time",
            "datetime",
            "date-",
            "date-time ",
            " uri",
            "emai",
            "emails",
            "idn-email",
            "time",
            "uri-reference",
            "é",
        ] {
            assert_eq!(Format::from_name(name), None, "{name:?}");
        }
    }

    #[test]
    fn from_name_is_const() {
        const DATE: Option<Format> = Format::from_name("date");
        const NONE: Option<Format> = Format::from_name("nope");
        assert_eq!(DATE, Some(Format::Date));
        assert_eq!(NONE, None);
    }

    #[test]
    fn describe_texts() {
        assert_eq!(Format::Email.describe(), "an email address");
        assert_eq!(
            Format::Uri.describe(),
            "an absolute URI such as `https://example.com`"
        );
        assert_eq!(Format::Date.describe(), "a date such as `2025-06-18`");
        assert_eq!(
            Format::DateTime.describe(),
            "a date and time with an offset such as `2025-06-18T09:30:00Z`"
        );
    }

    #[test]
    fn error_accessors_and_display() {
        let error = Format::Email.check("nobody").unwrap_err();
        assert_eq!(error.format(), Format::Email);
        assert_eq!(error.reason(), "missing `@`");
        assert_eq!(error.to_string(), "not an email address: missing `@`");
        let boxed: Box<dyn std::error::Error> = Box::new(error.clone());
        assert_eq!(boxed.to_string(), error.to_string());
    }

    #[test]
    fn empty_value_fails_every_format() {
        for format in Format::ALL {
            let error = format.check("").unwrap_err();
            assert_eq!(error.reason(), "the value is empty");
            assert_eq!(error.format(), format);
        }
    }

    #[test]
    fn name_char_texts() {
        assert_eq!(name_char(' '), "a space");
        assert_eq!(name_char('`'), "a backtick");
        assert_eq!(name_char('<'), "`<`");
        assert_eq!(name_char('\t'), "a control character (U+0009)");
        assert_eq!(name_char('\u{3000}'), "a space character (U+3000)");
        assert_eq!(name_char('é'), "the non-ASCII character `é` (U+00E9)");
    }

    /// Inputs meant to trip up byte indexing: multi-byte characters at every
    /// position the parsers look at, truncations and odd punctuation.
    fn awkward_inputs() -> Vec<String> {
        let seeds = [
            "user@example.com",
            "\"a\\\"b\"@[IPv6:2001:db8::1]",
            "josé@exämple.com",
            "https://user:pw@[2001:db8::1]:8080/p%20q?x=1#f",
            "http://[v7.a:b]/",
            "2025-06-18T23:59:60.123+00:00",
            "2024-02-29",
            "é",
            "€",
            "𝄞",
            "%",
            "[",
            "\"",
            "\\",
            "@",
            ":",
            "//",
            "::",
        ];
        let mut inputs = Vec::new();
        for seed in seeds {
            for (i, _) in seed.char_indices().chain([(seed.len(), ' ')]) {
                let (head, tail) = seed.split_at(i);
                inputs.push(head.to_owned());
                inputs.push(tail.to_owned());
                for insert in ["é", "€", "𝄞", "\u{0}", "%", "%e", "[", "]", "@", ".", ":"] {
                    inputs.push(format!("{head}{insert}{tail}"));
                }
            }
        }
        inputs
    }

    #[test]
    fn never_panics_and_reasons_are_well_formed() {
        for input in awkward_inputs() {
            for format in Format::ALL {
                if let Err(error) = format.check(&input) {
                    let reason = error.reason();
                    assert!(!reason.is_empty(), "{format:?} {input:?}");
                    assert!(!reason.ends_with('.'), "{reason}");
                    assert!(!reason.starts_with(|c: char| c.is_uppercase()), "{reason}");
                    assert!(!error.to_string().is_empty());
                }
            }
        }
    }

    #[test]
    fn huge_inputs_are_handled() {
        let n = 1 << 20;
        let long = "a".repeat(n);
        let inputs = [
            long.clone(),
            format!("{long}@example.com"),
            format!("user@{long}"),
            format!("https://example.com/{long}"),
            format!("https://[{}]/", ":".repeat(n)),
            format!("https://[{}]/", "1:".repeat(n)),
            format!("u@[IPv6:{}]", "1".repeat(n)),
            format!("2025-06-18T09:30:00.{}Z", "1".repeat(n)),
            "%".repeat(n),
            "é".repeat(n),
            "\"".repeat(n),
        ];
        for input in &inputs {
            for format in Format::ALL {
                let _ = format.check(input);
            }
        }
        assert!(Format::DateTime.check(&inputs[7]).is_ok());
        assert!(Format::Uri.check(&inputs[3]).is_ok());
    }
}
