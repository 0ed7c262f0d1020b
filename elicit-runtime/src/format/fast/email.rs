//! The plain `email`: `dot-atom "@" label *("." label)` in ASCII.
//!
//! Addresses are read sixteen bytes to a window, each byte beside the one
//! after it, lane by lane in fixed arrays with no branch inside, which the
//! compiler turns into vector instructions where the target has them (on
//! x86-64, SSE2, which every such target has): a window costs the same
//! whatever it holds, so varied addresses read at an even pace, with no
//! branch to mispredict on where an atom or a label ends. What the windows
//! do not take (an `atext` symbol other than `+` and `_`, `-` beside `.` in
//! a local part, a domain over 63 bytes, where a label could be too long,
//! more than 128 bytes) is read a byte at a time by
//! [`is_plain_email_bytewise`].

use crate::format::class::{ALNUM, ATEXT, has};

/// Whether `b` is `dot-atom "@" label *("." label)` in ASCII, with the
/// lengths RFC 5321 sets: a local part of at most 64 octets, labels of 1
/// to 63 characters that neither start nor end with `-`, a domain of at
/// most 255 octets.
pub(in crate::format) const fn is_plain_email(b: &[u8]) -> bool {
    let len = b.len();
    if len < WIDTH + 1 {
        // One window, the bytes past the end read as letters: they are
        // fine beside anything, and the last byte is judged by itself.
        let mut padded = [b'a'; WIDTH + 1];
        let Some((head, _)) = padded.split_at_mut_checked(len) else {
            return false;
        };
        head.copy_from_slice(b);
        let (Some((x, _)), Some(y)) = (padded.split_first_chunk(), padded.last_chunk()) else {
            return false;
        };
        let window = Window::of(x, y);
        if window.odd {
            return is_plain_email_bytewise(b);
        }
        return window.at != 0 && ends_fit(b, window.first_at(0), window.last_special(0));
    }
    if len > 2 * 64 {
        return is_plain_email_bytewise(b);
    }
    let mut start = 0;
    let mut at = usize::MAX;
    let mut last_special = 0;
    loop {
        // The window from `start`, and the one from `start + 1`.
        let Some((_, rest @ [_, next @ ..])) = b.split_at_checked(start) else {
            return false;
        };
        let (Some((x, _)), Some((y, _))) = (rest.split_first_chunk(), next.split_first_chunk())
        else {
            return false;
        };
        let window = Window::of(x, y);
        if window.odd {
            return is_plain_email_bytewise(b);
        }
        if window.specials != 0 {
            // Positions are counted from the start of `b`, so a window
            // that overlaps the one before finds the same ones again.
            if at == usize::MAX && window.at != 0 {
                at = window.first_at(start);
            }
            last_special = window.last_special(start);
        }
        // Every byte but the last has been beside the one after it.
        let end = start + WIDTH;
        if end + 1 >= len {
            break;
        }
        // The next window, or the last one, which may overlap it.
        start = if end + WIDTH < len {
            end
        } else {
            len - WIDTH - 1
        };
    }
    if at > 64 {
        // No `@`, or a local part over 64 octets.
        return false;
    }
    if len - at - 1 > 63 {
        // A domain the windows do not count the labels of.
        return is_plain_email_bytewise(b);
    }
    ends_fit(b, at, last_special)
}

/// The bytes in a window.
const WIDTH: usize = 16;

/// What a window of bytes holds, each byte beside the one after it.
struct Window {
    /// Whether a byte is not a letter, digit, `.`, `-`, `@`, `+` or `_`,
    /// or a pair is `..`, `.-`, `-.`, `.@`, `@.`, `@-` or `@@`: outside
    /// what the windows take, valid or not.
    odd: bool,
    /// The `@`s, a byte of 1 in each lane that holds one.
    at: u128,
    /// The `@`, `+` and `_`s: none may follow the first `@`.
    specials: u128,
}

impl Window {
    /// The window of `x`, each byte beside the one after it in `y`.
    #[inline(always)]
    const fn of(x: &[u8; WIDTH], y: &[u8; WIDTH]) -> Self {
        let mut odd = [0u8; WIDTH];
        let mut at = [0u8; WIDTH];
        let mut specials = [0u8; WIDTH];
        let mut k = 0;
        while k < WIDTH {
            let (x, y) = (x[k], y[k]);
            // Every operation works on each lane alone, with no branch, so
            // that the loop becomes a few vector instructions.
            let lower = x | 0x20;
            let alnum = (lower.wrapping_sub(b'a') < 26) | (x.wrapping_sub(b'0') < 10);
            let (dot, hyphen, at_sign) = (x == b'.', x == b'-', x == b'@');
            let (dot_after, hyphen_after, at_after) = (y == b'.', y == b'-', y == b'@');
            let local_only = (x == b'+') | (x == b'_');
            let pair =
                ((dot | at_sign) & (dot_after | hyphen_after | at_after)) | (hyphen & dot_after);
            odd[k] = (!(alnum | dot | hyphen | at_sign | local_only) | pair) as u8;
            at[k] = at_sign as u8;
            specials[k] = (at_sign | local_only) as u8;
            k += 1;
        }
        Window {
            odd: u128::from_le_bytes(odd) != 0,
            at: u128::from_le_bytes(at),
            specials: u128::from_le_bytes(specials),
        }
    }

    /// Where the first `@` is, for a window from `start`.
    #[inline(always)]
    const fn first_at(&self, start: usize) -> usize {
        start + (self.at.trailing_zeros() / 8) as usize
    }

    /// Where the last `@`, `+` or `_` is, for a window from `start` that
    /// holds one (`specials` is not 0).
    #[inline(always)]
    const fn last_special(&self, start: usize) -> usize {
        start + ((u128::BITS - 1 - self.specials.leading_zeros()) / 8) as usize
    }
}

/// With no odd byte or pair in `b`, its first `@` at `at` and its last
/// `@`, `+` or `_` at `last_special`: whether `b` is a plain address. It
/// is when nothing of those follows the `@`, the local part neither is
/// empty nor starts with `.`, and the domain ends with a letter or digit.
#[inline(always)]
const fn ends_fit(b: &[u8], at: usize, last_special: usize) -> bool {
    let (Some(&first), Some(&last)) = (b.first(), b.last()) else {
        return false;
    };
    last_special == at && at != 0 && first != b'.' && has(last, ALNUM)
}

/// [`is_plain_email`] a byte at a time, for any length and every `atext`
/// byte: whether `b` is `dot-atom "@" label *("." label)` in ASCII, with the
/// lengths RFC 5321 sets: a local part of at most 64 octets, labels of 1
/// to 63 characters that neither start nor end with `-`, a domain of at
/// most 255 octets.
///
/// Each part is one pass, four bytes to a length test: a byte of the
/// part's class costs one table read, and a `.` (or a domain's `-`) is
/// judged where it stands, from where the atom or label began, without
/// leaving the pass.
const fn is_plain_email_bytewise(b: &[u8]) -> bool {
    let len = b.len();
    let mut atom = 0;
    // The byte that ends the local part must be the `@`, after an atom.
    let Some(at) = local_end(b, &mut atom) else {
        return false;
    };
    if b[at] != b'@' || at == atom || (len > 65 && (at > 64 || len - at - 1 > 255)) {
        return false;
    }
    let mut domain = Domain {
        label: at + 1,
        hyphen_end: 0,
    };
    let Some((_, mut rest)) = b.split_at_checked(at + 1) else {
        return false;
    };
    while let Some((chunk, tail)) = rest.split_first_chunk::<8>() {
        if !domain.take_all(chunk, len - rest.len()) {
            return false;
        }
        rest = tail;
    }
    if let Some((chunk, tail)) = rest.split_first_chunk::<4>() {
        if !domain.take_all(chunk, len - rest.len()) {
            return false;
        }
        rest = tail;
    }
    // At most three bytes are left: each in its own place.
    let i = len - rest.len();
    (match rest {
        [] => true,
        [c0] => domain.take(*c0, i),
        [c0, c1] => domain.take(*c0, i) && domain.take(*c1, i + 1),
        [c0, c1, c2, ..] => {
            domain.take(*c0, i) && domain.take(*c1, i + 1) && domain.take(*c2, i + 2)
        }
    }) && domain.label_ends_at(len)
}

/// The index of the byte that ends the local part at the start of `b`,
/// eight bytes to a length test; `atom` is where the last atom began.
#[inline(always)]
const fn local_end(b: &[u8], atom: &mut usize) -> Option<usize> {
    let len = b.len();
    let mut rest = b;
    while let Some((chunk, tail)) = rest.split_first_chunk::<8>() {
        let i = len - rest.len();
        let taken = local_run(chunk, i, atom);
        if taken < chunk.len() {
            return Some(i + taken);
        }
        rest = tail;
    }
    let mut i = len - rest.len();
    while let [c, tail @ ..] = rest {
        if !local(*c, i, atom) {
            return Some(i);
        }
        i += 1;
        rest = tail;
    }
    None
}

/// How many bytes of `chunk`, at `i` of a local part, the part takes.
#[inline(always)]
const fn local_run<const N: usize>(chunk: &[u8; N], i: usize, atom: &mut usize) -> usize {
    let mut k = 0;
    while k < N {
        if !local(chunk[k], i + k, atom) {
            return k;
        }
        k += 1;
    }
    N
}

/// Takes byte `c`, at `i` of a local part, where the current atom began
/// at `atom`: whether the part goes on. A `.` ends a non-empty atom.
#[inline(always)]
const fn local(c: u8, i: usize, atom: &mut usize) -> bool {
    if has(c, ATEXT) {
        return true;
    }
    if c != b'.' || i == *atom {
        return false;
    }
    *atom = i + 1;
    true
}

/// Where a domain's current label began, and the end of its last `-`.
struct Domain {
    label: usize,
    hyphen_end: usize,
}

impl Domain {
    /// Takes byte `c`, at `i`: whether the domain goes on.
    #[inline(always)]
    const fn take(&mut self, c: u8, i: usize) -> bool {
        if has(c, ALNUM) {
            return true;
        }
        if c == b'.' {
            if !self.label_ends_at(i) {
                return false;
            }
            self.label = i + 1;
            return true;
        }
        // A `-`, not at the start of a label.
        self.hyphen_end = i + 1;
        c == b'-' && i != self.label
    }

    /// Takes the bytes of `chunk`, at `i`: whether the domain goes on.
    #[inline(always)]
    const fn take_all<const N: usize>(&mut self, chunk: &[u8; N], i: usize) -> bool {
        let mut k = 0;
        while k < N {
            if !self.take(chunk[k], i + k) {
                return false;
            }
            k += 1;
        }
        true
    }

    /// Whether a label may end at `end`: it is not empty, does not end with
    /// `-` and is at most 63 characters long.
    #[inline(always)]
    const fn label_ends_at(&self, end: usize) -> bool {
        // 1 to 63 characters: `end - label - 1` below 63, as `end >= label`.
        (end - self.label).wrapping_sub(1) < 63 && end != self.hyphen_end
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::email;
    use super::*;

    /// Addresses around each length where the windows change: one padded
    /// window, two that overlap, two that meet, the last that fits a
    /// label, and past what the windows take.
    #[test]
    fn each_length_is_read_as_the_bytes_read_it() {
        for len in 3usize..=140 {
            for at in [1, len / 2, len.saturating_sub(2)] {
                if at == 0 || at + 1 >= len {
                    continue;
                }
                let local = "a".repeat(at);
                let domain = "b".repeat(len - at - 1);
                // A label break in the middle of a domain of three or more.
                let middle = domain.len() / 2;
                let dotted = if domain.len() > 2 {
                    format!("{}.{}", &domain[..middle], &domain[middle + 1..])
                } else {
                    domain.clone()
                };
                for value in [
                    format!("{local}@{domain}"),
                    format!("{local}@{dotted}"),
                    format!("{local}+x@{dotted}").replacen('a', "", 2),
                    format!("{local}@{dotted}+"),
                    format!("{local}@{dotted}@b"),
                    format!(".{local}@{dotted}"),
                    format!("{local}@{dotted}."),
                    format!("{local}-.a@{dotted}"),
                    format!("{local}@{dotted}-"),
                ] {
                    let b = value.as_bytes();
                    assert_eq!(
                        is_plain_email(b),
                        is_plain_email_bytewise(b),
                        "{value} ({} bytes)",
                        b.len()
                    );
                }
            }
        }
    }

    #[test]
    fn windows_take_the_common_addresses() {
        for value in [
            "ada.lovelace@example.com",
            "partners+rust@sponsor.example.co.uk",
            "first_last-99@sub.domain.co.uk",
            "x@y.io",
            "bookings@the-park.example.org",
            "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r@s.t.u.v.w.x.y.z.example",
        ] {
            assert!(is_plain_email(value.as_bytes()), "{value}");
            assert_eq!(email::check(value), Ok(()), "{value}");
        }
        for value in [
            "ada.lovelace@example.com.",
            "ada..lovelace@example.com",
            "ada.lovelace@example..com",
            "ada.lovelace@-example.com",
            "ada.lovelace@example-.com",
            "ada.lovelace@example.com@example.com",
            "ada+lovelace@example+mail.com",
            "@example.com.example.com",
            "ada.lovelace@",
            "ada.lovelace.example.com",
        ] {
            assert!(!is_plain_email(value.as_bytes()), "{value}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]

        /// Addresses in the plain shape, up to past what the windows take,
        /// now and then with one byte put anywhere: the windows and the
        /// bytewise pass agree on each.
        #[test]
        fn windows_and_the_bytewise_pass_agree(
            local in "[a-zA-Z0-9+_-]{1,12}(\\.[a-zA-Z0-9+_-]{1,12}){0,5}",
            domain in "[a-z0-9-]{1,20}(\\.[a-z0-9-]{1,20}){0,5}",
            put in proptest::option::of((0usize..160, "[a-z.@+_\\-!\"é ]")),
        ) {
            let mut value = format!("{local}@{domain}");
            if let Some((at, byte)) = put {
                let at = at.min(value.len());
                if value.is_char_boundary(at) {
                    value.insert_str(at, &byte);
                }
            }
            let b = value.as_bytes();
            proptest::prop_assert_eq!(is_plain_email(b), is_plain_email_bytewise(b), "{}", value);
        }
    }
}
