//! String helpers `const` code can call.

/// `a == b`, byte by byte.
pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    crate::format::bytes_eq(a.as_bytes(), b.as_bytes())
}

/// The length in Unicode scalar values, as `minLength`/`maxLength` count.
pub(crate) const fn char_count(s: &str) -> u64 {
    let bytes = s.as_bytes();
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Every scalar value has exactly one byte that is not a
        // continuation byte (`10xxxxxx`).
        if bytes[i] & 0xC0 != 0x80 {
            count += 1;
        }
        i += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::{char_count, str_eq};

    #[test]
    fn compares_and_counts() {
        const SAME: bool = str_eq("indoor", "indoor");
        const _: () = assert!(SAME);
        assert!(!str_eq("indoor", "indoors"));
        assert!(!str_eq("a", "b"));
        assert_eq!(char_count("😀é"), "😀é".chars().count() as u64);
        assert_eq!(char_count(""), 0);
    }
}
