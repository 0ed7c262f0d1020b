//! String formats a form field may declare (`format` in the schema), and the
//! checks behind them.
//!
//! Every check is a `const fn`: the same code validates a value at run time
//! and a `default` at compile time. Each reads its input once, left to
//! right, without backtracking or recursion, works on bytes (decoding UTF-8
//! by hand where a character matters), and returns a reason for the first
//! problem it finds; none of them panics, whatever the input.

use core::fmt;

/// `expr?` for a `Result` inside a `const fn`, where `?` is not available.
macro_rules! tri {
    ($result:expr) => {
        match $result {
            Ok(value) => value,
            Err(error) => return Err(error),
        }
    };
}

pub(crate) mod bytes;
mod class;
mod date;
mod email;
mod fast;
mod reason;
mod uri;

#[cfg(any(feature = "chrono", feature = "time", feature = "jiff"))]
pub(crate) use date::DateParts;
pub(crate) use date::DateTimeParts;
pub(crate) use uri::{authority_parts, is_ipv4_host, is_ipv4_text, is_ipv6_text};

use reason::Reason;

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
    /// This is a `const fn`, so a value known at compile time, such as a
    /// field's `default`, can be checked while compiling; the run-time check
    /// is the same code.
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
    /// assert_eq!(error.message(), "the day does not exist in that month");
    /// assert_eq!(
    ///     error.to_string(),
    ///     "not a date such as `2025-06-18`: the day 30 does not exist in february 2025",
    /// );
    /// ```
    ///
    /// At compile time, a failed check can stop the build with
    /// [`FormatError::message`]:
    ///
    /// ```
    /// use elicit_runtime::format::Format;
    ///
    /// const fn checked(format: Format, value: &'static str) -> &'static str {
    ///     match format.check(value) {
    ///         Ok(()) => value,
    ///         Err(error) => panic!("{}", error.message()),
    ///     }
    /// }
    ///
    /// const LAUNCH: &str = checked(Format::Date, "2025-06-18");
    /// assert_eq!(LAUNCH, "2025-06-18");
    /// ```
    ///
    /// ```compile_fail,E0080
    /// # use elicit_runtime::format::Format;
    /// # const fn checked(format: Format, value: &'static str) -> &'static str {
    /// #     match format.check(value) {
    /// #         Ok(()) => value,
    /// #         Err(error) => panic!("{}", error.message()),
    /// #     }
    /// # }
    /// // error: the day does not exist in that month
    /// const LAUNCH: &str = checked(Format::Date, "2023-02-29");
    /// ```
    #[inline]
    pub const fn check(self, value: &str) -> Result<(), FormatError> {
        // The common shape of each format in one pass; anything else, valid
        // or not, is decided by the full check.
        let b = value.as_bytes();
        let plain = match self {
            Format::Email => fast::is_plain_email(b),
            Format::Uri => fast::is_plain_uri(b),
            Format::Date => fast::is_plain_date(b),
            Format::DateTime => fast::is_plain_date_time(b),
        };
        if plain {
            Ok(())
        } else {
            self.check_fully(value)
        }
    }

    /// The full check of every rule, with the reason for the first one
    /// broken; out of line, so that the common case stays small.
    #[cold]
    #[inline(never)]
    const fn check_fully(self, value: &str) -> Result<(), FormatError> {
        let result = if value.is_empty() {
            Err(Reason::Empty)
        } else {
            match self {
                Format::Email => email::check(value),
                Format::Uri => uri::check(value),
                Format::Date => match date::date(value) {
                    Ok(_) => Ok(()),
                    Err(reason) => Err(reason),
                },
                Format::DateTime => match date::date_time(value) {
                    Ok(_) => Ok(()),
                    Err(reason) => Err(reason),
                },
            }
        };
        failing(self, result)
    }
}

/// Reads a `date` into its fields, with the check of [`Format::Date`].
#[cfg(any(feature = "chrono", feature = "time", feature = "jiff"))]
pub(crate) const fn date_parts(value: &str) -> Result<DateParts, FormatError> {
    let result = if value.is_empty() {
        Err(Reason::Empty)
    } else {
        date::date(value)
    };
    failing(Format::Date, result)
}

/// Reads a `date-time` into its fields, with the check of
/// [`Format::DateTime`].
pub(crate) const fn date_time_parts(value: &str) -> Result<DateTimeParts, FormatError> {
    let result = if value.is_empty() {
        Err(Reason::Empty)
    } else {
        date::date_time(value)
    };
    failing(Format::DateTime, result)
}

/// `result` with its reason as a [`FormatError`] of `format`.
const fn failing<T: Copy>(format: Format, result: Result<T, Reason>) -> Result<T, FormatError> {
    match result {
        Ok(value) => Ok(value),
        Err(reason) => Err(FormatError { format, reason }),
    }
}

/// `a == b`, usable in a `const fn`.
pub(crate) const fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
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

/// Why a string does not match its format.
///
/// Displays as `not <what the format means>: <reason>`, for example
/// ``not an email address: missing `@` ``. It is `Copy` and built in
/// `const` code, so a compile-time check can report it with
/// [`message`](FormatError::message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormatError {
    format: Format,
    reason: Reason,
}

impl FormatError {
    /// The format that was not matched.
    pub const fn format(&self) -> Format {
        self.format
    }

    /// A short lowercase reason, without a trailing period, naming what was
    /// found: ``the local part contains `(` ``, `the day 30 does not exist
    /// in february 2025`.
    pub fn reason(&self) -> String {
        self.reason.to_string()
    }

    /// The reason as fixed text, without the characters and numbers of the
    /// value (`the day does not exist in that month`); usable in `const`
    /// code, such as the message of a compile-time panic. Where the reason
    /// names nothing from the value, it is the same text as
    /// [`reason`](FormatError::reason).
    pub const fn message(&self) -> &'static str {
        self.reason.message()
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
        let boxed: Box<dyn std::error::Error> = Box::new(error);
        assert_eq!(boxed.to_string(), error.to_string());
    }

    #[test]
    fn check_runs_in_const() {
        /// The error of a check that must fail, in `const` code.
        const fn error(result: Result<(), FormatError>) -> FormatError {
            match result {
                Err(error) => error,
                Ok(()) => panic!("the value was accepted"),
            }
        }

        const EMAIL_OK: bool = Format::Email.check("josé@exämple.com").is_ok()
            && Format::Email.check("\"a b\"@[IPv6:2001:db8::1]").is_ok();
        const EMAIL_BAD: FormatError = error(Format::Email.check("a,b@example.com"));
        const URI_OK: bool = Format::Uri
            .check("https://user@[::1]:8080/p%20q?x=1#f")
            .is_ok()
            && Format::Uri.check("urn:isbn:0451450523").is_ok();
        const URI_BAD: FormatError = error(Format::Uri.check("http://exämple.com/"));
        const DATE_OK: bool = Format::Date.check("2024-02-29").is_ok();
        const DATE_BAD: FormatError = error(Format::Date.check("2023-02-29"));
        const DATE_TIME_OK: bool = Format::DateTime.check("2016-12-31T23:59:60Z").is_ok()
            && Format::DateTime
                .check("2025-06-18T09:30:00.25+02:00")
                .is_ok();
        const DATE_TIME_BAD: FormatError = error(Format::DateTime.check("2025-06-18T24:00:00Z"));
        const EMPTY_BAD: bool = Format::Uri.check("").is_err();
        const MESSAGES: [&str; 4] = [
            EMAIL_BAD.message(),
            URI_BAD.message(),
            DATE_BAD.message(),
            DATE_TIME_BAD.message(),
        ];

        const _: () = assert!(EMAIL_OK && URI_OK && DATE_OK && DATE_TIME_OK && EMPTY_BAD);
        assert_eq!(EMAIL_BAD.format(), Format::Email);
        assert_eq!(EMAIL_BAD.reason(), "the local part contains `,`");
        assert_eq!(URI_BAD.format(), Format::Uri);
        assert_eq!(
            URI_BAD.reason(),
            "contains the non-ASCII character `ä` (U+00E4)"
        );
        assert_eq!(DATE_BAD.format(), Format::Date);
        assert_eq!(
            DATE_BAD.reason(),
            "the day 29 does not exist in february 2023"
        );
        assert_eq!(DATE_TIME_BAD.format(), Format::DateTime);
        assert_eq!(DATE_TIME_BAD.reason(), "the hour 24 does not exist");
        assert_eq!(
            MESSAGES,
            [
                "the local part contains a character that is not allowed",
                "contains a character that must be percent-encoded",
                "the day does not exist in that month",
                "the hour does not exist",
            ]
        );
        // The same checks at run time give the same errors.
        assert_eq!(Format::Date.check("2023-02-29"), Err(DATE_BAD));
        assert_eq!(Format::Uri.check("http://exämple.com/"), Err(URI_BAD));
    }

    #[test]
    fn messages_are_fixed_texts() {
        for input in awkward_inputs() {
            for format in Format::ALL {
                if let Err(error) = format.check(&input) {
                    let message = error.message();
                    assert!(!message.is_empty(), "{format:?} {input:?}");
                    assert!(!message.ends_with('.'), "{message}");
                    assert!(
                        !message.starts_with(|c: char| c.is_uppercase()),
                        "{message}"
                    );
                }
            }
        }
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
    fn run_time_and_compile_time_agree() {
        const VALUES: [&str; 6] = [
            "user@example.com",
            "a@b@c",
            "https://example.com",
            "http://[::1]x/",
            "2024-02-29",
            "2025-06-18T09:30:00+24:00",
        ];
        const RESULTS: [[Result<(), FormatError>; 4]; 6] = {
            let mut results = [[Ok(()); 4]; 6];
            let mut i = 0;
            while i < VALUES.len() {
                let mut j = 0;
                while j < Format::ALL.len() {
                    results[i][j] = Format::ALL[j].check(VALUES[i]);
                    j += 1;
                }
                i += 1;
            }
            results
        };
        for (value, results) in VALUES.iter().zip(RESULTS) {
            for (format, result) in Format::ALL.into_iter().zip(results) {
                assert_eq!(format.check(value), result, "{format:?} {value:?}");
            }
        }
    }

    #[test]
    fn messages_name_no_value() {
        let cases = [
            (Format::Email, "a(b@example.com"),
            (Format::Email, "\"a\u{7}\"@example.com"),
            (Format::Email, "user@exam_ple.com"),
            (Format::Uri, "ht_tp://x"),
            (Format::Uri, "http://x/a b"),
            (Format::Uri, "http://[::1]x/"),
            (Format::Uri, "http://us[er@x/"),
            (Format::Date, "2025-13-01"),
            (Format::Date, "2025-04-31"),
            (Format::DateTime, "2025-06-18T24:00:00Z"),
            (Format::DateTime, "2025-06-18T09:60:00Z"),
            (Format::DateTime, "2025-06-18T09:30:61Z"),
            (Format::DateTime, "2025-06-18T09:30:00+24:00"),
            (Format::DateTime, "2025-06-18T09:30:00-02:60"),
        ];
        for (format, value) in cases {
            let error = format.check(value).unwrap_err();
            let message = error.message();
            assert_ne!(message, error.reason(), "{value:?}");
            assert!(!message.contains(|c: char| c.is_ascii_digit()), "{message}");
        }
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
