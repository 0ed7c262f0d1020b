//! Waits on Redis trust the store, not the message, over one connection:
//! a `PUBLISH` anyone sends on a visit's channel ends no wait; a killed
//! subscriber connection comes back and the wait reads the visit again;
//! one subscriber connection per store serves every waiting flow.

use std::time::{Duration, Instant};

use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
use elicit_web::store::{
    NewVisit, RedisStore, SealedAnswer, StoreError, StoreLimits, VisitId, VisitStore, Waited,
};
use serde_json::json;
use tokio::task::JoinHandle;

use crate::redis_server::RedisServer;
use crate::suite::Backend;

/// A command on a connection of its own to `server`, its answer as `T`.
async fn command<T: redis::FromRedisValue>(server: &RedisServer, args: &[&str]) -> T {
    let client = redis::Client::open(server.url()).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    let mut command = redis::cmd(args[0]);
    for arg in &args[1..] {
        command.arg(*arg);
    }
    command.query_async(&mut connection).await.unwrap()
}

/// How many subscriber connections `server` has.
async fn subscribers(server: &RedisServer) -> usize {
    let list: String = command(server, &["CLIENT", "LIST", "TYPE", "pubsub"]).await;
    list.lines().filter(|line| !line.is_empty()).count()
}

/// Waits, five seconds at most, until `server` has `count` subscriber
/// connections.
async fn until_subscribers(server: &RedisServer, count: usize) {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let now = subscribers(server).await;
        if now == count {
            return;
        }
        assert!(Instant::now() < deadline, "{now} subscribers, not {count}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn visit() -> NewVisit {
    let binding = elicit_runtime::state::Binding::tool("pay", None)
        .bound_to(&Principal::user("alice@example.com"));
    NewVisit::new(&binding, "card")
}

/// Completes `id` on `store` with an answer.
async fn complete(store: &RedisStore, id: VisitId) {
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let alice = Principal::user("alice@example.com");
    let sealed = SealedAnswer::seal(&keys, id, &alice, &json!({ "card": "4111" })).unwrap();
    store.complete(id, sealed).await.unwrap();
}

fn waiting(
    store: &RedisStore,
    id: VisitId,
    timeout: Duration,
) -> JoinHandle<Result<Waited, StoreError>> {
    let store = store.clone();
    tokio::spawn(async move { store.wait(id, timeout).await })
}

/// The channel a visit's completion goes out on, as anyone can publish.
fn channel(store: &RedisStore, id: VisitId) -> String {
    format!("{}:done", store.key_of(id))
}

/// A spoofed completion or close, published by anyone, only makes the
/// wait read the visit again: it goes on, and ends on the real answer; a
/// wait given nothing but spoofs ends at its time, not before.
pub async fn a_spoofed_publish_ends_no_wait(server: &RedisServer) {
    let (a, b) = server.replicas(StoreLimits::DEFAULT).await;
    let id = a.create(visit()).await.unwrap().id;
    let waiter = waiting(&a, id, Duration::from_secs(20));
    until_subscribers(server, 1).await;
    for word in ["completed", "closed", "completed"] {
        let _: i64 = command(server, &["PUBLISH", &channel(&a, id), word]).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!waiter.is_finished(), "a spoofed message ended the wait");
    complete(&b, id).await;
    let woken = tokio::time::timeout(Duration::from_secs(5), waiter).await;
    assert_eq!(woken.unwrap().unwrap(), Ok(Waited::Completed));

    let id = a.create(visit()).await.unwrap().id;
    let timeout = Duration::from_millis(800);
    let started = Instant::now();
    let waiter = waiting(&a, id, timeout);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let _: i64 = command(server, &["PUBLISH", &channel(&a, id), "completed"]).await;
    assert_eq!(waiter.await.unwrap(), Ok(Waited::TimedOut));
    assert!(
        started.elapsed() >= timeout,
        "ended at {:?}",
        started.elapsed()
    );
}

/// The subscriber connection killed under a wait: the wait goes on, the
/// connection comes back, and the completion made while it was down (its
/// message heard by no one) is read from the store. While it is down, the
/// server refuses it `PSUBSCRIBE` (an ACL), so the completion surely goes
/// out in the gap.
pub async fn a_killed_subscriber_connection_comes_back(server: &RedisServer) {
    let (a, b) = server.replicas(StoreLimits::DEFAULT).await;
    let id = a.create(visit()).await.unwrap().id;
    let waiter = waiting(&a, id, Duration::from_secs(20));
    until_subscribers(server, 1).await;
    let _: String = command(server, &["ACL", "SETUSER", "default", "-psubscribe"]).await;
    let _: i64 = command(server, &["CLIENT", "KILL", "TYPE", "pubsub"]).await;
    complete(&b, id).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(subscribers(server).await, 0, "the connection is down");
    assert!(!waiter.is_finished(), "a dropped connection ended the wait");
    let _: String = command(server, &["ACL", "SETUSER", "default", "+psubscribe"]).await;
    let woken = tokio::time::timeout(Duration::from_secs(5), waiter).await;
    assert_eq!(woken.unwrap().unwrap(), Ok(Waited::Completed));
    until_subscribers(server, 1).await;

    // Killed, and nothing completed: the wait goes on.
    let id = a.create(visit()).await.unwrap().id;
    let waiter = waiting(&a, id, Duration::from_secs(20));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let _: i64 = command(server, &["CLIENT", "KILL", "TYPE", "pubsub"]).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!waiter.is_finished(), "a dropped connection ended the wait");
    until_subscribers(server, 1).await;
    complete(&b, id).await;
    let woken = tokio::time::timeout(Duration::from_secs(5), waiter).await;
    assert_eq!(woken.unwrap().unwrap(), Ok(Waited::Completed));
}

/// Many flows waiting on one store (and its clones) hold one subscriber
/// connection between them; each is woken by its own visit only.
pub async fn one_connection_serves_every_wait(server: &RedisServer) {
    const WAITERS: usize = 24;
    let (a, b) = server.replicas(StoreLimits::DEFAULT).await;
    let mut visits = Vec::new();
    let mut waiters = Vec::new();
    for i in 0..WAITERS {
        let id = a.create(visit()).await.unwrap().id;
        // Half on clones of the store, as the flows of a server hold it.
        let store = if i % 2 == 0 {
            a.clone()
        } else {
            a.clone().clone()
        };
        waiters.push(waiting(&store, id, Duration::from_secs(20)));
        visits.push(id);
    }
    until_subscribers(server, 1).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        subscribers(server).await,
        1,
        "one connection for every wait"
    );

    // Each completion ends its own wait, and no other.
    complete(&b, visits[0]).await;
    let first = waiters.remove(0);
    let woken = tokio::time::timeout(Duration::from_secs(5), first).await;
    assert_eq!(woken.unwrap().unwrap(), Ok(Waited::Completed));
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(waiters.iter().all(|waiter| !waiter.is_finished()));
    for (id, waiter) in visits[1..].iter().zip(waiters) {
        complete(&b, *id).await;
        let woken = tokio::time::timeout(Duration::from_secs(5), waiter).await;
        assert_eq!(woken.unwrap().unwrap(), Ok(Waited::Completed));
    }
    assert_eq!(subscribers(server).await, 1);
    // Another store is another process's: a connection of its own.
    let id = b.create(visit()).await.unwrap().id;
    let other = waiting(&b, id, Duration::from_secs(20));
    until_subscribers(server, 2).await;
    b.close(id).await.unwrap();
    assert_eq!(other.await.unwrap(), Ok(Waited::Closed));
}
