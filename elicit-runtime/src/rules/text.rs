//! What a `string` field's text may hold: no control characters but the
//! tab and the line breaks. A NUL cuts the text short wherever C strings
//! read it, and an escape (`ESC`, U+001B, or the one-character `CSI`,
//! U+009B) starts a sequence that moves the cursor, recolours or clears a
//! terminal: typed into a field, either would reach the tool's text, its
//! logs and the screens they are shown on. JSON Schema has no word for
//! it; elicit refuses them in every field of type `string` (formats and
//! secrets included), whichever way the answer came (a client's form, a
//! hosted page, a tool's arguments), as every answer is read by the same
//! rules.
//!
//! - At compile time, [`check_default`] refuses a `default` that holds
//!   one.
//! - In content, [`check`] reports the first one with its position, and
//!   [`accepts`] says whether there is none, eight bytes at a time.
//! - A string with a `format` that passes it holds none: every format's
//!   grammar leaves control characters out, so the read of an answer
//!   (`rules::passing`) asks this rule only of text without a format. A
//!   format added must keep this true: the test
//!   `every_format_refuses_every_control_character` holds each one to it.

use core::fmt;

use super::Violation;

/// Whether `byte`, alone or leading, starts a control character the
/// rule refuses: C0 (below U+0020) but the tab (U+0009), the line feed
/// (U+000A) and the carriage return (U+000D), and DEL (U+007F); the C1
/// controls (U+0080 to U+009F) are the two bytes `C2 80` to `C2 9F`.
#[inline]
const fn refused_byte(byte: u8) -> bool {
    (byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r')) || byte == 0x7f
}

/// Whether `c` is a control character the rule refuses.
#[inline]
pub(crate) const fn refused(c: char) -> bool {
    let c = c as u32;
    (c < 0x80 && refused_byte(c as u8)) || (c >= 0x80 && c <= 0x9f)
}

/// `0x01` in every byte of a word.
const ONES: u64 = u64::from_le_bytes([0x01; 8]);
/// `0x80` in every byte of a word.
const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);

/// Whether a byte of `word` is below `n` (at most `0x80`): exact for the
/// word as a whole, without saying which byte.
#[inline]
const fn has_below(word: u64, n: u8) -> bool {
    word.wrapping_sub(ONES * n as u64) & !word & HIGHS != 0
}

/// Whether a byte of `word` is `byte`.
#[inline]
const fn has(word: u64, byte: u8) -> bool {
    has_below(word ^ (ONES * byte as u64), 1)
}

/// Whether the eight bytes of `word` may hold the start of a refused
/// character: a byte below U+0020 (the tab and the line breaks included,
/// told apart bytewise), DEL, or the lead byte `C2` of a C1 control.
#[inline]
const fn suspect(word: u64) -> bool {
    has_below(word, 0x20) | has(word, 0x7f) | has(word, 0xc2)
}

/// Whether the bytes of `bytes` from `start` to `end` start no refused
/// character (a `C2` at `end - 1` looks at the byte after it).
#[inline]
const fn clean(bytes: &[u8], start: usize, end: usize) -> bool {
    let mut i = start;
    while i < end {
        let byte = bytes[i];
        if refused_byte(byte) || (byte == 0xc2 && i + 1 < bytes.len() && bytes[i + 1] < 0xa0) {
            return false;
        }
        i += 1;
    }
    true
}

/// The eight bytes of `bytes` from `at` as a word.
#[inline]
fn word_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

/// Whether `s` holds no refused control character: [`check`] without a
/// report, one pass over its bytes, a word of eight at a time; a word
/// that may hold one (a tab, a line break, a non-ASCII character that
/// starts with `C2`) is looked at bytewise. A string shorter than a word
/// is read bytewise; the last word of a longer one overlaps the one
/// before it.
#[inline]
pub(crate) fn accepts(s: &str) -> bool {
    let bytes = s.as_bytes();
    let len = bytes.len();
    if len < 8 {
        return clean(bytes, 0, len);
    }
    let mut at = 0;
    loop {
        if suspect(word_at(bytes, at)) && !clean(bytes, at, at + 8) {
            return false;
        }
        if at + 8 == len {
            return true;
        }
        at = (at + 8).min(len - 8);
    }
}

/// Whether a `default` holds no refused control character, with the
/// message if it does.
pub(crate) const fn check_default(value: &str) -> Result<(), &'static str> {
    let bytes = value.as_bytes();
    if clean(bytes, 0, bytes.len()) {
        Ok(())
    } else {
        Err(
            "`default` holds a control character other than a tab or a line break, which no \
             answer may hold: remove it from the default",
        )
    }
}

/// Reports the first refused control character of `s`, if any, with its
/// position in characters (from 1).
pub(crate) fn check(s: &str, broken: &mut Vec<Violation>) {
    if accepts(s) {
        return;
    }
    if let Some((index, c)) = s.chars().enumerate().find(|(_, c)| refused(*c)) {
        broken.push(Violation::ControlCharacter {
            code_point: c as u32,
            position: index as u64 + 1,
        });
    }
}

/// "holds the control character U+001B (character 3): ...".
pub(super) fn write(f: &mut fmt::Formatter<'_>, code_point: u32, position: u64) -> fmt::Result {
    write!(
        f,
        "holds the control character U+{code_point:04X} (character {position}), which no answer \
         may hold: remove it (tabs and line breaks are kept)"
    )
}

/// "text without control characters".
pub(super) fn expected() -> String {
    "text without control characters (tabs and line breaks are kept)".to_owned()
}

#[cfg(test)]
mod tests {
    use super::{accepts, check, check_default, refused};

    #[test]
    fn refuses_controls_but_tabs_and_line_breaks() {
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let expected = c.is_control() && !matches!(c, '\t' | '\n' | '\r');
            assert_eq!(refused(c), expected, "{:#x}", c as u32);
            let text = format!("a{c}é");
            assert_eq!(accepts(&text), !expected, "{:#x}", c as u32);
            assert_eq!(check_default(&text).is_ok(), !expected, "{:#x}", c as u32);
            let mut broken = Vec::new();
            check(&text, &mut broken);
            assert_eq!(broken.len(), usize::from(expected), "{:#x}", c as u32);
        }
        // The byte after `C2` of a character that is no C1 control, and a
        // `C2` at the very end of what is checked, are read as the text
        // they are.
        assert!(accepts("\u{a0}\u{bf}\u{c2}"));
        assert!(accepts("line one\r\nline\ttwo\n"));
    }

    #[test]
    fn words_and_their_overlap_agree_with_the_bytewise_reading() {
        // Every refused and kept character at every position of strings of
        // 1 to 24 bytes: in a word, across two words, in the overlapping
        // last word.
        let samples = [
            '\0', '\t', '\n', '\r', '\u{1b}', '\u{7f}', '\u{80}', '\u{9f}', '\u{a0}', 'é', '€',
        ];
        for len in 1..=24 {
            for at in 0..len {
                for c in samples {
                    let text: String = (0..len).map(|i| if i == at { c } else { 'a' }).collect();
                    let expected = refused(c);
                    assert_eq!(
                        accepts(&text),
                        !expected,
                        "{:#x} at {at} of {len}",
                        c as u32
                    );
                }
            }
        }
    }

    #[test]
    fn every_format_refuses_every_control_character() {
        use crate::format::Format;
        let refused_chars: Vec<char> = (0..=0x9f_u32)
            .filter_map(char::from_u32)
            .filter(|c| refused(*c))
            .chain(['\t', '\n', '\r'])
            .collect();
        for format in Format::ALL {
            // Valid values of each format, with every refused character
            // (and the tab and line breaks, which no format takes either)
            // put at their start, inside and at their end.
            let valid: &[&str] = match format {
                Format::Email => &[
                    "ada@example.com",
                    "\"ada lovelace\"@example.com",
                    "ü@例子.测试",
                    "a@[IPv6:2001:db8::1]",
                ],
                Format::Uri => &[
                    "https://example.com/a?b#c",
                    "mailto:ada@example.com",
                    "urn:isbn:0451450523",
                ],
                Format::Date => &["2024-02-29"],
                Format::DateTime => &["2025-06-18T09:30:00Z", "2025-06-18T09:30:00.25+02:00"],
            };
            for value in valid {
                assert!(format.check(value).is_ok(), "{value}");
                let chars: Vec<char> = value.chars().collect();
                for at in [0, 1, chars.len() / 2, chars.len() - 1, chars.len()] {
                    for c in &refused_chars {
                        let mut text = chars.clone();
                        text.insert(at, *c);
                        let text: String = text.into_iter().collect();
                        assert!(format.check(&text).is_err(), "{format:?} took {text:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn names_the_first_and_where() {
        let mut broken = Vec::new();
        check("ab\u{1b}[2J\0", &mut broken);
        assert_eq!(broken.len(), 1);
        assert_eq!(
            broken[0].to_string(),
            "holds the control character U+001B (character 3), which no answer may hold: remove \
             it (tabs and line breaks are kept)"
        );
    }
}
