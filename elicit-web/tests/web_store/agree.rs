//! The stores as one state machine: random sequences of every step
//! (create, load, complete, take, wait, close), each on either of two
//! replicas, run on the store in memory and on a real `redis-server`,
//! give the same outcome at every step.

use std::time::Duration;

use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
use elicit_web::store::{
    MemoryStore, NewVisit, RedisStore, SealedAnswer, StoreError, StoreLimits, VisitId, VisitState,
    VisitStore, Waited,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};

use crate::redis_server::RedisServer;
use crate::suite::Backend;

/// One step, on replica `.0` (of two), of the visit numbered `.1` in the
/// order made (a number past the visits made is a visit never made).
#[derive(Debug, Clone)]
enum Step {
    Create(bool),
    Load(bool, usize),
    Complete(bool, usize, u8),
    Take(bool, usize),
    Wait(bool, usize),
    Close(bool, usize),
}

/// What a step came to, with nothing of the backend in it.
#[derive(Debug, PartialEq)]
enum Seen {
    Made,
    State(VisitState),
    Done,
    Answer(Value),
    Waited(Waited),
    Refused(StoreError),
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    let visit = 0..4usize;
    let step = prop_oneof![
        any::<bool>().prop_map(Step::Create),
        (any::<bool>(), visit.clone()).prop_map(|(r, v)| Step::Load(r, v)),
        (any::<bool>(), visit.clone(), any::<u8>()).prop_map(|(r, v, n)| Step::Complete(r, v, n)),
        (any::<bool>(), visit.clone()).prop_map(|(r, v)| Step::Take(r, v)),
        (any::<bool>(), visit.clone()).prop_map(|(r, v)| Step::Wait(r, v)),
        (any::<bool>(), visit).prop_map(|(r, v)| Step::Close(r, v)),
    ];
    prop::collection::vec(step, 1..24)
}

/// Runs `steps` on two replicas of one store, and what each came to.
async fn run<S: VisitStore>(replicas: (S, S), steps: &[Step], keys: &StateKeys) -> Vec<Seen> {
    let alice = Principal::user("alice");
    let binding = Binding::tool("pay", None).bound_to(&alice);
    let never = VisitId::generate().unwrap();
    let mut made: Vec<VisitId> = Vec::new();
    let mut seen = Vec::with_capacity(steps.len());
    for step in steps {
        let on = |second: bool| if second { &replicas.1 } else { &replicas.0 };
        let id = |visit: usize| made.get(visit).copied().unwrap_or(never);
        let outcome = match *step {
            Step::Create(r) => match on(r).create(NewVisit::new(&binding, "card")).await {
                Ok(created) => {
                    made.push(created.id);
                    Seen::Made
                }
                Err(error) => Seen::Refused(error),
            },
            Step::Load(r, v) => match on(r).load(id(v)).await {
                Ok(visit) => Seen::State(visit.state()),
                Err(error) => Seen::Refused(error),
            },
            Step::Complete(r, v, n) => {
                let sealed = SealedAnswer::seal(keys, id(v), &alice, &json!({ "n": n })).unwrap();
                match on(r).complete(id(v), sealed).await {
                    Ok(()) => Seen::Done,
                    Err(error) => Seen::Refused(error),
                }
            }
            Step::Take(r, v) => match on(r).take(id(v)).await {
                Ok(sealed) => Seen::Answer(sealed.open::<Value>(keys, id(v), &alice).unwrap()),
                Err(error) => Seen::Refused(error),
            },
            Step::Wait(r, v) => match on(r).wait(id(v), Duration::from_millis(1)).await {
                Ok(waited) => Seen::Waited(waited),
                Err(error) => Seen::Refused(error),
            },
            Step::Close(r, v) => match on(r).close(id(v)).await {
                Ok(()) => Seen::Done,
                Err(error) => Seen::Refused(error),
            },
        };
        seen.push(outcome);
    }
    seen
}

#[test]
fn memory_and_redis_agree_on_every_sequence_of_steps() {
    let Some(server) = RedisServer::start() else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let mut runner = TestRunner::new(Config {
        cases: 256,
        ..Config::default()
    });
    runner
        .run(&steps(), |steps| {
            let (memory, redis) = runtime.block_on(async {
                let store = MemoryStore::new(1_000);
                let memory = run((store.clone(), store), &steps, &keys).await;
                let replicas: (RedisStore, RedisStore) =
                    server.replicas(StoreLimits::DEFAULT).await;
                let redis = run(replicas, &steps, &keys).await;
                (memory, redis)
            });
            prop_assert_eq!(memory, redis, "{:?}", steps);
            Ok(())
        })
        .unwrap();
}
