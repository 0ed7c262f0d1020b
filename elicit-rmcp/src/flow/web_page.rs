//! A hosted form for a client that opens no URL itself (feature `web`):
//! the page's link in the tool's result, and the answer read back from the
//! token the model passes when it calls the tool again.

use super::{ServerFlow, ToolCall};
use elicit_runtime::Elicitable;
use elicit_runtime::Elicitation;
use elicit_runtime::fallback::WebPageLink;
use elicit_runtime::flow::{Capability, FlowError, Stop};
use elicit_runtime::protocol::Mode;
use elicit_runtime::state::Binding;
use elicit_web::__integration::{LinkToken, OpenVisit, keys, web_error};
use elicit_web::store::StoreError;
use elicit_web::{VISIT_ARGUMENT, WEB_FORM_ASKS, WebError, WebForms};

impl ServerFlow<'_> {
    /// The tool call to answer with a link: set when the client cannot
    /// open URLs and the flow was opened for a tool call.
    pub(super) fn link_call(&self) -> Option<ToolCall> {
        let flow = self.flow();
        let url = flow
            .support()
            .supports(Capability::Elicitation(Mode::Url), flow.revision());
        match url {
            true => None,
            false => self.call.clone(),
        }
    }

    /// The link's path: the first call makes the visit and stops with its
    /// link and a token sealed for the call (its arguments without the
    /// token's, its user); the call carrying the token reads the visit's
    /// answer, or gives the same link again until [`WEB_FORM_ASKS`] calls
    /// found it unanswered (then declined, and the visit closed).
    pub(super) async fn web_link<T: Elicitable + 'static>(
        &mut self,
        web: &WebForms,
        key: &str,
        message: &str,
        call: ToolCall,
    ) -> Result<Elicitation<T>, Stop> {
        let Some((_, principal)) = self.bound.clone() else {
            return Err(web_error(WebError::Unbound));
        };
        let ToolCall {
            name,
            mut arguments,
        } = call;
        let token = arguments.remove(VISIT_ARGUMENT);
        let binding = Binding::tool(&name, Some(&arguments)).bound_to(&principal);
        // A visit made by this call: closed if no link to it goes out.
        let (visit, asks, made) = match token {
            None => {
                let visit = web
                    .create::<T>(key, &binding, None)
                    .await
                    .map_err(web_error)?;
                (visit, 0, Some(OpenVisit::new(web, visit)))
            }
            Some(token) => {
                let token = token.as_str().unwrap_or_default();
                let (opened, visit) = LinkToken::open(keys(web), &binding, token)
                    .map_err(|error| Stop::Refused(FlowError::State(error)))?;
                if opened.key != key {
                    return Err(web_error(WebError::Mismatch));
                }
                match web.answer::<T>(visit, key, &binding, &principal).await {
                    Ok(Some(answer)) => return Ok(answer),
                    Ok(None) => {}
                    // Given up on in an earlier call.
                    Err(WebError::Store(StoreError::Closed)) => return Ok(Elicitation::Decline),
                    Err(error) => return Err(web_error(error)),
                }
                let asks = opened.asks.saturating_add(1);
                if asks >= WEB_FORM_ASKS {
                    // Given up on: closed, unless the page was submitted
                    // just now.
                    let open = OpenVisit::new(web, visit);
                    let answer = open.give_up(key, &binding, &principal, Elicitation::Decline);
                    return answer.await.map_err(web_error);
                }
                (visit, asks, None)
            }
        };
        let token = LinkToken {
            visit: visit.to_string(),
            key: key.to_owned(),
            asks,
        }
        .seal(keys(web), &binding)
        .map_err(|error| Stop::Failed(error.into()))?;
        if let Some(made) = made {
            made.keep_open();
        }
        let link = WebPageLink::new(
            name,
            message,
            web.link(visit),
            VISIT_ARGUMENT,
            token,
            &arguments,
        );
        Err(link.into())
    }
}
