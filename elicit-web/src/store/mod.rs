//! Where hosted URL-mode visits and their answers wait: the
//! [`VisitStore`] trait, in memory by default ([`MemoryStore`]: one
//! process, no setup) and on Redis for servers that run several replicas
//! (`RedisStore`, the `redis` feature).
//!
//! A visit goes through three states ([`VisitState`]): made pending by the
//! flow ([`VisitStore::create`]), completed once by the page
//! ([`VisitStore::complete`], a second submission refused), and taken
//! once by the tool's retry ([`VisitStore::take`], every later taker
//! refused with [`StoreError::AlreadyTaken`]). On 2025-11-25 the waiting
//! tool is woken when the page completes the visit ([`VisitStore::wait`]),
//! on whichever replica it waits. A pending visit goes to a fourth state
//! instead when the flow that made it stops waiting: closed
//! ([`VisitStore::close`]), the page then says the form is no longer open
//! rather than take an answer no one will read.
//!
//! The store never sees an answer in clear: the page seals it with the
//! server's [`StateKeys`](elicit_runtime::state::StateKeys), bound to the visit
//! and its user ([`SealedAnswer::seal`]), and the tool opens it
//! ([`SealedAnswer::open`]). The store keeps digests of the user and the
//! request, never their ids.
//!
//! ```
//! use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
//! use elicit_web::store::{MemoryStore, NewVisit, SealedAnswer, StoreError, VisitStore};
//! use serde_json::{Value, json};
//! # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
//!
//! let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
//! let store = MemoryStore::new(10_000);
//!
//! // The flow, for the user the server authenticated: a visit, and a link to it.
//! let alice = Principal::user("alice");
//! let binding = Binding::tool("pay", None).bound_to(&alice);
//! let created = store.create(NewVisit::new(&binding, "card")).await.unwrap();
//! let link = format!("https://example.com/forms/{}", created.id);
//!
//! // The page: the visitor must be the visit's user; the answer is sealed.
//! let visit = store.load(created.id).await.unwrap();
//! assert!(visit.is_for(&alice));
//! let answer = json!({ "card": "4111 1111 1111 1111" });
//! let sealed = SealedAnswer::seal(&keys, visit.id(), &alice, &answer).unwrap();
//! store.complete(visit.id(), sealed.clone()).await.unwrap();
//! assert_eq!(store.complete(visit.id(), sealed).await, Err(StoreError::AlreadyCompleted));
//!
//! // The tool's retry: the answer, once.
//! let taken = store.take(created.id).await.unwrap();
//! assert_eq!(taken.open::<Value>(&keys, created.id, &alice).unwrap(), answer);
//! assert_eq!(store.take(created.id).await, Err(StoreError::AlreadyTaken));
//! # let _ = link;
//! # });
//! ```
//!
//! # Decisions, and why
//!
//! - **Boxed futures** ([`StoreFuture`]) rather than `async fn` in the
//!   trait, so the trait is object-safe: a router holds an
//!   `Arc<dyn VisitStore>` and the server picks the store at run time.
//! - **Expired is not unknown.** A store remembers an expired or taken
//!   visit for [`StoreLimits::remember`] after it expires, so the page can
//!   say "expired" or "already used" rather than "no such visit"; after
//!   that, [`StoreError::Unknown`].
//! - **A completed answer waits [`StoreLimits::answer_ttl`]** (10 minutes
//!   unless set) from its completion, whatever was left of the visit's own
//!   lifetime, so a user who submits in the last second leaves the tool
//!   time to read the answer.

mod answer;
mod error;
mod limits;
mod memory;
#[cfg(feature = "redis")]
mod redis;
mod visit;

use core::future::Future;
use core::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

pub use answer::SealedAnswer;
pub use error::StoreError;
pub use limits::StoreLimits;
pub use memory::MemoryStore;
#[cfg(feature = "redis")]
pub use redis::RedisStore;
pub use visit::{Created, CsrfToken, NewVisit, Visit, VisitId, VisitState, Waited};

/// What every [`VisitStore`] method returns: a boxed future, `Send`, so
/// the trait is object-safe and its calls run on any tokio worker.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// Where visits and their sealed answers wait. Every method is atomic on
/// its own (one lock in memory, one script on Redis), so replicas sharing
/// a backend agree on each visit's state, and a visit's answer is taken
/// once however many callers race for it.
///
/// Implemented by [`MemoryStore`] and, with the `redis` feature,
/// `RedisStore`; object-safe, so `Arc<dyn VisitStore>` is a store too.
///
/// ```
/// use std::sync::Arc;
/// use elicit_runtime::state::Binding;
/// use elicit_web::store::{MemoryStore, NewVisit, VisitState, VisitStore};
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
///
/// let store: Arc<dyn VisitStore> = Arc::new(MemoryStore::new(100));
/// let created = store.create(NewVisit::new(&Binding::tool("t", None), "form")).await.unwrap();
/// assert_eq!(store.load(created.id).await.unwrap().state(), VisitState::Pending);
/// # });
/// ```
pub trait VisitStore: Send + Sync {
    /// Makes a pending visit: a fresh random id, and a CSRF token for the
    /// page.
    ///
    /// # Errors
    ///
    /// [`StoreError::Invalid`] for a lifetime of zero or past
    /// [`StoreLimits::max_visit_ttl`], or a form key that is empty or
    /// longer than 256 bytes; [`StoreError::Full`], [`StoreError::Randomness`],
    /// [`StoreError::Backend`].
    fn create(&self, visit: NewVisit) -> StoreFuture<'_, Created>;

    /// The visit, for the page: whom it is for, what it continues, its
    /// expiry, state and CSRF token, never its answer.
    ///
    /// # Errors
    ///
    /// [`StoreError::Unknown`], [`StoreError::Expired`],
    /// [`StoreError::Corrupt`], [`StoreError::Backend`].
    fn load(&self, id: VisitId) -> StoreFuture<'_, Visit>;

    /// Completes a pending visit with its sealed answer, once.
    ///
    /// # Errors
    ///
    /// [`StoreError::AlreadyCompleted`] for a second submission (the first
    /// answer stands), [`StoreError::Closed`] for a visit its flow closed,
    /// [`StoreError::Expired`], [`StoreError::Unknown`],
    /// [`StoreError::TooLarge`], [`StoreError::Backend`].
    fn complete(&self, id: VisitId, answer: SealedAnswer) -> StoreFuture<'_, ()>;

    /// Takes the sealed answer of a completed visit: the first caller gets
    /// it, and the store no longer keeps it.
    ///
    /// # Errors
    ///
    /// [`StoreError::AlreadyTaken`] for every later caller,
    /// [`StoreError::NotCompleted`] before the page is submitted,
    /// [`StoreError::Closed`] for a visit closed unanswered,
    /// [`StoreError::Expired`], [`StoreError::Unknown`],
    /// [`StoreError::Corrupt`], [`StoreError::Backend`].
    fn take(&self, id: VisitId) -> StoreFuture<'_, SealedAnswer>;

    /// Waits until the visit is completed or closed (on any replica sharing
    /// the backend) or `timeout` passes, whichever is first; a completed
    /// or closed visit returns at once.
    ///
    /// # Errors
    ///
    /// [`StoreError::Expired`] when the visit expires unanswered while
    /// waited for, [`StoreError::Unknown`], [`StoreError::Corrupt`],
    /// [`StoreError::Backend`].
    fn wait(&self, id: VisitId, timeout: Duration) -> StoreFuture<'_, Waited>;

    /// Closes a pending visit that no flow waits for any more (the flow
    /// gave up, timed out or was cancelled): the page takes no answer for
    /// it ([`StoreError::Closed`]) and says the form is no longer open, and
    /// every [`VisitStore::wait`] on it returns [`Waited::Closed`]. Closing
    /// a closed visit does nothing.
    ///
    /// A visit the page completed first is not closed: the caller gets
    /// [`StoreError::AlreadyCompleted`], and the answer still waits to be
    /// taken, so an answer submitted as the flow gave up is not lost. A
    /// pending visit past its expiry is closed all the same, and reported
    /// [`StoreError::Expired`]: a replica whose clock lags must not take
    /// an answer for it.
    ///
    /// # Errors
    ///
    /// [`StoreError::AlreadyCompleted`], [`StoreError::AlreadyTaken`],
    /// [`StoreError::Expired`], [`StoreError::Unknown`],
    /// [`StoreError::Corrupt`], [`StoreError::Backend`].
    ///
    /// ```
    /// use std::time::Duration;
    /// use elicit_runtime::state::Binding;
    /// use elicit_web::store::{MemoryStore, NewVisit, StoreError, VisitState, VisitStore, Waited};
    /// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
    ///
    /// let store = MemoryStore::new(100);
    /// let created = store.create(NewVisit::new(&Binding::tool("t", None), "form")).await.unwrap();
    /// store.close(created.id).await.unwrap();
    /// assert_eq!(store.load(created.id).await.unwrap().state(), VisitState::Closed);
    /// assert_eq!(store.wait(created.id, Duration::from_secs(1)).await, Ok(Waited::Closed));
    /// assert_eq!(store.take(created.id).await, Err(StoreError::Closed));
    /// # });
    /// ```
    fn close(&self, id: VisitId) -> StoreFuture<'_, ()>;
}

impl<S: VisitStore + ?Sized> VisitStore for Arc<S> {
    fn create(&self, visit: NewVisit) -> StoreFuture<'_, Created> {
        (**self).create(visit)
    }

    fn load(&self, id: VisitId) -> StoreFuture<'_, Visit> {
        (**self).load(id)
    }

    fn complete(&self, id: VisitId, answer: SealedAnswer) -> StoreFuture<'_, ()> {
        (**self).complete(id, answer)
    }

    fn take(&self, id: VisitId) -> StoreFuture<'_, SealedAnswer> {
        (**self).take(id)
    }

    fn wait(&self, id: VisitId, timeout: Duration) -> StoreFuture<'_, Waited> {
        (**self).wait(id, timeout)
    }

    fn close(&self, id: VisitId) -> StoreFuture<'_, ()> {
        (**self).close(id)
    }
}
