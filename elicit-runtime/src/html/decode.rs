//! `application/x-www-form-urlencoded` bodies: `name=value` pairs joined by
//! `&`, `+` for a space, `%XX` for a byte, the bytes UTF-8. Unlike the
//! WHATWG parser, which keeps a malformed `%` as it is, a `%` not followed
//! by two hex digits is an error: a browser never sends one.

use std::borrow::Cow;

use super::ReadError;

/// The pairs of `body`, each split at its first `=` (a pair without one is
/// a name with an empty value), empty pairs skipped, undecoded.
pub(super) fn pairs(body: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> {
    body.split(|&b| b == b'&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| match pair.iter().position(|&b| b == b'=') {
            Some(at) => (&pair[..at], &pair[at + 1..]),
            None => (pair, &[][..]),
        })
}

/// Decodes one name or value, within `max` bytes once decoded.
pub(super) fn decode(raw: &[u8], max: usize) -> Result<Cow<'_, str>, ReadError> {
    let decoded: Cow<'_, [u8]> = if raw.iter().any(|&b| b == b'%' || b == b'+') {
        let mut bytes = Vec::with_capacity(raw.len());
        let mut i = 0;
        while i < raw.len() {
            match raw[i] {
                b'+' => bytes.push(b' '),
                b'%' => {
                    let byte = raw
                        .get(i + 1..i + 3)
                        .and_then(|hex| Some(hex_digit(hex[0])? << 4 | hex_digit(hex[1])?))
                        .ok_or(ReadError::Encoding)?;
                    bytes.push(byte);
                    i += 2;
                }
                b => bytes.push(b),
            }
            i += 1;
        }
        Cow::Owned(bytes)
    } else {
        Cow::Borrowed(raw)
    };
    if decoded.len() > max {
        return Err(ReadError::ValueBytes {
            limit: max,
            actual: decoded.len(),
        });
    }
    match decoded {
        Cow::Borrowed(bytes) => core::str::from_utf8(bytes)
            .map(Cow::Borrowed)
            .map_err(|_| ReadError::NotUtf8),
        Cow::Owned(bytes) => String::from_utf8(bytes)
            .map(Cow::Owned)
            .map_err(|_| ReadError::NotUtf8),
    }
}

const fn hex_digit(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{decode, pairs};
    use crate::html::ReadError;

    #[test]
    fn splits_and_decodes() {
        let all: Vec<_> = pairs(b"a=1&&b&c=x=y&").collect();
        assert_eq!(all, [(&b"a"[..], &b"1"[..]), (b"b", b""), (b"c", b"x=y")]);
        assert_eq!(
            decode(b"caf%C3%A9+au+lait%2B", 64).unwrap(),
            "café au lait+"
        );
        assert_eq!(decode(b"plain", 64).unwrap(), "plain");
    }

    #[test]
    fn refuses_broken_escapes_bad_utf8_and_long_values() {
        assert_eq!(decode(b"%zz", 64), Err(ReadError::Encoding));
        assert_eq!(decode(b"%4", 64), Err(ReadError::Encoding));
        assert_eq!(decode(b"a%", 64), Err(ReadError::Encoding));
        assert_eq!(decode(b"%ff", 64), Err(ReadError::NotUtf8));
        assert_eq!(decode(&[0xff], 64), Err(ReadError::NotUtf8));
        assert_eq!(
            decode(b"%41%41%41", 2),
            Err(ReadError::ValueBytes {
                limit: 2,
                actual: 3
            })
        );
    }
}
