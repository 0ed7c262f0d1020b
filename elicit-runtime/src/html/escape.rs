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

use crate::excerpt::Escaped;

/// Appends `s` to `out` as an element's text.
pub(crate) fn text(out: &mut String, s: &str) {
    // The visible escapes first (one rule, in `excerpt`), then the markup.
    // Printable ASCII and line breaks need no look at each character.
    let plain = s.bytes().all(|b| (b' '..0x7f).contains(&b) || b == b'\n');
    if !plain && s.chars().any(needs_visible_escape) {
        markup(out, &Escaped(s).to_string());
    } else {
        markup(out, s);
    }
}

/// Appends `s` to `out` as a double-quoted attribute value.
pub(crate) fn attr(out: &mut String, s: &str) {
    markup(out, s);
}

/// Whether [`Escaped`] writes `c` other than as itself.
fn needs_visible_escape(c: char) -> bool {
    (c.is_control() && c != '\n') || crate::format::bytes::is_default_ignorable(c)
}

/// The five characters that can end a text or an attribute, as references.
fn markup(out: &mut String, s: &str) {
    // The five are ASCII, so a byte of one is never inside a longer
    // character, and the text between them is whole characters.
    let mut start = 0;
    for (at, byte) in s.bytes().enumerate() {
        let reference = match byte {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        out.push_str(&s[start..at]);
        out.push_str(reference);
        start = at + 1;
    }
    out.push_str(&s[start..]);
}

#[cfg(test)]
mod tests {
    use super::{attr, text};

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
    }

    #[test]
    fn bidi_and_controls_are_visible_in_text_and_kept_in_attributes() {
        assert_eq!(
            t("a\u{202e}b<\u{2066}\n\u{1b}"),
            "a\\u{202e}b&lt;\\u{2066}\n\\u{1b}"
        );
        assert_eq!(a("a\u{202e}b"), "a\u{202e}b");
    }
}
