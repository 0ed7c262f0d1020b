//! Escaping for the two places text goes in a page: an element's text and a
//! double-quoted attribute value.
//!
//! - Text ([`text`]): `&`, `<`, `>`, `"` and `'` as character references,
//!   and, as everywhere the toolkit shows text from the wire to a person,
//!   control characters (line breaks kept) and default-ignorable characters
//!   (bidirectional marks, embeddings, overrides and isolates among them)
//!   written visibly escaped (`\u{202e}`), so a title or a message cannot
//!   reorder or disguise the text around it or itself.
//! - Attribute values ([`attr`]): the same five characters as references,
//!   and nothing else changed, so a value sent back by the browser is the
//!   value that was written (an option's value, what the user typed). Every
//!   attribute is written double-quoted.

use crate::excerpt::is_escaped;

/// Appends `s` to `out` as an element's text.
pub(crate) fn text(out: &mut String, s: &str) {
    write(out, s, true);
}

/// Appends `s` to `out` as a double-quoted attribute value.
pub(crate) fn attr(out: &mut String, s: &str) {
    write(out, s, false);
}

/// Appends the decimal digits of `n`, without the formatting machinery.
pub(crate) fn decimal(out: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        // A digit: `n % 10` is below 10.
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &digit in &digits[at..] {
        out.push(char::from(digit));
    }
}

/// What each byte needs: 0 nothing, 1 a character reference, 2 a look at
/// its whole character (a control character, or the first byte of one
/// beyond ASCII) in text.
const CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = match b as u8 {
            b'&' | b'<' | b'>' | b'"' | b'\'' => 1,
            b'\n' => 0,
            0..=0x1f | 0x7f..=0xff => 2,
            _ => 0,
        };
        b += 1;
    }
    class
};

/// One pass over `s`: runs of plain bytes copied at once, the five
/// characters as references, and, in `text`, the characters [`is_escaped`]
/// names written escaped (`\u{202e}`), as every message of the toolkit
/// writes them.
fn write(out: &mut String, s: &str, text: bool) {
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        match CLASS[usize::from(bytes[at])] {
            0 => at += 1,
            1 => {
                out.push_str(&s[start..at]);
                out.push_str(match bytes[at] {
                    b'&' => "&amp;",
                    b'<' => "&lt;",
                    b'>' => "&gt;",
                    b'"' => "&quot;",
                    _ => "&#39;",
                });
                at += 1;
                start = at;
            }
            _ => {
                // `at` starts a character: every byte before it was ASCII
                // or part of a whole character stepped over below.
                let c = s[at..].chars().next().unwrap_or_default();
                let next = at + c.len_utf8();
                if text && is_escaped(c, true) {
                    out.push_str(&s[start..at]);
                    out.extend(c.escape_default());
                    start = next;
                }
                at = next;
            }
        }
    }
    out.push_str(&s[start..]);
}

#[cfg(test)]
mod tests {
    use super::{attr, decimal, text};

    fn t(s: &str) -> String {
        let mut out = String::new();
        text(&mut out, s);
        out
    }

    fn a(s: &str) -> String {
        let mut out = String::new();
        attr(&mut out, s);
        out
    }

    #[test]
    fn markup_characters_become_references() {
        assert_eq!(
            t(r#"<script>"a" & 'b'</script>"#),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
        assert_eq!(a(r#""><img onerror=x>"#), "&quot;&gt;&lt;img onerror=x&gt;");
        assert_eq!(t("plain é 🦀"), "plain é 🦀");
        assert_eq!(a("é<🦀>"), "é&lt;🦀&gt;");
    }

    #[test]
    fn bidi_and_controls_are_visible_in_text_and_kept_in_attributes() {
        assert_eq!(
            t("a\u{202e}b<\u{2066}\n\u{1b}\u{7f}é"),
            "a\\u{202e}b&lt;\\u{2066}\n\\u{1b}\\u{7f}é"
        );
        assert_eq!(a("a\u{202e}b\n\u{1b}"), "a\u{202e}b\n\u{1b}");
    }

    #[test]
    fn text_escapes_as_the_excerpts_do() {
        let all: String = (0..0x3000u32).filter_map(char::from_u32).collect();
        let expected = crate::excerpt::Escaped(&all).to_string();
        let mut markup = String::new();
        super::attr(&mut markup, &expected);
        assert_eq!(t(&all), markup);
    }

    #[test]
    fn numbers_in_decimal() {
        for n in [0, 7, 10, 12_345, usize::MAX] {
            let mut out = String::new();
            decimal(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }
}
