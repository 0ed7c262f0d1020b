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
//!   [`accepts`] says whether there is none.

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

/// Whether `s` holds no refused control character: [`check`] without a
/// report, one pass over its bytes.
#[inline]
pub(crate) fn accepts(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        if refused_byte(byte) || (byte == 0xc2 && i + 1 < bytes.len() && bytes[i + 1] < 0xa0) {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether a `default` holds no refused control character, with the
/// message if it does.
pub(crate) const fn check_default(value: &str) -> Result<(), &'static str> {
    let bytes = value.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        if refused_byte(byte) || (byte == 0xc2 && i + 1 < bytes.len() && bytes[i + 1] < 0xa0) {
            return Err(
                "`default` holds a control character other than a tab or a line break, which no \
                 answer may hold: remove it from the default",
            );
        }
        i += 1;
    }
    Ok(())
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
