//! The visit-store suite's [`Backend`] on a real `redis-server`
//! (`tests/support/redis_server.rs`).

use elicit_web::store::{RedisStore, StoreLimits, VisitId};

use crate::redis_server::RedisServer;
use crate::suite::Backend;

impl Backend for RedisServer {
    type Store = RedisStore;

    /// Two stores, each with its own connection, under a prefix of their
    /// own on this server.
    async fn capped(&self, limits: StoreLimits, max_visits: usize) -> (RedisStore, RedisStore) {
        let prefix = format!("test{}:", VisitId::generate().unwrap());
        let replica = || async {
            RedisStore::connect(&self.url())
                .await
                .unwrap()
                .with_prefix(prefix.clone())
                .with_limits(limits)
                .with_max_visits(max_visits)
        };
        (replica().await, replica().await)
    }

    /// Every field and value of the visit's hash, read with a client of
    /// its own.
    async fn raw(&self, store: &RedisStore, id: VisitId) -> String {
        let client = redis::Client::open(self.url()).unwrap();
        let mut connection = client.get_multiplexed_async_connection().await.unwrap();
        let fields: Vec<(String, String)> = redis::cmd("HGETALL")
            .arg(store.key_of(id))
            .query_async(&mut connection)
            .await
            .unwrap();
        assert!(!fields.is_empty(), "nothing is kept for the visit");
        format!("{fields:?}")
    }
}
