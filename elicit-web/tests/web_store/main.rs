//! The visit stores (`elicit_web::store`): one behavioural suite (`suite.rs`),
//! run through the `VisitStore` trait against the store in memory and,
//! with the `redis` feature, against a real `redis-server`
//! (`redis_backend.rs`, on `tests/support/redis_server.rs` of the
//! workspace); random sequences of steps on both, which must agree step
//! by step (`agree.rs`); the waits on Redis, against the messages and
//! connections of the server (`redis_waits.rs`); and an answer changed in
//! the store, refused when the tool reads it (`read_again.rs`).

mod read_again;
mod suite;

#[cfg(feature = "redis")]
mod agree;
#[cfg(feature = "redis")]
mod redis_backend;
#[cfg(feature = "redis")]
#[path = "../../../tests/support/redis_server.rs"]
mod redis_server;
#[cfg(feature = "redis")]
mod redis_waits;

use elicit_runtime::state::Binding;
use elicit_web::store::{MemoryStore, NewVisit, StoreError, StoreLimits, VisitId, VisitStore};

/// The store in memory; its "replicas" are clones sharing the visits.
struct Memory;

impl suite::Backend for Memory {
    type Store = MemoryStore;

    async fn capped(&self, limits: StoreLimits, max_visits: usize) -> (MemoryStore, MemoryStore) {
        let store = MemoryStore::new(max_visits).with_limits(limits);
        (store.clone(), store)
    }

    async fn raw(&self, store: &MemoryStore, id: VisitId) -> String {
        format!("{:?} {:?}", store.stored_answer(id), store)
    }
}

/// Each behaviour of the suite, as a test against `$backend` (an
/// expression giving an `Option` of a backend: `None` skips).
macro_rules! behaviours {
    ($module:ident, $backend:expr) => {
        mod $module {
            use super::*;

            behaviours!(@each $backend; lifecycle, follows_its_token, take_twice,
                complete_twice, expired, unknown, sealed_at_rest, wait_is_woken,
                one_of_many, refuses_bad_input, closed, an_expired_visit_is_closed_too,
                close_races_the_page, one_users_flood, the_store_holds_its_most);
        }
    };
    (@each $backend:expr; $($name:ident),*) => {
        $(
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn $name() {
                if let Some(backend) = $backend {
                    suite::$name(&backend).await;
                }
            }
        )*
    };
}

behaviours!(memory, Some(Memory));

#[cfg(feature = "redis")]
behaviours!(redis, redis_server::RedisServer::start());

/// The waits on Redis (`redis_waits.rs`), each against a server of its
/// own, whose connections it counts.
#[cfg(feature = "redis")]
mod redis_wait {
    macro_rules! on_redis {
        ($($name:ident),*) => {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn $name() {
                    if let Some(server) = crate::redis_server::RedisServer::start() {
                        crate::redis_waits::$name(&server).await;
                    }
                }
            )*
        };
    }

    on_redis!(
        a_spoofed_publish_ends_no_wait,
        a_killed_subscriber_connection_comes_back,
        one_connection_serves_every_wait
    );
}

/// A full memory store refuses a new visit rather than evict a live one,
/// and makes room by forgetting taken ones.
#[tokio::test]
async fn memory_is_bounded_and_evicts_no_live_visit() {
    let store = MemoryStore::new(3);
    let visit = || NewVisit::new(&Binding::tool("t", None).for_principal("alice"), "form");
    let first = store.create(visit()).await.unwrap();
    for _ in 0..2 {
        store.create(visit()).await.unwrap();
    }
    assert_eq!(
        store.create(visit()).await.unwrap_err(),
        StoreError::Full { limit: 3 }
    );
    assert!(
        store.load(first.id).await.is_ok(),
        "a live visit was evicted"
    );
    assert_eq!(store.len(), 3);

    let keys = elicit_runtime::state::StateKeys::new(
        elicit_runtime::state::StateKey::generate().unwrap(),
        elicit_runtime::state::Deployment::SINGLE,
    );
    let alice = elicit_runtime::state::Principal::user("alice");
    let sealed = elicit_web::store::SealedAnswer::seal(&keys, first.id, &alice, &1).unwrap();
    store.complete(first.id, sealed).await.unwrap();
    store.take(first.id).await.unwrap();
    store.create(visit()).await.unwrap();
    assert_eq!(store.len(), 3);
}

/// A closed visit no longer counts as live: a full store forgets it to
/// make room.
#[tokio::test]
async fn memory_makes_room_by_forgetting_closed_visits() {
    let store = MemoryStore::new(2);
    let visit = || NewVisit::new(&Binding::tool("t", None).for_principal("alice"), "form");
    let first = store.create(visit()).await.unwrap();
    store.create(visit()).await.unwrap();
    assert_eq!(
        store.create(visit()).await.unwrap_err(),
        StoreError::Full { limit: 2 }
    );
    store.close(first.id).await.unwrap();
    store.create(visit()).await.unwrap();
    assert_eq!(store.len(), 2);
    assert_eq!(store.load(first.id).await.unwrap_err(), StoreError::Unknown);
}

/// Expired visits are swept once forgotten.
#[tokio::test]
async fn memory_sweeps_forgotten_visits() {
    let limits = StoreLimits::DEFAULT.with_remember(std::time::Duration::from_millis(50));
    let store = MemoryStore::new(10).with_limits(limits);
    let visit = NewVisit::new(&Binding::tool("t", None), "form")
        .with_ttl(std::time::Duration::from_millis(50));
    let created = store.create(visit).await.unwrap();
    assert_eq!(store.sweep(), 1);
    tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    assert_eq!(
        store.load(created.id).await.unwrap_err(),
        StoreError::Unknown
    );
    assert_eq!(store.sweep(), 0);
    assert!(store.is_empty());
}
