//! Byte-slice helpers for the checks, all `const fn`.
//!
//! Every index into a slice is guarded by a comparison with that slice's
//! length in the same function, so none of them panics.

/// Byte `i` of `b`, if there is one.
pub(super) const fn byte(b: &[u8], i: usize) -> Option<u8> {
    if i < b.len() { Some(b[i]) } else { None }
}

/// Whether byte `i` of `b` is `expected`.
pub(super) const fn is(b: &[u8], i: usize, expected: u8) -> bool {
    i < b.len() && b[i] == expected
}

/// The last byte of `b`, if any.
pub(super) const fn last(b: &[u8]) -> Option<u8> {
    match b.last() {
        Some(&last) => Some(last),
        None => None,
    }
}

/// The index of the first `delim` in `b`.
pub(super) const fn find(b: &[u8], delim: u8) -> Option<usize> {
    let mut i = 0;
    while i < b.len() {
        if b[i] == delim {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Whether `b` holds `delim`.
pub(super) const fn contains(b: &[u8], delim: u8) -> bool {
    find(b, delim).is_some()
}

/// Whether `b` holds `pair[0]` immediately followed by `pair[1]`.
pub(super) const fn contains_pair(b: &[u8], pair: [u8; 2]) -> bool {
    let mut i = 1;
    while i < b.len() {
        if b[i - 1] == pair[0] && b[i] == pair[1] {
            return true;
        }
        i += 1;
    }
    false
}

/// `b` from byte `at` on; empty if `at` is past the end.
pub(super) const fn tail(b: &[u8], at: usize) -> &[u8] {
    match b.split_at_checked(at) {
        Some((_, tail)) => tail,
        None => &[],
    }
}

/// `b` up to byte `at`; all of `b` if `at` is past the end.
pub(super) const fn head(b: &[u8], at: usize) -> &[u8] {
    match b.split_at_checked(at) {
        Some((head, _)) => head,
        None => b,
    }
}

/// Splits `b` at the first `delim`: what is before it and what follows it.
pub(super) const fn split_once(b: &[u8], delim: u8) -> Option<(&[u8], &[u8])> {
    let Some(at) = find(b, delim) else {
        return None;
    };
    match b.split_at_checked(at) {
        Some((before, from)) => match from.split_first() {
            Some((_, after)) => Some((before, after)),
            None => None,
        },
        None => None,
    }
}

/// Splits `b` at the first `delim`: what is before it, and what follows it
/// if it is there.
pub(super) const fn split_off(b: &[u8], delim: u8) -> (&[u8], Option<&[u8]>) {
    match split_once(b, delim) {
        Some((before, after)) => (before, Some(after)),
        None => (b, None),
    }
}

/// Splits `b` just before the first `delim` (or at its end).
pub(super) const fn split_before(b: &[u8], delim: u8) -> (&[u8], &[u8]) {
    let at = match find(b, delim) {
        Some(at) => at,
        None => b.len(),
    };
    match b.split_at_checked(at) {
        Some(parts) => parts,
        None => (b, &[]),
    }
}

/// Whether every byte of `b` is an ASCII digit (so `true` when `b` is
/// empty).
pub(super) const fn all_digits(b: &[u8]) -> bool {
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether every byte of `b` is an ASCII hex digit (so `true` when `b` is
/// empty).
pub(super) const fn all_hex_digits(b: &[u8]) -> bool {
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_hexdigit() {
            return false;
        }
        i += 1;
    }
    true
}

/// The character whose UTF-8 encoding starts at byte `i` of `b`, and the
/// length of that encoding.
///
/// The lead byte gives the length (`0xxxxxxx`: 1, `110xxxxx`: 2,
/// `1110xxxx`: 3, `11110xxx`: 4) and each following byte must be a
/// continuation byte (`10xxxxxx`) carrying six more bits. Where `b` holds no
/// complete sequence at `i`, which cannot happen at a character boundary of
/// a `&str`, the result is U+FFFD with length 1, so a loop that adds the
/// length always moves forward.
pub(super) const fn decode(b: &[u8], i: usize) -> (char, usize) {
    const BAD: (char, usize) = (char::REPLACEMENT_CHARACTER, 1);
    if i >= b.len() {
        return BAD;
    }
    let lead = b[i];
    let (width, mut code) = if lead < 0x80 {
        return (lead as char, 1);
    } else if lead & 0xE0 == 0xC0 {
        (2, (lead & 0x1F) as u32)
    } else if lead & 0xF0 == 0xE0 {
        (3, (lead & 0x0F) as u32)
    } else if lead & 0xF8 == 0xF0 {
        (4, (lead & 0x07) as u32)
    } else {
        return BAD;
    };
    let mut k = 1;
    while k < width {
        // `i < b.len()` and `k < 4`: no overflow.
        let j = i + k;
        if j >= b.len() || b[j] & 0xC0 != 0x80 {
            return BAD;
        }
        code = (code << 6) | (b[j] & 0x3F) as u32;
        k += 1;
    }
    match char::from_u32(code) {
        Some(c) => (c, width),
        None => BAD,
    }
}

/// Whether `c` is a control character: the Unicode general category `Cc`
/// (U+0000 to U+001F and U+007F to U+009F), as [`char::is_control`], which
/// cannot be called in `const` code.
pub(super) const fn is_control(c: char) -> bool {
    matches!(c, '\0'..='\u{1f}' | '\u{7f}'..='\u{9f}')
}

/// Unicode's default-ignorable code points (`Default_Ignorable_Code_Point`
/// of Unicode 16): characters shown as nothing, among them the zero-width
/// ones, the soft hyphen, variation selectors, and the bidirectional marks,
/// embeddings, overrides and isolates that reorder the text around them.
/// Text that holds one can read as something other than what it is.
pub(crate) const fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{034f}'
            | '\u{061c}'
            | '\u{115f}'..='\u{1160}'
            | '\u{17b4}'..='\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fff8}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0000}'..='\u{e0fff}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_reads_every_scalar_value() {
        let mut buffer = [0; 8];
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let encoded = c.encode_utf8(&mut buffer[1..]).len();
            assert_eq!(decode(&buffer, 1), (c, encoded), "{c:?}");
            assert_eq!(decode(&buffer[1..=encoded], 0), (c, encoded), "{c:?}");
        }
    }

    #[test]
    fn decode_never_panics_on_bad_bytes() {
        let bad = (char::REPLACEMENT_CHARACTER, 1);
        assert_eq!(decode(b"", 0), bad);
        assert_eq!(decode(b"a", 1), bad);
        assert_eq!(decode(b"a", usize::MAX), bad);
        assert_eq!(decode(&[0x80], 0), bad);
        assert_eq!(decode(&[0xFF], 0), bad);
        assert_eq!(decode(&[0xC3], 0), bad);
        assert_eq!(decode(&[0xE2, 0x82], 0), bad);
        assert_eq!(decode(&[0xE2, 0x41, 0xAC], 0), bad);
        assert_eq!(decode(&[0xED, 0xA0, 0x80], 0), bad);
        assert_eq!(decode(&[0xF4, 0x90, 0x80, 0x80], 0), bad);
    }

    #[test]
    fn is_control_is_char_is_control() {
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            assert_eq!(is_control(c), c.is_control(), "{c:?}");
        }
    }

    #[test]
    fn splits() {
        assert_eq!(split_once(b"a@b@c", b'@'), Some((&b"a"[..], &b"b@c"[..])));
        assert_eq!(split_once(b"abc", b'@'), None);
        assert_eq!(split_off(b"a#", b'#'), (&b"a"[..], Some(&b""[..])));
        assert_eq!(split_before(b"h/p/q", b'/'), (&b"h"[..], &b"/p/q"[..]));
        assert_eq!(split_before(b"h", b'/'), (&b"h"[..], &b""[..]));
        assert_eq!(tail(b"ab", 3), b"");
        assert_eq!(tail(b"ab", 1), b"b");
        assert_eq!(head(b"ab", 3), b"ab");
        assert_eq!(head(b"ab", 1), b"a");
        assert!(contains_pair(b"a..b", [b'.', b'.']));
        assert!(!contains_pair(b".a.b.", [b'.', b'.']));
        assert_eq!(last(b""), None);
        assert_eq!(last(b"ab"), Some(b'b'));
        assert!(all_digits(b"") && all_digits(b"09") && !all_digits(b"0a"));
        assert!(all_hex_digits(b"") && all_hex_digits(b"0aF") && !all_hex_digits(b"g"));
    }
}
