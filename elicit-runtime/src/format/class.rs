//! The byte classes of the formats, in one table: the bits of an ASCII
//! byte say which parts of which format take it as itself. One lookup
//! judges a byte, so a check's loops run one table read per byte.

/// A `uri` scheme's bytes after the first: letters, digits, `+`, `-`, `.`.
pub(super) const SCHEME: u16 = 1;
/// A `uri` host name (`reg-name`): `unreserved` and `sub-delims`.
pub(super) const HOST: u16 = 1 << 1;
/// A `uri` userinfo: a host's bytes and `:`.
pub(super) const USERINFO: u16 = 1 << 2;
/// A `uri` path: a host's bytes, `:`, `@` and `/`.
pub(super) const PATH: u16 = 1 << 3;
/// A `uri` query or fragment: a path's bytes and `?`.
pub(super) const QUERY: u16 = 1 << 4;
/// An `email` atom (`atext`, ASCII).
pub(super) const ATEXT: u16 = 1 << 5;
/// An `email` domain label (ASCII): letters, digits and `-`.
pub(super) const LABEL: u16 = 1 << 6;
/// A hexadecimal digit.
pub(super) const HEX: u16 = 1 << 7;
/// A decimal digit.
pub(super) const DIGIT: u16 = 1 << 8;
/// An ASCII letter or digit.
pub(super) const ALNUM: u16 = 1 << 9;

/// Whether byte `b` is in `class` (one of the constants above, or several
/// joined by `|`).
#[inline(always)]
pub(super) const fn has(b: u8, class: u16) -> bool {
    CLASSES[b as usize] & class != 0
}

/// Whether all four bytes are in `class`: one test for four lookups.
#[inline(always)]
pub(super) const fn has_all(b: [u8; 4], class: u16) -> bool {
    CLASSES[b[0] as usize]
        & CLASSES[b[1] as usize]
        & CLASSES[b[2] as usize]
        & CLASSES[b[3] as usize]
        & class
        != 0
}

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
pub(super) const fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
pub(super) const fn is_sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// The classes of every byte; bytes from 0x80 up are in none.
const CLASSES: [u16; 256] = classes();

const fn classes() -> [u16; 256] {
    let mut table = [0; 256];
    let mut i = 0;
    while i < 128 {
        // `i` is below 128, so it is one ASCII byte.
        let b = i as u8;
        let host = is_unreserved(b) || is_sub_delim(b);
        let path = host || matches!(b, b':' | b'@' | b'/');
        let mut bits = 0;
        if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.') {
            bits |= SCHEME;
        }
        if host {
            bits |= HOST;
        }
        if host || b == b':' {
            bits |= USERINFO;
        }
        if path {
            bits |= PATH;
        }
        if path || b == b'?' {
            bits |= QUERY;
        }
        if b.is_ascii_alphanumeric() || super::bytes::contains(b"!#$%&'*+-/=?^_`{|}~", b) {
            bits |= ATEXT;
        }
        if b.is_ascii_alphanumeric() || b == b'-' {
            bits |= LABEL;
        }
        if b.is_ascii_hexdigit() {
            bits |= HEX;
        }
        if b.is_ascii_digit() {
            bits |= DIGIT;
        }
        if b.is_ascii_alphanumeric() {
            bits |= ALNUM;
        }
        table[i] = bits;
        i += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_hold_what_the_grammars_name() {
        assert!(has(
            b'a',
            SCHEME | HOST | PATH | QUERY | ATEXT | LABEL | HEX
        ));
        assert!(has(b':', USERINFO) && !has(b':', HOST));
        assert!(has(b'@', PATH) && !has(b'@', USERINFO) && !has(b'@', ATEXT));
        assert!(has(b'?', QUERY) && !has(b'?', PATH) && has(b'?', ATEXT));
        assert!(!has(b'%', HOST) && has(b'%', ATEXT));
        assert!(!has(b'.', ATEXT) && !has(b'.', LABEL) && has(b'.', SCHEME));
        assert!(!has(b'g', HEX) && has(b'F', HEX) && has(b'7', DIGIT) && !has(b'a', DIGIT));
        assert!(has(b'Z', ALNUM) && has(b'0', ALNUM) && !has(b'-', ALNUM) && !has(b'_', ALNUM));
        for b in 0x80..=0xff {
            assert!(!has(b, u16::MAX), "{b:#x}");
        }
        for b in [
            b' ', b'"', b'<', b'>', b'\\', b'^', b'`', b'{', b'|', b'}', b'#', b'[', b']',
        ] {
            assert!(!has(b, HOST | USERINFO | PATH | QUERY), "{}", b as char);
        }
    }
}
