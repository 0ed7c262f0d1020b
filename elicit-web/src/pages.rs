//! The router's responses: every page with the security headers, and the
//! refusals, each saying what happened and what to do, and nothing of the
//! form or its answers.

use axum::body::Body;
use axum::response::Response;
use http::{HeaderValue, StatusCode, header};

use elicit_runtime::html::{SECURITY_HEADERS, STYLESHEET, STYLESHEET_CONTENT_TYPE, Shell};

/// Why a visit's page, or its submission, is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Not a visit id, or a visit this server does not know.
    Unknown,
    /// No one signed in, and no sign-in page to send them to.
    SignedOut,
    /// Someone other than the visit's user.
    OtherUser,
    /// The visit expired.
    Expired,
    /// The visit was already answered.
    Used,
    /// The visit was closed unanswered: its request stopped waiting.
    Closed,
    /// A post without the page's token, with another token, or from
    /// another site.
    Forged,
    /// A post larger than the form takes.
    TooLarge,
    /// A post that does not read as the form's page.
    Unreadable,
    /// The form of the visit is not one this router serves.
    NoForm,
    /// The store, or sealing, failed.
    Unavailable,
}

impl Refusal {
    fn status(self) -> StatusCode {
        match self {
            Refusal::Unknown => StatusCode::NOT_FOUND,
            Refusal::SignedOut => StatusCode::UNAUTHORIZED,
            Refusal::OtherUser | Refusal::Forged => StatusCode::FORBIDDEN,
            Refusal::Expired | Refusal::Closed => StatusCode::GONE,
            Refusal::Used => StatusCode::CONFLICT,
            Refusal::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Refusal::Unreadable => StatusCode::BAD_REQUEST,
            Refusal::NoForm => StatusCode::INTERNAL_SERVER_ERROR,
            Refusal::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// What the page says.
    pub(crate) fn message(self) -> &'static str {
        match self {
            Refusal::Unknown => "This link is not a form of this site: ask again from the app",
            Refusal::SignedOut => "Sign in to answer this form, then open its link again",
            Refusal::OtherUser => {
                "This form was made for another user: sign in as the user who asked for it"
            }
            Refusal::Expired => "This form has expired: ask again from the app",
            Refusal::Used => "This form was already answered: each link is used once",
            Refusal::Closed => {
                "This form is no longer open, as the request that asked for it has ended: \
                 nothing was sent. Ask again from the app"
            }
            Refusal::Forged => {
                "This submission did not come from the form's own page: open the link again \
                 and submit from there"
            }
            Refusal::TooLarge => {
                "This submission is larger than the form takes: shorten the answers and submit again"
            }
            Refusal::Unreadable => {
                "This submission could not be read as the form: open the link again and submit \
                 from there"
            }
            Refusal::NoForm => "This form is not available on this site: ask again from the app",
            Refusal::Unavailable => "This form cannot be reached right now: try again in a moment",
        }
    }

    /// The refusal's page, in `shell`.
    pub(crate) fn page(self, shell: &Shell<'_>) -> Response {
        page(self.status(), shell.refused(self.message()))
    }
}

/// `html` with `status` and the [`SECURITY_HEADERS`].
pub(crate) fn page(status: StatusCode, html: String) -> Response {
    let mut response = Response::new(Body::from(html));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// A redirect to `location` (the server's sign-in page), after which the
/// browser comes back; the sign-in refusal, in `shell`, for a location
/// that is no header.
pub(crate) fn see_other(location: &str, shell: &Shell<'_>) -> Response {
    let mut response = page(StatusCode::SEE_OTHER, String::new());
    match HeaderValue::from_str(location) {
        Ok(value) => {
            response.headers_mut().insert(header::LOCATION, value);
            response
        }
        Err(_) => Refusal::SignedOut.page(shell),
    }
}

/// The pages' stylesheet.
pub(crate) fn stylesheet() -> Response {
    let mut response = Response::new(Body::from(STYLESHEET));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(STYLESHEET_CONTENT_TYPE),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}
