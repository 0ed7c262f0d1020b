//! The visit store on Redis (the `redis` feature): for servers that run
//! several replicas.

mod scripts;
mod waiters;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use redis::aio::ConnectionManager;
use redis::{Client, RedisError, Script, ScriptInvocation};

use super::visit::Bound;
use super::{
    Created, CsrfToken, NewVisit, SealedAnswer, StoreError, StoreFuture, StoreLimits, Visit,
    VisitId, VisitState, VisitStore, Waited,
};
use waiters::Waiters;

/// The fields [`RedisStore::load`] reads: everything but the answer.
const FIELDS: [&str; 8] = [
    "state",
    "expires",
    "principal",
    "request",
    "arguments",
    "token",
    "form",
    "csrf",
];

/// The visit store on Redis, for servers that run several replicas: any
/// replica serves the page, completes the visit, takes the answer or is
/// woken by the completion.
///
/// - **One hash per visit** (`{prefix}{id}`, the prefix `elicit:visit:`
///   unless [`RedisStore::with_prefix`] says otherwise) with a time to
///   live: the visit's lifetime plus [`StoreLimits::remember`]. Redis
///   drops it after that.
/// - **Atomic steps.** Create, complete, take and close each run as one Lua
///   script, so a visit is made once (never over an existing one, as
///   `SET … NX` would), completed once, and its answer taken once however
///   many replicas race for it; the answer is deleted as it is taken.
/// - **Capped, per user and in all.** The live visits (pending, or
///   answered and not yet taken) are counted in sorted sets by expiry, all
///   of them (`{prefix}live`) and each user's (`{prefix}user:{digest}`),
///   in the same scripts: a user past [`StoreLimits::max_visits_per_user`]
///   gets [`StoreError::UserFull`], and past [`RedisStore::with_max_visits`]
///   (100 000 unless set) everyone gets [`StoreError::Full`].
/// - **Completion (or close) pushed** on the channel `{prefix}{id}:done`.
///   A replica waiting on 2025-11-25 ([`VisitStore::wait`]) is woken by it
///   to read the visit again, and goes on waiting unless the store says it
///   is completed or closed: a `PUBLISH` of anyone else's ends no wait.
///   One subscriber connection per store (shared by its clones) serves
///   every wait; when it drops, it connects again and every waiter reads
///   its visit again.
/// - **Sealed answers only**: the store keeps a [`SealedAnswer`], digests
///   of the user and the request, the form key and the page's CSRF token.
/// - **Clocks.** Expiry is checked against the clock of the replica that
///   asks, in milliseconds: keep the replicas' clocks in sync (NTP).
/// - **One Redis.** The scripts count each visit in sets shared by every
///   visit (and read a visit's user set from its hash): a single Redis, or
///   a primary with its replicas, not a Redis Cluster, whose scripts may
///   touch the keys of one slot only.
///
/// Commands go through a `ConnectionManager`, which reconnects after
/// Redis restarts; a command that fails is [`StoreError::Backend`]. Clones
/// share the connection.
///
/// ```no_run
/// use elicit_runtime::state::Binding;
/// use elicit_web::store::{NewVisit, RedisStore, VisitStore};
/// # async fn run() -> Result<(), elicit_web::store::StoreError> {
///
/// let store = RedisStore::connect("redis://127.0.0.1:6379/").await?.with_prefix("shop:visit:");
/// let created = store.create(NewVisit::new(&Binding::tool("pay", None).for_principal("alice"), "card")).await?;
/// assert_eq!(store.key_of(created.id), format!("shop:visit:{}", created.id));
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct RedisStore {
    client: Client,
    connection: ConnectionManager,
    prefix: String,
    limits: StoreLimits,
    max_visits: usize,
    scripts: Arc<Scripts>,
    waiters: Arc<Waiters>,
}

struct Scripts {
    create: Script,
    complete: Script,
    take: Script,
    close: Script,
}

impl core::fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("RedisStore")
            .field("prefix", &self.prefix)
            .field("limits", &self.limits)
            .field("max_visits", &self.max_visits)
            .finish_non_exhaustive()
    }
}

impl RedisStore {
    /// Connects to Redis at `url` (`redis://host:port/db`, with
    /// credentials if Redis asks for them), with [`StoreLimits::DEFAULT`].
    ///
    /// # Errors
    ///
    /// [`StoreError::Backend`] when the URL does not read or Redis cannot
    /// be reached.
    pub async fn connect(url: &str) -> Result<RedisStore, StoreError> {
        let client = Client::open(url).map_err(backend)?;
        let connection = ConnectionManager::new(client.clone())
            .await
            .map_err(backend)?;
        let prefix = "elicit:visit:".to_owned();
        Ok(RedisStore {
            waiters: Arc::new(Waiters::new(client.clone(), prefix.clone())),
            client,
            connection,
            prefix,
            limits: StoreLimits::DEFAULT,
            max_visits: RedisStore::DEFAULT_MAX_VISITS,
            scripts: Arc::new(Scripts {
                create: Script::new(scripts::CREATE),
                complete: Script::new(scripts::COMPLETE),
                take: Script::new(scripts::TAKE),
                close: Script::new(scripts::CLOSE),
            }),
        })
    }

    /// How many live visits the store holds in all unless
    /// [`RedisStore::with_max_visits`] says otherwise.
    pub const DEFAULT_MAX_VISITS: usize = 100_000;

    /// The same store, keeping its visits under `prefix` (for several
    /// servers on one Redis).
    pub fn with_prefix(self, prefix: impl Into<String>) -> RedisStore {
        let prefix = prefix.into();
        RedisStore {
            waiters: Arc::new(Waiters::new(self.client.clone(), prefix.clone())),
            prefix,
            ..self
        }
    }

    /// The same store, holding at most `visits` live visits in all
    /// (pending, or answered and not yet taken): past it, a new visit is
    /// refused with [`StoreError::Full`] until some are answered, closed
    /// or expire. Every replica on one Redis should have the same.
    pub fn with_max_visits(self, visits: usize) -> RedisStore {
        RedisStore {
            max_visits: visits,
            ..self
        }
    }

    /// The same store with `limits`; every replica on one Redis should
    /// have the same.
    pub fn with_limits(self, limits: StoreLimits) -> RedisStore {
        RedisStore { limits, ..self }
    }

    /// The store's limits.
    pub fn limits(&self) -> &StoreLimits {
        &self.limits
    }

    /// The Redis key of a visit's hash: for an audit (or a test) of what
    /// the store keeps.
    pub fn key_of(&self, id: VisitId) -> String {
        format!("{}{id}", self.prefix)
    }

    /// The channel a visit's completion is published on.
    fn channel_of(&self, id: VisitId) -> String {
        format!("{}{id}:done", self.prefix)
    }

    /// The key of the sorted set of the live visits of the user whose
    /// principal's digest is `principal`, as the scripts name it.
    fn user_key(&self, principal: Option<&[u8; 32]>) -> String {
        match principal {
            Some(digest) => format!("{}user:{}", self.prefix, hex(digest)),
            None => format!("{}user:unbound", self.prefix),
        }
    }

    async fn create_now(&self, visit: NewVisit, now: SystemTime) -> Result<Created, StoreError> {
        let expires_at = self.limits.check_new(&visit, now)?;
        let id = VisitId::generate()?;
        let csrf = CsrfToken::generate()?;
        let bound = &visit.bound;
        let mut invocation = self.scripts.create.key(self.key_of(id));
        invocation
            .key(format!("{}live", self.prefix))
            .key(self.user_key(bound.principal.as_ref()))
            .arg(ttl_millis(self.limits.forget_at(expires_at), now))
            .arg(millis(now))
            .arg(millis(expires_at))
            .arg(self.max_visits)
            .arg(self.limits.max_visits_per_user())
            .arg(id.to_string())
            .arg("state")
            .arg(VisitState::Pending.as_str())
            .arg("expires")
            .arg(millis(expires_at))
            .arg("principal")
            .arg(bound.principal.as_ref().map(|d| hex(d)).unwrap_or_default())
            .arg("request")
            .arg(hex(&bound.request))
            .arg("arguments")
            .arg(hex(&bound.arguments))
            .arg("token")
            .arg(bound.token.as_ref().map(|t| hex(t)).unwrap_or_default())
            .arg("form")
            .arg(&bound.form_key)
            .arg("csrf")
            .arg(csrf.expose());
        let made: String = invocation
            .invoke_async(&mut self.connection.clone())
            .await
            .map_err(backend)?;
        match made.as_str() {
            "ok" => {}
            "user_full" => {
                return Err(StoreError::UserFull {
                    limit: self.limits.max_visits_per_user(),
                });
            }
            "full" => {
                return Err(StoreError::Full {
                    limit: self.max_visits,
                });
            }
            // 256 random bits met an existing visit: the randomness is broken.
            "exists" => {
                return Err(StoreError::Randomness(
                    "a new visit id was already taken".to_owned(),
                ));
            }
            _ => return Err(StoreError::Corrupt),
        }
        Ok(Created {
            id,
            csrf,
            expires_at,
        })
    }

    async fn load_now(&self, id: VisitId, now: SystemTime) -> Result<Visit, StoreError> {
        let mut command = redis::cmd("HMGET");
        command.arg(self.key_of(id)).arg(&FIELDS[..]);
        let values: Vec<Option<String>> = command
            .query_async(&mut self.connection.clone())
            .await
            .map_err(backend)?;
        let fields: HashMap<&str, String> = FIELDS
            .iter()
            .zip(values)
            .filter_map(|(name, value)| value.map(|value| (*name, value)))
            .collect();
        if fields.is_empty() {
            return Err(StoreError::Unknown);
        }
        let visit = read_visit(id, &fields).ok_or(StoreError::Corrupt)?;
        if visit.expires_at <= now {
            return Err(StoreError::Expired);
        }
        Ok(visit)
    }

    async fn complete_now(
        &self,
        id: VisitId,
        answer: SealedAnswer,
        now: SystemTime,
    ) -> Result<(), StoreError> {
        self.limits.check_answer(&answer)?;
        let expires_at = self.limits.answer_expiry(now);
        let mut invocation = self.scripts.complete.key(self.key_of(id));
        invocation
            .arg(millis(now))
            .arg(answer.as_str())
            .arg(millis(expires_at))
            .arg(ttl_millis(self.limits.forget_at(expires_at), now))
            .arg(self.channel_of(id))
            .arg(&self.prefix)
            .arg(id.to_string());
        self.outcome(&invocation).await
    }

    async fn close_now(&self, id: VisitId, now: SystemTime) -> Result<(), StoreError> {
        let mut invocation = self.scripts.close.key(self.key_of(id));
        invocation
            .arg(millis(now))
            .arg(self.channel_of(id))
            .arg(&self.prefix)
            .arg(id.to_string());
        self.outcome(&invocation).await
    }

    /// Runs a script that answers in one word: `ok`, or a refusal.
    async fn outcome(&self, invocation: &ScriptInvocation<'_>) -> Result<(), StoreError> {
        let outcome: String = invocation
            .invoke_async(&mut self.connection.clone())
            .await
            .map_err(backend)?;
        outcome_of(&outcome)
    }

    async fn take_now(&self, id: VisitId, now: SystemTime) -> Result<SealedAnswer, StoreError> {
        let mut invocation = self.scripts.take.key(self.key_of(id));
        invocation
            .arg(millis(now))
            .arg(&self.prefix)
            .arg(id.to_string());
        let mut outcome: Vec<String> = invocation
            .invoke_async(&mut self.connection.clone())
            .await
            .map_err(backend)?;
        let answer = (outcome.len() == 2).then(|| outcome.pop()).flatten();
        match (outcome.first().map(String::as_str), answer) {
            (Some("ok"), Some(answer)) => Ok(SealedAnswer::from_stored(answer)),
            (Some(word), None) if word != "ok" => Err(refusal_of(word)),
            _ => Err(StoreError::Corrupt),
        }
    }

    /// Waits for the visit on the store's one subscriber connection: each
    /// message on its channel, or subscription of the connection, only
    /// wakes the wait to read the visit again; the wait ends when the
    /// store says the visit is completed or closed, or at the time.
    async fn wait_now(&self, id: VisitId, timeout: Duration) -> Result<Waited, StoreError> {
        // Registered first, then read: a completion between the two wakes
        // the wait, and a subscription made later reads it again.
        let mut watch = self.waiters.watch(id);
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let now = SystemTime::now();
            let visit = self.load_now(id, now).await?;
            if let Some(waited) = visit.state.waited() {
                return Ok(waited);
            }
            let expires = visit.expires_at.duration_since(now).unwrap_or_default();
            let left = deadline
                .saturating_duration_since(tokio::time::Instant::now())
                .min(expires);
            if left.is_zero() {
                return Ok(Waited::TimedOut);
            }
            watch.woken(left).await;
        }
    }
}

impl VisitStore for RedisStore {
    fn create(&self, visit: NewVisit) -> StoreFuture<'_, Created> {
        Box::pin(self.create_now(visit, SystemTime::now()))
    }

    fn load(&self, id: VisitId) -> StoreFuture<'_, Visit> {
        Box::pin(self.load_now(id, SystemTime::now()))
    }

    fn complete(&self, id: VisitId, answer: SealedAnswer) -> StoreFuture<'_, ()> {
        Box::pin(self.complete_now(id, answer, SystemTime::now()))
    }

    fn take(&self, id: VisitId) -> StoreFuture<'_, SealedAnswer> {
        Box::pin(self.take_now(id, SystemTime::now()))
    }

    fn wait(&self, id: VisitId, timeout: Duration) -> StoreFuture<'_, Waited> {
        Box::pin(self.wait_now(id, timeout))
    }

    fn close(&self, id: VisitId) -> StoreFuture<'_, ()> {
        Box::pin(self.close_now(id, SystemTime::now()))
    }
}

/// A visit from its stored fields; `None` if any is missing or wrong.
fn read_visit(id: VisitId, fields: &HashMap<&str, String>) -> Option<Visit> {
    let field = |name: &str| fields.get(name).map(String::as_str);
    let optional = |name: &str| match field(name)? {
        "" => Some(None),
        text => Some(Some(text)),
    };
    let principal = match optional("principal")? {
        Some(text) => Some(unhex::<32>(text)?),
        None => None,
    };
    let token = match optional("token")? {
        Some(text) => Some(unhex::<16>(text)?),
        None => None,
    };
    Some(Visit {
        id,
        bound: Bound {
            principal,
            request: unhex(field("request")?)?,
            arguments: unhex(field("arguments")?)?,
            token,
            form_key: field("form")?.to_owned(),
        },
        csrf: CsrfToken::from_stored(field("csrf")?)?,
        expires_at: from_millis(field("expires")?.parse().ok()?),
        state: VisitState::from_stored(field("state")?)?,
    })
}

/// What a script's one-word outcome says: `ok`, or a refusal.
fn outcome_of(word: &str) -> Result<(), StoreError> {
    match word {
        "ok" => Ok(()),
        word => Err(refusal_of(word)),
    }
}

/// The refusal a script's outcome word names; [`StoreError::Corrupt`]
/// for a word no script writes.
fn refusal_of(word: &str) -> StoreError {
    match word {
        "completed" => StoreError::AlreadyCompleted,
        "taken" => StoreError::AlreadyTaken,
        "pending" => StoreError::NotCompleted,
        "closed" => StoreError::Closed,
        "expired" => StoreError::Expired,
        "unknown" => StoreError::Unknown,
        _ => StoreError::Corrupt,
    }
}

/// A Redis failure, as its kind and reason (never a key or a value).
fn backend(error: RedisError) -> StoreError {
    StoreError::Backend(error.to_string())
}

/// Milliseconds since the Unix epoch (0 before it, saturating far after).
fn millis(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |since| {
        u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
    })
}

/// The time `millis` milliseconds after the Unix epoch.
fn from_millis(millis: u64) -> SystemTime {
    UNIX_EPOCH
        .checked_add(Duration::from_millis(millis))
        .unwrap_or(UNIX_EPOCH)
}

/// A key's time to live until `until`, in milliseconds, at least 1
/// (`PEXPIRE` with 0 deletes the key).
fn ttl_millis(until: SystemTime, now: SystemTime) -> u64 {
    millis(until).saturating_sub(millis(now)).max(1)
}

/// Lowercase hex.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// `N` bytes from exactly `2 * N` lowercase hex digits.
fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let text = text.as_bytes();
    if text.len() != 2 * N {
        return None;
    }
    let digit = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        _ => None,
    };
    let mut bytes = [0; N];
    for (byte, pair) in bytes.iter_mut().zip(text.chunks_exact(2)) {
        *byte = digit(pair[0])? << 4 | digit(pair[1])?;
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::{hex, unhex};

    #[test]
    fn hex_reads_back_strictly() {
        let bytes: [u8; 4] = [0, 0x7f, 0xa0, 0xff];
        assert_eq!(hex(&bytes), "007fa0ff");
        assert_eq!(unhex::<4>("007fa0ff"), Some(bytes));
        assert_eq!(unhex::<4>("007FA0FF"), None);
        assert_eq!(unhex::<4>("007fa0f"), None);
        assert_eq!(unhex::<4>("007fa0fg"), None);
    }
}
