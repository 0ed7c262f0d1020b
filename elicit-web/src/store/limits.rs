//! How long visits and answers live, and how large an answer may be: the
//! rules every store applies before it writes.

use std::time::{Duration, SystemTime};

use super::visit::MAX_FORM_KEY;
use super::{NewVisit, SealedAnswer, StoreError};

/// The lifetimes, sizes and per-user share a visit store keeps to; the
/// same for every store, so replicas on one backend agree. (How many live
/// visits a store holds in all is the store's own: [`MemoryStore::new`](super::MemoryStore::new),
/// `RedisStore::with_max_visits`.)
///
/// ```
/// use std::time::Duration;
/// use elicit_web::store::StoreLimits;
///
/// let limits = StoreLimits::DEFAULT
///     .with_answer_ttl(Duration::from_secs(120))
///     .with_max_answer_bytes(16 * 1024);
/// assert_eq!(limits.answer_ttl(), Duration::from_secs(120));
/// assert_eq!(limits.max_answer_bytes(), 16 * 1024);
/// assert_eq!(limits.max_visit_ttl(), Duration::from_secs(24 * 60 * 60));
/// assert_eq!(limits.remember(), Duration::from_secs(10 * 60));
/// assert_eq!(limits.max_visits_per_user(), 100);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreLimits {
    max_visit_ttl: Duration,
    answer_ttl: Duration,
    max_answer_bytes: usize,
    remember: Duration,
    max_visits_per_user: usize,
}

impl StoreLimits {
    /// Visits of at most a day, answers waiting 10 minutes to be taken,
    /// sealed answers of at most 64 KiB (a flat form's answer is far
    /// smaller), expired or taken visits remembered for 10 minutes, and at
    /// most 100 live visits per user.
    pub const DEFAULT: StoreLimits = StoreLimits {
        max_visit_ttl: Duration::from_secs(24 * 60 * 60),
        answer_ttl: Duration::from_secs(10 * 60),
        max_answer_bytes: 64 * 1024,
        remember: Duration::from_secs(10 * 60),
        max_visits_per_user: 100,
    };

    /// The longest a new visit may wait for its user.
    pub fn max_visit_ttl(&self) -> Duration {
        self.max_visit_ttl
    }

    /// The same limits with `ttl` as the longest visit.
    pub fn with_max_visit_ttl(self, ttl: Duration) -> StoreLimits {
        StoreLimits {
            max_visit_ttl: ttl,
            ..self
        }
    }

    /// How long a completed answer waits to be taken, from its completion.
    pub fn answer_ttl(&self) -> Duration {
        self.answer_ttl
    }

    /// The same limits with answers waiting `ttl`.
    pub fn with_answer_ttl(self, ttl: Duration) -> StoreLimits {
        StoreLimits {
            answer_ttl: ttl,
            ..self
        }
    }

    /// The most bytes of a sealed answer kept.
    pub fn max_answer_bytes(&self) -> usize {
        self.max_answer_bytes
    }

    /// The same limits with sealed answers of at most `bytes`.
    pub fn with_max_answer_bytes(self, bytes: usize) -> StoreLimits {
        StoreLimits {
            max_answer_bytes: bytes,
            ..self
        }
    }

    /// How long an expired or taken visit is remembered after it expires,
    /// to be refused as such rather than as unknown.
    pub fn remember(&self) -> Duration {
        self.remember
    }

    /// The same limits, remembering expired and taken visits for `time`.
    pub fn with_remember(self, time: Duration) -> StoreLimits {
        StoreLimits {
            remember: time,
            ..self
        }
    }

    /// The most live visits (pending, or answered and not yet taken, and
    /// not expired) one user may have at once: past it, a new visit of
    /// theirs is refused with [`StoreError::UserFull`] while every other
    /// user's are made, so one user cannot fill the store for everyone.
    /// Visits made for [`Principal::UNBOUND`](elicit_runtime::state::Principal::UNBOUND)
    /// count as one user's.
    pub fn max_visits_per_user(&self) -> usize {
        self.max_visits_per_user
    }

    /// The same limits with at most `visits` live visits per user.
    ///
    /// ```
    /// use elicit_runtime::state::Binding;
    /// use elicit_web::store::{MemoryStore, NewVisit, StoreError, StoreLimits, VisitStore};
    /// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
    ///
    /// let store = MemoryStore::new(1_000).with_limits(StoreLimits::DEFAULT.with_max_visits_per_user(2));
    /// let visit = |user: &str| NewVisit::new(&Binding::tool("pay", None).for_principal(user), "card");
    /// store.create(visit("mallory")).await.unwrap();
    /// store.create(visit("mallory")).await.unwrap();
    /// assert_eq!(store.create(visit("mallory")).await.unwrap_err(), StoreError::UserFull { limit: 2 });
    /// store.create(visit("alice")).await.unwrap();
    /// # });
    /// ```
    pub fn with_max_visits_per_user(self, visits: usize) -> StoreLimits {
        StoreLimits {
            max_visits_per_user: visits,
            ..self
        }
    }

    /// When a new visit made at `now` expires, if the store takes it.
    pub(crate) fn check_new(
        &self,
        visit: &NewVisit,
        now: SystemTime,
    ) -> Result<SystemTime, StoreError> {
        if visit.ttl.is_zero() {
            return Err(StoreError::Invalid(
                "its lifetime is zero: give `NewVisit::with_ttl` a lifetime of a few minutes",
            ));
        }
        if visit.ttl > self.max_visit_ttl {
            return Err(StoreError::Invalid(
                "its lifetime is longer than the store's `StoreLimits::max_visit_ttl`: give a \
                 shorter one, or raise the limit",
            ));
        }
        let key = &visit.bound.form_key;
        if key.is_empty() || key.len() > MAX_FORM_KEY {
            return Err(StoreError::Invalid(
                "its form key is empty or longer than 256 bytes: name the form with a short key",
            ));
        }
        now.checked_add(visit.ttl).ok_or(StoreError::Invalid(
            "its lifetime runs past the end of time: give a lifetime of a few minutes",
        ))
    }

    /// Refuses an answer past [`StoreLimits::max_answer_bytes`].
    pub(crate) fn check_answer(&self, answer: &SealedAnswer) -> Result<(), StoreError> {
        if answer.len() > self.max_answer_bytes {
            return Err(StoreError::TooLarge {
                limit: self.max_answer_bytes,
                actual: answer.len(),
            });
        }
        Ok(())
    }

    /// When an answer completed at `now` stops waiting to be taken.
    pub(crate) fn answer_expiry(&self, now: SystemTime) -> SystemTime {
        now.checked_add(self.answer_ttl).unwrap_or(now)
    }

    /// When a visit that expires at `expires_at` is forgotten.
    pub(crate) fn forget_at(&self, expires_at: SystemTime) -> SystemTime {
        expires_at.checked_add(self.remember).unwrap_or(expires_at)
    }
}

impl Default for StoreLimits {
    fn default() -> StoreLimits {
        StoreLimits::DEFAULT
    }
}
