//! Strings for the four formats: generators of valid ones, and samples that
//! are invalid or sit at the edges of what each format allows.

use proptest::prelude::*;

/// A string format of the schema subset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fmt {
    Email,
    Uri,
    Date,
    DateTime,
}

impl Fmt {
    pub const ALL: [Fmt; 4] = [Fmt::Email, Fmt::Uri, Fmt::Date, Fmt::DateTime];

    pub fn name(self) -> &'static str {
        match self {
            Fmt::Email => "email",
            Fmt::Uri => "uri",
            Fmt::Date => "date",
            Fmt::DateTime => "date-time",
        }
    }
}

pub fn any_format() -> impl Strategy<Value = Fmt> {
    proptest::sample::select(Fmt::ALL.to_vec())
}

fn days_in(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn date() -> impl Strategy<Value = String> {
    (0u32..=9999, 1u32..=12)
        .prop_flat_map(|(y, m)| (Just(y), Just(m), 1..=days_in(y, m)))
        .prop_map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}"))
}

fn date_time() -> impl Strategy<Value = String> {
    let fraction = proptest::option::of("[0-9]{1,6}")
        .prop_map(|f| f.map_or(String::new(), |f| format!(".{f}")));
    let offset = prop_oneof![
        Just("Z".to_owned()),
        Just("z".to_owned()),
        (any::<bool>(), 0u32..24, 0u32..60)
            .prop_map(|(plus, h, m)| { format!("{}{h:02}:{m:02}", if plus { '+' } else { '-' }) }),
    ];
    (
        date(),
        prop_oneof![Just('T'), Just('t')],
        0u32..24,
        0u32..60,
        0u32..60,
        fraction,
        offset,
    )
        .prop_map(|(date, t, h, m, s, fraction, offset)| {
            format!("{date}{t}{h:02}:{m:02}:{s:02}{fraction}{offset}")
        })
}

fn email() -> impl Strategy<Value = String> {
    let atom = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]{1,8}";
    let local = proptest::collection::vec(atom, 1..=3).prop_map(|atoms| atoms.join("."));
    let label = "[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?";
    let domain = proptest::collection::vec(label, 1..=3).prop_map(|labels| labels.join("."));
    (local, domain).prop_map(|(local, domain)| format!("{local}@{domain}"))
}

fn uri() -> impl Strategy<Value = String> {
    let scheme = "[a-z][a-z0-9+.-]{0,5}";
    let segment = "([A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-F]{2}){0,6}";
    // Without an authority the path is rootless: its first segment is not
    // empty, or `scheme:` + `//...` would read as an authority.
    let first_segment = "([A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-F]{2}){1,6}";
    let host = "[a-z0-9]{1,8}(\\.[a-z0-9]{1,8}){0,2}";
    let path = proptest::collection::vec(segment, 0..3)
        .prop_map(|s| s.iter().map(|s| format!("/{s}")).collect::<String>());
    let query = proptest::option::of("[A-Za-z0-9=&/?]{0,6}")
        .prop_map(|q| q.map_or(String::new(), |q| format!("?{q}")));
    prop_oneof![
        (scheme, host, path.clone(), query).prop_map(|(s, h, p, q)| format!("{s}://{h}{p}{q}")),
        (scheme, first_segment, path).prop_map(|(s, first, p)| format!("{s}:{first}{p}")),
    ]
}

/// A string valid for `format`.
pub fn valid(format: Fmt) -> BoxedStrategy<String> {
    match format {
        Fmt::Email => email().boxed(),
        Fmt::Uri => uri().boxed(),
        Fmt::Date => date().boxed(),
        Fmt::DateTime => date_time().boxed(),
    }
}

/// Strings every reading of `format` rejects.
pub fn invalid_samples(format: Fmt) -> &'static [&'static str] {
    match format {
        Fmt::Email => &[
            "plainaddress",
            "@example.com",
            "user@",
            "user@@example.com",
            "a..b@example.com",
            ".a@example.com",
            "a.@example.com",
            "a b@example.com",
            "user@exa mple.com",
            "user@-example.com",
            "user@example..com",
            "user\n@example.com",
        ],
        Fmt::Uri => &[
            "example.com",
            "/relative/path",
            "//host/path",
            "1http://x",
            "http://exa mple.com",
            "http://[::1",
            "http://example.com/%zz",
            ":no-scheme",
        ],
        Fmt::Date => &[
            "2023-02-29",
            "2024-13-01",
            "2024-00-10",
            "2024-1-01",
            "20240101",
            "2024-01-32",
            "2024/01/01",
            " 2024-01-01",
            "1900-02-29",
        ],
        Fmt::DateTime => &[
            "2025-06-18T09:30:00",
            "2025-06-18T25:00:00Z",
            "2025-06-18T09:60:00Z",
            "2025-06-18T09:30:61Z",
            "2025-02-30T09:30:00Z",
            "2025-06-18T09:30:00+24:00",
            "2025-06-18T09:30Z",
            "2025-06-18T09:30:00.Z",
            "2025-06-18",
        ],
    }
}

/// Strings at the edges of the formats, which readings of them may
/// disagree on.
pub const EDGES: &[&str] = &[
    "josé@example.com",
    "user@exämple.com",
    "user@[192.0.2.1]",
    "user@[IPv6:2001:db8::1]",
    "\"john doe\"@example.com",
    "\"\"@example.com",
    "user@localhost",
    "user@example.com.",
    "user@123.example",
    "a@b",
    "urn:isbn:0451450523",
    "mailto:a@b.c",
    "https://例子.测试",
    "http://example.com:80/",
    "http://[::1]/",
    "http://user@host/",
    "file:///etc/passwd",
    "a:",
    "1990-12-31T23:59:60Z",
    "1990-12-31T15:59:60-08:00",
    "2025-06-18T12:00:60Z",
    "2025-06-18t09:30:00z",
    "2025-06-18 09:30:00Z",
    "2025-06-18T09:30:00.123456789+05:30",
    "0000-01-01",
    "2000-02-29",
    "2024-02-29T00:00:00-00:00",
];

/// A valid, invalid or edge string of any format.
pub fn any_sample() -> impl Strategy<Value = String> {
    let invalid: Vec<&'static str> = Fmt::ALL
        .iter()
        .flat_map(|f| invalid_samples(*f).iter().copied())
        .chain(EDGES.iter().copied())
        .collect();
    prop_oneof![
        any_format().prop_flat_map(valid),
        proptest::sample::select(invalid).prop_map(str::to_owned),
    ]
}
