//! One pass over the common shape of each format, taken before the full
//! checks: a plain ASCII `uri` (a host name or an IPv6 literal, a userinfo
//! without `:`), an ASCII dot-atom `email` with a host name (in `email`,
//! read in windows of sixteen bytes), a `date`, and a `date-time` without a
//! leap second. A value that passes is valid; any other goes on to the full
//! check, the home of every rule and of every reason, which decides it. So
//! these recognize a part of each grammar and never reject; `tests` holds
//! each to the full check.

mod email;

pub(super) use email::is_plain_email;

use super::bytes::find;
use super::class::{DIGIT, HEX, HOST, PATH, QUERY, SCHEME, has, has_all};
use super::date::days_in_month;
use super::uri::{Ipv6Syntax, is_ipv6};

/// Whether `b` is `scheme ":" ["//" [userinfo "@"] host [":" port]] path
/// ["?" query] ["#" fragment]`, the host a name or an IPv6 literal and the
/// userinfo without `:`, with every byte plain or percent-encoded.
pub(super) const fn is_plain_uri(b: &[u8]) -> bool {
    let len = b.len();
    let Some((mut i, has_authority)) = after_scheme(b) else {
        return false;
    };
    if has_authority {
        let start = i;
        i = skip(b, i, HOST);
        if i < len && b[i] == b'@' {
            // What came before was the userinfo: the host follows.
            i = skip(b, i + 1, HOST);
        }
        if i < len && b[i] == b'[' {
            // An IP literal, which must be the whole host.
            if !(i == start || b[i - 1] == b'@') {
                return false;
            }
            let Some(end) = ipv6_literal_end(b, i) else {
                return false;
            };
            i = end;
        }
        if i < len && b[i] == b':' {
            i += 1;
            while i < len && b[i].is_ascii_digit() {
                i += 1;
            }
        }
        if i < len && !matches!(b[i], b'/' | b'?' | b'#') {
            return false;
        }
    }
    let mut class = PATH;
    let mut fragment = false;
    loop {
        i = skip(b, i, class);
        if i == len {
            return true;
        }
        match b[i] {
            b'%' if i + 2 < len && has(b[i + 1], HEX) && has(b[i + 2], HEX) => i += 3,
            b'?' => {
                // Only a path stops at `?`: a query and a fragment take it.
                class = QUERY;
                i += 1;
            }
            b'#' if !fragment => {
                class = QUERY;
                fragment = true;
                i += 1;
            }
            _ => return false,
        }
    }
}

/// The index after the `]` of an IPv6 literal whose `[` is at `open`; out
/// of line, so that the names of hosts stay on a short path.
#[cold]
#[inline(never)]
const fn ipv6_literal_end(b: &[u8], open: usize) -> Option<usize> {
    let Some((_, rest)) = b.split_at_checked(open + 1) else {
        return None;
    };
    let Some(close) = find(rest, b']') else {
        return None;
    };
    match rest.split_at_checked(close) {
        Some((inside, _)) if is_ipv6(inside, Ipv6Syntax::Uri) => Some(open + close + 2),
        _ => None,
    }
}

/// Where what follows `scheme ":"` at the start of `b` begins, past a
/// `//` if there is one, and whether there was (an authority follows).
/// `https://` and `http://`, what users send most, take one comparison.
#[inline(always)]
const fn after_scheme(b: &[u8]) -> Option<(usize, bool)> {
    if let Some(start) = b.first_chunk::<8>() {
        // One comparison of eight bytes, not eight of one.
        let start = u64::from_le_bytes(*start);
        if start == u64::from_le_bytes(*b"https://") {
            return Some((8, true));
        }
        if start & 0x00ff_ffff_ffff_ffff == u64::from_le_bytes(*b"http://\0") {
            return Some((7, true));
        }
    }
    if b.is_empty() || !b[0].is_ascii_alphabetic() {
        return None;
    }
    let i = skip(b, 1, SCHEME);
    if i == b.len() || b[i] != b':' {
        return None;
    }
    if i + 2 < b.len() && b[i + 1] == b'/' && b[i + 2] == b'/' {
        Some((i + 3, true))
    } else {
        Some((i + 1, false))
    }
}

/// Whether `b` is a `full-date`, `YYYY-MM-DD`, of a day that exists.
pub(super) const fn is_plain_date(b: &[u8]) -> bool {
    b.len() == 10 && date_at_start(b)
}

/// Whether `b` is `full-date "T" HH:MM:SS [ "." 1*DIGIT ] ("Z" / ("+" /
/// "-") HH:MM)` with seconds up to 59 (a leap second goes to the full
/// check, which knows when one is allowed).
pub(super) const fn is_plain_date_time(b: &[u8]) -> bool {
    let Some(
        &[
            _,
            _,
            _,
            _,
            _,
            _,
            _,
            _,
            _,
            _,
            t,
            h0,
            h1,
            b':',
            m0,
            m1,
            b':',
            s0,
            s1,
        ],
    ) = b.first_chunk::<19>()
    else {
        return false;
    };
    if !(date_at_start(b)
        && (t == b'T' || t == b't')
        && has_all([h0, h1, m0, m1], DIGIT)
        && has_all([s0, s1, s0, s1], DIGIT)
        && two(h0, h1) <= 23
        && two(m0, m1) <= 59
        && two(s0, s1) <= 59)
    {
        return false;
    }
    let mut i = 19;
    if i < b.len() && b[i] == b'.' {
        let start = i + 1;
        i = skip(b, start, DIGIT);
        if i == start {
            return false;
        }
    }
    let Some((_, offset)) = b.split_at_checked(i) else {
        return false;
    };
    match offset {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', h0, h1, b':', m0, m1] => {
            has_all([*h0, *h1, *m0, *m1], DIGIT) && two(*h0, *h1) <= 23 && two(*m0, *m1) <= 59
        }
        _ => false,
    }
}

/// Whether `b` starts with `YYYY-MM-DD` of a day that exists.
#[inline(always)]
const fn date_at_start(b: &[u8]) -> bool {
    let Some(&[y0, y1, y2, y3, b'-', m0, m1, b'-', d0, d1]) = b.first_chunk::<10>() else {
        return false;
    };
    if !(has_all([y0, y1, y2, y3], DIGIT) && has_all([m0, m1, d0, d1], DIGIT)) {
        return false;
    }
    let (month, day) = (two(m0, m1), two(d0, d1));
    // Every month has 28 days; only a later day needs the calendar.
    month >= 1
        && month <= 12
        && day >= 1
        && (day <= 28 || day <= days_in_month(two(y0, y1) as u16 * 100 + two(y2, y3) as u16, month))
}

/// The number two ASCII digits write.
#[inline(always)]
const fn two(tens: u8, ones: u8) -> u8 {
    (tens - b'0') * 10 + (ones - b'0')
}

/// The index of the first byte from `i` on that is not in `class`, or the
/// length: one length test for four bytes while four are left, each byte
/// still tested (and left at) by itself.
#[inline(always)]
const fn skip(b: &[u8], i: usize, class: u16) -> usize {
    match b.split_at_checked(i) {
        Some((_, rest)) => i + run(rest, class),
        None => i,
    }
}

/// How many bytes `b` starts with that are in `class`: one length test
/// for four bytes while four are left, each byte still tested by itself.
#[inline(always)]
const fn run(b: &[u8], class: u16) -> usize {
    let mut rest = b;
    while let [b0, b1, b2, b3, tail @ ..] = rest {
        let at = b.len() - rest.len();
        if !has(*b0, class) {
            return at;
        }
        if !has(*b1, class) {
            return at + 1;
        }
        if !has(*b2, class) {
            return at + 2;
        }
        if !has(*b3, class) {
            return at + 3;
        }
        rest = tail;
    }
    while let [byte, tail @ ..] = rest {
        if !has(*byte, class) {
            break;
        }
        rest = tail;
    }
    b.len() - rest.len()
}

#[cfg(test)]
mod tests {
    use super::super::reason::Reason;
    use super::super::{date, email, uri};
    use super::*;

    /// Values of every shape, valid and not, from both grammars.
    const VALUES: &[&str] = &[
        "https://example.com",
        "https://example.com/",
        "http://example.com/path/to/page?q=1&r=2#section-3",
        "http://example.com:8080/a?b#c",
        "http://example.com:/",
        "http://example.com:8x/",
        "http://",
        "http:",
        "a:",
        "mailto:user@example.com",
        "urn:isbn:0451450523",
        "http://example.com/%E2%82%AC",
        "http://example.com/%E2%82%A",
        "http://example.com/%4?x",
        "http://example.com/a#b#c",
        "http://example.com/a b",
        "http://user@example.com/",
        "http://[::1]/",
        "http://[::1]:8080/x",
        "http://[::1",
        "http://[::1]x/",
        "http://a[::1]/",
        "http://user@[::1]/",
        "http://user:pass@example.com/",
        "http://[v1.x]/",
        "http://[1.2.3.4]/",
        "http://[::ffff:192.0.2.1]/",
        "http://@example.com/",
        "http://user@@example.com/",
        "http://a@b@c/",
        "http://ex%41mple.com/",
        "1http://x",
        "//example.com",
        "example.com/a:b",
        "ada@example.com",
        "ada.lovelace@mail.example.com",
        "a@b",
        "a@localhost",
        ".a@example.com",
        "a.@example.com",
        "a..b@example.com",
        "a@-example.com",
        "a@example-.com",
        "a@example..com",
        "a@example.com.",
        "a@x--y.example",
        "a@b.c-",
        "a@b-",
        "a@b.-c",
        "a-.b@c.d",
        "a@b.c.d.e.f.g.h",
        "\"a b\"@example.com",
        "josé@example.com",
        "a@[192.0.2.1]",
        "@example.com",
        "a@",
        "a",
        "a@b@c",
    ];

    const DATES: &[&str] = &[
        "2026-12-24",
        "2024-02-29",
        "2023-02-29",
        "2000-02-29",
        "1900-02-29",
        "2026-04-31",
        "2026-13-01",
        "2026-00-10",
        "2026-01-00",
        "0000-01-01",
        "9999-12-31",
        "2026-1-01",
        "2026-12-24T10:00:00Z",
        "2026-12-24t10:00:00z",
        "2026-12-24T23:59:59.123456789+14:00",
        "2026-12-24T23:59:59.+14:00",
        "2026-12-24T23:59:60Z",
        "2016-12-31T23:59:60Z",
        "2026-12-24T24:00:00Z",
        "2026-12-24T10:60:00Z",
        "2026-12-24T10:00:00+24:00",
        "2026-12-24T10:00:00+02:60",
        "2026-12-24T10:00:00-00:00",
        "2026-12-24T10:00:00",
        "2026-12-24 10:00:00Z",
        "2026-12-24T10:00:00Z ",
        "2026-12-24T10:00:00+0200",
        "2026-02-30T10:00:00Z",
    ];

    /// Each recognizer, the full check it stands before, the values it is
    /// tried on, and how many of them it takes.
    type Recognized = (
        fn(&[u8]) -> bool,
        fn(&str) -> Result<(), Reason>,
        &'static [&'static str],
        usize,
    );

    #[test]
    fn what_a_recognizer_takes_is_valid() {
        let recognizers: [Recognized; 4] = [
            (is_plain_uri, uri::check, VALUES, 17),
            (is_plain_email, email::check, VALUES, 7),
            (is_plain_date, |v| date::date(v).map(|_| ()), DATES, 5),
            (
                is_plain_date_time,
                |v| date::date_time(v).map(|_| ()),
                DATES,
                4,
            ),
        ];
        for (recognizes, check, values, count) in recognizers {
            let plain: Vec<_> = values.iter().filter(|v| recognizes(v.as_bytes())).collect();
            for value in &plain {
                assert_eq!(check(value), Ok(()), "{value}");
            }
            assert_eq!(plain.len(), count, "{plain:?}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]

        /// Strings over the bytes the grammars care about: whatever the
        /// fast recognizers take, the full checks take.
        #[test]
        fn what_a_recognizer_takes_the_full_check_takes(
            value in "[a-c0-9A-Z.\\-_~:/?#@%!$&'()*+,;=\\[\\]\" é]{0,40}",
        ) {
            let b = value.as_bytes();
            if is_plain_uri(b) {
                proptest::prop_assert_eq!(uri::check(&value), Ok(()));
            }
            if is_plain_email(b) {
                proptest::prop_assert_eq!(email::check(&value), Ok(()));
            }
        }

        /// URIs and addresses in the shapes the recognizers take, with a
        /// byte from anywhere now and then.
        #[test]
        fn what_a_recognizer_takes_in_its_shape_the_full_check_takes(
            uri in "[a-zA-Z][a-z0-9+.\\-]{0,4}:(//([a-z0-9:%]{0,5}@)?(\\[[0-9a-fv:.]{0,12}\\]?|[a-z0-9.\\-~!$&'()*+,;=@\\[]{0,10})(:[0-9]{0,4})?)?[a-z0-9/?#%@:.A-F\\[ ]{0,24}",
            email in "[a-z0-9.!#$%&'*+/=?^_`{|}~\\-]{0,8}@[a-z0-9.\\-]{0,12}",
        ) {
            if is_plain_uri(uri.as_bytes()) {
                proptest::prop_assert_eq!(uri::check(&uri), Ok(()));
            }
            if is_plain_email(email.as_bytes()) {
                proptest::prop_assert_eq!(email::check(&email), Ok(()));
            }
        }

        /// Dates and date-times with any digits, and any separators now
        /// and then.
        #[test]
        fn what_the_date_recognizers_take_the_full_check_takes(
            value in "[0-9]{4}[-x][0-9]{2}[-x][0-9]{2}([Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{0,3})?([Zz]|[+-][0-9]{2}:[0-9]{2}|x))?",
        ) {
            let b = value.as_bytes();
            if is_plain_date(b) {
                proptest::prop_assert_eq!(date::date(&value).map(|_| ()), Ok(()));
            }
            if is_plain_date_time(b) {
                proptest::prop_assert_eq!(date::date_time(&value).map(|_| ()), Ok(()));
            }
        }
    }

    #[test]
    fn long_parts_go_to_the_full_check() {
        let local = "a".repeat(65);
        assert!(!is_plain_email(format!("{local}@example.com").as_bytes()));
        let label = "b".repeat(64);
        assert!(!is_plain_email(format!("a@{label}.com").as_bytes()));
        let domain = vec!["c".repeat(63); 5].join(".");
        assert!(!is_plain_email(format!("a@{domain}").as_bytes()));
    }
}
