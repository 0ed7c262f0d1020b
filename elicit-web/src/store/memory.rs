//! The visit store in memory: one process, no setup.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime};

use tokio::sync::watch;

use super::visit::Bound;
use super::{
    Created, CsrfToken, NewVisit, SealedAnswer, StoreError, StoreFuture, StoreLimits, Visit,
    VisitId, VisitState, VisitStore, Waited,
};

/// The visit store in memory, for a server of one process: no setup,
/// bounded, and gone when the process ends (a server with several
/// replicas uses `RedisStore`, the `redis` feature).
///
/// - **Bounded.** It holds at most `max_visits` visits; when full it
///   forgets expired, taken and closed ones, and refuses a new visit
///   ([`StoreError::Full`]) rather than evict one that is still live.
/// - **Shared fairly.** One user has at most
///   [`StoreLimits::max_visits_per_user`] live visits (100 unless set);
///   past it, a new visit of theirs is refused ([`StoreError::UserFull`])
///   while other users' are made.
/// - **Swept.** Visits past [`StoreLimits::remember`] after their expiry
///   are dropped as new ones are made (at most once a second), and
///   [`MemoryStore::sweep`] drops them on demand.
/// - **Woken.** A completion (or a close) wakes every [`VisitStore::wait`]
///   on the visit at once, through a `tokio::sync::watch` channel.
///
/// Clones share the same visits.
///
/// ```
/// use std::time::Duration;
/// use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
/// use elicit_web::store::{MemoryStore, NewVisit, SealedAnswer, VisitStore, Waited};
/// # tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap().block_on(async {
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let store = MemoryStore::new(1_000);
/// let alice = Principal::user("alice");
/// let created = store.create(NewVisit::new(&Binding::tool("pay", None).bound_to(&alice), "card")).await.unwrap();
///
/// // 2025-11-25: the tool waits while the page is submitted.
/// let page = store.clone();
/// let sealed = SealedAnswer::seal(&keys, created.id, &alice, &"4111").unwrap();
/// tokio::spawn(async move { page.complete(created.id, sealed).await.unwrap() });
/// assert_eq!(store.wait(created.id, Duration::from_secs(5)).await, Ok(Waited::Completed));
/// # });
/// ```
#[derive(Debug, Clone)]
pub struct MemoryStore {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    max_visits: usize,
    limits: StoreLimits,
    table: Mutex<Table>,
}

#[derive(Debug)]
struct Table {
    visits: HashMap<VisitId, Entry>,
    /// The visits made for each user (by the digest of the principal,
    /// `None` for unbound ones) that may still be live; at most their
    /// share each, pruned as they reach it and as the table is swept.
    by_user: HashMap<Option<[u8; 32]>, Vec<VisitId>>,
    swept_at: SystemTime,
}

impl Table {
    fn new() -> Table {
        Table {
            visits: HashMap::new(),
            by_user: HashMap::new(),
            swept_at: SystemTime::UNIX_EPOCH,
        }
    }
}

#[derive(Debug)]
struct Entry {
    bound: Bound,
    csrf: CsrfToken,
    expires_at: SystemTime,
    state: VisitState,
    answer: Option<SealedAnswer>,
    /// `true` once no longer pending (completed or closed); every waiter
    /// holds a receiver.
    done: watch::Sender<bool>,
}

/// How often creating a visit sweeps the forgotten ones.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

impl MemoryStore {
    /// An empty store of at most `max_visits` visits, with
    /// [`StoreLimits::DEFAULT`].
    pub fn new(max_visits: usize) -> MemoryStore {
        MemoryStore {
            inner: Arc::new(Inner {
                max_visits,
                limits: StoreLimits::DEFAULT,
                table: Mutex::new(Table::new()),
            }),
        }
    }

    /// The same (empty) store with `limits`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use elicit_web::store::{MemoryStore, StoreLimits};
    ///
    /// let store = MemoryStore::new(100).with_limits(StoreLimits::DEFAULT.with_answer_ttl(Duration::from_secs(60)));
    /// assert_eq!(store.limits().answer_ttl(), Duration::from_secs(60));
    /// ```
    pub fn with_limits(self, limits: StoreLimits) -> MemoryStore {
        MemoryStore {
            inner: Arc::new(Inner {
                max_visits: self.inner.max_visits,
                limits,
                table: Mutex::new(Table::new()),
            }),
        }
    }

    /// The store's limits.
    pub fn limits(&self) -> &StoreLimits {
        &self.inner.limits
    }

    /// How many visits are held, forgotten ones not yet swept included.
    ///
    /// ```
    /// use elicit_runtime::state::Binding;
    /// use elicit_web::store::{MemoryStore, NewVisit, VisitStore};
    /// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
    ///
    /// let store = MemoryStore::new(100);
    /// assert!(store.is_empty());
    /// store.create(NewVisit::new(&Binding::tool("t", None), "form")).await.unwrap();
    /// assert_eq!(store.len(), 1);
    /// # });
    /// ```
    pub fn len(&self) -> usize {
        self.table().visits.len()
    }

    /// Whether no visit is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops the visits forgotten by now ([`StoreLimits::remember`] past
    /// their expiry), and returns how many are left.
    pub fn sweep(&self) -> usize {
        let now = SystemTime::now();
        let mut table = self.table();
        self.sweep_table(&mut table, now);
        table.visits.len()
    }

    /// What the store holds for a visit's answer, exactly as kept: for an
    /// audit (or a test) that the store keeps no answer in clear. `None`
    /// when no answer is held (pending, taken, closed, or no such visit).
    ///
    /// ```
    /// use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
    /// use elicit_web::store::{MemoryStore, NewVisit, SealedAnswer, VisitStore};
    /// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let store = MemoryStore::new(100);
    /// let alice = Principal::user("alice");
    /// let created = store.create(NewVisit::new(&Binding::tool("t", None).bound_to(&alice), "form")).await.unwrap();
    /// let sealed = SealedAnswer::seal(&keys, created.id, &alice, &"hunter2").unwrap();
    /// store.complete(created.id, sealed).await.unwrap();
    /// assert!(!store.stored_answer(created.id).unwrap().contains("hunter2"));
    /// # });
    /// ```
    pub fn stored_answer(&self, id: VisitId) -> Option<String> {
        let table = self.table();
        let entry = table.visits.get(&id)?;
        entry
            .answer
            .as_ref()
            .map(|answer| answer.as_str().to_owned())
    }

    /// The table, whole even if a thread panicked holding it: each change
    /// is made by one call that does not panic halfway.
    fn table(&self) -> MutexGuard<'_, Table> {
        self.inner
            .table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn sweep_table(&self, table: &mut Table, now: SystemTime) {
        let limits = &self.inner.limits;
        table
            .visits
            .retain(|_, entry| limits.forget_at(entry.expires_at) > now);
        let visits = &table.visits;
        table.by_user.retain(|_, ids| {
            ids.retain(|id| visits.get(id).is_some_and(|entry| entry.is_live(now)));
            !ids.is_empty()
        });
        table.swept_at = now;
    }

    /// Refuses a new visit for `user` when they have their share of live
    /// visits already, forgetting those of theirs no longer live first.
    fn check_share(
        &self,
        table: &mut Table,
        user: Option<[u8; 32]>,
        now: SystemTime,
    ) -> Result<(), StoreError> {
        let limit = self.inner.limits.max_visits_per_user();
        let Table {
            visits, by_user, ..
        } = table;
        let ids = by_user.entry(user).or_default();
        if ids.len() >= limit {
            ids.retain(|id| visits.get(id).is_some_and(|entry| entry.is_live(now)));
            if ids.len() >= limit {
                return Err(StoreError::UserFull { limit });
            }
        }
        Ok(())
    }

    fn create_now(&self, visit: NewVisit, now: SystemTime) -> Result<Created, StoreError> {
        let expires_at = self.inner.limits.check_new(&visit, now)?;
        let id = VisitId::generate()?;
        let csrf = CsrfToken::generate()?;
        let mut table = self.table();
        if now.duration_since(table.swept_at).unwrap_or(SWEEP_EVERY) >= SWEEP_EVERY {
            self.sweep_table(&mut table, now);
        }
        let user = visit.bound.principal;
        self.check_share(&mut table, user, now)?;
        if table.visits.len() >= self.inner.max_visits {
            // Full: forget what is no longer live, never a live visit.
            table.visits.retain(|_, entry| entry.is_live(now));
            if table.visits.len() >= self.inner.max_visits {
                return Err(StoreError::Full {
                    limit: self.inner.max_visits,
                });
            }
        }
        let (done, _) = watch::channel(false);
        table.by_user.entry(user).or_default().push(id);
        table.visits.insert(
            id,
            Entry {
                bound: visit.bound,
                csrf: csrf.clone(),
                expires_at,
                state: VisitState::Pending,
                answer: None,
                done,
            },
        );
        Ok(Created {
            id,
            csrf,
            expires_at,
        })
    }

    /// The visit's entry, if it is not forgotten by `now`.
    fn entry<'t>(
        &self,
        table: &'t mut Table,
        id: VisitId,
        now: SystemTime,
    ) -> Result<&'t mut Entry, StoreError> {
        match table.visits.get_mut(&id) {
            Some(entry) if self.inner.limits.forget_at(entry.expires_at) > now => Ok(entry),
            _ => Err(StoreError::Unknown),
        }
    }

    fn load_now(&self, id: VisitId, now: SystemTime) -> Result<Visit, StoreError> {
        let mut table = self.table();
        let entry = self.entry(&mut table, id, now)?;
        if entry.expires_at <= now {
            return Err(StoreError::Expired);
        }
        Ok(Visit {
            id,
            bound: entry.bound.clone(),
            csrf: entry.csrf.clone(),
            expires_at: entry.expires_at,
            state: entry.state,
        })
    }

    fn complete_now(
        &self,
        id: VisitId,
        answer: SealedAnswer,
        now: SystemTime,
    ) -> Result<(), StoreError> {
        self.inner.limits.check_answer(&answer)?;
        let mut table = self.table();
        let entry = self.entry(&mut table, id, now)?;
        if entry.expires_at <= now {
            return Err(StoreError::Expired);
        }
        match entry.state {
            VisitState::Pending => {}
            VisitState::Closed => return Err(StoreError::Closed),
            VisitState::Completed | VisitState::Taken => return Err(StoreError::AlreadyCompleted),
        }
        entry.state = VisitState::Completed;
        entry.answer = Some(answer);
        entry.expires_at = self.inner.limits.answer_expiry(now);
        entry.done.send_replace(true);
        Ok(())
    }

    fn take_now(&self, id: VisitId, now: SystemTime) -> Result<SealedAnswer, StoreError> {
        let mut table = self.table();
        let entry = self.entry(&mut table, id, now)?;
        if entry.expires_at <= now {
            return Err(StoreError::Expired);
        }
        match entry.state {
            VisitState::Pending => Err(StoreError::NotCompleted),
            VisitState::Taken => Err(StoreError::AlreadyTaken),
            VisitState::Closed => Err(StoreError::Closed),
            VisitState::Completed => {
                entry.state = VisitState::Taken;
                entry.answer.take().ok_or(StoreError::Corrupt)
            }
        }
    }

    /// A receiver of the visit's completion, and when to stop waiting; or
    /// the outcome at once.
    fn watch(
        &self,
        id: VisitId,
        timeout: Duration,
        now: SystemTime,
    ) -> Result<Result<(watch::Receiver<bool>, Duration), Waited>, StoreError> {
        let mut table = self.table();
        let entry = self.entry(&mut table, id, now)?;
        if let Some(waited) = entry.state.waited() {
            return Ok(Err(waited));
        }
        match entry.expires_at.duration_since(now) {
            Ok(left) if !left.is_zero() => Ok(Ok((entry.done.subscribe(), timeout.min(left)))),
            _ => Err(StoreError::Expired),
        }
    }

    fn close_now(&self, id: VisitId, now: SystemTime) -> Result<(), StoreError> {
        let mut table = self.table();
        let entry = self.entry(&mut table, id, now)?;
        if entry.state == VisitState::Pending {
            entry.state = VisitState::Closed;
            entry.done.send_replace(true);
        }
        // Closed even when expired, as on Redis: a page whose clock lags
        // takes no answer for it.
        if entry.expires_at <= now {
            return Err(StoreError::Expired);
        }
        match entry.state {
            VisitState::Pending | VisitState::Closed => Ok(()),
            VisitState::Completed => Err(StoreError::AlreadyCompleted),
            VisitState::Taken => Err(StoreError::AlreadyTaken),
        }
    }
}

impl Entry {
    /// Whether the visit still matters: not expired, and neither its
    /// answer taken nor the visit closed.
    fn is_live(&self, now: SystemTime) -> bool {
        self.expires_at > now && matches!(self.state, VisitState::Pending | VisitState::Completed)
    }
}

impl VisitStore for MemoryStore {
    fn create(&self, visit: NewVisit) -> StoreFuture<'_, Created> {
        Box::pin(async move { self.create_now(visit, SystemTime::now()) })
    }

    fn load(&self, id: VisitId) -> StoreFuture<'_, Visit> {
        Box::pin(async move { self.load_now(id, SystemTime::now()) })
    }

    fn complete(&self, id: VisitId, answer: SealedAnswer) -> StoreFuture<'_, ()> {
        Box::pin(async move { self.complete_now(id, answer, SystemTime::now()) })
    }

    fn take(&self, id: VisitId) -> StoreFuture<'_, SealedAnswer> {
        Box::pin(async move { self.take_now(id, SystemTime::now()) })
    }

    fn wait(&self, id: VisitId, timeout: Duration) -> StoreFuture<'_, Waited> {
        Box::pin(async move {
            let (mut done, left) = match self.watch(id, timeout, SystemTime::now())? {
                Ok(waiting) => waiting,
                Err(waited) => return Ok(waited),
            };
            // Woken by the completion or the close, by the entry being
            // dropped, or by the time; the state after it decides.
            let _ = tokio::time::timeout(left, done.wait_for(|done| *done)).await;
            match self.watch(id, Duration::ZERO, SystemTime::now())? {
                Err(waited) => Ok(waited),
                Ok(_) => Ok(Waited::TimedOut),
            }
        })
    }

    fn close(&self, id: VisitId) -> StoreFuture<'_, ()> {
        Box::pin(async move { self.close_now(id, SystemTime::now()) })
    }
}
