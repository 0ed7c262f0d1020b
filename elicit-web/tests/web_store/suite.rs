//! The behaviour every visit store must have, written once against the
//! trait and run against each store (`main.rs`).

use std::future::Future;
use std::time::Duration;

use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys, TOKEN_PREFIX};
use elicit_web::store::{
    NewVisit, SealedAnswer, StoreError, StoreLimits, VisitId, VisitState, VisitStore, Waited,
};
use serde_json::{Value, json};

/// A backend the suite runs on: two replicas sharing it, and a raw look
/// at what it keeps for a visit.
pub trait Backend {
    /// The store.
    type Store: VisitStore + Clone + 'static;
    /// Two stores (replicas) over one fresh, shared backend, holding at
    /// most `max_visits` live visits in all.
    fn capped(
        &self,
        limits: StoreLimits,
        max_visits: usize,
    ) -> impl Future<Output = (Self::Store, Self::Store)>;
    /// Two stores (replicas) over one fresh, shared backend.
    fn replicas(&self, limits: StoreLimits) -> impl Future<Output = (Self::Store, Self::Store)> {
        self.capped(limits, 1_000)
    }
    /// Everything the backend keeps for the visit `id`, as text.
    fn raw(&self, store: &Self::Store, id: VisitId) -> impl Future<Output = String>;
}

/// The secret the answers carry.
const SECRET: &str = "correct horse battery staple";

fn keys() -> StateKeys {
    StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE)
}

fn alice() -> Principal {
    Principal::user("alice@example.com")
}

fn new_visit() -> NewVisit {
    NewVisit::new(&Binding::tool("pay", None).bound_to(&alice()), "card")
}

fn answer() -> Value {
    json!({ "password": SECRET, "remember": true })
}

/// A visit of `store`, completed with [`answer`] sealed with `keys`.
async fn completed<S: VisitStore>(store: &S, keys: &StateKeys) -> VisitId {
    let created = store.create(new_visit()).await.unwrap();
    let sealed = SealedAnswer::seal(keys, created.id, &alice(), &answer()).unwrap();
    store.complete(created.id, sealed).await.unwrap();
    created.id
}

/// Create on one replica, load, complete and take on the other: the
/// answer opens with the keys, for the visit's user, as it was.
pub async fn lifecycle<B: Backend>(backend: &B) {
    let (a, b) = backend.replicas(StoreLimits::DEFAULT).await;
    let keys = keys();
    let binding = Binding::tool("pay", None).bound_to(&alice());
    let created = a.create(NewVisit::new(&binding, "card")).await.unwrap();

    let visit = b.load(created.id).await.unwrap();
    assert_eq!(visit.id(), created.id);
    assert_eq!(visit.state(), VisitState::Pending);
    assert_eq!(visit.form_key(), "card");
    assert!(visit.is_for(&alice()));
    assert!(!visit.is_for(&Principal::user("mallory")));
    assert!(!visit.is_for(&Principal::UNBOUND));
    assert!(visit.continues(&binding));
    assert!(!visit.continues(&Binding::tool("refund", None).bound_to(&alice())));
    assert!(visit.csrf().matches(created.csrf.expose()));
    assert_eq!(b.take(created.id).await, Err(StoreError::NotCompleted));

    let sealed = SealedAnswer::seal(&keys, created.id, &alice(), &answer()).unwrap();
    b.complete(created.id, sealed).await.unwrap();
    assert_eq!(
        a.load(created.id).await.unwrap().state(),
        VisitState::Completed
    );

    let taken = a.take(created.id).await.unwrap();
    assert_eq!(
        taken.open::<Value>(&keys, created.id, &alice()).unwrap(),
        answer()
    );
    assert_eq!(b.load(created.id).await.unwrap().state(), VisitState::Taken);
}

/// A visit bound to a sealed state remembers it.
pub async fn follows_its_token<B: Backend>(backend: &B) {
    let (a, b) = backend.replicas(StoreLimits::DEFAULT).await;
    let keys = keys();
    let binding = Binding::tool("pay", None).bound_to(&alice());
    let token = keys.seal(&binding, 1, &"round one").unwrap();
    let token = keys.open::<String>(&binding, &token).unwrap().token_id;
    let other = keys.seal(&binding, 1, &"round one").unwrap();
    let other = keys.open::<String>(&binding, &other).unwrap().token_id;

    let created = a
        .create(NewVisit::new(&binding, "card").after_token(token))
        .await
        .unwrap();
    let visit = b.load(created.id).await.unwrap();
    assert!(visit.follows(&token));
    assert!(!visit.follows(&other));
    let plain = a.create(new_visit()).await.unwrap();
    assert!(!b.load(plain.id).await.unwrap().follows(&token));
}

/// The second take is refused, on either replica, and nothing is left.
pub async fn take_twice<B: Backend>(backend: &B) {
    let (a, b) = backend.replicas(StoreLimits::DEFAULT).await;
    let id = completed(&a, &keys()).await;
    a.take(id).await.unwrap();
    assert_eq!(a.take(id).await, Err(StoreError::AlreadyTaken));
    assert_eq!(b.take(id).await, Err(StoreError::AlreadyTaken));
    assert!(!backend.raw(&a, id).await.contains(TOKEN_PREFIX));
}

/// The second submission is refused, and the first answer stands.
pub async fn complete_twice<B: Backend>(backend: &B) {
    let (a, b) = backend.replicas(StoreLimits::DEFAULT).await;
    let keys = keys();
    let id = completed(&a, &keys).await;
    let second = SealedAnswer::seal(&keys, id, &alice(), &json!({ "password": "other" })).unwrap();
    assert_eq!(
        b.complete(id, second.clone()).await,
        Err(StoreError::AlreadyCompleted)
    );
    let taken = b.take(id).await.unwrap();
    assert_eq!(taken.open::<Value>(&keys, id, &alice()).unwrap(), answer());
    assert_eq!(
        a.complete(id, second).await,
        Err(StoreError::AlreadyCompleted)
    );
}

/// An expired visit is refused on load, complete and take, and an answer
/// not taken in time is refused on take.
pub async fn expired<B: Backend>(backend: &B) {
    let limits = StoreLimits::DEFAULT.with_answer_ttl(Duration::from_millis(200));
    let (a, b) = backend.replicas(limits).await;
    let keys = keys();
    let short = a
        .create(new_visit().with_ttl(Duration::from_millis(200)))
        .await
        .unwrap();
    let answered = completed(&a, &keys).await;
    tokio::time::sleep(Duration::from_millis(300)).await;

    assert_eq!(b.load(short.id).await.unwrap_err(), StoreError::Expired);
    let sealed = SealedAnswer::seal(&keys, short.id, &alice(), &answer()).unwrap();
    assert_eq!(b.complete(short.id, sealed).await, Err(StoreError::Expired));
    assert_eq!(b.take(short.id).await, Err(StoreError::Expired));
    assert_eq!(
        b.wait(short.id, Duration::from_secs(5)).await,
        Err(StoreError::Expired)
    );
    assert_eq!(b.take(answered).await, Err(StoreError::Expired));
}

/// An id no store made is unknown everywhere; a text that is no id is
/// malformed.
pub async fn unknown<B: Backend>(backend: &B) {
    let (a, _) = backend.replicas(StoreLimits::DEFAULT).await;
    let id = VisitId::generate().unwrap();
    let sealed = SealedAnswer::seal(&keys(), id, &alice(), &answer()).unwrap();
    assert_eq!(a.load(id).await.unwrap_err(), StoreError::Unknown);
    assert_eq!(a.complete(id, sealed).await, Err(StoreError::Unknown));
    assert_eq!(a.take(id).await, Err(StoreError::Unknown));
    assert_eq!(
        a.wait(id, Duration::from_millis(50)).await,
        Err(StoreError::Unknown)
    );
    for text in [
        "",
        "x",
        "../../etc/passwd",
        &"A".repeat(44),
        &format!("{id}="),
    ] {
        assert_eq!(VisitId::parse(text), Err(StoreError::Malformed), "{text:?}");
    }
}

/// What the backend keeps of a completed answer holds nothing of it in
/// clear, nor the user's id.
pub async fn sealed_at_rest<B: Backend>(backend: &B) {
    let (a, _) = backend.replicas(StoreLimits::DEFAULT).await;
    let id = completed(&a, &keys()).await;
    let raw = backend.raw(&a, id).await;
    assert!(
        raw.contains(TOKEN_PREFIX),
        "the sealed answer is kept: {raw}"
    );
    assert!(!raw.contains(SECRET), "the answer is kept in clear: {raw}");
    assert!(!raw.contains("horse"), "the answer is kept in clear: {raw}");
    assert!(!raw.contains("alice"), "the user's id is kept: {raw}");
}

/// A wait on `store` for the pending visit `id`, on a task of its own,
/// given time to subscribe, and still waiting.
async fn waiting<S: VisitStore + Clone + 'static>(
    store: &S,
    id: VisitId,
) -> tokio::task::JoinHandle<Result<Waited, StoreError>> {
    let store = store.clone();
    let waiter = tokio::spawn(async move { store.wait(id, Duration::from_secs(20)).await });
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(
        !waiter.is_finished(),
        "the waiter waits for the pending visit"
    );
    waiter
}

/// How `waiter` ended once `step` succeeded, within five seconds of it.
async fn woken(
    waiter: tokio::task::JoinHandle<Result<Waited, StoreError>>,
    step: impl Future<Output = Result<(), StoreError>>,
) -> Result<Waited, StoreError> {
    let started = std::time::Instant::now();
    step.await.unwrap();
    let woken = waiter.await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(5), "woken late");
    woken
}

/// A waiting replica is woken by the completion on the other; a wait
/// with no completion times out; a completed visit returns at once.
pub async fn wait_is_woken<B: Backend>(backend: &B) {
    let (a, b) = backend.replicas(StoreLimits::DEFAULT).await;
    let keys = keys();
    let created = a.create(new_visit()).await.unwrap();
    let waiter = waiting(&a, created.id).await;
    // Then complete on the other replica.
    let sealed = SealedAnswer::seal(&keys, created.id, &alice(), &answer()).unwrap();
    let woken = woken(waiter, b.complete(created.id, sealed)).await;
    assert_eq!(woken, Ok(Waited::Completed));
    assert_eq!(
        b.wait(created.id, Duration::from_secs(20)).await,
        Ok(Waited::Completed)
    );

    let pending = a.create(new_visit()).await.unwrap();
    assert_eq!(
        b.wait(pending.id, Duration::from_millis(150)).await,
        Ok(Waited::TimedOut)
    );
}

/// Of many concurrent takers on both replicas exactly one gets the
/// answer; of many concurrent submissions exactly one is kept.
pub async fn one_of_many<B: Backend>(backend: &B) {
    const N: usize = 16;
    let (a, b) = backend.replicas(StoreLimits::DEFAULT).await;
    let keys = keys();
    let id = completed(&a, &keys).await;
    let takers: Vec<_> = (0..N)
        .map(|i| {
            let store = if i % 2 == 0 { a.clone() } else { b.clone() };
            tokio::spawn(async move { store.take(id).await })
        })
        .collect();
    let mut got = 0;
    for taker in takers {
        match taker.await.unwrap() {
            Ok(_) => got += 1,
            Err(error) => assert_eq!(error, StoreError::AlreadyTaken),
        }
    }
    assert_eq!(got, 1, "exactly one taker gets the answer");

    let created = a.create(new_visit()).await.unwrap();
    let submitters: Vec<_> = (0..N)
        .map(|i| {
            let store = if i % 2 == 0 { a.clone() } else { b.clone() };
            let sealed =
                SealedAnswer::seal(&keys, created.id, &alice(), &json!({ "n": i })).unwrap();
            tokio::spawn(async move { store.complete(created.id, sealed).await })
        })
        .collect();
    let mut kept = 0;
    for submitter in submitters {
        match submitter.await.unwrap() {
            Ok(()) => kept += 1,
            Err(error) => assert_eq!(error, StoreError::AlreadyCompleted),
        }
    }
    assert_eq!(kept, 1, "exactly one submission is kept");
}

/// Bad visits and answers are refused with typed errors.
pub async fn refuses_bad_input<B: Backend>(backend: &B) {
    let limits = StoreLimits::DEFAULT.with_max_answer_bytes(512);
    let (a, _) = backend.replicas(limits).await;
    let binding = Binding::tool("pay", None).bound_to(&alice());
    for visit in [
        NewVisit::new(&binding, "card").with_ttl(Duration::ZERO),
        NewVisit::new(&binding, "card").with_ttl(Duration::from_secs(2 * 24 * 60 * 60)),
        NewVisit::new(&binding, "card").with_ttl(Duration::MAX),
        NewVisit::new(&binding, ""),
        NewVisit::new(&binding, "k".repeat(257)),
    ] {
        assert!(
            matches!(a.create(visit).await, Err(StoreError::Invalid(_))),
            "a bad visit is made"
        );
    }
    let created = a.create(new_visit()).await.unwrap();
    let huge = SealedAnswer::seal(&keys(), created.id, &alice(), &"x".repeat(1000)).unwrap();
    assert!(matches!(
        a.complete(created.id, huge).await,
        Err(StoreError::TooLarge { limit: 512, .. })
    ));
    assert_eq!(
        a.load(created.id).await.unwrap().state(),
        VisitState::Pending
    );
}

/// A closed visit takes no answer and has none to take, on either
/// replica; a wait on it ends at once, and one already waiting is woken
/// by the close on the other replica. Closing again does nothing; an
/// answered visit is not closed, and keeps its answer for the taker.
pub async fn closed<B: Backend>(backend: &B) {
    let (a, b) = backend.replicas(StoreLimits::DEFAULT).await;
    let keys = keys();
    let created = a.create(new_visit()).await.unwrap();
    let waiter = waiting(&a, created.id).await;
    // Then close on the other replica.
    assert_eq!(woken(waiter, b.close(created.id)).await, Ok(Waited::Closed));

    assert_eq!(
        a.load(created.id).await.unwrap().state(),
        VisitState::Closed
    );
    let sealed = SealedAnswer::seal(&keys, created.id, &alice(), &answer()).unwrap();
    assert_eq!(
        a.complete(created.id, sealed).await,
        Err(StoreError::Closed)
    );
    assert_eq!(a.take(created.id).await, Err(StoreError::Closed));
    assert_eq!(
        a.wait(created.id, Duration::from_secs(20)).await,
        Ok(Waited::Closed)
    );
    assert_eq!(b.close(created.id).await, Ok(()), "closing twice");
    assert_eq!(
        a.load(created.id).await.unwrap().state(),
        VisitState::Closed
    );

    let answered = completed(&a, &keys).await;
    assert_eq!(b.close(answered).await, Err(StoreError::AlreadyCompleted));
    let taken = a.take(answered).await.unwrap();
    assert_eq!(
        taken.open::<Value>(&keys, answered, &alice()).unwrap(),
        answer()
    );
    assert_eq!(b.close(answered).await, Err(StoreError::AlreadyTaken));

    let id = VisitId::generate().unwrap();
    assert_eq!(a.close(id).await, Err(StoreError::Unknown));
}

/// Whether a backend's raw record shows a closed visit: the memory
/// store's `Debug`, or the Redis hash's fields.
fn kept_closed(raw: &str) -> bool {
    raw.contains("state: Closed") || raw.contains(r#"("state", "closed")"#)
}

/// A pending visit past its expiry is closed all the same (and reported
/// expired): a replica whose clock lags cannot complete it afterwards.
pub async fn an_expired_visit_is_closed_too<B: Backend>(backend: &B) {
    let (a, _) = backend.replicas(StoreLimits::DEFAULT).await;
    let short = a
        .create(new_visit().with_ttl(Duration::from_millis(100)))
        .await
        .unwrap();
    assert!(
        !kept_closed(&backend.raw(&a, short.id).await),
        "pending at first"
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(a.close(short.id).await, Err(StoreError::Expired));
    assert!(
        kept_closed(&backend.raw(&a, short.id).await),
        "closed once expired"
    );
}

/// A page's submission racing the flow's close on the other replica,
/// both released at once: exactly one wins, and an answer the store took
/// is never lost.
pub async fn close_races_the_page<B: Backend>(backend: &B) {
    const N: usize = 24;
    let (a, b) = backend.replicas(StoreLimits::DEFAULT).await;
    let keys = keys();
    for _ in 0..N {
        let created = a.create(new_visit()).await.unwrap();
        let sealed = SealedAnswer::seal(&keys, created.id, &alice(), &answer()).unwrap();
        let start = std::sync::Arc::new(tokio::sync::Barrier::new(2));
        let page = {
            let (b, start) = (b.clone(), start.clone());
            tokio::spawn(async move {
                start.wait().await;
                b.complete(created.id, sealed).await
            })
        };
        let flow = {
            let a = a.clone();
            tokio::spawn(async move {
                start.wait().await;
                a.close(created.id).await
            })
        };
        match (flow.await.unwrap(), page.await.unwrap()) {
            (Ok(()), Err(StoreError::Closed)) => {
                assert_eq!(a.take(created.id).await, Err(StoreError::Closed));
            }
            (Err(StoreError::AlreadyCompleted), Ok(())) => {
                let taken = a.take(created.id).await.unwrap();
                assert_eq!(
                    taken.open::<Value>(&keys, created.id, &alice()).unwrap(),
                    answer()
                );
            }
            outcome => panic!("both or neither won: {outcome:?}"),
        }
    }
}

/// A visit of `user`'s, waiting `ttl`.
fn visit_of(user: &str, ttl: Duration) -> NewVisit {
    NewVisit::new(
        &Binding::tool("pay", None).bound_to(&Principal::user(user)),
        "card",
    )
    .with_ttl(ttl)
}

/// One user opening visits without end: at their share, theirs are
/// refused on either replica, in words that say what to do, while other
/// users' (and unbound ones) are made all the same; a visit of theirs
/// closed, taken or expired frees a place, an answered one not yet taken
/// does not.
pub async fn one_users_flood<B: Backend>(backend: &B) {
    const SHARE: usize = 5;
    let limits = StoreLimits::DEFAULT.with_max_visits_per_user(SHARE);
    let (a, b) = backend.capped(limits, 1_000).await;
    let keys = keys();
    let long = Duration::from_secs(15 * 60);
    let mut theirs = Vec::new();
    for i in 0..SHARE - 1 {
        let store = if i % 2 == 0 { &a } else { &b };
        theirs.push(store.create(visit_of("mallory", long)).await.unwrap().id);
    }
    let short = a
        .create(visit_of("mallory", Duration::from_millis(300)))
        .await
        .unwrap();
    let full = StoreError::UserFull { limit: SHARE };
    for store in [&a, &b] {
        for _ in 0..3 {
            assert_eq!(
                store.create(visit_of("mallory", long)).await.unwrap_err(),
                full
            );
        }
    }
    let message = full.to_string();
    assert!(
        message.starts_with("you already have 5 forms open")
            && message.contains("answer or decline one of them")
            && message.contains("then ask again"),
        "{message}"
    );
    // Everyone else goes on.
    for store in [&a, &b] {
        store.create(visit_of("alice", long)).await.unwrap();
        store.create(new_visit()).await.unwrap();
        let unbound = Binding::tool("pay", None).bound_to(&Principal::UNBOUND);
        store.create(NewVisit::new(&unbound, "card")).await.unwrap();
    }

    // Closed: a place.
    a.close(theirs[0]).await.unwrap();
    let again = b.create(visit_of("mallory", long)).await.unwrap().id;
    assert_eq!(a.create(visit_of("mallory", long)).await.unwrap_err(), full);
    // Answered and not taken: still live; taken: a place.
    let mallory = Principal::user("mallory");
    let sealed = SealedAnswer::seal(&keys, again, &mallory, &answer()).unwrap();
    b.complete(again, sealed).await.unwrap();
    assert_eq!(a.create(visit_of("mallory", long)).await.unwrap_err(), full);
    a.take(again).await.unwrap();
    let last = b.create(visit_of("mallory", long)).await.unwrap().id;
    assert_eq!(b.create(visit_of("mallory", long)).await.unwrap_err(), full);
    // Expired: a place.
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(a.load(short.id).await.unwrap_err(), StoreError::Expired);
    a.create(visit_of("mallory", long)).await.unwrap();
    assert_eq!(a.create(visit_of("mallory", long)).await.unwrap_err(), full);
    assert!(a.load(last).await.is_ok());
}

/// The store holds at most its live visits in all, whoever makes them,
/// on either replica; one closed or taken frees a place.
pub async fn the_store_holds_its_most<B: Backend>(backend: &B) {
    let (a, b) = backend.capped(StoreLimits::DEFAULT, 3).await;
    let keys = keys();
    let long = Duration::from_secs(15 * 60);
    let first = a.create(visit_of("u0", long)).await.unwrap().id;
    let second = b.create(visit_of("u1", long)).await.unwrap().id;
    a.create(visit_of("u2", long)).await.unwrap();
    for store in [&a, &b] {
        assert_eq!(
            store.create(visit_of("u3", long)).await.unwrap_err(),
            StoreError::Full { limit: 3 }
        );
    }
    b.close(first).await.unwrap();
    a.create(visit_of("u3", long)).await.unwrap();
    assert!(matches!(
        b.create(visit_of("u4", long)).await,
        Err(StoreError::Full { .. })
    ));
    let u1 = Principal::user("u1");
    let sealed = SealedAnswer::seal(&keys, second, &u1, &answer()).unwrap();
    a.complete(second, sealed).await.unwrap();
    assert!(matches!(
        b.create(visit_of("u4", long)).await,
        Err(StoreError::Full { .. })
    ));
    b.take(second).await.unwrap();
    a.create(visit_of("u4", long)).await.unwrap();
}
