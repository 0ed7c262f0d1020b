//! Comparing a secret with what was sent, in constant time.

/// Whether `a` and `b` are the same bytes, in a time that depends on their
/// lengths only, never on where they first differ: every byte is read,
/// their differences gathered into one value with no branch on it, and
/// only that value is looked at, once, at the end (through
/// [`core::hint::black_box`], so that the compiler does not turn the loop
/// into one that stops at the first difference). Unequal lengths are told
/// at once: a secret's length is not the secret.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut differ = 0u8;
    for (x, y) in a.iter().zip(b) {
        differ = core::hint::black_box(differ | (x ^ y));
    }
    differ == 0
}

#[cfg(test)]
mod tests {
    use super::constant_time_eq;

    #[test]
    fn equal_bytes_only() {
        assert!(constant_time_eq(b"", b""));
        assert!(constant_time_eq(b"token", b"token"));
        assert!(!constant_time_eq(b"token", b"Token"));
        assert!(!constant_time_eq(b"token", b"tokeN"));
        assert!(!constant_time_eq(b"token", b"toke"));
        assert!(!constant_time_eq(b"token", b"tokens"));
    }
}
