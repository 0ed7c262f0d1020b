//! The app's HTML document: the form of [`html`](crate::html), its
//! stylesheet inline, the script's configuration and the script, under a
//! Content-Security-Policy of its own that lets nothing load.

use sha2::{Digest, Sha256};

use super::{AppForm, SCRIPT, config};
use crate::html::STYLESHEET;
use crate::html::escape::{attr, text};
use crate::html::page::FormPage;

/// What the app adds to the pages' stylesheet: the host's theme (its
/// `data-theme` and style variables, with the pages' colours as fallbacks)
/// and the status line.
pub(super) const APP_STYLESHEET: &str = "\
html{font-family:var(--font-sans,system-ui,-apple-system,\"Segoe UI\",Roboto,Arial,sans-serif);color:var(--color-text-primary,#0b0c0c);background:var(--color-background-primary,#fff)}
html[data-theme=light]{color-scheme:light}
html[data-theme=dark]{color-scheme:dark;color:var(--color-text-primary,#f3f2f1);background:var(--color-background-primary,#0b0c0c)}
html[data-theme=dark] .hint{color:var(--color-text-secondary,#c8c8c8)}
html[data-theme=dark] input[type=text],html[data-theme=dark] input[type=email],html[data-theme=dark] input[type=url],html[data-theme=dark] input[type=date],html[data-theme=dark] input[type=number],html[data-theme=dark] select,html[data-theme=dark] textarea{background:#1d1d1d;border-color:#f3f2f1;color:inherit}
html[data-theme=dark] button{background:#2b2b2b;color:#f3f2f1;border-color:#f3f2f1}
html[data-theme=dark] .error-message,html[data-theme=dark] .error-summary a{color:#ff8f7a}
body{padding:.75rem}
.status{font-weight:700;margin:1rem 0 0;overflow-wrap:anywhere;white-space:pre-line}
.status:empty{display:none}
";

/// A comment that holds a literal `<html>`: a host that frames through the
/// OpenAI Apps SDK's emulation in MCPJam Inspector (1.0.24) takes a document
/// without both a literal `<html>` and `<head>` for a fragment and wraps it
/// into its own page's `<body>`, where a `<meta>` Content-Security-Policy is
/// ignored. The root element keeps its `lang`.
const WHOLE_DOCUMENT: &str = "<!-- a whole <html> document: frame it as it is -->\n";

/// The document of `app`.
pub(super) fn render(app: &AppForm) -> String {
    let style = format!("{STYLESHEET}{APP_STYLESHEET}");
    let mut out = String::with_capacity(16 * 1024 + 768 * app.schema().properties.len());
    out.push_str("<!doctype html>\n");
    out.push_str(WHOLE_DOCUMENT);
    out.push_str("<html lang=\"en\">\n<head>\n");
    // The policy first: it covers only what follows it.
    out.push_str("<meta http-equiv=\"Content-Security-Policy\" content=\"");
    attr(&mut out, &content_security_policy(&style));
    out.push_str(
        "\">\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"referrer\" content=\"no-referrer\">\n<title>",
    );
    text(&mut out, app.message());
    out.push_str("</title>\n<style>");
    out.push_str(&style);
    out.push_str("</style>\n</head>\n<body>\n<main id=\"main\">\n");
    FormPage::new(app.message(), app.schema(), "", "").write_form(&mut out, true);
    out.push_str(
        "<p class=\"status\" id=\"elicit-status\" role=\"status\" aria-live=\"polite\"></p>\n</main>\n\
         <script type=\"application/json\" id=\"elicit-app\">",
    );
    out.push_str(&script_json(&config::config(app)));
    out.push_str("</script>\n<script>");
    out.push_str(SCRIPT);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

/// The document's own policy: the one script and the one stylesheet by
/// their digests, nothing else from anywhere (no `connect-src`, no images
/// but `data:`, no form posted, no `<base>`), under whatever policy the
/// host adds.
pub(super) fn content_security_policy(style: &str) -> String {
    format!(
        "default-src 'none'; script-src 'sha256-{}'; style-src 'sha256-{}'; img-src data:; \
         form-action 'none'; base-uri 'none'",
        digest(SCRIPT),
        digest(style)
    )
}

fn digest(text: &str) -> String {
    base64_simd::STANDARD.encode_to_string(Sha256::digest(text.as_bytes()))
}

/// JSON inside a `<script>`: `<`, `>` and `&` as `\u` escapes (they occur
/// only in strings), so no text can close the element or open a comment;
/// U+2028 and U+2029 too, for older parsers.
fn script_json(value: &serde_json::Value) -> String {
    let json = value.to_string();
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}
