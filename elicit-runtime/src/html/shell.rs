//! What every page shares: the document around its content (doctype,
//! language, viewport, title, the stylesheet, the masthead), and the two
//! small pages that are nothing else: done and refused.

use super::escape::{attr, text};
use super::{Masthead, STYLESHEET_PATH};

/// The document around a page's content: its language, where its
/// stylesheet is, and the masthead above it, if any.
///
/// ```
/// use elicit_runtime::html::Shell;
///
/// let page = Shell::DEFAULT.lang("fr").done("Réponse reçue");
/// assert!(page.starts_with("<!doctype html>\n<html lang=\"fr\">"));
/// assert!(page.contains("<title>Réponse reçue</title>"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shell<'a> {
    lang: &'a str,
    stylesheet: &'a str,
    masthead: Option<Masthead<'a>>,
}

impl Default for Shell<'_> {
    fn default() -> Self {
        Shell::DEFAULT
    }
}

impl<'a> Shell<'a> {
    /// English, the stylesheet at [`STYLESHEET_PATH`], no masthead.
    pub const DEFAULT: Shell<'static> = Shell {
        lang: "en",
        stylesheet: STYLESHEET_PATH,
        masthead: None,
    };

    /// The same shell with the page's language, a BCP 47 tag (`en`, `fr-CA`):
    /// the `lang` of `<html>`, which screen readers speak the page in.
    pub const fn lang(self, lang: &'a str) -> Shell<'a> {
        Shell { lang, ..self }
    }

    /// The same shell with the stylesheet linked at `href`, a path of the
    /// page's own origin (the Content-Security-Policy allows no other).
    pub const fn stylesheet(self, href: &'a str) -> Shell<'a> {
        Shell {
            stylesheet: href,
            ..self
        }
    }

    /// The same shell with `masthead` above the page's content: which
    /// server asks, and who is signed in.
    pub const fn masthead(self, masthead: Masthead<'a>) -> Shell<'a> {
        Shell {
            masthead: Some(masthead),
            ..self
        }
    }

    /// Writes the document up to the opening of `<main>`, titled `title`.
    pub(crate) fn open(&self, out: &mut String, title: &str) {
        out.push_str("<!doctype html>\n<html lang=\"");
        attr(out, self.lang);
        out.push_str(
            "\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <meta name=\"referrer\" content=\"no-referrer\">\n<title>",
        );
        text(out, title);
        out.push_str("</title>\n<link rel=\"stylesheet\" href=\"");
        attr(out, self.stylesheet);
        out.push_str("\">\n</head>\n<body>\n");
        if let Some(masthead) = &self.masthead {
            masthead.write(out);
        }
        out.push_str("<main id=\"main\">\n");
    }

    /// Writes the end of the document opened by [`Shell::open`].
    pub(crate) fn close(out: &mut String) {
        out.push_str("</main>\n</body>\n</html>\n");
    }

    /// A page with one heading and nothing else.
    fn heading_page(&self, heading: &str, message: Option<&str>) -> String {
        let mut out = String::with_capacity(512);
        self.open(&mut out, heading);
        out.push_str("<h1>");
        text(&mut out, heading);
        out.push_str("</h1>\n");
        if let Some(message) = message {
            out.push_str("<p>");
            text(&mut out, message);
            out.push_str("</p>\n");
        }
        Shell::close(&mut out);
        out
    }

    /// The page after a form was answered: `message` (such as "Answer
    /// received") and that the page may be closed.
    ///
    /// ```
    /// use elicit_runtime::html::Shell;
    ///
    /// let page = Shell::DEFAULT.done("Booking received");
    /// assert!(page.contains("<h1>Booking received</h1>"));
    /// assert!(page.contains("You can close this page"));
    /// ```
    pub fn done(&self, message: &str) -> String {
        self.heading_page(
            message,
            Some("You can close this page and go back to your conversation."),
        )
    }

    /// The page for a visit that is refused (expired, used, not the
    /// visitor's, forged): `message` alone, escaped, saying what happened
    /// and what to do, without anything of the form.
    ///
    /// ```
    /// use elicit_runtime::html::Shell;
    ///
    /// let page = Shell::DEFAULT.refused("This link has expired: ask again <from the app>");
    /// assert!(page.contains("<h1>This link has expired: ask again &lt;from the app&gt;</h1>"));
    /// ```
    pub fn refused(&self, message: &str) -> String {
        self.heading_page(message, None)
    }
}
