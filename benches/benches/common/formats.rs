//! Valid ASCII values of each format, of a chosen length, as users send
//! them: the inputs of the per-byte cost of the format checks.

use elicit_runtime::format::Format;

/// The formats measured per byte, by the name paths give them.
pub const FORMATS: [(&str, Format); 4] = [
    ("email", Format::Email),
    ("uri", Format::Uri),
    ("date", Format::Date),
    ("date-time", Format::DateTime),
];

/// A valid value of `format` exactly `len` bytes long, or `None` when the
/// format has no value of that length (a `date` is always 10 bytes, an
/// `email` at least 3, a `date-time` at least 20).
pub fn input(format: Format, len: usize) -> Option<String> {
    let value = match format {
        Format::Date => "2026-12-24".to_owned(),
        Format::DateTime => date_time(len)?,
        Format::Email => email(len)?,
        Format::Uri => uri(len)?,
    };
    (value.len() == len && format.check(&value).is_ok()).then_some(value)
}

/// `2026-12-24T19:30:00Z`, then with fraction digits and an offset.
fn date_time(len: usize) -> Option<String> {
    const BASE: &str = "2026-12-24T19:30:00";
    match len {
        20 => Some(format!("{BASE}Z")),
        27.. => {
            let digits = len - BASE.len() - ".".len() - "+02:00".len();
            let fraction: String = "123456789".chars().cycle().take(digits).collect();
            Some(format!("{BASE}.{fraction}+02:00"))
        }
        _ => None,
    }
}

/// `ada.lovelace@example.com`, its local part grown to 64 octets, then its
/// domain grown by labels.
fn email(len: usize) -> Option<String> {
    const DOMAIN: &str = "example.com";
    let local_len = (len.checked_sub(DOMAIN.len() + 1)?).min(64);
    let local: String = "ada.lovelace.".chars().cycle().take(local_len).collect();
    let local = local.trim_end_matches('.').to_owned();
    let mut domain = DOMAIN.to_owned();
    while local.len() + 1 + domain.len() < len {
        let missing = len - local.len() - 1 - domain.len();
        let label: String = "mail".chars().cycle().take(missing.clamp(1, 60)).collect();
        domain = format!("{label}.{domain}");
        if local.len() + 1 + domain.len() > len {
            // The dot made it one too long: shorten the new label.
            domain.remove(0);
        }
    }
    (!local.is_empty()).then(|| format!("{local}@{domain}"))
}

/// `https://example.com/docs/...` with a path, then a query.
fn uri(len: usize) -> Option<String> {
    const BASE: &str = "https://example.com/";
    let rest = len.checked_sub(BASE.len())?;
    let path: String = "guides/getting-started/"
        .chars()
        .cycle()
        .take(rest.saturating_sub(10))
        .collect();
    let query: String = "?page=2&q=rust".chars().take(rest - path.len()).collect();
    Some(format!("{BASE}{path}{query}"))
}

/// Valid values of `format` as users send them, of varied lengths and
/// shapes, for checks that meet a new value each time (as a server does)
/// rather than the same one over and over.
pub fn varied(format: Format) -> &'static [&'static str] {
    match format {
        Format::Email => &[
            "ada.lovelace@example.com",
            "x@y.io",
            "partners+rust@sponsor.example.co.uk",
            "John.Smith@Example.COM",
            "first_last-99@sub.domain.example.org",
            "jane@example.org",
            "bookings@the-park.example.org",
            "o'brien@dublin.example.ie",
            "accounts.payable@finance.example.com",
            "info@xn--bcher-kva.example",
            "a.very.long.local.part.with.many.atoms@mail.server.department.university.example.edu",
            "support@company-name.com",
        ],
        Format::Uri => &[
            "https://example.com/",
            "https://docs.example.com/guides/getting-started?page=2&q=rust#install",
            "http://localhost:8080/api/v1/bookings",
            "mailto:ada@example.com",
            "urn:isbn:0451450523",
            "https://example.com/search?q=%E2%82%AC+price",
            "ftp://files.example.org/pub/README.txt",
            "https://user@example.com:8443/a/b/c",
            "tel:+1-201-555-0123",
            "https://[2001:db8::1]/status",
        ],
        Format::Date => &[
            "2026-12-24",
            "1999-01-01",
            "2024-02-29",
            "2031-07-15",
            "2000-10-31",
        ],
        Format::DateTime => &[
            "2026-12-24T19:30:00Z",
            "2026-12-24T19:30:00.123+02:00",
            "1999-12-31T23:59:59-08:00",
            "2024-02-29T12:00:00.5Z",
            "2016-12-31T23:59:60Z",
            "2031-07-15t08:05:09.123456789+14:00",
        ],
    }
}
