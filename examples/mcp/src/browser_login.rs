//! The example server's demo sign-in for the form pages: a browser signs in
//! as one of the demo users (`ELICIT_DEMO_USERS`) at `GET/POST /login`,
//! with the fields `user` and `token`, and gets a session cookie that the
//! pages' identity check ([`Sessions::visitor`]) reads. No script anywhere.
//!
//! A production server puts its own sign-in here (its identity provider,
//! its session cookie) and gives the pages a `Visitor` over it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use elicit_runtime::html::{SECURITY_HEADERS, STYLESHEET_PATH};
use elicit_runtime::state::Principal;

use super::login::Users;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "elicit-session";

/// The signed-in browsers, by session id, in memory.
#[derive(Clone)]
pub struct Sessions {
    users: Users,
    by_id: Arc<Mutex<HashMap<String, String>>>,
    /// Whether the cookie is `Secure` (the pages are served over https).
    secure: bool,
}

impl Sessions {
    /// The sessions of `users`; `secure` when the public URL is https.
    pub fn new(users: Users, secure: bool) -> Sessions {
        Sessions {
            users,
            by_id: Arc::default(),
            secure,
        }
    }

    /// The pages' identity check: the user of the request's session cookie.
    pub fn visitor(
        &self,
    ) -> impl Fn(&axum::http::request::Parts) -> Option<Principal> + Send + Sync + 'static {
        let sessions = self.clone();
        move |parts| sessions.user_of(&parts.headers).map(Principal::user)
    }

    fn user_of(&self, headers: &axum::http::HeaderMap) -> Option<String> {
        let cookies = headers.get_all(header::COOKIE);
        let id = cookies
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(';'))
            .find_map(|pair| pair.trim().strip_prefix(SESSION_COOKIE)?.strip_prefix('='))?;
        self.by_id.lock().ok()?.get(id).cloned()
    }

    /// `GET /login` and `POST /login`.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/login", get(show).post(sign_in))
            .with_state(self.clone())
    }
}

/// Where to go after signing in: a form page of this site, else nowhere.
fn safe_next(next: Option<&str>) -> &str {
    match next {
        Some(next)
            if next.starts_with("/forms/")
                && next[7..]
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
        {
            next
        }
        _ => "",
    }
}

fn html(status: StatusCode, body: String) -> Response {
    let mut response = (status, body).into_response();
    for (name, value) in SECURITY_HEADERS {
        response
            .headers_mut()
            .insert(name, HeaderValue::from_static(value));
    }
    response
}

fn login_page(next: &str, error: Option<&str>) -> String {
    let error = error
        .map(|error| format!("<p role=\"alert\">{error}</p>\n"))
        .unwrap_or_default();
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Sign in</title>\n<link rel=\"stylesheet\" href=\"{STYLESHEET_PATH}\">\n</head>\n\
         <body>\n<main>\n<h1>Sign in</h1>\n{error}<form method=\"post\" action=\"/login\">\n\
         <input type=\"hidden\" name=\"next\" value=\"{next}\">\n\
         <p><label for=\"user\">User</label>\n\
         <input type=\"text\" id=\"user\" name=\"user\" autocomplete=\"username\" required></p>\n\
         <p><label for=\"token\">Token</label>\n\
         <input type=\"password\" id=\"token\" name=\"token\" autocomplete=\"current-password\" required></p>\n\
         <p><button type=\"submit\">Sign in</button></p>\n</form>\n</main>\n</body>\n</html>\n"
    )
}

async fn show(uri: Uri) -> Response {
    let query = uri.query().unwrap_or_default().as_bytes();
    let next = form_pairs(query)
        .into_iter()
        .find_map(|(name, value)| (name == "next").then_some(value));
    html(StatusCode::OK, login_page(safe_next(next.as_deref()), None))
}

async fn sign_in(State(sessions): State<Sessions>, body: Bytes) -> Response {
    let mut user = None;
    let mut token = None;
    let mut next = None;
    for (name, value) in form_pairs(&body) {
        match name.as_str() {
            "user" => user = Some(value),
            "token" => token = Some(value),
            "next" => next = Some(value),
            _ => {}
        }
    }
    let next = safe_next(next.as_deref()).to_owned();
    let signed_in = match (user, token) {
        (Some(user), Some(token)) => sessions.users.check(&user, &token).then_some(user),
        _ => None,
    };
    let Some(user) = signed_in else {
        return html(
            StatusCode::UNAUTHORIZED,
            login_page(
                &next,
                Some("This user and token do not match: check both and sign in again"),
            ),
        );
    };
    let Some(id) = session_id() else {
        return html(
            StatusCode::SERVICE_UNAVAILABLE,
            login_page(
                &next,
                Some("Signing in is not possible right now: try again"),
            ),
        );
    };
    if let Ok(mut by_id) = sessions.by_id.lock() {
        by_id.insert(id.clone(), user);
    }
    let secure = if sessions.secure { "; Secure" } else { "" };
    let cookie = format!("{SESSION_COOKIE}={id}; Path=/; HttpOnly; SameSite=Lax{secure}");
    let mut response = if next.is_empty() {
        html(StatusCode::OK, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Signed in</title></head><body><main><h1>Signed in</h1><p>Open the form's link again.</p></main></body></html>\n".to_owned())
    } else {
        let mut response = html(StatusCode::SEE_OTHER, String::new());
        if let Ok(location) = HeaderValue::from_str(&next) {
            response.headers_mut().insert(header::LOCATION, location);
        }
        response
    };
    if let Ok(cookie) = HeaderValue::from_str(&cookie) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// 32 random bytes, as hex.
fn session_id() -> Option<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The pairs of an urlencoded body, decoded (`+` as a space).
fn form_pairs(body: &[u8]) -> Vec<(String, String)> {
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
