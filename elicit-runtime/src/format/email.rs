//! `email`: an RFC 5321 mailbox, `Local-part "@" Domain`.
//!
//! The local part is a dot-string (atoms of `atext` joined by single dots)
//! or a quoted string, at most 64 octets. The domain is a sequence of labels
//! (letters, digits and inner hyphens, 1-63 characters each, joined by dots;
//! a single label such as `localhost` is allowed) or an address literal,
//! `[192.0.2.1]` or `[IPv6:2001:db8::1]`, at most 255 octets.
//!
//! Internationalised addresses are accepted: as the SMTPUTF8 extension
//! (RFC 6531) allows, any non-ASCII character may appear in atoms, quoted
//! strings and domain labels (`josé@exämple.com`, `用户@例子.广告`), because
//! people type such addresses. Non-ASCII spaces and control characters are
//! still rejected, and labels are not checked against IDNA2008. Lengths are
//! counted in UTF-8 octets, except a label's, which is counted in characters.
//! Comments (`(...)`) and folding whitespace, which RFC 5322 allows in
//! message headers, are not part of an RFC 5321 mailbox and are rejected.

use super::Reason;
use super::bytes::{
    contains, contains_pair, decode, find, head, is, is_control, is_default_ignorable, last, tail,
};
use super::class::{ATEXT, LABEL, has};
use super::uri::{Ipv6Syntax, is_ipv4, is_ipv6};

/// The longest local part, in octets (RFC 5321 section 4.5.3.1.1).
const MAX_LOCAL: usize = 64;
/// The longest domain, in octets (RFC 5321 section 4.5.3.1.2).
const MAX_DOMAIN: usize = 255;
/// The longest domain label (RFC 1035 section 2.3.4).
const MAX_LABEL: usize = 63;

/// Checks a mailbox.
pub(super) const fn check(value: &str) -> Result<(), Reason> {
    let b = value.as_bytes();
    // `@` is not `atext`, so an unquoted local part ends at the first.
    let Some(at) = find(b, b'@') else {
        return Err(Reason::MissingAt);
    };
    let (local, domain) = if is(b, 0, b'"') {
        tri!(split_quoted(b))
    } else {
        let local = head(b, at);
        tri!(check_dot_string(local));
        (local, tail(b, at + 1))
    };
    if local.len() > MAX_LOCAL {
        return Err(Reason::LocalTooLong);
    }
    check_domain(domain)
}

/// `atext`, extended with non-ASCII characters (RFC 6531).
const fn is_atext(c: char) -> bool {
    if c.is_ascii() {
        // `c` is ASCII, so `c as u8` is its only byte.
        has(c as u8, ATEXT)
    } else {
        is_extended(c)
    }
}

/// A non-ASCII character allowed by RFC 6531, less spaces, controls and
/// the characters shown as nothing: an address holding a zero-width space
/// or a right-to-left override reads as another address.
const fn is_extended(c: char) -> bool {
    !c.is_ascii() && !c.is_whitespace() && !is_control(c) && !is_default_ignorable(c)
}

/// Checks `Dot-string = Atom *("." Atom)`.
const fn check_dot_string(local: &[u8]) -> Result<(), Reason> {
    if local.is_empty() {
        return Err(Reason::LocalEmpty);
    }
    if is(local, 0, b'.') {
        return Err(Reason::LocalStartsWithDot);
    }
    let mut after_dot = false;
    let mut i = 0;
    while i < local.len() {
        // ASCII, the common case, without decoding.
        let byte = local[i];
        if byte < 0x80 && byte != b'.' {
            if !has(byte, ATEXT) {
                return Err(Reason::LocalContains { c: byte as char });
            }
            after_dot = false;
            i += 1;
            continue;
        }
        // `decode` reads at least one byte, so the loop ends.
        let (c, len) = decode(local, i);
        if c == '.' {
            if after_dot {
                return Err(Reason::LocalDoubleDot);
            }
        } else if !is_atext(c) {
            return Err(Reason::LocalContains { c });
        }
        after_dot = c == '.';
        i += len;
    }
    if after_dot {
        return Err(Reason::LocalEndsWithDot);
    }
    Ok(())
}

/// Reads `Quoted-string = DQUOTE *QcontentSMTP DQUOTE` at the start of
/// `value`, then `@`; returns the local part (with its quotes) and the
/// domain.
const fn split_quoted(value: &[u8]) -> Result<(&[u8], &[u8]), Reason> {
    let mut escaped = false;
    // Byte 0 is the opening `"`.
    let mut i = 1;
    while i < value.len() {
        let (c, len) = decode(value, i);
        if escaped {
            // quoted-pairSMTP = %d92 %d32-126
            if !matches!(c, ' '..='~') {
                return Err(Reason::BadQuotedPair);
            }
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            // `i < value.len()`, so `i + 1` and `i + 2` cannot overflow.
            return if is(value, i + 1, b'@') {
                Ok((head(value, i + 1), tail(value, i + 2)))
            } else {
                Err(Reason::NoAtAfterQuote)
            };
        } else if !(matches!(c, ' '..='~') || is_extended(c)) {
            // qtextSMTP = %d32-33 / %d35-91 / %d93-126, and non-ASCII
            return Err(Reason::QuotedContains { c });
        }
        i += len;
    }
    Err(Reason::UnclosedQuote)
}

/// Checks `Domain / address-literal`.
const fn check_domain(domain: &[u8]) -> Result<(), Reason> {
    if domain.is_empty() {
        return Err(Reason::DomainEmpty);
    }
    if domain.len() > MAX_DOMAIN {
        return Err(Reason::DomainTooLong);
    }
    if is(domain, 0, b'[') {
        check_address_literal(tail(domain, 1))
    } else {
        check_labels(domain)
    }
}

/// Checks `Domain = sub-domain *("." sub-domain)`.
const fn check_labels(domain: &[u8]) -> Result<(), Reason> {
    if is(domain, 0, b'.') {
        return Err(Reason::DomainStartsWithDot);
    }
    let mut start = 0;
    loop {
        let rest = tail(domain, start);
        let (label, is_last) = match find(rest, b'.') {
            Some(dot) => (head(rest, dot), false),
            None => (rest, true),
        };
        tri!(check_label(domain, label));
        if is_last {
            return Ok(());
        }
        // A `.` follows the label: step over both.
        start += label.len() + 1;
    }
}

/// Checks one `sub-domain` of `domain`: letters, digits and inner hyphens.
const fn check_label(domain: &[u8], label: &[u8]) -> Result<(), Reason> {
    if label.is_empty() {
        return Err(
            if matches!(last(domain), Some(b'.')) && !contains_pair(domain, [b'.', b'.']) {
                Reason::DomainEndsWithDot
            } else {
                Reason::DomainDoubleDot
            },
        );
    }
    let mut chars = 0;
    let mut i = 0;
    while i < label.len() {
        // `decode` reads at least one byte, so the loop ends.
        let (c, len) = decode(label, i);
        let allowed = if c.is_ascii() {
            has(c as u8, LABEL)
        } else {
            is_extended(c)
        };
        if !allowed {
            return Err(Reason::DomainContains { c });
        }
        chars += 1;
        i += len;
    }
    if is(label, 0, b'-') {
        return Err(Reason::LabelStartsWithHyphen);
    }
    if matches!(last(label), Some(b'-')) {
        return Err(Reason::LabelEndsWithHyphen);
    }
    if chars > MAX_LABEL {
        return Err(Reason::LabelTooLong);
    }
    Ok(())
}

/// Checks what follows `[` in `address-literal = "[" ( IPv4-address-literal /
/// IPv6-address-literal ) "]"`; general address literals (`[tag:...]`) are
/// not accepted.
const fn check_address_literal(literal: &[u8]) -> Result<(), Reason> {
    let Some(close) = find(literal, b']') else {
        return Err(Reason::UnclosedLiteral);
    };
    if close + 1 != literal.len() {
        return Err(Reason::TextAfterLiteral);
    }
    let inside = head(literal, close);
    if has_ipv6_tag(inside) {
        if is_ipv6(tail(inside, IPV6_TAG.len()), Ipv6Syntax::Smtp) {
            Ok(())
        } else {
            Err(Reason::LiteralNotIpv6)
        }
    } else if is_ipv4(inside, Ipv6Syntax::Smtp) {
        Ok(())
    } else if contains(inside, b':') {
        Err(Reason::LiteralNeedsTag)
    } else {
        Err(Reason::LiteralNotIpv4)
    }
}

/// The tag of an IPv6 address literal, lowercase (it matches in any case).
const IPV6_TAG: &[u8] = b"ipv6:";

/// Whether `inside` starts with `IPv6:`, in any case.
const fn has_ipv6_tag(inside: &[u8]) -> bool {
    if inside.len() < IPV6_TAG.len() {
        return false;
    }
    let mut i = 0;
    while i < IPV6_TAG.len() {
        if inside[i].to_ascii_lowercase() != IPV6_TAG[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(value: &str) -> String {
        match check(value) {
            Ok(()) => panic!("{value:?} was accepted"),
            Err(reason) => reason.to_string(),
        }
    }

    #[test]
    fn accepts_mailboxes() {
        let local_64 = format!("{}@example.com", "a".repeat(64));
        let label_63 = format!("user@{}.com", "b".repeat(63));
        let domain_255 = format!(
            "u@{}.{}.{}.{}",
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(63)
        );
        assert_eq!(domain_255.len() - 2, 255);
        for value in [
            "user@example.com",
            "first.last@example.co.uk",
            "user+tag@example.com",
            "user-name_1@sub.example-domain.org",
            "x@y",
            "user@localhost",
            "a@1.2.3.4",
            "USER@EXAMPLE.COM",
            "!#$%&'*+-/=?^_`{|}~@example.com",
            "\"john doe\"@example.com",
            "\"a@b\"@example.com",
            "\"a\\\"b\\\\c\"@example.com",
            "\"a.\"@example.com",
            "\"..\"@example.com",
            "\"\"@example.com",
            "\"josé\"@example.com",
            "user@[192.0.2.1]",
            "user@[010.0.0.1]",
            "user@[IPv6:2001:db8::1]",
            "user@[ipv6:::1]",
            "user@[IPv6:::ffff:192.0.2.1]",
            "user@[IPv6:1:2:3:4:5:6:7:8]",
            "user@xn--nxasmq6b.com",
            "josé@exämple.com",
            "用户@例子.广告",
            "юзер@пример.рф",
            "a1@b2-c3.d4",
            &local_64,
            &label_63,
            &domain_255,
        ] {
            assert_eq!(check(value), Ok(()), "{value}");
        }
    }

    #[test]
    fn rejects_missing_parts() {
        assert_eq!(reason("plainaddress"), "missing `@`");
        assert_eq!(reason("john doe"), "missing `@`");
        assert_eq!(reason("@example.com"), "the local part is empty");
        assert_eq!(reason("user@"), "the domain is empty");
        assert_eq!(reason("\"a\"@"), "the domain is empty");
        assert_eq!(reason("@"), "the local part is empty");
    }

    #[test]
    fn rejects_bad_dot_strings() {
        assert_eq!(
            reason(".user@example.com"),
            "the local part starts with `.`"
        );
        assert_eq!(reason("user.@example.com"), "the local part ends with `.`");
        assert_eq!(reason(".@example.com"), "the local part starts with `.`");
        assert_eq!(reason("us..er@example.com"), "the local part contains `..`");
        assert_eq!(
            reason("us er@example.com"),
            "the local part contains a space"
        );
        assert_eq!(reason("user(x)@example.com"), "the local part contains `(`");
        assert_eq!(reason("a,b@example.com"), "the local part contains `,`");
        assert_eq!(reason("a\"b\"@example.com"), "the local part contains `\"`");
        assert_eq!(reason("a[b]@example.com"), "the local part contains `[`");
        assert_eq!(
            reason("user\n@example.com"),
            "the local part contains a control character (U+000A)"
        );
        assert_eq!(
            reason("user\u{3000}@example.com"),
            "the local part contains a space character (U+3000)"
        );
        assert_eq!(
            reason(&format!("{}@example.com", "a".repeat(65))),
            "the local part is longer than 64 octets"
        );
        assert_eq!(
            reason(&format!("{}@example.com", "é".repeat(33))),
            "the local part is longer than 64 octets"
        );
    }

    #[test]
    fn rejects_bad_quoted_strings() {
        assert_eq!(
            reason("\"unclosed@example.com"),
            "the quoted local part is missing its closing `\"`"
        );
        assert_eq!(
            reason("\"a\\\"@example.com"),
            "the quoted local part is missing its closing `\"`"
        );
        assert_eq!(
            reason("\"a\"b@example.com"),
            "expected `@` after the closing `\"`"
        );
        assert_eq!(reason("\"a@b\""), "expected `@` after the closing `\"`");
        assert_eq!(
            reason("\"a\\é\"@example.com"),
            "`\\` must be followed by a printable ASCII character"
        );
        assert_eq!(
            reason("\"a\\\t\"@example.com"),
            "`\\` must be followed by a printable ASCII character"
        );
        assert_eq!(
            reason("\"a\u{7}\"@example.com"),
            "the quoted local part contains a control character (U+0007)"
        );
        assert_eq!(
            reason("\"a\u{2028}\"@example.com"),
            "the quoted local part contains a space character (U+2028)"
        );
        assert_eq!(
            reason(&format!("\"{}\"@example.com", "a".repeat(63))),
            "the local part is longer than 64 octets"
        );
    }

    #[test]
    fn rejects_bad_domains() {
        assert_eq!(reason("user@@example.com"), "the domain contains `@`");
        assert_eq!(reason("a@b@c"), "the domain contains `@`");
        assert_eq!(reason("user@exa mple.com"), "the domain contains a space");
        assert_eq!(reason("user@exam_ple.com"), "the domain contains `_`");
        assert_eq!(reason("user@example.com/"), "the domain contains `/`");
        assert_eq!(
            reason("user@exa\u{a0}mple.com"),
            "the domain contains a space character (U+00A0)"
        );
        assert_eq!(reason("user@.example.com"), "the domain starts with `.`");
        assert_eq!(reason("user@example.com."), "the domain ends with `.`");
        assert_eq!(reason("user@example..com"), "the domain contains `..`");
        assert_eq!(reason("user@a..b."), "the domain contains `..`");
        assert_eq!(reason("user@."), "the domain starts with `.`");
        assert_eq!(
            reason("user@-example.com"),
            "a domain label starts with `-`"
        );
        assert_eq!(reason("user@example-.com"), "a domain label ends with `-`");
        assert_eq!(reason("user@example.-"), "a domain label starts with `-`");
        assert_eq!(
            reason(&format!("user@{}.com", "b".repeat(64))),
            "a domain label is longer than 63 characters"
        );
        let long = format!(
            "u@{}.{}.{}.{}a",
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(63)
        );
        assert_eq!(reason(&long), "the domain is longer than 255 octets");
    }

    #[test]
    fn rejects_bad_address_literals() {
        assert_eq!(
            reason("user@[192.0.2.1"),
            "the address literal is missing its closing `]`"
        );
        assert_eq!(
            reason("user@[192.0.2.1]x"),
            "unexpected text after the address literal"
        );
        assert_eq!(
            reason("user@[192.0.2.1]]"),
            "unexpected text after the address literal"
        );
        for value in [
            "user@[192.0.2.256]",
            "user@[192.0.2]",
            "user@[]",
            "user@[a.b.c.d]",
            "user@[é]",
        ] {
            assert_eq!(
                reason(value),
                "the address literal is not a valid IPv4 address",
                "{value}"
            );
        }
        for value in [
            "user@[2001:db8::1]",
            "user@[tag:content]",
            "user@[IPv4:192.0.2.1]",
        ] {
            assert_eq!(
                reason(value),
                "the address literal must be an IPv4 address or start with `IPv6:`",
                "{value}"
            );
        }
        for value in [
            "user@[IPv6:]",
            "user@[IPv6:1:2:3:4:5:6:7::]",
            "user@[IPv6:1:2:3:4:5:6:7:8:9]",
            "user@[IPv6::::1]",
            "user@[IPv6:192.0.2.1]",
            "user@[IPv6 :1]",
        ] {
            assert_ne!(check(value), Ok(()), "{value}");
        }
        assert_eq!(
            reason("user@[IPv6:1:2:3:4:5:6:7::]"),
            "the address literal is not a valid IPv6 address"
        );
    }
}
