//! A visit: its id, what it is bound to, its CSRF token and its state.

use core::fmt;
use std::time::{Duration, SystemTime};

use base64_simd::{Out, URL_SAFE_NO_PAD};

use super::StoreError;
use elicit_runtime::__integration::{constant_time_eq, seal};
use elicit_runtime::state::{Binding, Principal, TokenId};

/// The bytes of a visit id and of a CSRF token: 256 random bits.
const RANDOM_LEN: usize = 32;
/// Their text: base64url without padding.
const TEXT_LEN: usize = 43;
// The text of the bytes, whole: the decoder writes exactly `RANDOM_LEN`
const _: () = assert!(TEXT_LEN == (RANDOM_LEN * 4).div_ceil(3));
/// The longest form key a visit keeps, in bytes.
pub(crate) const MAX_FORM_KEY: usize = 256;

/// A visit's id: 256 random bits from the operating system, written as 43
/// characters of base64url, the last segment of the page's URL
/// (`https://…/forms/{visit}`). It carries nothing about the user or the
/// form, and grants nothing by itself: the page still checks the visitor
/// ([`Visit::is_for`]).
///
/// ```
/// use elicit_web::store::VisitId;
///
/// let id = VisitId::generate().unwrap();
/// let text = id.to_string();
/// assert_eq!(text.len(), 43);
/// assert_eq!(VisitId::parse(&text).unwrap(), id);
/// assert_ne!(VisitId::generate().unwrap(), id);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct VisitId([u8; RANDOM_LEN]);

impl VisitId {
    /// A new random id.
    ///
    /// # Errors
    ///
    /// [`StoreError::Randomness`] when the operating system has no random
    /// numbers.
    pub fn generate() -> Result<VisitId, StoreError> {
        random().map(VisitId)
    }

    /// Reads an id from the page's URL, strictly: 43 characters of
    /// base64url without padding, with canonical trailing bits, so each id
    /// has one text.
    ///
    /// # Errors
    ///
    /// [`StoreError::Malformed`] for anything else.
    ///
    /// ```
    /// use elicit_web::store::{StoreError, VisitId};
    ///
    /// assert_eq!(VisitId::parse("../../etc/passwd"), Err(StoreError::Malformed));
    /// assert_eq!(VisitId::parse(&"A".repeat(10_000)), Err(StoreError::Malformed));
    /// ```
    pub fn parse(text: &str) -> Result<VisitId, StoreError> {
        decode(text).map(VisitId).ok_or(StoreError::Malformed)
    }
}

impl fmt::Display for VisitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&URL_SAFE_NO_PAD.encode_to_string(self.0))
    }
}

impl fmt::Debug for VisitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VisitId({self})")
    }
}

/// The secret the page puts in its form and checks on submission, against
/// cross-site submission: 256 random bits made with the visit, written as
/// 43 characters of base64url. `Debug` does not show it.
///
/// ```
/// use elicit_web::store::{MemoryStore, NewVisit, VisitStore};
/// use elicit_runtime::state::Binding;
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
///
/// let store = MemoryStore::new(100);
/// let created = store.create(NewVisit::new(&Binding::tool("pay", None).for_principal("alice"), "card")).await.unwrap();
/// let hidden_field = created.csrf.expose().to_owned();
/// assert!(created.csrf.matches(&hidden_field));
/// assert!(!created.csrf.matches("forged"));
/// assert_eq!(format!("{:?}", created.csrf), "CsrfToken(..)");
/// # });
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct CsrfToken(String);

impl CsrfToken {
    pub(crate) fn generate() -> Result<CsrfToken, StoreError> {
        random().map(|bytes| CsrfToken(URL_SAFE_NO_PAD.encode_to_string(bytes)))
    }

    /// Reads a token kept by a store; `None` unless it is a token's text.
    #[cfg(feature = "redis")]
    pub(crate) fn from_stored(text: &str) -> Option<CsrfToken> {
        decode(text).map(|_| CsrfToken(text.to_owned()))
    }

    /// The text for the page's hidden field.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether `submitted` (the hidden field of a submission) is this
    /// token, compared in constant time.
    pub fn matches(&self, submitted: &str) -> bool {
        constant_time_eq(self.0.as_bytes(), submitted.as_bytes())
    }
}

impl fmt::Debug for CsrfToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CsrfToken(..)")
    }
}

/// What a new visit is bound to: the flow's request and user (its
/// [`Binding`], bound to the principal), optionally the sealed state it
/// continues ([`NewVisit::after_token`]), the key of the form it asks, and
/// how long it waits for the user ([`NewVisit::with_ttl`], 15 minutes
/// unless set).
///
/// ```
/// use std::time::Duration;
/// use elicit_runtime::state::Binding;
/// use elicit_web::store::NewVisit;
///
/// let binding = Binding::tool("pay", None).for_principal("alice");
/// let visit = NewVisit::new(&binding, "card").with_ttl(Duration::from_secs(600));
/// assert_eq!(visit.ttl(), Duration::from_secs(600));
/// assert_eq!(NewVisit::DEFAULT_TTL, Duration::from_secs(900));
/// ```
#[derive(Debug, Clone)]
pub struct NewVisit {
    pub(crate) bound: Bound,
    pub(crate) ttl: Duration,
}

impl NewVisit {
    /// How long a visit waits for the user unless [`NewVisit::with_ttl`]
    /// says otherwise: 15 minutes.
    pub const DEFAULT_TTL: Duration = Duration::from_secs(15 * 60);

    /// A visit for the request and user of `binding` (the flow's
    /// binding, [`Binding::for_principal`]), asking the form `form_key`
    /// (at most 256 bytes).
    pub fn new(binding: &Binding, form_key: impl Into<String>) -> NewVisit {
        NewVisit {
            bound: Bound {
                principal: seal::principal_digest(binding).copied(),
                request: *seal::request_digest(binding),
                arguments: *seal::arguments_digest(binding),
                token: None,
                form_key: form_key.into(),
            },
            ttl: NewVisit::DEFAULT_TTL,
        }
    }

    /// The same visit, continuing the sealed state `token`
    /// ([`Opened::token_id`](elicit_runtime::state::Opened::token_id)), which
    /// [`Visit::follows`] checks.
    pub fn after_token(mut self, token: TokenId) -> NewVisit {
        self.bound.token = Some(*token.as_bytes());
        self
    }

    /// The same visit, waiting `ttl` for the user (more than zero, and at
    /// most the store's [`StoreLimits::max_visit_ttl`](super::StoreLimits::max_visit_ttl)).
    pub fn with_ttl(mut self, ttl: Duration) -> NewVisit {
        self.ttl = ttl;
        self
    }

    /// How long the visit waits for the user.
    pub fn ttl(&self) -> Duration {
        self.ttl
    }
}

/// What a visit is bound to, as digests: the store keeps no user id.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Bound {
    pub(crate) principal: Option<[u8; 32]>,
    pub(crate) request: [u8; 32],
    pub(crate) arguments: [u8; 32],
    pub(crate) token: Option<[u8; 16]>,
    pub(crate) form_key: String,
}

impl fmt::Debug for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bound")
            .field("user", &self.principal.is_some())
            .field("form_key", &self.form_key)
            .finish_non_exhaustive()
    }
}

/// A visit made: its id for the link, its CSRF token for the page, and
/// when it expires.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Created {
    /// The id, the last segment of the page's URL.
    pub id: VisitId,
    /// The page's CSRF token (also in [`Visit::csrf`]).
    pub csrf: CsrfToken,
    /// When the visit stops taking an answer.
    pub expires_at: SystemTime,
}

/// Where a visit is: waiting for the user, answered, its answer read, or
/// closed unanswered by the flow that made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum VisitState {
    /// Waiting for the user's submission.
    Pending,
    /// Answered: the sealed answer waits to be taken.
    Completed,
    /// Answered, and the answer was taken (it is no longer kept).
    Taken,
    /// Closed before it was answered ([`VisitStore::close`](super::VisitStore::close)):
    /// the flow that made it stopped waiting, and the page takes no answer.
    Closed,
}

impl VisitState {
    /// How a wait for the visit ends in this state; `None` while pending.
    pub(crate) fn waited(self) -> Option<Waited> {
        match self {
            VisitState::Pending => None,
            VisitState::Completed | VisitState::Taken => Some(Waited::Completed),
            VisitState::Closed => Some(Waited::Closed),
        }
    }

    /// The word a store keeps.
    #[cfg(feature = "redis")]
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            VisitState::Pending => "pending",
            VisitState::Completed => "completed",
            VisitState::Taken => "taken",
            VisitState::Closed => "closed",
        }
    }

    /// The state of a stored word.
    #[cfg(feature = "redis")]
    pub(crate) fn from_stored(word: &str) -> Option<VisitState> {
        match word {
            "pending" => Some(VisitState::Pending),
            "completed" => Some(VisitState::Completed),
            "taken" => Some(VisitState::Taken),
            "closed" => Some(VisitState::Closed),
            _ => None,
        }
    }
}

/// A visit as the page sees it: whom it is for, what it continues, the
/// form, when it expires, its state and its CSRF token; never its answer.
///
/// ```
/// use elicit_runtime::state::{Binding, Principal};
/// use elicit_web::store::{MemoryStore, NewVisit, VisitState, VisitStore};
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
///
/// let store = MemoryStore::new(100);
/// let binding = Binding::tool("pay", None).for_principal("alice");
/// let created = store.create(NewVisit::new(&binding, "card")).await.unwrap();
///
/// let visit = store.load(created.id).await.unwrap();
/// assert!(visit.is_for(&Principal::user("alice")));
/// assert!(!visit.is_for(&Principal::user("mallory")));
/// assert!(visit.continues(&binding));
/// assert_eq!((visit.form_key(), visit.state()), ("card", VisitState::Pending));
/// # });
/// ```
#[derive(Debug, Clone)]
pub struct Visit {
    pub(crate) id: VisitId,
    pub(crate) bound: Bound,
    pub(crate) csrf: CsrfToken,
    pub(crate) expires_at: SystemTime,
    pub(crate) state: VisitState,
}

impl Visit {
    /// The visit's id.
    pub fn id(&self) -> VisitId {
        self.id
    }

    /// Whether `visitor` (the user the page's own authentication
    /// established) is the user the visit was made for. The page MUST
    /// refuse a visitor for whom this is false. A visit made for
    /// [`Principal::UNBOUND`] is for an unbound visitor only.
    pub fn is_for(&self, visitor: &Principal) -> bool {
        let visitor = Binding::new("", "", None).bound_to(visitor);
        seal::principal_digest(&visitor) == self.bound.principal.as_ref()
    }

    /// Whether `binding` (a retry's request and user) is the one the visit
    /// was made for: the same method and name, arguments and user.
    pub fn continues(&self, binding: &Binding) -> bool {
        *seal::request_digest(binding) == self.bound.request
            && seal::arguments_digest(binding) == &self.bound.arguments
            && seal::principal_digest(binding) == self.bound.principal.as_ref()
    }

    /// Whether the visit was made after the sealed state `token`
    /// ([`NewVisit::after_token`]); false for a visit made without one.
    pub fn follows(&self, token: &TokenId) -> bool {
        self.bound.token.as_ref() == Some(token.as_bytes())
    }

    /// The key of the form the visit asks.
    pub fn form_key(&self) -> &str {
        &self.bound.form_key
    }

    /// When the visit stops taking an answer (or, once completed, when
    /// its answer stops waiting to be taken).
    pub fn expires_at(&self) -> SystemTime {
        self.expires_at
    }

    /// Where the visit is.
    pub fn state(&self) -> VisitState {
        self.state
    }

    /// The page's CSRF token.
    pub fn csrf(&self) -> &CsrfToken {
        &self.csrf
    }
}

/// How a wait for a visit's completion ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Waited {
    /// The visit was completed (its answer may already have been taken).
    Completed,
    /// The time ran out with the visit still pending.
    TimedOut,
    /// The visit was closed unanswered ([`VisitStore::close`](super::VisitStore::close)).
    Closed,
}

/// 32 random bytes from the operating system.
fn random() -> Result<[u8; RANDOM_LEN], StoreError> {
    let mut bytes = [0; RANDOM_LEN];
    getrandom::fill(&mut bytes).map_err(|error| StoreError::Randomness(error.to_string()))?;
    Ok(bytes)
}

/// The 32 bytes of a visit id's or token's text, read strictly.
fn decode(text: &str) -> Option<[u8; RANDOM_LEN]> {
    // 43 characters: 32 bytes, all the decoder writes
    if text.len() != TEXT_LEN {
        return None;
    }
    let mut bytes = [0; RANDOM_LEN];
    URL_SAFE_NO_PAD
        .decode(text.as_bytes(), Out::from_slice(&mut bytes))
        .ok()?;
    Some(bytes)
}
