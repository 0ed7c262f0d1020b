//! The store is not trusted with an answer: what the tool reads opens only
//! with the keys, for its visit and user, and is validated again as the
//! form. An answer changed in the store (a byte of it, another visit's
//! answer put in its place) does not open; one sealed with the keys but
//! breaking the form (written by a page of another version, or by anyone
//! holding the keys) opens and is refused as the form.

use elicit_runtime::state::{Binding, Deployment, Principal, StateError, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Secret};
use elicit_web::store::{MemoryStore, SealedAnswer, VisitId, VisitStore};
use elicit_web::{WebError, WebForms};
use serde_json::{Value, json};

/// Connect your account
#[derive(Debug, Elicitable)]
struct Connect {
    #[elicit(min_length = 3)]
    #[allow(dead_code, reason = "only refusals are read")]
    account: String,
    #[elicit(secret, min_length = 8)]
    #[allow(dead_code, reason = "only refusals are read")]
    api_key: Secret,
}

fn alice() -> Principal {
    Principal::user("alice")
}

fn binding() -> Binding {
    Binding::tool("connect_account", None).bound_to(&alice())
}

fn web(store: impl VisitStore + 'static, keys: &StateKeys) -> WebForms {
    let visitor = |_: &http::request::Parts| Some(alice());
    WebForms::new(store, keys.clone(), "https://forms.example.com", visitor)
        .unwrap()
        .form::<Connect>("connect")
}

/// A page's answer as the page seals it: the button and the content.
fn answered(content: Value) -> Value {
    json!({ "action": "accept", "content": content })
}

/// What the tool reads of `visit`.
async fn read(web: &WebForms, visit: VisitId) -> Result<(), WebError> {
    web.answer::<Connect>(visit, "connect", &binding(), &alice())
        .await
        .map(|_| ())
}

/// Answers that break the form, sealed with the keys for the visit and
/// its user, are refused as the form when the tool reads them.
#[tokio::test]
async fn an_answer_that_breaks_the_form_is_refused_when_read() {
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let store = std::sync::Arc::new(MemoryStore::new(100));
    let web = web(store.clone(), &keys);
    for content in [
        json!({ "account": "ab", "api_key": "short" }),
        json!({ "account": 42, "api_key": "long enough key" }),
        json!({ "api_key": "long enough key" }),
    ] {
        let visit = web
            .create::<Connect>("connect", &binding(), None)
            .await
            .unwrap();
        let sealed =
            SealedAnswer::seal(&keys, visit, &alice(), &answered(content.clone())).unwrap();
        store.complete(visit, sealed).await.unwrap();
        let refused = read(&web, visit).await;
        let Err(WebError::Invalid(errors)) = &refused else {
            panic!("{content}: {refused:?}");
        };
        assert!(!errors.is_empty());
        let message = refused.unwrap_err().to_string();
        assert!(message.contains("is not a valid form"), "{message}");
        assert!(
            !message.contains("short"),
            "no value in the message: {message}"
        );
    }
}

/// The answer changed in Redis itself: a byte of it, or another visit's
/// answer (sealed with the same keys) put in its place, does not open; a
/// validly sealed answer that breaks the form is refused as the form.
#[cfg(feature = "redis")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_changed_in_redis_is_refused_when_read() {
    use elicit_web::store::RedisStore;

    let Some(server) = crate::redis_server::RedisServer::start() else {
        return;
    };
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let store = RedisStore::connect(&server.url()).await.unwrap();
    let web = web(store.clone(), &keys);
    let client = redis::Client::open(server.url()).unwrap();
    let mut raw = client.get_multiplexed_async_connection().await.unwrap();
    let valid = answered(json!({ "account": "ada-main", "api_key": "sk-live-7f3a9c1e55d2" }));

    // A visit answered by its page, whose stored answer is then replaced.
    let answered_visit = async || {
        let visit = web
            .create::<Connect>("connect", &binding(), None)
            .await
            .unwrap();
        let sealed = SealedAnswer::seal(&keys, visit, &alice(), &valid).unwrap();
        store.complete(visit, sealed).await.unwrap();
        visit
    };
    let replace =
        async |raw: &mut redis::aio::MultiplexedConnection, visit: VisitId, text: &str| {
            let _: i64 = redis::cmd("HSET")
                .arg(store.key_of(visit))
                .arg("answer")
                .arg(text)
                .query_async(raw)
                .await
                .unwrap();
        };

    // One byte changed.
    let visit = answered_visit().await;
    let stored: String = redis::cmd("HGET")
        .arg(store.key_of(visit))
        .arg("answer")
        .query_async(&mut raw)
        .await
        .unwrap();
    let middle = stored.len() / 2;
    let flipped = if &stored[middle..=middle] == "A" {
        "B"
    } else {
        "A"
    };
    let changed = format!("{}{flipped}{}", &stored[..middle], &stored[middle + 1..]);
    replace(&mut raw, visit, &changed).await;
    let refused = read(&web, visit).await;
    assert!(
        matches!(refused, Err(WebError::Sealed(StateError::Tampered))),
        "{refused:?}"
    );

    // Another visit's answer in its place.
    let other = VisitId::generate().unwrap();
    let elsewhere = SealedAnswer::seal(&keys, other, &alice(), &valid).unwrap();
    let visit = answered_visit().await;
    replace(&mut raw, visit, elsewhere.as_str()).await;
    let refused = read(&web, visit).await;
    assert!(
        matches!(refused, Err(WebError::Sealed(StateError::Mismatch(_)))),
        "{refused:?}"
    );

    // Sealed with the keys for this visit, but breaking the form.
    let visit = answered_visit().await;
    let broken = answered(json!({ "account": "ab", "api_key": "short" }));
    let broken = SealedAnswer::seal(&keys, visit, &alice(), &broken).unwrap();
    replace(&mut raw, visit, broken.as_str()).await;
    let refused = read(&web, visit).await;
    assert!(matches!(refused, Err(WebError::Invalid(_))), "{refused:?}");
}
