//! The router of the form pages: `GET /forms/{visit}` shows a visit's page
//! to its user, `POST /forms/{visit}` takes the submission, once.

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::{Path, Request, State};
use axum::response::Response;
use axum::routing::get;
use http::request::Parts;
use http::{StatusCode, header};

use super::WebForms;
use super::forms::Answered;
use super::pages::{Refusal, page, see_other, stylesheet};
use super::store::{SealedAnswer, StoreError, Visit, VisitId, VisitState};
use crate::html::{ReadError, STYLESHEET_PATH, Shell};
use crate::protocol::Action;
use crate::state::Principal;

impl WebForms {
    /// The router of the form pages, to merge beside the MCP service:
    /// `GET /forms/{visit}` (the page, to the visit's user only),
    /// `POST /forms/{visit}` (the submission, checked and sealed into the
    /// store, once) and the pages' stylesheet at
    /// [`STYLESHEET_PATH`].
    ///
    /// Every page carries [`SECURITY_HEADERS`](crate::html::SECURITY_HEADERS);
    /// a refusal is a short page saying what happened and what to do:
    /// 404 for an unknown link, 401 (or a redirect to the sign-in page)
    /// for no one signed in, 403 for another user or a post without the
    /// page's token or from another site, 410 for an expired visit or one
    /// closed because its flow stopped waiting, 409
    /// for one already answered, 413 for a post over the limits, 422 (the
    /// page again, values kept but never a secret's) for an invalid
    /// answer.
    pub fn router(&self) -> Router {
        Router::new()
            .route(STYLESHEET_PATH, get(|| async { stylesheet() }))
            .route("/forms/{visit}", get(show).post(submit))
            .with_state(self.clone())
    }
}

/// `GET /forms/{visit}`.
async fn show(
    State(web): State<WebForms>,
    Path(visit): Path<String>,
    request: Request,
) -> Response {
    let (parts, _) = request.into_parts();
    let (visit, _) = match admit(&web, &visit, &parts).await {
        Ok(admitted) => admitted,
        Err(response) => return response,
    };
    let action = format!("/forms/{}", visit.id());
    match web.render(visit.form_key(), &action, visit.csrf().expose(), None) {
        Some(html) => page(StatusCode::OK, html),
        None => Refusal::NoForm.page(),
    }
}

/// `POST /forms/{visit}`.
async fn submit(
    State(web): State<WebForms>,
    Path(visit): Path<String>,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    if cross_site(&web, &parts) {
        return Refusal::Forged.page();
    }
    let (visit, visitor) = match admit(&web, &visit, &parts).await {
        Ok(admitted) => admitted,
        Err(response) => return response,
    };
    let Ok(body) = read_body(body, web.limits().bytes()).await else {
        return Refusal::TooLarge.page();
    };
    let key = visit.form_key();
    let submission = match web.read(key, &body) {
        None => return Refusal::NoForm.page(),
        Some(Ok(submission)) => submission,
        Some(Err(ReadError::NoToken)) => return Refusal::Forged.page(),
        Some(Err(
            ReadError::BodyBytes { .. } | ReadError::Pairs { .. } | ReadError::ValueBytes { .. },
        )) => {
            return Refusal::TooLarge.page();
        }
        Some(Err(_)) => return Refusal::Unreadable.page(),
    };
    if !visit.csrf().matches(submission.csrf()) {
        return Refusal::Forged.page();
    }
    if let Some(Err(errors)) = web.check(key, &submission) {
        let action = format!("/forms/{}", visit.id());
        let again = Some((submission.content(), &errors));
        return match web.render(key, &action, visit.csrf().expose(), again) {
            Some(html) => page(StatusCode::UNPROCESSABLE_ENTITY, html),
            None => Refusal::NoForm.page(),
        };
    }
    let action = submission.action();
    let answered = Answered {
        action,
        content: match action {
            Action::Accept => submission.into_content(),
            Action::Decline | Action::Cancel => Default::default(),
        },
    };
    let Ok(sealed) = SealedAnswer::seal(web.keys(), visit.id(), &visitor, &answered) else {
        return Refusal::Unavailable.page();
    };
    drop(answered);
    match web.store().complete(visit.id(), sealed).await {
        Ok(()) => page(StatusCode::OK, Shell::DEFAULT.done(done_message(action))),
        Err(error) => refusal_of(&error).page(),
    }
}

/// What the done page says for the button pressed.
fn done_message(action: Action) -> &'static str {
    match action {
        Action::Accept => "Thank you: your answer was sent. Go back to the app to continue",
        Action::Decline | Action::Cancel => {
            "You declined this form: nothing was sent. Go back to the app to continue"
        }
    }
}

/// The visit of the link, if it is pending and `parts` comes from its
/// user; otherwise the refusal (or the redirect to sign in).
async fn admit(web: &WebForms, visit: &str, parts: &Parts) -> Result<(Visit, Principal), Response> {
    let id = VisitId::parse(visit).map_err(|_| Refusal::Unknown.page())?;
    let Some(visitor) = web.visitor().visitor(parts) else {
        return Err(match web.sign_in() {
            Some(sign_in) => see_other(&format!("{sign_in}?next=/forms/{id}")),
            None => Refusal::SignedOut.page(),
        });
    };
    let visit = web
        .store()
        .load(id)
        .await
        .map_err(|error| refusal_of(&error).page())?;
    if !visit.is_for(&visitor) {
        return Err(Refusal::OtherUser.page());
    }
    match visit.state() {
        VisitState::Pending => {}
        VisitState::Closed => return Err(Refusal::Closed.page()),
        VisitState::Completed | VisitState::Taken => return Err(Refusal::Used.page()),
    }
    Ok((visit, visitor))
}

/// The refusal for a store's error.
fn refusal_of(error: &StoreError) -> Refusal {
    match error {
        StoreError::Malformed | StoreError::Unknown => Refusal::Unknown,
        StoreError::Expired => Refusal::Expired,
        StoreError::Closed => Refusal::Closed,
        StoreError::AlreadyCompleted | StoreError::AlreadyTaken => Refusal::Used,
        StoreError::TooLarge { .. } => Refusal::TooLarge,
        _ => Refusal::Unavailable,
    }
}

/// Whether the post says it comes from another site: an `Origin` other
/// than the pages' own, or `Sec-Fetch-Site` other than `same-origin` or
/// `none`. The pages send `Referrer-Policy: no-referrer`, with which a
/// browser posts `Origin: null`: that is taken only with
/// `Sec-Fetch-Site: same-origin`, a header a browser sets itself and no
/// page can forge. (A post with neither header, from an older browser or
/// a script, still needs the page's token.)
fn cross_site(web: &WebForms, parts: &Parts) -> bool {
    let header = |name| {
        parts
            .headers
            .get(name)
            .map(|value: &http::HeaderValue| value.as_bytes())
    };
    let site = header(http::HeaderName::from_static("sec-fetch-site"));
    let same_origin_fetch = site == Some(b"same-origin".as_slice());
    let foreign_origin = header(header::ORIGIN).is_some_and(|origin| {
        origin != web.origin().as_bytes() && !(origin == b"null" && same_origin_fetch)
    });
    let cross = site.is_some_and(|site| site != b"same-origin" && site != b"none");
    foreign_origin || cross
}

/// The body, if it has at most `limit` bytes.
async fn read_body(body: Body, limit: usize) -> Result<axum::body::Bytes, ()> {
    to_bytes(body, limit).await.map_err(|_| ())
}
