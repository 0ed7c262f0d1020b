//! A hosted form in a flow: a visit made in the server's
//! store, a URL request to its page, and the answer read from the store
//! on the retry.

use crate::forms::Answered;
use crate::forms::{WebError, WebForms};
use crate::open_visit::OpenVisit;
use crate::store::{StoreError, VisitId};
use elicit_runtime::__integration::{flow, zero_all};
use elicit_runtime::UrlConsent;
use elicit_runtime::flow::{AskError, Capability, Flow, Stop, Unsupported, UrlNeed};
use elicit_runtime::protocol::{Action, Mode};
use elicit_runtime::{Elicitable, Elicitation, FormMode};

/// Where a form without secrets is asked when both are possible
/// ([`WebFlow::form_or_page`]): in the client's own form (form mode), as
/// without hosted forms, or on the server's page (URL mode). Either way,
/// a client with only one of the two modes gets that one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Prefer {
    /// The client's form when it has form mode.
    #[default]
    Form,
    /// The server's page when the client has URL mode.
    Page,
}

/// How many times a hosted form is asked when the user says they opened
/// the page but it is not submitted: after that, the form reads as
/// declined.
pub const WEB_FORM_ASKS: u32 = 3;

/// A flow's hosted forms: [`Flow`] asking forms on the server's own page,
/// from `elicit-web` (an extension trait: `use elicit_web::WebFlow`).
pub trait WebFlow {
    /// Asks the form `T` on the server's own page (URL mode), under `key`
    /// (the key `T` is registered under in `web`, [`WebForms::form`]),
    /// explained by `message` (see the implementation on [`Flow`]).
    ///
    /// # Errors
    ///
    /// As the implementation on [`Flow`] says.
    fn web_form<T: Elicitable + Send + 'static>(
        &mut self,
        web: &WebForms,
        key: &str,
        message: &str,
    ) -> impl Future<Output = Result<Elicitation<T>, Stop>> + Send;

    /// Asks the form `T` (one without secrets) in form mode, or on the
    /// server's page (see the implementation on [`Flow`]).
    ///
    /// # Errors
    ///
    /// As [`Flow::form`] and [`WebFlow::web_form`].
    fn form_or_page<T: FormMode + Send + 'static>(
        &mut self,
        web: &WebForms,
        key: &str,
        message: &str,
        prefer: Prefer,
    ) -> impl Future<Output = Result<Elicitation<T>, Stop>> + Send;
}

impl WebFlow for Flow {
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
    /// When the flow gives up on the page (declined, cancelled, the asks
    /// used up), the visit is closed: the page says it is no longer open
    /// and takes no answer. A page submitted before the close is read all
    /// the same, as the user's answer. A store that fails to close leaves
    /// the visit to expire. A round that fails leaves the visit open, as
    /// the client may send it again.
    ///
    /// Once read, the answer (or the flow giving up) is kept in the flow's
    /// sealed state, bound to the URL request it answers, without its
    /// secrets: the button pressed, and the fields of a form without
    /// secret fields (of one with them, none: no later round reads them). A
    /// tool that asks more after a hosted form without secret fields reads
    /// it from the state in later rounds. A form with secret fields is
    /// given whole to the round that reads its page, and only to it: a
    /// later round that asks it again gets its decline or cancel as kept,
    /// and for an accepted form [`WebError::SecretNotKept`], as its secrets
    /// are kept nowhere. Such a tool acts on the secret in the round that
    /// reads it (checks the key, stores it with the account) and carries
    /// what later rounds need ([`Flow::carry`]), asking the form only while
    /// nothing is carried:
    ///
    /// ```
    /// use elicit_runtime::flow::{Flow, Stop};
    /// use elicit_runtime::{Elicitable, Elicitation, Secret};
    /// use elicit_web::{WebFlow, WebForms};
    ///
    /// /// Connect your account
    /// #[derive(Elicitable)]
    /// struct Connect {
    ///     account: String,
    ///     #[elicit(secret)]
    ///     api_key: Secret,
    /// }
    ///
    /// /// Connect it now?
    /// #[derive(Elicitable)]
    /// struct Confirm {
    ///     ok: bool,
    /// }
    ///
    /// async fn connect(flow: &mut Flow, web: &WebForms, vault: &dyn Fn(&str, &Secret)) -> Result<String, Stop> {
    ///     // Later rounds find what the tool made of the secret.
    ///     let account: String = match flow.carried("account")? {
    ///         Some(account) => account,
    ///         None => {
    ///             let Elicitation::Accept(connect) = flow.web_form::<Connect>(web, "connect", "Connect your account").await? else {
    ///                 return Ok("no account connected".into());
    ///             };
    ///             vault(&connect.account, &connect.api_key); // the secret, used in this round
    ///             flow.carry("account", &connect.account)?;
    ///             connect.account
    ///         }
    ///     };
    ///     match flow.form::<Confirm>("confirm", format!("Connect {account}?"))? {
    ///         Elicitation::Accept(Confirm { ok: true }) => Ok(format!("connected {account}")),
    ///         _ => Ok("not connected".into()),
    ///     }
    /// }
    /// ```
    ///
    /// (A retry sent again after its answer was read finds the answer
    /// taken: [`WebError::Store`].)
    ///
    /// # Errors
    ///
    /// As [`Flow::gather`] ([`Stop::Unsupported`], before any visit is
    /// made, for a client without URL mode); [`Stop::Failed`] with
    /// [`AskError::Web`] when the flow is not stateless ([`Flow::open`]),
    /// the visit cannot be made, or its answer cannot be read.
    async fn web_form<T: Elicitable + Send + 'static>(
        &mut self,
        web: &WebForms,
        key: &str,
        message: &str,
    ) -> Result<Elicitation<T>, Stop> {
        let (binding, principal) = match flow::bound(self) {
            Some((binding, principal)) => (binding.clone(), principal.clone()),
            None => return Err(web_error(WebError::Unbound)),
        };
        let visit_key = format!("elicit.web.{key}.visit");
        let asks_key = format!("elicit.web.{key}.asks");
        let answer_key = format!("elicit.web.{key}");
        let need = |visit: VisitId, asks: u32| {
            let key = match asks {
                0 => key.to_owned(),
                n => format!("{key}.{n}"),
            };
            UrlNeed::new(key, message, web.link(visit)).with_policy(web.url_policy())
        };
        let mut carried = match self.carried::<String>(&visit_key)? {
            Some(visit) => {
                Some(VisitId::parse(&visit).map_err(|error| web_error(WebError::Store(error)))?)
            }
            None => None,
        };
        if let Some(visit) = carried {
            let kept = flow::keeps(self, &answer_key);
            match flow::kept(self, &answer_key, &need(visit, 0))? {
                Some(answered) => {
                    let answered: Answered =
                        serde_json::from_value(answered).map_err(|_| web_error(WebError::Kept))?;
                    return kept_typed(&answered, key);
                }
                // Kept for another request (the message changed): the
                // form is asked afresh, on a new visit.
                None if kept => {
                    flow::uncarry(self, &visit_key)?;
                    flow::uncarry(self, &asks_key)?;
                    carried = None;
                }
                None => {}
            }
        }
        let asks: u32 = self.carried(&asks_key)?.unwrap_or(0);
        let open = match carried {
            Some(visit) => {
                match web.take(visit, key, &binding, &principal).await {
                    Ok(Some(answered)) => {
                        return keep_answer(self, &answer_key, need(visit, 0), answered);
                    }
                    Ok(None) => {}
                    // Closed by this flow in a round whose state went no
                    // further (the same retry sent again): the same
                    // answers give the same outcome.
                    Err(WebError::Store(StoreError::Closed)) => {}
                    Err(error) => return Err(web_error(error)),
                }
                OpenVisit::new(web, visit)
            }
            None => {
                // No visit for a client that cannot be sent to it.
                url_mode(self)?;
                let visit = web
                    .create::<T>(key, &binding, self.token_id())
                    .await
                    .map_err(web_error)?;
                // Closed if its id cannot be carried: no round could reach it.
                let open = OpenVisit::new(web, visit);
                self.carry(&visit_key, &visit.to_string())?;
                open
            }
        };
        let visit = open.id();
        let (first, again) = (need(visit, asks), need(visit, asks + 1));
        let given_up = match ask_to_open::<T>(self, first, again, asks, &asks_key) {
            Ok(given_up) => given_up,
            // The page is still asked for, or the round failed (a client
            // may retry it, corrected): the visit stays open, for its time.
            Err(stop) => {
                open.keep_open();
                return Err(stop);
            }
        };
        // The flow stops waiting for the page: closed, unless it was
        // submitted meanwhile, when its answer is read instead. Either
        // outcome is kept, so later rounds read it from the state.
        let answered = match open
            .close(key, &binding, &principal)
            .await
            .map_err(web_error)?
        {
            Some(answered) => answered,
            None => Answered::given_up(&given_up),
        };
        keep_answer(self, &answer_key, need(visit, 0), answered)
    }

    /// Asks the form `T` (one without secrets) in form mode, as
    /// [`Flow::form`], or on the server's page, as [`WebFlow::web_form`]:
    /// on the page when `prefer` is [`Prefer::Page`], or when the client
    /// has URL mode but not form mode; in form mode otherwise.
    ///
    /// # Errors
    ///
    /// As [`Flow::form`] and [`WebFlow::web_form`].
    async fn form_or_page<T: FormMode + Send + 'static>(
        &mut self,
        web: &WebForms,
        key: &str,
        message: &str,
        prefer: Prefer,
    ) -> Result<Elicitation<T>, Stop> {
        if page_first(self, prefer) {
            self.web_form::<T>(web, key, message).await
        } else {
            self.form::<T>(key, message)
        }
    }
}

/// Whether the client of `flow` can be sent to a page (URL mode on this
/// revision): [`Stop::Unsupported`] if not.
pub fn url_mode(flow: &Flow) -> Result<(), Stop> {
    let url = Capability::Elicitation(Mode::Url);
    match flow.support().supports(url, flow.revision()) {
        true => Ok(()),
        false => Err(Unsupported::new(vec![url]).into()),
    }
}

/// Whether a form the author would ask with `prefer` goes to the page.
pub fn page_first(flow: &Flow, prefer: Prefer) -> bool {
    let (support, revision) = (flow.support(), flow.revision());
    let form = support.supports(Capability::Elicitation(Mode::Form), revision);
    let url = support.supports(Capability::Elicitation(Mode::Url), revision);
    url && (prefer == Prefer::Page || !form)
}

/// A page's answer read as `T`, and kept in the flow's state under
/// `answer_key` for the URL request `need`, so later rounds read it from
/// there: all of it for a form without secret fields, only the button
/// pressed for a form with them, whose fields no later round reads
/// ([`kept_typed`]).
fn keep_answer<T: Elicitable>(
    flow: &mut Flow,
    answer_key: &str,
    need: UrlNeed,
    mut answered: Answered,
) -> Result<Elicitation<T>, Stop> {
    let answer = answered.take_typed().map_err(web_error)?;
    if T::SCHEMA.has_secrets() {
        zero_all(&mut answered.content);
        answered.content.clear();
    }
    let value = serde_json::to_value(&answered).map_err(|_| web_error(WebError::Kept))?;
    flow::keep(flow, answer_key, &need, value)?;
    Ok(answer)
}

/// Asks the user to open a hosted form's page (`first`, the `asks`-th
/// time): opened but not submitted, it is asked `again` under a key of its
/// own, the count carried under `asks_key`, and after [`WEB_FORM_ASKS`]
/// asks reads as declined.
fn ask_to_open<T>(
    flow: &mut Flow,
    first: UrlNeed,
    again: UrlNeed,
    asks: u32,
    asks_key: &str,
) -> Result<Elicitation<T>, Stop> {
    match flow.gather(first)? {
        UrlConsent::Declined => Ok(Elicitation::Decline),
        UrlConsent::Cancelled => Ok(Elicitation::Cancel),
        UrlConsent::Consented { .. } if asks + 1 >= WEB_FORM_ASKS => Ok(Elicitation::Decline),
        UrlConsent::Consented { .. } => {
            // Opened, not submitted: ask again.
            flow.carry(asks_key, &(asks + 1))?;
            match flow.gather(again)? {
                UrlConsent::Cancelled => Ok(Elicitation::Cancel),
                UrlConsent::Declined | UrlConsent::Consented { .. } => Ok(Elicitation::Decline),
            }
        }
    }
}

/// A hosted form's answer kept in an earlier round's state, as the form
/// `T`: whole for a form without secret fields; for a form with them, a
/// decline or cancel as kept, and [`WebError::SecretNotKept`] for an
/// accepted one, whose secrets were not kept.
fn kept_typed<T: Elicitable>(answered: &Answered, key: &str) -> Result<Elicitation<T>, Stop> {
    if T::SCHEMA.has_secrets() && answered.action == Action::Accept {
        return Err(web_error(WebError::SecretNotKept {
            key: key.to_owned(),
        }));
    }
    answered.typed().map_err(web_error)
}

/// The stop for a hosted form's error: [`AskError::Web`], holding the
/// [`WebError`].
pub fn web_error(error: WebError) -> Stop {
    Stop::Failed(AskError::Web(Box::new(error)))
}
