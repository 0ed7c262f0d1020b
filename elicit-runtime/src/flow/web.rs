//! A hosted form in a flow (feature `web`): a visit made in the server's
//! store, a URL request to its page, and the answer read from the store
//! on the retry.

use super::{AskError, Flow, Stop, Url, UrlConsent};
use crate::web::WebForms;
use crate::web::store::VisitId;
use crate::{Elicitable, Elicitation};

/// How many times a hosted form is asked when the user says they opened
/// the page but it is not submitted: after that, the form reads as
/// declined.
pub const WEB_FORM_ASKS: u32 = 3;

impl Flow {
    /// Asks the form `T` on the server's own page (URL mode), under `key`
    /// (the key `T` is registered under in `web`, [`WebForms::form`]),
    /// explained by `message`: the way to ask a form with a secret field,
    /// which form mode cannot carry, or any form the server prefers on its
    /// page.
    ///
    /// The first call makes a visit bound to this flow's request, user and
    /// state, carries its id sealed, and stops with a URL request to
    /// `{public_url}/forms/{visit}`. A retry reads the page's answer from
    /// the store, once, opened for this flow's user and validated again as
    /// `T`; a retry before the page is submitted asks again, and after
    /// [`WEB_FORM_ASKS`] asks reads as declined. The user declining to
    /// open the page reads as declined (or cancelled).
    ///
    /// The answer is taken from the store when it is read: ask a hosted
    /// form in the flow's last round, or carry what later rounds need of
    /// it.
    ///
    /// # Errors
    ///
    /// As [`Flow::gather`]; [`Stop::Failed`] with [`AskError::Web`] when
    /// the flow is not stateless ([`Flow::open`]), the visit cannot be
    /// made, or its answer cannot be read.
    pub async fn web_form<T: Elicitable + 'static>(
        &mut self,
        web: &WebForms,
        key: &str,
        message: &str,
    ) -> Result<Elicitation<T>, Stop> {
        let (binding, principal) = match self.bound() {
            Some((binding, principal)) => (binding.clone(), principal.clone()),
            None => return Err(web_error(crate::web::WebError::Unbound)),
        };
        let visit_key = format!("elicit.web.{key}.visit");
        let asks_key = format!("elicit.web.{key}.asks");
        let asks: u32 = self.carried(&asks_key)?.unwrap_or(0);
        let visit = match self.carried::<String>(&visit_key)? {
            Some(visit) => {
                let visit = VisitId::parse(&visit)
                    .map_err(|error| web_error(crate::web::WebError::Store(error)))?;
                if let Some(answer) = web
                    .answer::<T>(visit, key, &binding, &principal)
                    .await
                    .map_err(web_error)?
                {
                    return Ok(answer);
                }
                visit
            }
            None => {
                let visit = web
                    .create::<T>(key, &binding, self.token_id())
                    .await
                    .map_err(web_error)?;
                self.carry(&visit_key, &visit.to_string())?;
                visit
            }
        };
        let link = web.link(visit);
        let need = |asks: u32| {
            let key = match asks {
                0 => key.to_owned(),
                n => format!("{key}.{n}"),
            };
            Url::new(key, message, link.as_str()).with_policy(web.url_policy())
        };
        match self.gather(need(asks))? {
            UrlConsent::Declined => Ok(Elicitation::Decline),
            UrlConsent::Cancelled => Ok(Elicitation::Cancel),
            UrlConsent::Consented { .. } if asks + 1 >= WEB_FORM_ASKS => Ok(Elicitation::Decline),
            UrlConsent::Consented { .. } => {
                // Opened, not submitted: ask again.
                self.carry(&asks_key, &(asks + 1))?;
                match self.gather(need(asks + 1))? {
                    UrlConsent::Cancelled => Ok(Elicitation::Cancel),
                    UrlConsent::Declined | UrlConsent::Consented { .. } => Ok(Elicitation::Decline),
                }
            }
        }
    }
}

fn web_error(error: crate::web::WebError) -> Stop {
    Stop::Failed(AskError::Web(error))
}
