//! `uri`: an absolute URI, RFC 3986 section 3:
//! `scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
//!
//! Also home to the IPv4 and IPv6 address grammars, which `email` shares for
//! its address literals.
//!
//! The URI is cut into its components at ASCII delimiters, so every cut and
//! every reported character falls on a character boundary.

use super::Reason;
use super::bytes::{
    all_digits, all_hex_digits, byte, decode, find, head, is, split_before, split_off, tail,
};
use super::class::{HOST, PATH, QUERY, USERINFO, has, is_sub_delim, is_unreserved};

/// Checks an absolute URI.
pub(super) const fn check(value: &str) -> Result<(), Reason> {
    let rest = tri!(scheme(value.as_bytes()));
    let (rest, fragment) = split_off(rest, b'#');
    let (hier, query) = split_off(rest, b'?');
    match split_hier(hier) {
        (Some(authority), path) => {
            tri!(check_authority(authority));
            tri!(check_part(path, Part::Path));
        }
        (None, path) => tri!(check_part(path, Part::Path)),
    }
    if let Some(query) = query {
        tri!(check_part(query, Part::Query));
    }
    if let Some(fragment) = fragment {
        tri!(check_part(fragment, Part::Fragment));
    }
    Ok(())
}

/// `hier-part` cut into its authority (after `//`, if any) and its path.
const fn split_hier(hier: &[u8]) -> (Option<&[u8]>, &[u8]) {
    if is(hier, 0, b'/') && is(hier, 1, b'/') {
        let (authority, path) = split_before(tail(hier, 2), b'/');
        (Some(authority), path)
    } else {
        (None, hier)
    }
}

/// The parts of an authority, `[ userinfo "@" ] host [ ":" port ]`, as
/// [`check_authority`] cuts it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct AuthorityParts<'a> {
    /// The userinfo before `@`, if any.
    pub(crate) userinfo: Option<&'a str>,
    /// The host: a name, an IPv4 address, or an IP literal without its
    /// brackets.
    pub(crate) host: &'a str,
    /// Whether the host was an IP literal in brackets (`[::1]`).
    pub(crate) literal: bool,
    /// The port after `:`, if any.
    pub(crate) port: Option<&'a str>,
}

/// The scheme and authority parts of an absolute URI that passes
/// [`check`]; `None` for one without an authority (`mailto:a@b.example`)
/// or that fails the check.
pub(crate) fn authority_parts(value: &str) -> Option<(&str, AuthorityParts<'_>)> {
    check(value).ok()?;
    let bytes = value.as_bytes();
    let rest = scheme(bytes).ok()?;
    let scheme = head(bytes, bytes.len() - rest.len() - 1);
    let (rest, _) = split_off(rest, b'#');
    let (hier, _) = split_off(rest, b'?');
    let (authority, _) = split_hier(hier);
    let parts = split_authority(authority?).ok()?;
    // Every cut falls on an ASCII delimiter, so each part is still UTF-8.
    fn text(b: &[u8]) -> Option<&str> {
        core::str::from_utf8(b).ok()
    }
    Some((
        text(scheme)?,
        AuthorityParts {
            userinfo: match parts.userinfo {
                Some(userinfo) => Some(text(userinfo)?),
                None => None,
            },
            host: text(parts.host)?,
            literal: parts.literal,
            port: match parts.port {
                Some(port) => Some(text(port)?),
                None => None,
            },
        },
    ))
}

/// Checks `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"` and returns what
/// follows the colon.
const fn scheme(value: &[u8]) -> Result<&[u8], Reason> {
    let Some(colon) = find(value, b':') else {
        return Err(Reason::MissingScheme);
    };
    let scheme = head(value, colon);
    if scheme.is_empty() {
        return Err(Reason::MissingScheme);
    }
    // A `/`, `?` or `#` before the first `:` means there is no scheme at all,
    // as in `//example.com` or `example.com/a:b`.
    let mut i = 0;
    while i < scheme.len() {
        if matches!(scheme[i], b'/' | b'?' | b'#') {
            return Err(Reason::MissingScheme);
        }
        i += 1;
    }
    if !matches!(byte(scheme, 0), Some(b) if b.is_ascii_alphabetic()) {
        return Err(Reason::SchemeStart);
    }
    let mut i = 0;
    while i < scheme.len() {
        let b = scheme[i];
        if !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')) {
            // Only ASCII bytes came before, so `i` starts a character.
            return Err(Reason::SchemeContains {
                c: decode(scheme, i).0,
            });
        }
        i += 1;
    }
    Ok(tail(value, colon + 1))
}

/// An authority cut at its delimiters, before its parts are checked.
struct RawAuthority<'a> {
    userinfo: Option<&'a [u8]>,
    host: &'a [u8],
    literal: bool,
    port: Option<&'a [u8]>,
}

/// Cuts `authority = [ userinfo "@" ] host [ ":" port ]` at its
/// delimiters; an unclosed or trailing IP literal is an error here.
const fn split_authority(authority: &[u8]) -> Result<RawAuthority<'_>, Reason> {
    let (userinfo, host_port) = match find(authority, b'@') {
        Some(at) => (Some(head(authority, at)), tail(authority, at + 1)),
        None => (None, authority),
    };
    if is(host_port, 0, b'[') {
        let literal = tail(host_port, 1);
        let Some(close) = find(literal, b']') else {
            return Err(Reason::UnclosedHost);
        };
        let after = tail(literal, close + 1);
        let port = if is(after, 0, b':') {
            Some(tail(after, 1))
        } else if after.is_empty() {
            None
        } else {
            // `after` follows a `]`, so it starts with a character.
            return Err(Reason::AfterHostLiteral {
                c: decode(after, 0).0,
            });
        };
        Ok(RawAuthority {
            userinfo,
            host: head(literal, close),
            literal: true,
            port,
        })
    } else {
        let (host, port) = split_off(host_port, b':');
        Ok(RawAuthority {
            userinfo,
            host,
            literal: false,
            port,
        })
    }
}

/// Checks `authority = [ userinfo "@" ] host [ ":" port ]`.
const fn check_authority(authority: &[u8]) -> Result<(), Reason> {
    let parts = tri!(split_authority(authority));
    if let Some(userinfo) = parts.userinfo {
        tri!(check_part(userinfo, Part::Userinfo));
    }
    if parts.literal {
        tri!(check_ip_literal(parts.host));
    } else {
        tri!(check_part(parts.host, Part::Host));
    }
    if let Some(port) = parts.port
        && !all_digits(port)
    {
        return Err(Reason::PortNotDigits);
    }
    Ok(())
}

const fn check_ip_literal(inside: &[u8]) -> Result<(), Reason> {
    if matches!(byte(inside, 0), Some(b'v' | b'V')) {
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        if is_ip_future(tail(inside, 1)) {
            Ok(())
        } else {
            Err(Reason::BadIpvFuture)
        }
    } else if is_ipv6(inside, Ipv6Syntax::Uri) {
        Ok(())
    } else {
        Err(Reason::BadIpv6Host)
    }
}

/// Whether `future` (what follows the `v`) is `1*HEXDIG "." 1*( unreserved /
/// sub-delims / ":" )`.
const fn is_ip_future(future: &[u8]) -> bool {
    let Some(dot) = find(future, b'.') else {
        return false;
    };
    let version = head(future, dot);
    let address = tail(future, dot + 1);
    if version.is_empty() || address.is_empty() {
        return false;
    }
    if !all_hex_digits(version) {
        return false;
    }
    let mut i = 0;
    while i < address.len() {
        let b = address[i];
        if !(is_unreserved(b) || is_sub_delim(b) || b == b':') {
            return false;
        }
        i += 1;
    }
    true
}

/// A component of a URI, for what it allows and for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    Userinfo,
    Host,
    Path,
    Query,
    Fragment,
}

impl Part {
    /// The name of the part, for messages: `userinfo`, `host`, ...
    pub(super) const fn name(self) -> &'static str {
        match self {
            Part::Userinfo => "userinfo",
            Part::Host => "host",
            Part::Path => "path",
            Part::Query => "query",
            Part::Fragment => "fragment",
        }
    }

    /// Whether the part allows byte `b` as itself (`%` is handled apart).
    const fn allows(self, b: u8) -> bool {
        has(
            b,
            match self {
                Part::Host => HOST,
                Part::Userinfo => USERINFO,
                Part::Path => PATH,
                Part::Query | Part::Fragment => QUERY,
            },
        )
    }
}

/// Checks that `s` holds only characters `part` allows, or valid
/// percent-encodings.
const fn check_part(s: &[u8], part: Part) -> Result<(), Reason> {
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b == b'%' {
            // `i < s.len()`, so `i + 1` and `i + 2` cannot overflow.
            if !(is_hex_at(s, i + 1) && is_hex_at(s, i + 2)) {
                return Err(Reason::BadPercent);
            }
            i += 3;
        } else if part.allows(b) {
            i += 1;
        } else {
            // Only ASCII bytes were stepped over, so `i` starts a character.
            return Err(misplaced(decode(s, i).0, part));
        }
    }
    Ok(())
}

/// Whether the byte at `i` is a hex digit.
const fn is_hex_at(b: &[u8], i: usize) -> bool {
    matches!(byte(b, i), Some(d) if d.is_ascii_hexdigit())
}

/// The reason for character `c`, which `part` does not allow.
const fn misplaced(c: char, part: Part) -> Reason {
    let never_allowed = !c.is_ascii()
        || c.is_ascii_control()
        || matches!(
            c,
            ' ' | '"' | '<' | '>' | '\\' | '^' | '`' | '{' | '|' | '}'
        );
    if c == '#' && matches!(part, Part::Fragment) {
        Reason::SecondHash
    } else if never_allowed {
        Reason::UriContains { c }
    } else {
        Reason::NotAllowedIn { c, part }
    }
}

/// Which grammar an IPv6 address follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ipv6Syntax {
    /// RFC 3986 `IPv6address`: `::` stands for one or more zero groups, and
    /// an embedded IPv4 address is in `dec-octet` form (no leading zeros).
    Uri,
    /// RFC 5321 `IPv6-addr`: `::` stands for two or more zero groups, and an
    /// embedded IPv4 address may have leading zeros (`Snum`).
    Smtp,
}

/// Whether `b` is an IPv6 address: eight 16-bit groups of 1-4 hex digits
/// separated by `:`, the last two of which may be an IPv4 address, and at
/// most one `::` standing for omitted zero groups.
pub(super) const fn is_ipv6(b: &[u8], syntax: Ipv6Syntax) -> bool {
    let mut compressed = is(b, 0, b':') && is(b, 1, b':');
    let mut i = if compressed { 2 } else { 0 };
    let mut groups = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_hexdigit() {
            i += 1;
        }
        if is(b, i, b'.') {
            // An IPv4 address ends the address and counts as two groups.
            if !is_ipv4(tail(b, start), syntax) {
                return false;
            }
            groups += 2;
            break;
        }
        let len = i - start;
        if len == 0 || len > 4 {
            return false;
        }
        groups += 1;
        if groups > 8 {
            return false;
        }
        // `i <= b.len()`, so `i + 1` cannot overflow.
        match (byte(b, i), byte(b, i + 1)) {
            (None, _) => {}
            (Some(b':'), Some(b':')) if !compressed => {
                compressed = true;
                i += 2;
            }
            // A single `:` must be followed by another group.
            (Some(b':'), Some(next)) if next != b':' => i += 1,
            _ => return false,
        }
    }
    let most_compressed = match syntax {
        Ipv6Syntax::Uri => 7,
        Ipv6Syntax::Smtp => 6,
    };
    if compressed {
        groups <= most_compressed
    } else {
        groups == 8
    }
}

/// Whether a URI's host is an IPv4 address in dotted-decimal form, leading
/// zeros allowed (which some programs read as octal), so that a client can
/// say it is an address rather than a name.
pub(crate) fn is_ipv4_host(host: &str) -> bool {
    is_ipv4(host.as_bytes(), Ipv6Syntax::Smtp)
}

/// Whether `text` is an IPv4 address as `std::net::Ipv4Addr` reads it:
/// four numbers 0-255 without leading zeros, separated by `.`.
pub(crate) const fn is_ipv4_text(text: &str) -> bool {
    is_ipv4(text.as_bytes(), Ipv6Syntax::Uri)
}

/// Whether `text` is an IPv6 address as `std::net::Ipv6Addr` reads it: the
/// RFC 3986 `IPv6address` form, without a zone.
pub(crate) const fn is_ipv6_text(text: &str) -> bool {
    is_ipv6(text.as_bytes(), Ipv6Syntax::Uri)
}

/// Whether `b` is a dotted-decimal IPv4 address: four numbers 0-255 of one
/// to three digits, without leading zeros in the [`Ipv6Syntax::Uri`] form.
pub(super) const fn is_ipv4(b: &[u8], syntax: Ipv6Syntax) -> bool {
    let mut parts = 0;
    let mut i = 0;
    loop {
        let start = i;
        let mut value = 0;
        while i < b.len() && b[i] != b'.' {
            // At most three digits, so `value` stays below 1000.
            if !b[i].is_ascii_digit() || i - start == 3 {
                return false;
            }
            value = value * 10 + (b[i] - b'0') as u32;
            i += 1;
        }
        let len = i - start;
        parts += 1;
        if parts > 4 || len == 0 || value > 255 {
            return false;
        }
        if len > 1 && is(b, start, b'0') && matches!(syntax, Ipv6Syntax::Uri) {
            return false;
        }
        if i >= b.len() {
            break;
        }
        // `b[i]` is a `.`: step over it to the next number.
        i += 1;
    }
    parts == 4
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(scheme, userinfo, host, literal, port)` of a URI.
    type Parts<'a> = (&'a str, Option<&'a str>, &'a str, bool, Option<&'a str>);

    fn parts(value: &str) -> Option<Parts<'_>> {
        authority_parts(value).map(|(scheme, a)| (scheme, a.userinfo, a.host, a.literal, a.port))
    }

    #[test]
    fn authority_parts_cut_where_the_check_cuts() {
        assert_eq!(
            parts("https://user:pw@Example.com:8443/a/b?q=1#f"),
            Some(("https", Some("user:pw"), "Example.com", false, Some("8443")))
        );
        assert_eq!(
            parts("http://[2001:db8::1]:80/"),
            Some(("http", None, "2001:db8::1", true, Some("80")))
        );
        assert_eq!(
            parts("file:///etc/hosts"),
            Some(("file", None, "", false, None))
        );
        assert_eq!(
            parts("https://a.example?x=@b.example"),
            Some(("https", None, "a.example", false, None))
        );
        assert_eq!(parts("mailto:a@b.example"), None);
        assert_eq!(parts("not a uri"), None);
        assert_eq!(parts("http://[::1/"), None);
    }

    fn reason(value: &str) -> String {
        match check(value) {
            Ok(()) => panic!("{value:?} was accepted"),
            Err(reason) => reason.to_string(),
        }
    }

    #[test]
    fn accepts_absolute_uris() {
        for value in [
            "https://example.com",
            "https://example.com/",
            "http://example.com/path/to/page?q=1&r=2#section-3",
            "HTTPS://EXAMPLE.COM/A",
            "mailto:user@example.com",
            "mailto:a@b.c?subject=hi%20there",
            "urn:isbn:0451450523",
            "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
            "tel:+1-816-555-1212",
            "news:comp.infosystems.www.servers.unix",
            "file:///etc/hosts",
            "about:blank",
            "a:",
            "http:",
            "http://",
            "x-y.z+w:opaque",
            "git+ssh://git@github.com/owner/repo.git",
            "data:text/plain;charset=utf-8,hello%2C%20world",
            "ftp://user:pass@ftp.example.com:21/pub/file.txt",
            "http://example.com:/",
            "http://example.com:8080",
            "http://@example.com/",
            "http://127.0.0.1/",
            "http://01.02.03.004/",
            "http://xn--nxasmq6b.com/",
            "http://example.com/%E2%82%AC",
            "http://example.com/a//b/../c/./d",
            "http://example.com/?q=a/b?c:d@e",
            "http://example.com/#a/b?c:d@e",
            "http://example.com/!$&'()*+,;=~_-.",
            "http://[::1]/",
            "http://[::1]:8080/",
            "http://[2001:db8::1]/",
            "http://[2001:DB8:0:0:8:800:200C:417A]/",
            "http://[::ffff:192.0.2.1]/",
            "http://[v7.fe80::a+en1]/",
            "http://[V1F.x]/",
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            "localhost:8080",
            "www.example.com:80",
            "foo:/a//b",
            "foo:a:b@c",
        ] {
            assert_eq!(check(value), Ok(()), "{value}");
        }
    }

    #[test]
    fn rejects_missing_or_bad_schemes() {
        let missing = "missing the scheme (such as `https:`)";
        for value in [
            "example.com",
            "//example.com/path",
            "/relative/path",
            "relative/a:b",
            "?q=a:b",
            "#a:b",
            ":foo",
        ] {
            assert_eq!(reason(value), missing, "{value}");
        }
        assert_eq!(reason("1http://x"), "the scheme must start with a letter");
        assert_eq!(reason("+a:b"), "the scheme must start with a letter");
        assert_eq!(reason("ht_tp://x"), "the scheme contains `_`");
        assert_eq!(reason("see https://x"), "the scheme contains a space");
        assert_eq!(
            reason("héllo:x"),
            "the scheme contains the non-ASCII character `é` (U+00E9)"
        );
    }

    #[test]
    fn rejects_characters_outside_rfc_3986() {
        assert_eq!(reason("http://example.com/a b"), "contains a space");
        assert_eq!(reason("http://exa mple.com/"), "contains a space");
        assert_eq!(
            reason("http://example.com/\u{7}"),
            "contains a control character (U+0007)"
        );
        assert_eq!(
            reason("http://example.com/\u{7f}"),
            "contains a control character (U+007F)"
        );
        assert_eq!(
            reason("http://exämple.com/"),
            "contains the non-ASCII character `ä` (U+00E4)"
        );
        assert_eq!(
            reason("https://例子.测试"),
            "contains the non-ASCII character `例` (U+4F8B)"
        );
        assert_eq!(
            reason("http://x/?q=a\u{a0}b"),
            "contains a space character (U+00A0)"
        );
        for c in ['\\', '<', '>', '"', '{', '}', '|', '^'] {
            assert_eq!(
                reason(&format!("http://x/a{c}b")),
                format!("contains `{c}`")
            );
            assert_eq!(reason(&format!("http://x/?{c}")), format!("contains `{c}`"));
            assert_eq!(reason(&format!("http://x/#{c}")), format!("contains `{c}`"));
        }
        assert_eq!(reason("http://x/`"), "contains a backtick");
        assert_eq!(reason("http://x/#a#b"), "contains a second `#`");
        assert_eq!(reason("http://x/?a#b#"), "contains a second `#`");
    }

    #[test]
    fn rejects_misplaced_characters() {
        assert_eq!(reason("http://x/[a]"), "`[` is not allowed in the path");
        assert_eq!(reason("http://x/?]"), "`]` is not allowed in the query");
        assert_eq!(reason("http://x/#["), "`[` is not allowed in the fragment");
        assert_eq!(
            reason("http://ex[ample.com/"),
            "`[` is not allowed in the host"
        );
        assert_eq!(
            reason("http://user@host@x/"),
            "`@` is not allowed in the host"
        );
        assert_eq!(
            reason("http://us[er@x/"),
            "`[` is not allowed in the userinfo"
        );
        assert_eq!(reason("foo:[x]"), "`[` is not allowed in the path");
    }

    #[test]
    fn rejects_bad_percent_encoding() {
        let bad = "`%` must be followed by two hex digits";
        for value in [
            "http://x/%",
            "http://x/%4",
            "http://x/%zz",
            "http://x/%4g",
            "http://x/?%",
            "http://x/#%%41",
            "http://%x@h/",
            "http://h%2/",
            "foo:%é",
        ] {
            assert_eq!(reason(value), bad, "{value}");
        }
        assert_eq!(check("http://%41@h%2e/"), Ok(()));
    }

    #[test]
    fn rejects_bad_ports_and_literals() {
        let port = "the port must contain only digits";
        assert_eq!(reason("http://x:80a/"), port);
        assert_eq!(reason("http://x:a:b/"), port);
        assert_eq!(reason("http://[::1]:-1/"), port);
        assert_eq!(reason("http://x:8 0/"), port);
        assert_eq!(
            reason("http://[::1/"),
            "the host is missing its closing `]`"
        );
        assert_eq!(reason("http://[::1]x/"), "`x` is not allowed after `]`");
        assert_eq!(reason("http://[::1]]/"), "`]` is not allowed after `]`");
        let v6 = "the host in `[` `]` is not a valid IPv6 address";
        for value in [
            "http://[:::1]/",
            "http://[1:2:3:4:5:6:7:8:9]/",
            "http://[1.2.3.4]/",
            "http://[]/",
            "http://[::1%25eth0]/",
            "http://[example.com]/",
            "http://[::ffff:192.0.2.01]/",
        ] {
            assert_eq!(reason(value), v6, "{value}");
        }
        let future = "the host in `[` `]` is not a valid `vX.address` (IPvFuture)";
        for value in [
            "http://[v7]/",
            "http://[v.x]/",
            "http://[vg.x]/",
            "http://[v7.]/",
            "http://[v7.a b]/",
            "http://[v7.%41]/",
        ] {
            assert_eq!(reason(value), future, "{value}");
        }
    }

    #[test]
    fn ipv6_addresses_per_rfc_3986() {
        for s in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "2001:db8::1",
            "2001:DB8:0:0:8:800:200C:417A",
            "fe80::1:2",
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "1::8",
            "::ffff:192.0.2.1",
            "::1.2.3.4",
            "1:2:3:4:5:6:1.2.3.4",
            "1::5:1.2.3.4",
            "64:ff9b::255.255.255.255",
        ] {
            assert!(is_ipv6(s.as_bytes(), Ipv6Syntax::Uri), "{s}");
        }
        for s in [
            "",
            ":",
            ":1",
            "1:",
            ":::1",
            "1:::",
            "1::2::3",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1::2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7:8::",
            "12345::",
            "g::",
            "1.2.3.4",
            "1:2:3:4:5:6:7:1.2.3.4",
            "::1.2.3",
            "::1.2.3.4.5",
            "::1.2.3.256",
            "::01.2.3.4",
            "1.2.3.4::",
            "::1 ",
            "::é",
        ] {
            assert!(!is_ipv6(s.as_bytes(), Ipv6Syntax::Uri), "{s}");
        }
    }

    #[test]
    fn ipv6_addresses_per_rfc_5321() {
        assert!(is_ipv6(b"1:2:3:4:5:6::", Ipv6Syntax::Smtp));
        assert!(is_ipv6(b"1:2:3:4::1.2.3.4", Ipv6Syntax::Smtp));
        assert!(is_ipv6(b"::01.002.3.4", Ipv6Syntax::Smtp));
        assert!(is_ipv6(b"1:2:3:4:5:6:7:8", Ipv6Syntax::Smtp));
        assert!(!is_ipv6(b"1:2:3:4:5:6:7::", Ipv6Syntax::Smtp));
        assert!(!is_ipv6(b"1:2:3:4:5::1.2.3.4", Ipv6Syntax::Smtp));
    }

    #[test]
    fn ipv4_addresses() {
        for s in ["0.0.0.0", "192.0.2.1", "255.255.255.255", "10.0.0.9"] {
            assert!(is_ipv4(s.as_bytes(), Ipv6Syntax::Uri), "{s}");
            assert!(is_ipv4(s.as_bytes(), Ipv6Syntax::Smtp), "{s}");
        }
        for s in ["01.2.3.4", "1.2.3.004", "00.0.0.0"] {
            assert!(!is_ipv4(s.as_bytes(), Ipv6Syntax::Uri), "{s}");
            assert!(is_ipv4(s.as_bytes(), Ipv6Syntax::Smtp), "{s}");
        }
        for s in [
            "",
            "1",
            "1.2.3",
            "1.2.3.4.5",
            "1.2.3.4.",
            ".1.2.3",
            "1..2.3",
            "256.1.1.1",
            "1.2.3.0256",
            "1.2.3.-1",
            "a.b.c.d",
            "1.2.3.4 ",
            "١.2.3.4",
        ] {
            assert!(!is_ipv4(s.as_bytes(), Ipv6Syntax::Uri), "{s}");
            assert!(!is_ipv4(s.as_bytes(), Ipv6Syntax::Smtp), "{s}");
        }
    }
}
