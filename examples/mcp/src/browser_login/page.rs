//! The sign-in's pages, plain HTML with no script, and the posts they
//! send, read back.

use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use elicit_runtime::html::{SECURITY_HEADERS, STYLESHEET_PATH};
use elicit_web::WebForms;

/// The field the sign-in page carries its anti-forgery token in.
pub const LOGIN_TOKEN_FIELD: &str = "login-token";

/// `body` with `status` and the pages' security headers.
pub(super) fn html(status: StatusCode, body: String) -> Response {
    let mut response = (status, body).into_response();
    for (name, value) in SECURITY_HEADERS {
        response
            .headers_mut()
            .insert(name, HeaderValue::from_static(value));
    }
    response
}

/// The sign-in page: `next` and the anti-forgery `token` in hidden fields,
/// `error` above the form, everything under the public URL of `web`.
pub(super) fn login_page(web: &WebForms, next: &str, token: &str, error: Option<&str>) -> String {
    let error = error
        .map(|error| format!("<p role=\"alert\">{}</p>\n", escape(error)))
        .unwrap_or_default();
    let body = format!(
        "<h1>Sign in</h1>\n<p>To answer the forms of <strong>{server}</strong>.</p>\n{error}\
         <form method=\"post\" action=\"{action}\">\n\
         <input type=\"hidden\" name=\"next\" value=\"{next}\">\n\
         <input type=\"hidden\" name=\"{LOGIN_TOKEN_FIELD}\" value=\"{token}\">\n\
         <p><label for=\"user\">User</label>\n\
         <input type=\"text\" id=\"user\" name=\"user\" autocomplete=\"username\" required></p>\n\
         <p><label for=\"token\">Token</label>\n\
         <input type=\"password\" id=\"token\" name=\"token\" autocomplete=\"current-password\" required></p>\n\
         <p><button type=\"submit\">Sign in</button></p>\n</form>\n",
        server = escape(web.server_name()),
        action = escape(&web.public_path("/login")),
        next = escape(next),
        token = escape(token),
    );
    document(web, "Sign in", &body)
}

/// A page with one heading and one paragraph.
pub(super) fn message_page(web: &WebForms, heading: &str, message: &str) -> String {
    let body = format!("<h1>{}</h1>\n<p>{}</p>\n", escape(heading), escape(message));
    document(web, heading, &body)
}

/// `body` in a document titled `title`, its stylesheet under the public
/// URL of `web`.
fn document(web: &WebForms, title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"stylesheet\" href=\"{stylesheet}\">\n</head>\n\
         <body>\n<main>\n{body}</main>\n</body>\n</html>\n",
        title = escape(title),
        stylesheet = escape(&web.public_path(STYLESHEET_PATH)),
    )
}

/// `text` for an element's text or a double-quoted attribute value.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The pairs of an urlencoded body or query, decoded (`+` as a space).
pub(super) fn form_pairs(body: &[u8]) -> Vec<(String, String)> {
    let decode = |text: &[u8]| -> String {
        let mut out = Vec::with_capacity(text.len());
        let mut i = 0;
        while i < text.len() {
            match text[i] {
                b'+' => out.push(b' '),
                b'%' if i + 2 < text.len() => {
                    let hex = std::str::from_utf8(&text[i + 1..i + 3]).ok();
                    match hex.and_then(|hex| u8::from_str_radix(hex, 16).ok()) {
                        Some(byte) => {
                            out.push(byte);
                            i += 2;
                        }
                        None => out.push(b'%'),
                    }
                }
                byte => out.push(byte),
            }
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    body.split(|&b| b == b'&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let mut parts = pair.splitn(2, |&b| b == b'=');
            let name = decode(parts.next().unwrap_or_default());
            let value = decode(parts.next().unwrap_or_default());
            (name, value)
        })
        .collect()
}

/// The value of `name` among `pairs`, the first if given twice.
pub(super) fn field<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find_map(|(n, value)| (n == name).then_some(value.as_str()))
}

#[cfg(test)]
mod tests {
    use super::{escape, form_pairs};

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn decodes_pairs() {
        assert_eq!(
            form_pairs(b"user=ada+l&next=%2Fforms%2Fx&bad=%zz"),
            [
                ("user".to_owned(), "ada l".to_owned()),
                ("next".to_owned(), "/forms/x".to_owned()),
                ("bad".to_owned(), "%zz".to_owned()),
            ]
        );
    }
}
