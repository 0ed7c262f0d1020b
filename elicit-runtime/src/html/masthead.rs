//! What a hosted page says above its content: which server asks, who is
//! signed in, and the way out for someone who is not that user.

use super::escape::{attr, text};

/// The field the sign-out form posts the page to come back to in.
pub const SIGN_OUT_NEXT_FIELD: &str = "next";

/// The top of a hosted page ([`Shell::masthead`](super::Shell::masthead)):
/// the server that asks, the user signed in, and a sign-out button for
/// someone who is not that user. A page that names both makes a forged
/// sign-in visible: a user signed in as someone else, or sent by another
/// server, sees it before typing anything.
///
/// ```
/// use elicit_runtime::html::{Masthead, Shell};
///
/// let top = Masthead::asked_by("Weather tools")
///     .signed_in(Some("alice"))
///     .sign_out("/app/logout", "/app/forms/v1");
/// let page = Shell::DEFAULT.masthead(top).done("Answer received");
/// assert!(page.contains("Asked by <strong>Weather tools</strong>"));
/// assert!(page.contains("Signed in as <strong>alice</strong>"));
/// assert!(page.contains(r#"<form method="post" action="/app/logout">"#));
/// assert!(page.contains(r#"<input type="hidden" name="next" value="/app/forms/v1">"#));
/// assert!(page.contains("Not you? Sign out"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Masthead<'a> {
    server: &'a str,
    signed_in: Option<Option<&'a str>>,
    sign_out: Option<(&'a str, &'a str)>,
}

impl<'a> Masthead<'a> {
    /// A masthead naming `server`, the server that asks (the MCP server's
    /// name, or its host).
    pub const fn asked_by(server: &'a str) -> Masthead<'a> {
        Masthead {
            server,
            signed_in: None,
            sign_out: None,
        }
    }

    /// The same masthead saying that someone is signed in: as `name` when
    /// the server knows how to call them, else without a name.
    pub const fn signed_in(self, name: Option<&'a str>) -> Masthead<'a> {
        Masthead {
            signed_in: Some(name),
            ..self
        }
    }

    /// The same masthead with a sign-out button, for someone signed in who
    /// is not the user named: it posts [`SIGN_OUT_NEXT_FIELD`] (`next`), the
    /// path of the page to come back to, to `action`, a path of the page's
    /// own origin (the Content-Security-Policy's `form-action 'self'` allows
    /// no other).
    pub const fn sign_out(self, action: &'a str, next: &'a str) -> Masthead<'a> {
        Masthead {
            sign_out: Some((action, next)),
            ..self
        }
    }

    /// Writes the masthead as the page's banner.
    pub(crate) fn write(&self, out: &mut String) {
        out.push_str("<header class=\"masthead\">\n<p>Asked by <strong>");
        text(out, self.server);
        out.push_str("</strong></p>\n");
        let Some(name) = self.signed_in else {
            out.push_str("</header>\n");
            return;
        };
        match name {
            Some(name) => {
                out.push_str("<p>Signed in as <strong>");
                text(out, name);
                out.push_str("</strong></p>\n");
            }
            None => out.push_str("<p>Signed in</p>\n"),
        }
        if let Some((action, next)) = self.sign_out {
            out.push_str("<form method=\"post\" action=\"");
            attr(out, action);
            out.push_str("\">\n<input type=\"hidden\" name=\"");
            out.push_str(SIGN_OUT_NEXT_FIELD);
            out.push_str("\" value=\"");
            attr(out, next);
            out.push_str("\">\n<button type=\"submit\">");
            out.push_str(match name {
                Some(_) => "Not you? Sign out",
                None => "Sign out",
            });
            out.push_str("</button>\n</form>\n");
        }
        out.push_str("</header>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::Masthead;

    fn written(masthead: Masthead<'_>) -> String {
        let mut out = String::new();
        masthead.write(&mut out);
        out
    }

    #[test]
    fn names_are_escaped() {
        let page = written(
            Masthead::asked_by("<b>Tools</b>")
                .signed_in(Some("\u{202e}eve\"<x>"))
                .sign_out("/out\"", "/forms/\"x"),
        );
        assert!(page.contains("Asked by <strong>&lt;b&gt;Tools&lt;/b&gt;</strong>"));
        assert!(page.contains("Signed in as <strong>\\u{202e}eve&quot;&lt;x&gt;</strong>"));
        assert!(page.contains(r#"action="/out&quot;""#));
        assert!(page.contains(r#"value="/forms/&quot;x""#));
    }

    #[test]
    fn only_what_is_known_is_said() {
        let page = written(Masthead::asked_by("Tools"));
        assert!(!page.contains("Signed in") && !page.contains("<form"));
        let page = written(Masthead::asked_by("Tools").signed_in(None));
        assert!(page.contains("<p>Signed in</p>") && !page.contains("<form"));
        let page = written(
            Masthead::asked_by("Tools")
                .signed_in(None)
                .sign_out("/o", "/f"),
        );
        assert!(page.contains(">Sign out</button>") && !page.contains("Not you"));
    }
}
