//! A hosted form asked through rmcp (feature `web`): in rounds on
//! 2026-07-28; on 2025-11-25 as `elicitation/create` in URL mode, waiting
//! for the page and then telling the client with
//! `notifications/elicitation/complete`; in a task as a URL request in its
//! `inputRequests`, waiting for the page until the task is cancelled.

use rmcp::model as mcp;

use super::{ServerFlow, Via};
use crate::related::RelatedStream;
use elicit_runtime::UrlConsent;
use elicit_runtime::flow::{Stop, UrlNeed};
use elicit_runtime::protocol::ElicitationCompleteNotification;
use elicit_runtime::{Elicitable, Elicitation, FormMode};
use elicit_web::__integration::{OpenVisit, page_first, url_mode, web_error};
use elicit_web::store::{StoreError, Waited};
use elicit_web::{Prefer, WebError, WebFlow, WebForms};

impl ServerFlow<'_> {
    /// Asks the form `T` on the server's own page (URL mode) under `key`
    /// (the key `T` is registered under in `web`), explained by `message`.
    ///
    /// On 2026-07-28, as [`WebFlow::web_form`]:
    /// a URL request in the input-required result, the answer read on the
    /// retry. Before, `elicitation/create` in URL mode with an
    /// `elicitationId`; once the user consents, the tool waits for the page
    /// to be submitted (on whichever replica shares the store), or until
    /// the client cancels the request ([`Stop::Failed`] with
    /// [`AskError::Cancelled`](elicit_runtime::flow::AskError::Cancelled)), sends
    /// `notifications/elicitation/complete`, and reads the answer. In a
    /// task bound to the request that created it
    /// ([`ServerFlow::bound_to`]), the URL request goes into the task's
    /// `inputRequests`; once the user consents (`tasks/update`), the task
    /// waits for the page, or until `tasks/cancel` ([`Stop::Failed`] with
    /// [`AskError::Cancelled`](elicit_runtime::flow::AskError::Cancelled)), and
    /// reads the answer; the task's status tells the client the rest. A
    /// page not submitted within [`ServerFlow::with_timeout`] (else the
    /// visit's lifetime) reads as declined.
    ///
    /// A client that cannot open URLs (no URL mode) gets the page's link in
    /// the tool's result ([`Stop::WebPage`]), for the model to give the
    /// user and to call the tool again, once the user is done, with the
    /// same arguments and the link's token under
    /// [`VISIT_ARGUMENT`](elicit_web::VISIT_ARGUMENT) (list it with
    /// [`tool_with_visit_argument`](crate::tool_with_visit_argument));
    /// that call reads the page's answer. The token is sealed with the
    /// forms' keys for the call's arguments (without the token) and user: a
    /// token given back by another user, with other arguments, expired or
    /// changed is refused ([`Stop::Refused`], as a refused state). A call
    /// before the page is submitted gets the same link again, and after
    /// [`WEB_FORM_ASKS`](elicit_web::WEB_FORM_ASKS) calls reads as declined.
    ///
    /// # Errors
    ///
    /// As [`ServerFlow::gather`]; [`Stop::Failed`] with [`AskError::Web`](elicit_runtime::flow::AskError::Web)
    /// in a task whose flow is bound to no request ([`WebError::Unbound`]),
    /// or when the visit cannot be made or its answer read.
    pub async fn web_form<T: Elicitable + Send + 'static>(
        &mut self,
        web: &WebForms,
        key: &str,
        message: &str,
    ) -> Result<Elicitation<T>, Stop> {
        if let Some(call) = self.link_call() {
            return self.web_link::<T>(web, key, message, call).await;
        }
        let call = match &self.via {
            Via::Rounds => return self.flow.web_form::<T>(web, key, message).await,
            Via::Peer(context) => Some(context.clone()),
            Via::Task(_) => None,
        };
        let Some((binding, principal)) = self.bound.clone() else {
            return Err(web_error(WebError::Unbound));
        };
        // No visit for a client that cannot be sent to it: it would take a
        // place in the store until it expired.
        url_mode(&self.flow)?;
        let visit = web
            .create::<T>(key, &binding, None)
            .await
            .map_err(web_error)?;
        // However the flow stops waiting for the page (given up, out of
        // time, an error, a cancelled call or task, the future dropped),
        // the visit is closed: the page then says so, and takes no answer.
        let open = OpenVisit::new(web, visit);
        let need = UrlNeed::new(key, message, web.link(visit)).with_policy(web.url_policy());
        let elicitation = match self.gather(need).await? {
            UrlConsent::Consented { visit } => visit,
            // A page submitted all the same is read: its answer is the user's.
            refused => {
                let given_up = match refused {
                    UrlConsent::Cancelled => Elicitation::Cancel,
                    _ => Elicitation::Decline,
                };
                let answer = open.give_up(key, &binding, &principal, given_up).await;
                return answer.map_err(web_error);
            }
        };
        let timeout = self.timeout.unwrap_or(web.visit_ttl());
        // Until the page is submitted, the request cancelled
        // (`notifications/cancelled`) or the task (`tasks/cancel`).
        let waited = self
            .unless_cancelled(web.store().wait(visit, timeout))
            .await?;
        match waited {
            Ok(Waited::Completed) => {}
            // Closed unanswered (`VisitStore::close`): nothing to read.
            Ok(Waited::Closed) => {
                open.done();
                return Ok(Elicitation::Decline);
            }
            // Out of time (the flow's, or the visit's by this replica's
            // clock): closed, unless the page was submitted as the time ran
            // out. A wait the store ends in a way of its own (`Waited` is
            // non-exhaustive) is one out of time.
            Ok(_) | Err(StoreError::Expired) => {
                let answer = open.give_up(key, &binding, &principal, Elicitation::Decline);
                return answer.await.map_err(web_error);
            }
            Err(error) => return Err(web_error(error.into())),
        }
        if let (Some(id), Some(call)) = (elicitation, call) {
            let complete = ElicitationCompleteNotification::new(id);
            let params = serde_json::to_value(&complete).ok();
            let notification = mcp::ServerNotification::CustomNotification(
                mcp::CustomNotification::new(ElicitationCompleteNotification::METHOD, params),
            );
            // On the call's own stream, before the result, where the
            // transport has one (`RelatedStreams`); else the session's.
            // The answer is in the store whatever the client hears: a
            // notification lost on the way only leaves the client's
            // "waiting" note on screen longer.
            match RelatedStream::of(&call) {
                Some(related) if related.send(notification.clone()) => {}
                _ => {
                    let _ = call.peer.send_notification(notification).await;
                }
            }
        }
        let answer = web.answer::<T>(visit, key, &binding, &principal).await;
        open.done();
        match answer.map_err(web_error)? {
            Some(answer) => Ok(answer),
            None => Ok(Elicitation::Decline),
        }
    }
}

impl ServerFlow<'_> {
    /// Asks the form `T` (one without secrets) in form mode or on the
    /// server's page, as [`WebFlow::form_or_page`]
    /// chooses with `prefer`.
    ///
    /// # Errors
    ///
    /// As [`ServerFlow::form`] and [`ServerFlow::web_form`].
    pub async fn form_or_page<T: FormMode + Send + 'static>(
        &mut self,
        web: &WebForms,
        key: &str,
        message: &str,
        prefer: Prefer,
    ) -> Result<Elicitation<T>, Stop> {
        if page_first(&self.flow, prefer) {
            self.web_form::<T>(web, key, message).await
        } else {
            self.form::<T>(key, message).await
        }
    }
}
