//! Text from the wire, made safe to put in a message: control characters
//! escaped so it cannot break a message apart, bidirectional controls and
//! the other characters shown as nothing escaped so it cannot reorder or
//! disguise the message around it, and cut short so a hostile 64 MiB value
//! still makes a one-line error.

use core::fmt;

use crate::format::bytes::is_default_ignorable;

/// The most characters of a text kept in a message.
pub const LONGEST: usize = 40;

/// Writes at most 40 characters (`LONGEST`) of a text, control characters and
/// bidirectional controls escaped (`\n`, `\u{1b}`, `\u{202e}`), and `…`
/// where it was cut.
pub struct Excerpt<'a>(pub &'a str);

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chars = self.0.chars();
        write_escaped(f, chars.by_ref().take(LONGEST), false)?;
        if chars.next().is_some() {
            f.write_str("…")?;
        }
        Ok(())
    }
}

/// Writes a whole text from the wire for a person to read, control
/// characters escaped except line breaks, so it cannot move the cursor,
/// recolour the screen or fake a line of the client's own.
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_escaped(f, self.0.chars(), true)
    }
}

/// Writes a whole text from the wire on one line: every control character
/// escaped, line breaks included, so it cannot break a list of lines apart.
pub struct OneLine<'a>(pub &'a str);

impl fmt::Display for OneLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_escaped(f, self.0.chars(), false)
    }
}

/// Whether `c` is written escaped: a control character (a line break too,
/// unless `keep_newlines`) or a default-ignorable one.
pub fn is_escaped(c: char, keep_newlines: bool) -> bool {
    (c.is_control() && !(keep_newlines && c == '\n')) || is_default_ignorable(c)
}

fn write_escaped(
    f: &mut fmt::Formatter<'_>,
    chars: impl Iterator<Item = char>,
    keep_newlines: bool,
) -> fmt::Result {
    for c in chars {
        if is_escaped(c, keep_newlines) {
            write!(f, "{}", c.escape_default())?;
        } else {
            fmt::Write::write_char(f, c)?;
        }
    }
    Ok(())
}

/// `1 item`, `2 items`: a count with its noun.
pub fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::{Escaped, Excerpt, OneLine};

    #[test]
    fn escapes_and_cuts() {
        assert_eq!(Excerpt("a\u{1b}[31m\n").to_string(), "a\\u{1b}[31m\\n");
        let long = "é".repeat(1000);
        let shown = Excerpt(&long).to_string();
        assert_eq!(shown.chars().count(), 41);
        assert!(shown.ends_with('…'));
        assert_eq!(Excerpt("").to_string(), "");
        assert_eq!(
            Excerpt("a\u{202e}b\u{2066}c\u{200f}").to_string(),
            "a\\u{202e}b\\u{2066}c\\u{200f}"
        );
    }

    #[test]
    fn escapes_in_full_keeping_lines() {
        let long = "é".repeat(1000);
        assert_eq!(Escaped(&long).to_string(), long);
        assert_eq!(Escaped("a\u{1b}[2J\nb\r").to_string(), "a\\u{1b}[2J\nb\\r");
    }

    #[test]
    fn escapes_in_full_on_one_line() {
        let long = "é".repeat(1000);
        assert_eq!(OneLine(&long).to_string(), long);
        assert_eq!(OneLine("a\nb\u{202e}").to_string(), "a\\nb\\u{202e}");
    }
}
