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

use super::uri::{Ipv6Syntax, is_ipv4, is_ipv6};
use super::{Reason, name_char};

/// The longest local part, in octets (RFC 5321 section 4.5.3.1.1).
const MAX_LOCAL: usize = 64;
/// The longest domain, in octets (RFC 5321 section 4.5.3.1.2).
const MAX_DOMAIN: usize = 255;
/// The longest domain label (RFC 1035 section 2.3.4).
const MAX_LABEL: usize = 63;

/// Checks a mailbox.
pub(super) fn check(value: &str) -> Result<(), Reason> {
    if !value.contains('@') {
        return Err("missing `@`".into());
    }
    let (local, domain) = if value.starts_with('"') {
        split_quoted(value)?
    } else {
        // `@` is not `atext`, so an unquoted local part ends at the first.
        let (local, domain) = value.split_once('@').unwrap_or((value, ""));
        check_dot_string(local)?;
        (local, domain)
    };
    if local.len() > MAX_LOCAL {
        return Err("the local part is longer than 64 octets".into());
    }
    check_domain(domain)
}

/// `atext`, extended with non-ASCII characters (RFC 6531).
fn is_atext(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c) || is_extended(c)
}

/// A non-ASCII character allowed by RFC 6531, less spaces and controls.
fn is_extended(c: char) -> bool {
    !c.is_ascii() && !c.is_whitespace() && !c.is_control()
}

/// Checks `Dot-string = Atom *("." Atom)`.
fn check_dot_string(local: &str) -> Result<(), Reason> {
    if local.is_empty() {
        return Err("the local part is empty".into());
    }
    if local.starts_with('.') {
        return Err("the local part starts with `.`".into());
    }
    let mut after_dot = false;
    for c in local.chars() {
        if c == '.' {
            if after_dot {
                return Err("the local part contains `..`".into());
            }
        } else if !is_atext(c) {
            return Err(format!("the local part contains {}", name_char(c)).into());
        }
        after_dot = c == '.';
    }
    if after_dot {
        return Err("the local part ends with `.`".into());
    }
    Ok(())
}

/// Reads `Quoted-string = DQUOTE *QcontentSMTP DQUOTE` at the start of
/// `value`, then `@`; returns the local part (with its quotes) and the
/// domain.
fn split_quoted(value: &str) -> Result<(&str, &str), Reason> {
    let mut escaped = false;
    for (i, c) in value.char_indices().skip(1) {
        if escaped {
            // quoted-pairSMTP = %d92 %d32-126
            if !(' '..='~').contains(&c) {
                return Err("`\\` must be followed by a printable ASCII character".into());
            }
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '"' {
            let (local, rest) = value.split_at_checked(i + 1).unwrap_or((value, ""));
            return match rest.strip_prefix('@') {
                Some(domain) => Ok((local, domain)),
                None => Err("expected `@` after the closing `\"`".into()),
            };
        } else if !(matches!(c, ' '..='~') || is_extended(c)) {
            // qtextSMTP = %d32-33 / %d35-91 / %d93-126, and non-ASCII
            return Err(format!("the quoted local part contains {}", name_char(c)).into());
        }
    }
    Err("the quoted local part is missing its closing `\"`".into())
}

/// Checks `Domain / address-literal`.
fn check_domain(domain: &str) -> Result<(), Reason> {
    if domain.is_empty() {
        return Err("the domain is empty".into());
    }
    if domain.len() > MAX_DOMAIN {
        return Err("the domain is longer than 255 octets".into());
    }
    match domain.strip_prefix('[') {
        Some(literal) => check_address_literal(literal),
        None => check_labels(domain),
    }
}

/// Checks `Domain = sub-domain *("." sub-domain)`.
fn check_labels(domain: &str) -> Result<(), Reason> {
    if domain.starts_with('.') {
        return Err("the domain starts with `.`".into());
    }
    for label in domain.split('.') {
        if label.is_empty() {
            return Err(if domain.ends_with('.') && !domain.contains("..") {
                "the domain ends with `.`".into()
            } else {
                "the domain contains `..`".into()
            });
        }
        let label_char = |c: char| c.is_ascii_alphanumeric() || c == '-' || is_extended(c);
        if let Some(c) = label.chars().find(|&c| !label_char(c)) {
            return Err(format!("the domain contains {}", name_char(c)).into());
        }
        if label.starts_with('-') {
            return Err("a domain label starts with `-`".into());
        }
        if label.ends_with('-') {
            return Err("a domain label ends with `-`".into());
        }
        if label.chars().count() > MAX_LABEL {
            return Err("a domain label is longer than 63 characters".into());
        }
    }
    Ok(())
}

/// Checks what follows `[` in `address-literal = "[" ( IPv4-address-literal /
/// IPv6-address-literal ) "]"`; general address literals (`[tag:...]`) are
/// not accepted.
fn check_address_literal(literal: &str) -> Result<(), Reason> {
    let Some((inside, after)) = literal.split_once(']') else {
        return Err("the address literal is missing its closing `]`".into());
    };
    if !after.is_empty() {
        return Err("unexpected text after the address literal".into());
    }
    let ipv6 = inside
        .get(..5)
        .filter(|tag| tag.eq_ignore_ascii_case("IPv6:"))
        .and_then(|_| inside.get(5..));
    match ipv6 {
        Some(address) if is_ipv6(address, Ipv6Syntax::Smtp) => Ok(()),
        Some(_) => Err("the address literal is not a valid IPv6 address".into()),
        None if is_ipv4(inside, Ipv6Syntax::Smtp) => Ok(()),
        None if inside.contains(':') => {
            Err("the address literal must be an IPv4 address or start with `IPv6:`".into())
        }
        None => Err("the address literal is not a valid IPv4 address".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(value: &str) -> String {
        match check(value) {
            Ok(()) => panic!("{value:?} was accepted"),
            Err(reason) => reason.into_owned(),
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
