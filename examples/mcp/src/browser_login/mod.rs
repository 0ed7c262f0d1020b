//! The example server's demo sign-in for the form pages: a browser signs in
//! as one of the demo users (`ELICIT_DEMO_USERS`) at `GET/POST /login`,
//! with the fields `user` and `token`, and gets a session cookie that the
//! pages' identity check ([`Sessions::visitor`]) reads; `POST /logout`
//! ends it (the pages' "Not you? Sign out"). No script anywhere.
//!
//! Forgery: a sign-in posted from another site would sign the victim in as
//! the attacker and send them to the attacker's forms. `POST /login` is
//! refused (403) unless it passes the pages' own origin rule
//! ([`WebForms::is_cross_site`]) and carries the token its sign-in page
//! gave, in its field and in a `SameSite=Strict` cookie of its own, which
//! no other site can read or send. Sessions expire
//! ([`Sessions::with_ttl`]), failed sign-ins are rate-limited per user name
//! and in all ([`Sessions::with_rate_limit`], 429), and the pages name the
//! user signed in, so a forged sign-in would be seen.
//!
//! A production server puts its own sign-in here (its identity provider,
//! its session cookie) and gives the pages a `Visitor` over it.

mod page;
mod sessions;
mod throttle;

use std::time::Instant;

use axum::Router;
use axum::body::to_bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::Response;
use axum::routing::{get, post};
use elicit_runtime::Secret;
use elicit_runtime::html::SIGN_OUT_NEXT_FIELD;
use elicit_web::WebForms;

pub use page::LOGIN_TOKEN_FIELD;
pub use sessions::{SessionVisitor, Sessions};

use page::{field, form_pairs, html, login_page, message_page};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "elicit-session";

/// The cookie the sign-in page's anti-forgery token is also in.
pub const LOGIN_COOKIE: &str = "elicit-login";

/// How long a sign-in page's token is good for, in seconds.
const LOGIN_TOKEN_SECONDS: u32 = 10 * 60;

/// The largest sign-in or sign-out post read.
const MAX_POST: usize = 8 * 1024;

/// What the sign-in's routes share: the sessions, and the forms they
/// sign in for (their public URL, origin rule and name).
#[derive(Clone)]
struct Login {
    sessions: Sessions,
    web: WebForms,
}

impl Sessions {
    /// `GET /login`, `POST /login` and `POST /logout`, for the pages of
    /// `web`: under its public URL (the paths as the browser reaches them,
    /// prefix included), held to its origin rule, the cookies `Secure`
    /// when it is `https`.
    pub fn router(&self, web: &WebForms) -> Router {
        let login = Login {
            sessions: self.clone(),
            web: web.clone(),
        };
        Router::new()
            .route("/login", get(show).post(sign_in))
            .route("/logout", post(sign_out))
            .with_state(login)
    }
}

impl Login {
    /// Where to go after signing in: a form page of these forms, else
    /// nowhere.
    fn safe_next<'a>(&self, next: Option<&'a str>) -> &'a str {
        let pages = self.web.public_path("/forms/");
        match next.and_then(|next| Some((next, next.strip_prefix(&pages)?))) {
            Some((next, visit))
                if !visit.is_empty()
                    && visit.len() <= 64
                    && visit
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
            {
                next
            }
            _ => "",
        }
    }

    /// A cookie's attributes on these pages: under the public URL's
    /// prefix, `HttpOnly`, and `Secure` when the public URL is `https`.
    fn cookie(&self, name: &str, value: &str, path: &str, rest: &str) -> HeaderValue {
        let secure = if self.web.public_url().starts_with("https://") {
            "; Secure"
        } else {
            ""
        };
        let path = self.web.public_path(path);
        let cookie = format!("{name}={value}; Path={path}; HttpOnly; {rest}{secure}");
        HeaderValue::from_str(&cookie).unwrap_or(HeaderValue::from_static(""))
    }

    /// The sign-in page with `status`, `next` and `error`, and a fresh
    /// anti-forgery token (in its field and its cookie).
    fn page(&self, status: StatusCode, next: &str, error: Option<&str>) -> Response {
        let Some(token) = random_id() else {
            let sorry = "Signing in is not possible right now: try again in a moment";
            return html(
                StatusCode::SERVICE_UNAVAILABLE,
                message_page(&self.web, "Sign in", sorry),
            );
        };
        let mut response = html(status, login_page(&self.web, next, &token, error));
        let rest = format!("SameSite=Strict; Max-Age={LOGIN_TOKEN_SECONDS}");
        let cookie = self.cookie(LOGIN_COOKIE, &token, "/login", &rest);
        response.headers_mut().append(header::SET_COOKIE, cookie);
        response
    }

    /// Whether the post carries the token its sign-in page gave, in its
    /// field and in the cookie: compared in constant time.
    fn own_page(headers: &HeaderMap, pairs: &[(String, String)]) -> bool {
        match (
            cookie(headers, LOGIN_COOKIE),
            field(pairs, LOGIN_TOKEN_FIELD),
        ) {
            (Some(cookie), Some(field)) if !cookie.is_empty() => {
                Secret::from(cookie.to_owned()).matches(field)
            }
            _ => false,
        }
    }
}

/// `GET /login?next=…`.
async fn show(State(login): State<Login>, uri: Uri) -> Response {
    let query = uri.query().unwrap_or_default().as_bytes();
    let pairs = form_pairs(query);
    let next = login.safe_next(field(&pairs, "next"));
    login.page(StatusCode::OK, next, None)
}

/// Why a sign-in from another site, or without its page's token, is
/// refused.
const FORGED: &str = "This sign-in did not come from this site's own sign-in page: sign in here";

/// `POST /login`.
async fn sign_in(State(login): State<Login>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let Ok(body) = to_bytes(body, MAX_POST).await else {
        return login.page(StatusCode::PAYLOAD_TOO_LARGE, "", Some(FORGED));
    };
    let pairs = form_pairs(&body);
    let next = login.safe_next(field(&pairs, "next"));
    if login.web.is_cross_site(&parts) || !Login::own_page(&parts.headers, &pairs) {
        return login.page(StatusCode::FORBIDDEN, next, Some(FORGED));
    }
    let (Some(user), Some(token)) = (field(&pairs, "user"), field(&pairs, "token")) else {
        let missing = "Give both your user and your token, then sign in";
        return login.page(StatusCode::BAD_REQUEST, next, Some(missing));
    };
    let now = Instant::now();
    let throttle = &login.sessions.throttle;
    let wait = throttle
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .wait(user, now);
    if let Some(wait) = wait {
        let seconds = wait.as_secs().max(1);
        let error = format!(
            "Too many sign-ins failed for this user: wait {seconds} seconds, then sign in again"
        );
        let mut response = login.page(StatusCode::TOO_MANY_REQUESTS, next, Some(&error));
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        return response;
    }
    if !login.sessions.users.check(user, token) {
        throttle
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .failed(user, now);
        let error = "This user and token do not match: check both and sign in again";
        return login.page(StatusCode::UNAUTHORIZED, next, Some(error));
    }
    let Some(id) = login.sessions.open(user.to_owned()) else {
        let sorry = "Signing in is not possible right now: try again in a moment";
        return login.page(StatusCode::SERVICE_UNAVAILABLE, next, Some(sorry));
    };
    let mut response = if next.is_empty() {
        let done = "Open the form's link again to answer it";
        html(StatusCode::OK, message_page(&login.web, "Signed in", done))
    } else {
        see_other(next)
    };
    let ttl = login.sessions.ttl.as_secs().max(1);
    let session = login.cookie(
        SESSION_COOKIE,
        &id,
        "/",
        &format!("SameSite=Lax; Max-Age={ttl}"),
    );
    let spent = login.cookie(LOGIN_COOKIE, "", "/login", "SameSite=Strict; Max-Age=0");
    let headers = response.headers_mut();
    headers.append(header::SET_COOKIE, session);
    headers.append(header::SET_COOKIE, spent);
    response
}

/// `POST /logout`: the session ended, and the browser sent to sign in,
/// with the page to come back to.
async fn sign_out(State(login): State<Login>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    if login.web.is_cross_site(&parts) {
        let refused = "This sign-out did not come from this site's own pages: nothing was done";
        return html(
            StatusCode::FORBIDDEN,
            message_page(&login.web, "Not signed out", refused),
        );
    }
    let body = to_bytes(body, MAX_POST).await.unwrap_or_default();
    let pairs = form_pairs(&body);
    let next = login.safe_next(field(&pairs, SIGN_OUT_NEXT_FIELD));
    login.sessions.close(&parts.headers);
    let sign_in = login.web.public_path("/login");
    let mut response = match next {
        "" => see_other(&sign_in),
        next => see_other(&format!("{sign_in}?next={next}")),
    };
    let ended = login.cookie(SESSION_COOKIE, "", "/", "SameSite=Lax; Max-Age=0");
    response.headers_mut().append(header::SET_COOKIE, ended);
    response
}

/// A redirect to `location`, a path of these pages.
fn see_other(location: &str) -> Response {
    let mut response = html(StatusCode::SEE_OTHER, String::new());
    if let Ok(location) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, location);
    }
    response
}

/// The value of the cookie `name` in `headers`.
fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(name)?.strip_prefix('='))
}

/// 32 random bytes, as hex.
fn random_id() -> Option<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
