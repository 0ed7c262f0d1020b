//! The router of the form pages: `GET /forms/{visit}` shows a visit's page
//! to its user, `POST /forms/{visit}` takes the submission, once.

use axum::Router;
use axum::extract::{Path, Request, State};
use axum::response::Response;
use axum::routing::get;
use http::StatusCode;

use crate::body::read_body;
use crate::forms::Answered;
use crate::forms::WebForms;
use crate::pages::{Refusal, page, stylesheet};
use crate::store::SealedAnswer;
use crate::visiting::{Visiting, refusal_of};
use elicit_runtime::html::{ReadError, STYLESHEET_PATH};
use elicit_runtime::protocol::Action;

impl WebForms {
    /// The router of the form pages, to merge beside the MCP service:
    /// `GET /forms/{visit}` (the page, to the visit's user only),
    /// `POST /forms/{visit}` (the submission, checked and sealed into the
    /// store, once) and the pages' stylesheet at
    /// [`STYLESHEET_PATH`].
    ///
    /// Every page carries [`SECURITY_HEADERS`](elicit_runtime::html::SECURITY_HEADERS),
    /// links and posts only under the public URL (its path prefix
    /// included), and says above its content which server asks and who is
    /// signed in ([`Masthead`](elicit_runtime::html::Masthead)), with a sign-out
    /// for someone else ([`WebForms::with_sign_out`]);
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
    let visiting = Visiting::new(&web, &visit, &parts);
    let (visit, _) = match visiting.admit().await {
        Ok(admitted) => admitted,
        Err(response) => return response,
    };
    let shell = visiting.shell();
    let html = web.render(
        visit.form_key(),
        visiting.action(),
        visit.csrf().expose(),
        shell,
        None,
    );
    match html {
        Some(html) => page(StatusCode::OK, html),
        None => visiting.refuse(Refusal::NoForm),
    }
}

/// `POST /forms/{visit}`.
async fn submit(
    State(web): State<WebForms>,
    Path(visit): Path<String>,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    let visiting = Visiting::new(&web, &visit, &parts);
    if web.is_cross_site(&parts) {
        return visiting.refuse(Refusal::Forged);
    }
    let (visit, visitor) = match visiting.admit().await {
        Ok(admitted) => admitted,
        Err(response) => return response,
    };
    // Wiped when dropped: the post may hold a secret.
    let Ok(body) = read_body(body, web.limits().bytes()).await else {
        return visiting.refuse(Refusal::TooLarge);
    };
    let key = visit.form_key();
    let submission = match web.read(key, &body) {
        None => return visiting.refuse(Refusal::NoForm),
        Some(Ok(submission)) => submission,
        Some(Err(ReadError::NoToken)) => return visiting.refuse(Refusal::Forged),
        Some(Err(
            ReadError::BodyBytes { .. } | ReadError::Pairs { .. } | ReadError::ValueBytes { .. },
        )) => {
            return visiting.refuse(Refusal::TooLarge);
        }
        Some(Err(_)) => return visiting.refuse(Refusal::Unreadable),
    };
    drop(body);
    if !visit.csrf().matches(submission.csrf()) {
        return visiting.refuse(Refusal::Forged);
    }
    if let Some(Err(errors)) = web.check(key, &submission) {
        crate::log::invalid(key, &errors);
        let again = Some((submission.content(), &errors));
        let csrf = visit.csrf().expose();
        return match web.render(key, visiting.action(), csrf, visiting.shell(), again) {
            Some(html) => page(StatusCode::UNPROCESSABLE_ENTITY, html),
            None => visiting.refuse(Refusal::NoForm),
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
        return visiting.refuse(Refusal::Unavailable);
    };
    // Its strings wiped as it is dropped.
    drop(answered);
    match web.store().complete(visit.id(), sealed).await {
        Ok(()) => {
            crate::log::answered(key, action);
            page(StatusCode::OK, visiting.shell().done(done_message(action)))
        }
        Err(error) => visiting.refuse(refusal_of(&error)),
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
