//! A small site that serves form pages as a web server does: the page of a
//! derived form at GET with the security headers, the posted answer read
//! back and validated, the error page again or the done page; the
//! stylesheet at its path. On a free loopback port, stopped when dropped.

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use elicit_runtime::html::{
    Action, FormPage, SECURITY_HEADERS, STYLESHEET, STYLESHEET_CONTENT_TYPE, STYLESHEET_PATH,
    Shell, Submission,
};
use elicit_runtime::{Elicitable, Elicitation, Limits};
use tokio::net::TcpListener;

/// The token every page of the site carries in its hidden field.
pub const CSRF: &str = "csrf-of-this-test";

/// The page of `T` at `/form`, and what became of its answers.
pub struct FormSite {
    /// Where the form is: `http://127.0.0.1:PORT/form`.
    pub url: String,
    /// Each accepted answer, as its `Debug`.
    pub accepted: Arc<Mutex<Vec<String>>>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FormSite {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// `body` with the headers every page carries, at `status`.
fn page(status: StatusCode, body: String) -> Response {
    let mut response = (status, body).into_response();
    for (name, value) in SECURITY_HEADERS {
        response.headers_mut().insert(
            HeaderName::from_bytes(name.as_bytes()).expect("a header name"),
            HeaderValue::from_static(value),
        );
    }
    response
}

impl FormSite {
    /// Serves the form `T` on a free loopback port.
    pub async fn start<T: Elicitable + std::fmt::Debug + Send + 'static>() -> FormSite {
        let accepted = Arc::new(Mutex::new(Vec::new()));
        let kept = accepted.clone();
        let app = Router::new()
            .route(
                "/form",
                get(|| async { page(StatusCode::OK, FormPage::of::<T>("/form", CSRF).render()) })
                    .post(move |body: Bytes| {
                        let kept = kept.clone();
                        async move { answer::<T>(&body, &kept) }
                    }),
            )
            .route(
                STYLESHEET_PATH,
                get(|| async {
                    (
                        [(header::CONTENT_TYPE, STYLESHEET_CONTENT_TYPE)],
                        STYLESHEET,
                    )
                }),
            );
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/form", listener.local_addr().unwrap());
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        FormSite {
            url,
            accepted,
            server,
        }
    }
}

/// The post of the form `T`: the done page for a valid answer, the error
/// page for an invalid one, a refusal for a forged one.
fn answer<T: Elicitable + std::fmt::Debug>(body: &[u8], kept: &Mutex<Vec<String>>) -> Response {
    let submission = match Submission::read(&T::SCHEMA, body, &Limits::DEFAULT) {
        Ok(submission) => submission,
        Err(error) => {
            return page(
                StatusCode::BAD_REQUEST,
                Shell::DEFAULT.refused(&format!("This answer cannot be read: {error}")),
            );
        }
    };
    if submission.csrf() != CSRF {
        return page(
            StatusCode::FORBIDDEN,
            Shell::DEFAULT.refused("This page has expired: open the link again"),
        );
    }
    match submission.elicitation::<T>() {
        Ok(Elicitation::Accept(value)) => {
            kept.lock().unwrap().push(format!("{value:?}"));
            page(StatusCode::OK, Shell::DEFAULT.done("Answer received"))
        }
        Ok(_) => {
            assert_ne!(submission.action(), Action::Accept);
            page(StatusCode::OK, Shell::DEFAULT.done("Answer declined"))
        }
        Err(errors) => page(
            StatusCode::UNPROCESSABLE_ENTITY,
            FormPage::of::<T>("/form", CSRF)
                .again(submission.content(), &errors)
                .render(),
        ),
    }
}
