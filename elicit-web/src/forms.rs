//! The hosted forms of a server: where their visits wait, the keys their
//! answers are sealed with, the public URL of their pages, the forms the
//! pages render, and who may open them.

use core::any::TypeId;
use core::fmt;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use http::request::Parts;

use crate::origin::PublicUrl;
use crate::store::{NewVisit, SealedAnswer, StoreError, VisitId, VisitStore};
use crate::visitor::Visitor;
use elicit_runtime::Elicitable;
use elicit_runtime::Elicitation;
use elicit_runtime::html::{FormPage, ReadError, Shell, Submission};
use elicit_runtime::limits::Limits;
use elicit_runtime::protocol::{Action, UrlPolicy};
use elicit_runtime::rules::ValidationErrors;
use elicit_runtime::state::{Binding, Principal, StateError, StateKeys, TokenId};

/// The hosted forms of a server: the store their visits wait in, the
/// [`StateKeys`] their answers are sealed with, the public URL their pages
/// are served under, the forms they render ([`WebForms::form`]), the
/// identity check of their visitors ([`Visitor`]), and what the pages say
/// of who asks and who answers ([`WebForms::with_server_name`],
/// [`WebForms::with_sign_out`]). Cheap to clone: the router
/// ([`WebForms::router`]) and every flow share one.
///
/// ```
/// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
/// use elicit_web::store::MemoryStore;
/// use elicit_web::{FromExtensions, WebForms};
/// use elicit_runtime::{Elicitable, Secret};
///
/// /// Connect your account
/// #[derive(Debug, Elicitable)]
/// struct Connect {
///     account: String,
///     #[elicit(secret)]
///     api_key: Secret,
/// }
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let web = WebForms::new(MemoryStore::new(10_000), keys, "https://example.com", FromExtensions)
///     .unwrap()
///     .form::<Connect>("connect")
///     .with_sign_in("/login");
/// let app: axum::Router = web.router(); // merged beside the MCP service
/// # let _ = app;
/// ```
#[derive(Clone)]
pub struct WebForms {
    store: Arc<dyn VisitStore>,
    keys: StateKeys,
    url: Arc<PublicUrl>,
    forms: Arc<HashMap<String, Entry>>,
    visitor: Arc<dyn Visitor>,
    sign_in: Option<Arc<str>>,
    sign_out: Option<Arc<str>>,
    server_name: Option<Arc<str>>,
    limits: Limits,
    visit_ttl: Duration,
}

/// A registered form: its type, and the functions that render and read
/// its page.
#[derive(Clone, Copy)]
struct Entry {
    type_id: TypeId,
    read: fn(&[u8], &Limits) -> Result<Submission, ReadError>,
    check: fn(&Submission) -> Result<(), ValidationErrors>,
    render: fn(&str, &str, Shell<'_>, Option<Again<'_>>) -> String,
}

/// What an invalid post showed again: the content entered and what the
/// validator said.
type Again<'a> = (&'a Map<String, Value>, &'a ValidationErrors);

impl Entry {
    fn of<T: Elicitable + 'static>() -> Entry {
        Entry {
            type_id: TypeId::of::<T>(),
            read: |body, limits| Submission::read(&T::SCHEMA, body, limits),
            check: |submission| submission.elicitation::<T>().map(|_| ()),
            render: |action, csrf, shell, again| {
                let page = FormPage::of::<T>(action, csrf).shell(shell);
                match again {
                    Some((entered, errors)) => page.again(entered, errors).render(),
                    None => page.render(),
                }
            },
        }
    }
}

/// Shows the public URL and the forms, never the keys.
impl fmt::Debug for WebForms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WebForms")
            .field("public_url", &self.url.as_str())
            .field("forms", &self.forms.keys().collect::<Vec<_>>())
            .field("sign_in", &self.sign_in)
            .field("sign_out", &self.sign_out)
            .field("server_name", &self.server_name)
            .finish_non_exhaustive()
    }
}

/// What the page stores, sealed: the button pressed and, on accept, the
/// content it read.
#[derive(Serialize, Deserialize)]
pub(crate) struct Answered {
    pub(crate) action: Action,
    pub(crate) content: Map<String, Value>,
}

/// What closing a visit came to ([`WebForms::close_or_take`]).
pub(crate) enum Closing {
    /// Closed unanswered (or expired).
    Closed,
    /// The page was submitted first: its answer, taken.
    Answered(Answered),
    /// The store did not close it (unreachable, the visit forgotten): it
    /// expires in its time.
    Failed(StoreError),
}

/// Zeroes every string of the content: a page's answer may hold a secret.
impl Drop for Answered {
    fn drop(&mut self) {
        elicit_runtime::__integration::zero_all(&mut self.content);
    }
}

impl Answered {
    /// The answer as the form `T`, validated again, its secrets wiped from
    /// the content it was read from ([`Elicitable::from_content_wiping`]):
    /// what is left holds the button pressed and the fields that are not
    /// secret, and may be kept.
    pub(crate) fn take_typed<T: Elicitable>(&mut self) -> Result<Elicitation<T>, WebError> {
        Ok(match self.action {
            Action::Accept => Elicitation::Accept(
                T::from_content_wiping(&mut self.content).map_err(WebError::Invalid)?,
            ),
            Action::Decline => Elicitation::Decline,
            Action::Cancel => Elicitation::Cancel,
        })
    }

    /// The answer as the form `T`, validated again.
    pub(crate) fn typed<T: Elicitable>(&self) -> Result<Elicitation<T>, WebError> {
        Ok(match self.action {
            Action::Accept => {
                Elicitation::Accept(T::from_content(&self.content).map_err(WebError::Invalid)?)
            }
            Action::Decline => Elicitation::Decline,
            Action::Cancel => Elicitation::Cancel,
        })
    }

    /// The answer of a flow that gave up on the page as `given_up`
    /// (declined, or cancelled), with no content.
    pub(crate) fn given_up<T>(given_up: &Elicitation<T>) -> Answered {
        let action = match given_up {
            Elicitation::Cancel => Action::Cancel,
            _ => Action::Decline,
        };
        Answered {
            action,
            content: Map::new(),
        }
    }
}

impl WebForms {
    /// The hosted forms served under `public_url` (the scheme, host and
    /// path prefix the browser reaches the router at, such as
    /// `https://example.com`, or `https://example.com/app` behind a proxy
    /// that serves the router at `/app`; `http` only to a loopback host),
    /// their visits in `store`, their answers sealed with `keys`, their
    /// visitors checked by `visitor`.
    ///
    /// The URL is kept normalized: its scheme and host in lower case, a
    /// default port (`:443`, `:80`) and a trailing `/` left out, its path
    /// as written. Every URL a page emits (the form's `action`, the
    /// stylesheet, the sign-in and sign-out and their `next`) is built from
    /// it, path prefix included, so the browser posts to the pages and to
    /// nothing else of the site; a post is taken only from its origin, in
    /// any case, with or without its default port.
    ///
    /// # Errors
    ///
    /// [`WebError::PublicUrl`] for a URL that is neither `https` nor `http`
    /// to a loopback host, or that has a user, a query or a fragment.
    ///
    /// ```
    /// use axum::http::request::Parts;
    /// use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
    /// use elicit_web::WebForms;
    /// use elicit_web::store::{MemoryStore, VisitId};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let visitor = |_: &Parts| Some(Principal::user("alice"));
    /// let web = WebForms::new(MemoryStore::new(100), keys, "HTTPS://Example.com:443/app/", visitor)
    ///     .unwrap();
    /// assert_eq!(web.public_url(), "https://example.com/app");
    /// assert_eq!(web.public_path("/forms/assets/form.css"), "/app/forms/assets/form.css");
    /// let visit = VisitId::generate().unwrap();
    /// assert_eq!(web.link(visit), format!("https://example.com/app/forms/{visit}"));
    /// ```
    pub fn new(
        store: impl VisitStore + 'static,
        keys: StateKeys,
        public_url: &str,
        visitor: impl Visitor,
    ) -> Result<WebForms, WebError> {
        let url = PublicUrl::parse(public_url).ok_or(WebError::PublicUrl)?;
        Ok(WebForms {
            store: Arc::new(store),
            keys,
            url: Arc::new(url),
            forms: Arc::new(HashMap::new()),
            visitor: Arc::new(visitor),
            sign_in: None,
            sign_out: None,
            server_name: None,
            limits: Limits::DEFAULT,
            visit_ttl: NewVisit::DEFAULT_TTL,
        })
    }

    /// The same forms with `T` served under `key` (the form key of its
    /// visits, at most 256 bytes), rendered from the derived `T`: its
    /// secret fields are password inputs.
    pub fn form<T: Elicitable + 'static>(mut self, key: &str) -> WebForms {
        Arc::make_mut(&mut self.forms).insert(key.to_owned(), Entry::of::<T>());
        self
    }

    /// The same forms sending a visitor who has not signed in to
    /// `sign_in`, a path under the public URL (`/login` is
    /// `https://example.com/app/login` for the public URL
    /// `https://example.com/app`), with the path of the page to come back
    /// to, prefix included, as `?next=/app/forms/{visit}`; without it,
    /// such a visitor is refused (401).
    ///
    /// The sign-in must refuse a post from another site (with
    /// [`WebForms::is_cross_site`], and a token of its own): a page that
    /// signs a visitor in as someone else sends them to that user's forms.
    pub fn with_sign_in(mut self, sign_in: &str) -> WebForms {
        self.sign_in = Some(sign_in.into());
        self
    }

    /// The same forms with a sign-out button on every page a signed-in
    /// visitor sees ("Not you? Sign out", beside "Signed in as …"), posting
    /// to `sign_out`, a path under the public URL as for
    /// [`WebForms::with_sign_in`], with the path of the page to come back
    /// to in the field [`SIGN_OUT_NEXT_FIELD`](elicit_runtime::html::SIGN_OUT_NEXT_FIELD)
    /// (`next`). The server signs the visitor out there, and sends them to
    /// sign in (with that `next`), so someone who finds themselves signed
    /// in as another user can answer as themselves. Without it, the pages
    /// name the user but offer no way out.
    ///
    /// ```
    /// use axum::http::request::Parts;
    /// use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
    /// use elicit_web::WebForms;
    /// use elicit_web::store::MemoryStore;
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let visitor = |_: &Parts| Some(Principal::user("alice"));
    /// let web = WebForms::new(MemoryStore::new(100), keys, "https://example.com/app", visitor)
    ///     .unwrap()
    ///     .with_sign_in("/login")
    ///     .with_sign_out("/logout")
    ///     .with_server_name("Weather tools");
    /// assert_eq!(web.sign_out_path().as_deref(), Some("/app/logout"));
    /// assert_eq!(web.server_name(), "Weather tools");
    /// ```
    pub fn with_sign_out(mut self, sign_out: &str) -> WebForms {
        self.sign_out = Some(sign_out.into());
        self
    }

    /// The same forms naming the server that asks as `name` on every page
    /// ("Asked by …"): the name the user knows it by, such as the MCP
    /// server's own name. Unless set, the public URL's host.
    pub fn with_server_name(mut self, name: &str) -> WebForms {
        self.server_name = Some(name.into());
        self
    }

    /// The name the pages give the server that asks: the one given to
    /// [`WebForms::with_server_name`], else the public URL's host (with
    /// its port).
    pub fn server_name(&self) -> &str {
        match &self.server_name {
            Some(name) => name,
            None => self
                .url
                .origin()
                .split_once("://")
                .map_or(self.url.origin(), |(_, host)| host),
        }
    }

    /// The same forms reading posts within `limits` (the body's size, its
    /// fields, each value's length): a larger post is refused (413).
    pub fn with_limits(mut self, limits: Limits) -> WebForms {
        self.limits = limits;
        self
    }

    /// The same forms with each new visit's page open to its user for
    /// `ttl` ([`NewVisit::DEFAULT_TTL`], 15 minutes, unless set): after
    /// that the page says it has expired (410), and a flow waiting for it
    /// (before 2026-07-28, or in a task) gives up unless its own timeout
    /// (`elicit-rmcp`'s `ServerFlow::with_timeout`) is shorter. More than zero, and at most the store's
    /// longest visit ([`StoreLimits::max_visit_ttl`](crate::store::StoreLimits::max_visit_ttl)):
    /// a visit the store does not allow is refused as it is made
    /// ([`WebError::Store`] with [`StoreError::Invalid`]).
    ///
    /// ```
    /// use std::time::Duration;
    /// use axum::http::request::Parts;
    /// use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
    /// use elicit_web::WebForms;
    /// use elicit_web::store::MemoryStore;
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let visitor = |_: &Parts| Some(Principal::user("alice"));
    /// let web = WebForms::new(MemoryStore::new(100), keys, "https://example.com", visitor)
    ///     .unwrap()
    ///     .with_visit_ttl(Duration::from_secs(5 * 60));
    /// assert_eq!(web.visit_ttl(), Duration::from_secs(300));
    /// ```
    pub fn with_visit_ttl(mut self, ttl: Duration) -> WebForms {
        self.visit_ttl = ttl;
        self
    }

    /// How long a new visit's page is open to its user.
    pub fn visit_ttl(&self) -> Duration {
        self.visit_ttl
    }

    /// The store the visits wait in.
    pub fn store(&self) -> &dyn VisitStore {
        &*self.store
    }

    /// The store, shared: for a task that outlives the flow.
    pub(crate) fn shared_store(&self) -> Arc<dyn VisitStore> {
        Arc::clone(&self.store)
    }

    /// The public URL the pages are served under, normalized
    /// ([`WebForms::new`]).
    pub fn public_url(&self) -> &str {
        self.url.as_str()
    }

    /// The path the browser reaches `path` of the router (or of a router
    /// merged beside it, such as a sign-in) at: the public URL's path
    /// prefix, then `path`. For a page of a server's own beside the forms
    /// (its sign-in), so that it links and posts where the browser reaches
    /// it too.
    pub fn public_path(&self, path: &str) -> String {
        format!("{}{path}", self.url.prefix())
    }

    /// Whether the post `parts` says it comes from another site, by the
    /// rule the pages' own posts are held to: an `Origin` other than the
    /// public URL's (compared in any case, with or without its default
    /// port), or a `Sec-Fetch-Site` other than `same-origin` or `none`;
    /// `Origin: null` is taken only with `Sec-Fetch-Site: same-origin`, as
    /// a browser posts a page sent with `Referrer-Policy: no-referrer`. A
    /// post with neither header says nothing either way: refuse it with a
    /// token of your own as well. For a server's own posts beside the
    /// forms, such as its sign-in.
    ///
    /// ```
    /// use axum::http::request::Parts;
    /// use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
    /// use elicit_web::WebForms;
    /// use elicit_web::store::MemoryStore;
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let visitor = |_: &Parts| Some(Principal::user("alice"));
    /// let web = WebForms::new(MemoryStore::new(100), keys, "https://example.com/app", visitor).unwrap();
    /// let post = |origin: &str| {
    ///     let request = http::Request::post("/login").header("origin", origin).body(()).unwrap();
    ///     web.is_cross_site(&request.into_parts().0)
    /// };
    /// assert!(!post("https://example.com"));
    /// assert!(!post("https://EXAMPLE.com:443"));
    /// assert!(post("https://attacker.example"));
    /// assert!(post("https://example.com:8443"));
    /// assert!(post("null"));
    /// ```
    pub fn is_cross_site(&self, parts: &Parts) -> bool {
        self.url.is_cross_site(parts)
    }

    /// The policy a link to these pages passes: `http` to a loopback host
    /// only when the public URL is one.
    pub fn url_policy(&self) -> UrlPolicy {
        if self.url.is_https() {
            UrlPolicy::Https
        } else {
            UrlPolicy::HttpsOrLoopbackHttp
        }
    }

    /// The link to the page of `visit`.
    pub fn link(&self, visit: VisitId) -> String {
        format!("{}/forms/{visit}", self.url.as_str())
    }

    /// Whether the form `T` is served under `key` ([`WebForms::form`]).
    pub fn serves<T: Elicitable + 'static>(&self, key: &str) -> bool {
        self.forms
            .get(key)
            .is_some_and(|entry| entry.type_id == TypeId::of::<T>())
    }

    /// Makes a visit asking the form `key` (registered as `T`) for the
    /// request and user of `binding`, after the sealed state `token` if
    /// the flow has one.
    ///
    /// # Errors
    ///
    /// [`WebError::NoForm`] when `key` is not registered as `T`;
    /// [`WebError::Store`].
    pub async fn create<T: Elicitable + 'static>(
        &self,
        key: &str,
        binding: &Binding,
        token: Option<TokenId>,
    ) -> Result<VisitId, WebError> {
        if !self.serves::<T>(key) {
            return Err(WebError::NoForm {
                key: key.to_owned(),
            });
        }
        let mut visit = NewVisit::new(binding, key).with_ttl(self.visit_ttl);
        if let Some(token) = token {
            visit = visit.after_token(token);
        }
        Ok(self.store.create(visit).await?.id)
    }

    /// The answer of `visit` for the request and user of `binding` (who is
    /// `principal`), read once: `None` while the page is not submitted;
    /// the answer, validated again as `T`, once it is. The store is not
    /// trusted: the answer opens only with the keys, for this visit and
    /// user.
    ///
    /// # Errors
    ///
    /// [`WebError::Mismatch`] for a visit made for another request, user
    /// or form; [`WebError::Sealed`] for an answer that does not open;
    /// [`WebError::Invalid`] for one that is not a valid `T`;
    /// [`WebError::Store`] (expired, already taken, closed, the backend).
    pub async fn answer<T: Elicitable>(
        &self,
        visit: VisitId,
        key: &str,
        binding: &Binding,
        principal: &Principal,
    ) -> Result<Option<Elicitation<T>>, WebError> {
        match self.take(visit, key, binding, principal).await? {
            Some(answered) => answered.typed().map(Some),
            None => Ok(None),
        }
    }

    /// Closes `visit`, which the flow of `binding` (whose user is
    /// `principal`) no longer waits for: it gave up, timed out or was
    /// cancelled. The page then says the form is no longer open and takes
    /// no answer ([`VisitStore::close`]). When the page was submitted
    /// first, the visit stays completed and its answer is read, once, as
    /// [`WebForms::answer`] reads it: an answer sent as the flow gave up is
    /// not lost. `None` when it was closed unanswered (or had expired).
    ///
    /// A flow that asks through [`WebFlow::web_form`](crate::WebFlow::web_form)
    /// or `ServerFlow::web_form` closes its visits itself.
    ///
    /// # Errors
    ///
    /// As [`WebForms::answer`].
    ///
    /// ```
    /// use axum::http::request::Parts;
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
    /// use elicit_web::WebForms;
    /// use elicit_web::store::{MemoryStore, VisitState};
    /// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
    ///
    /// #[derive(Elicitable)]
    /// struct Card {
    ///     number: String,
    /// }
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let visitor = |_: &Parts| Some(Principal::user("alice"));
    /// let web = WebForms::new(MemoryStore::new(100), keys, "https://example.com", visitor)
    ///     .unwrap()
    ///     .form::<Card>("card");
    /// let alice = Principal::user("alice");
    /// let binding = Binding::tool("pay", None).bound_to(&alice);
    /// let visit = web.create::<Card>("card", &binding, None).await.unwrap();
    ///
    /// // The flow gives up before the page is submitted.
    /// assert!(web.close::<Card>(visit, "card", &binding, &alice).await.unwrap().is_none());
    /// assert_eq!(web.store().load(visit).await.unwrap().state(), VisitState::Closed);
    /// # });
    /// ```
    pub async fn close<T: Elicitable>(
        &self,
        visit: VisitId,
        key: &str,
        binding: &Binding,
        principal: &Principal,
    ) -> Result<Option<Elicitation<T>>, WebError> {
        match self.close_or_take(visit, key, binding, principal).await? {
            Closing::Closed => Ok(None),
            Closing::Answered(answered) => answered.typed().map(Some),
            Closing::Failed(error) => Err(error.into()),
        }
    }

    /// [`WebForms::close`], before the answer is read as a form, and with
    /// the store's failure to close apart from the rest.
    pub(crate) async fn close_or_take(
        &self,
        visit: VisitId,
        key: &str,
        binding: &Binding,
        principal: &Principal,
    ) -> Result<Closing, WebError> {
        match self.bound_visit(visit, key, binding, principal).await {
            Ok(()) => {}
            // Expired by this replica's clock: closed all the same, so a
            // replica whose clock lags takes no answer for it.
            Err(WebError::Store(StoreError::Expired)) => {
                let _ = self.store.close(visit).await;
                return Ok(Closing::Closed);
            }
            Err(WebError::Store(error)) => return Ok(Closing::Failed(error)),
            Err(error) => return Err(error),
        }
        match self.store.close(visit).await {
            Ok(()) | Err(StoreError::Expired) => Ok(Closing::Closed),
            // Checked above as this flow's visit: taken without a second look.
            Err(StoreError::AlreadyCompleted) => match self.take_bound(visit, principal).await? {
                Some(answered) => Ok(Closing::Answered(answered)),
                None => Ok(Closing::Closed),
            },
            Err(StoreError::AlreadyTaken) => Err(StoreError::AlreadyTaken.into()),
            Err(error) => Ok(Closing::Failed(error)),
        }
    }

    /// The sealed answer of `visit`, taken once and opened, as
    /// [`WebForms::answer`] reads it, before it is read as a form; `None`
    /// while the page is not submitted, and [`StoreError::Closed`] once
    /// the visit is closed.
    pub(crate) async fn take(
        &self,
        visit: VisitId,
        key: &str,
        binding: &Binding,
        principal: &Principal,
    ) -> Result<Option<Answered>, WebError> {
        self.bound_visit(visit, key, binding, principal).await?;
        self.take_bound(visit, principal).await
    }

    /// [`WebForms::take`] of a visit already found to be this flow's
    /// ([`WebForms::bound_visit`]).
    async fn take_bound(
        &self,
        visit: VisitId,
        principal: &Principal,
    ) -> Result<Option<Answered>, WebError> {
        let sealed: SealedAnswer = match self.store.take(visit).await {
            Ok(sealed) => sealed,
            Err(StoreError::NotCompleted) => return Ok(None),
            Err(error) => return Err(error.into()),
        };
        Ok(Some(sealed.open(&self.keys, visit, principal)?))
    }

    /// Whether `visit` was made for the form `key` and the request and
    /// user of `binding`: [`WebError::Mismatch`] if not.
    async fn bound_visit(
        &self,
        visit: VisitId,
        key: &str,
        binding: &Binding,
        principal: &Principal,
    ) -> Result<(), WebError> {
        let loaded = self.store.load(visit).await?;
        if !loaded.continues(binding) || !loaded.is_for(principal) || loaded.form_key() != key {
            return Err(WebError::Mismatch);
        }
        Ok(())
    }

    pub(crate) fn keys(&self) -> &StateKeys {
        &self.keys
    }

    pub(crate) fn visitor(&self) -> &dyn Visitor {
        &*self.visitor
    }

    /// The path of the sign-in, prefix included.
    pub(crate) fn sign_in_path(&self) -> Option<String> {
        self.sign_in.as_deref().map(|path| self.public_path(path))
    }

    /// The path the pages' sign-out button posts to, prefix included:
    /// `None` unless [`WebForms::with_sign_out`] gave one.
    pub fn sign_out_path(&self) -> Option<String> {
        self.sign_out.as_deref().map(|path| self.public_path(path))
    }

    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    pub(crate) fn read(&self, key: &str, body: &[u8]) -> Option<Result<Submission, ReadError>> {
        self.forms
            .get(key)
            .map(|entry| (entry.read)(body, &self.limits))
    }

    pub(crate) fn check(
        &self,
        key: &str,
        submission: &Submission,
    ) -> Option<Result<(), ValidationErrors>> {
        self.forms.get(key).map(|entry| (entry.check)(submission))
    }

    pub(crate) fn render(
        &self,
        key: &str,
        action: &str,
        csrf: &str,
        shell: Shell<'_>,
        again: Option<Again<'_>>,
    ) -> Option<String> {
        self.forms
            .get(key)
            .map(|entry| (entry.render)(action, csrf, shell, again))
    }
}

/// What goes wrong making a hosted form's visit, or reading its answer.
#[derive(Debug)]
#[non_exhaustive]
pub enum WebError {
    /// The public URL is neither `https` nor `http` to a loopback host.
    PublicUrl,
    /// No form of this type is registered under the key.
    NoForm {
        /// The key asked.
        key: String,
    },
    /// The visit was made for another request, user or form.
    Mismatch,
    /// The flow is bound to no request and user: ask a hosted form in a
    /// flow from `ServerFlow::open` (or `Flow::open`), or in a task's flow
    /// bound with `ServerFlow::bound_to`.
    Unbound,
    /// The store refused.
    Store(StoreError),
    /// The sealed answer does not open with the keys for this visit and
    /// user.
    Sealed(StateError),
    /// The answer is not a valid form (it was checked when submitted: the
    /// store holds something else).
    Invalid(ValidationErrors),
    /// The answer kept in the flow's state does not read as a page's
    /// answer.
    Kept,
    /// A later round asked again for a hosted form with secret fields
    /// that was accepted in an earlier round: its secrets were given to
    /// the tool in the round that read the page, and are kept nowhere
    /// since (not in the flow's state, not in the store).
    SecretNotKept {
        /// The form's key.
        key: String,
    },
}

impl fmt::Display for WebError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WebError::PublicUrl => f.write_str(
                "the forms' public URL is neither `https` nor `http` to a loopback host, or has a \
                 user, a query or a fragment: give the `https` URL the browser reaches the router \
                 at",
            ),
            WebError::NoForm { key } => write!(
                f,
                "no form of this type is registered under `{}`: add it with `WebForms::form`",
                elicit_runtime::__integration::Excerpt(key)
            ),
            WebError::Mismatch => f.write_str(
                "the visit was made for another request, user or form: ask the form again",
            ),
            WebError::Unbound => f.write_str(
                "a hosted form needs a flow bound to its request and user: open it with \
                 `ServerFlow::open` (or `Flow::open`), or bind a task's flow with \
                 `ServerFlow::bound_to`",
            ),
            WebError::Store(error) => write!(f, "the visit store refused: {error}"),
            WebError::Sealed(error) => write!(f, "the visit's answer does not open: {error}"),
            WebError::Invalid(errors) => write!(
                f,
                "the visit's stored answer is not a valid form ({} errors): ask the form again",
                errors.len()
            ),
            WebError::Kept => f.write_str(
                "the hosted form's answer kept in the state does not read as a page's answer: \
                 ask the form again",
            ),
            WebError::SecretNotKept { key } => write!(
                f,
                "the hosted form `{}` has secret fields, given to the tool only in the round \
                 that read its page and kept nowhere since: act on the secret in that round and \
                 carry what later rounds need (`Flow::carry`), asking the form only while \
                 nothing is carried",
                elicit_runtime::__integration::Excerpt(key)
            ),
        }
    }
}

impl std::error::Error for WebError {}

impl From<StoreError> for WebError {
    fn from(error: StoreError) -> WebError {
        WebError::Store(error)
    }
}

impl From<StateError> for WebError {
    fn from(error: StateError) -> WebError {
        WebError::Sealed(error)
    }
}
