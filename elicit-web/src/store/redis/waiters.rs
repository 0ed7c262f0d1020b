//! The waits of one Redis store: one subscriber connection, shared by the
//! store's clones, serves every waiting flow.
//!
//! A wait trusts the store, never a message: a message on a visit's
//! channel only wakes its waiters to read the visit again, so a `PUBLISH`
//! anyone can send ends no wait early. The connection subscribes to the
//! pattern of every visit's channel once, on a task of its own; when it
//! drops (Redis restarted, the connection killed, a heartbeat unanswered)
//! the task connects and subscribes again, then wakes every waiter to read
//! its visit again, since a completion may have gone out meanwhile.

use std::collections::HashMap;
use std::pin::pin;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use futures::StreamExt as _;
use futures::future::{Either, select};
use redis::Client;
use tokio::sync::watch;
use tokio::task::AbortHandle;

use super::super::VisitId;

/// How often the connection is checked with a `PING` while no message
/// comes; an unanswered one is a dropped connection.
const HEARTBEAT: Duration = Duration::from_secs(15);
/// How long a heartbeat's `PING` is waited for.
const HEARTBEAT_TIMEOUT: Duration = Duration::from_secs(5);
/// The first wait before connecting again, doubled after each failure up
/// to [`MOST_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(50);
const MOST_BACKOFF: Duration = Duration::from_secs(2);

/// The waits of one store, and the subscriber connection that wakes them.
pub(super) struct Waiters {
    shared: Arc<Shared>,
}

struct Shared {
    client: Client,
    /// The channels' prefix: a visit's channel is `{prefix}{id}:done`.
    prefix: String,
    /// The waiters of each visit, woken by a version bump.
    visits: Mutex<HashMap<VisitId, (watch::Sender<u64>, usize)>>,
    /// Bumped each time the connection is subscribed (again): every
    /// waiter reads its visit again.
    subscribed: watch::Sender<u64>,
    /// The connection's task, started by the first wait.
    task: Mutex<Option<AbortHandle>>,
}

impl Waiters {
    /// The waits of the store on `client` whose visits' channels start
    /// with `prefix`; no connection until the first wait.
    pub(super) fn new(client: Client, prefix: String) -> Waiters {
        Waiters {
            shared: Arc::new(Shared {
                client,
                prefix,
                visits: Mutex::new(HashMap::new()),
                subscribed: watch::channel(0).0,
                task: Mutex::new(None),
            }),
        }
    }

    /// A wait for `id`: woken by a message on its channel or a new
    /// subscription, from now on. Starts the connection's task if none
    /// runs.
    pub(super) fn watch(&self, id: VisitId) -> Watch {
        self.shared.start();
        let visit = {
            let mut visits = self.shared.visits();
            let (sender, count) = visits.entry(id).or_insert_with(|| (watch::channel(0).0, 0));
            *count += 1;
            sender.subscribe()
        };
        Watch {
            shared: Arc::clone(&self.shared),
            id,
            visit,
            subscribed: self.shared.subscribed.subscribe(),
        }
    }
}

/// One wait's registration: its wake-ups, until it is dropped.
pub(super) struct Watch {
    shared: Arc<Shared>,
    id: VisitId,
    visit: watch::Receiver<u64>,
    subscribed: watch::Receiver<u64>,
}

impl Watch {
    /// Until the visit's channel carries a message, the connection is
    /// subscribed again, or `timeout` passes; then the caller reads the
    /// visit.
    pub(super) async fn woken(&mut self, timeout: Duration) {
        let visit = pin!(self.visit.changed());
        let subscribed = pin!(self.subscribed.changed());
        let either = select(visit, subscribed);
        // A sender gone (it never is while this wait holds the store):
        // wait out the time rather than spin.
        if let Ok(Either::Left((Err(_), _)) | Either::Right((Err(_), _))) =
            tokio::time::timeout(timeout, either).await
        {
            tokio::time::sleep(timeout).await;
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let mut visits = self.shared.visits();
        if let Some((_, count)) = visits.get_mut(&self.id) {
            *count -= 1;
            if *count == 0 {
                visits.remove(&self.id);
            }
        }
    }
}

impl Shared {
    fn visits(&self) -> MutexGuard<'_, HashMap<VisitId, (watch::Sender<u64>, usize)>> {
        self.visits
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Starts the connection's task, unless it runs.
    fn start(self: &Arc<Shared>) {
        let mut task = self
            .task
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if task.as_ref().is_some_and(|task| !task.is_finished()) {
            return;
        }
        let shared = Arc::downgrade(self);
        let pattern = format!("{}*:done", glob_escape(&self.prefix));
        let client = self.client.clone();
        *task = Some(tokio::spawn(subscriber(shared, client, pattern)).abort_handle());
    }

    /// Wakes the waiters of the visit whose channel is `channel`.
    fn woken(&self, channel: &str) {
        let id = channel
            .strip_prefix(self.prefix.as_str())
            .and_then(|rest| rest.strip_suffix(":done"))
            .and_then(|id| VisitId::parse(id).ok());
        if let Some(id) = id
            && let Some((sender, _)) = self.visits().get(&id)
        {
            sender.send_modify(|version| *version = version.wrapping_add(1));
        }
    }
}

/// The connection closes with the store's last clone.
impl Drop for Shared {
    fn drop(&mut self) {
        let task = self
            .task
            .get_mut()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(task) = task.take() {
            task.abort();
        }
    }
}

/// The connection's task: subscribes to `pattern`, wakes the waiters of
/// each message's visit, and connects again whenever the connection
/// drops, until the store is gone.
async fn subscriber(shared: Weak<Shared>, client: Client, pattern: String) {
    let mut backoff = FIRST_BACKOFF;
    loop {
        let connected = async {
            let mut pubsub = client.get_async_pubsub().await?;
            pubsub.psubscribe(&pattern).await?;
            Ok::<_, redis::RedisError>(pubsub)
        };
        let Ok(pubsub) = connected.await else {
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(MOST_BACKOFF);
            continue;
        };
        backoff = FIRST_BACKOFF;
        match shared.upgrade() {
            // Whatever went out before the subscription is read again.
            Some(shared) => shared
                .subscribed
                .send_modify(|epoch| *epoch = epoch.wrapping_add(1)),
            None => return,
        }
        let (mut sink, mut messages) = pubsub.split();
        loop {
            let next = messages.next();
            let message = match tokio::time::timeout(HEARTBEAT, next).await {
                Ok(Some(message)) => message,
                // Closed: connect again.
                Ok(None) => break,
                Err(_) => {
                    let ping = sink.ping::<redis::Value>();
                    match tokio::time::timeout(HEARTBEAT_TIMEOUT, ping).await {
                        Ok(Ok(_)) => continue,
                        _ => break,
                    }
                }
            };
            match shared.upgrade() {
                Some(shared) => shared.woken(message.get_channel_name()),
                None => return,
            }
        }
    }
}

/// `text` with the characters a glob pattern reads (`*`, `?`, `[`, `]`,
/// `\`) escaped, so it matches only itself.
fn glob_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '*' | '?' | '[' | ']' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::glob_escape;

    #[test]
    fn a_prefix_matches_only_itself() {
        assert_eq!(glob_escape("elicit:visit:"), "elicit:visit:");
        assert_eq!(glob_escape(r"a*b?[c]\"), r"a\*b\?\[c\]\\");
    }
}
