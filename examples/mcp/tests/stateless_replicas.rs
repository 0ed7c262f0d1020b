//! Two example-server processes on loopback that share one state key, and
//! a 2026-07-28 client whose rounds alternate between them: the sealed
//! `requestState` carries the answers and the quote from one replica to the
//! other. A third process with another key refuses the state.

#[path = "support/examples.rs"]
mod examples;
#[path = "support/http_server.rs"]
mod http_server;

use elicit_runtime::state::StateKey;
use serde_json::{Value, json};

use http_server::{ServerProcess, accepted};

/// An example server sealing with `keys`.
struct Replica(ServerProcess);

impl Replica {
    fn start(keys: &str) -> Replica {
        Replica(ServerProcess::start(&[("ELICIT_STATE_KEYS", keys)]))
    }
}

/// `tools/call` of `plan_trip` with `extra` params (the answers and the
/// state of the round before), as no user in particular.
async fn call(replica: &Replica, id: u64, extra: Value) -> Value {
    replica.0.call(None, "plan_trip", id, extra).await.1
}

#[tokio::test(flavor = "multi_thread")]
async fn rounds_alternate_between_two_replicas_sharing_a_key() {
    let key = StateKey::generate().unwrap().expose_base64();
    let a = Replica::start(&key);
    let b = Replica::start(&key);
    assert_ne!(a.0.url, b.0.url);

    // Round 1 on A: where?
    let first = call(&a, 1, json!({})).await;
    let result = &first["result"];
    assert_eq!(result["resultType"], "input_required", "{first}");
    assert_eq!(
        result["inputRequests"]["destination"]["method"],
        "elicitation/create"
    );
    let state1 = result["requestState"]
        .as_str()
        .expect("a sealed state")
        .to_owned();

    // Round 2 on B: the answer to where; B asks when, naming the city.
    let second = call(
        &b,
        2,
        json!({
            "inputResponses": { "destination": accepted(json!({ "city": "Lisbon" })) },
            "requestState": state1
        }),
    )
    .await;
    let result = &second["result"];
    assert_eq!(result["resultType"], "input_required", "{second}");
    assert_eq!(
        result["inputRequests"]["dates"]["params"]["message"],
        "When would you like to go to Lisbon?"
    );
    let state2 = result["requestState"].as_str().unwrap().to_owned();
    assert_ne!(state1, state2);

    // Round 3 on A: the answer to when completes the call, with the quote
    // B worked out.
    let third = call(
        &a,
        3,
        json!({
            "inputResponses": { "dates": accepted(json!({ "arrival": "2027-05-01", "nights": 3 })) },
            "requestState": state2
        }),
    )
    .await;
    let result = &third["result"];
    assert_ne!(result["resultType"], "input_required", "{third}");
    assert_eq!(result["isError"], false, "{third}");
    let text = result["content"][0]["text"].as_str().unwrap();
    let price = 80 + "Lisbon".bytes().map(u32::from).sum::<u32>() % 70;
    assert_eq!(
        text,
        format!("3 nights in Lisbon from 2027-05-01: {} EUR", price * 3)
    );

    // A replica with another key refuses the state, without its contents.
    let other_key = StateKey::generate().unwrap().expose_base64();
    let stranger = Replica::start(&other_key);
    let refused = call(
        &stranger,
        4,
        json!({
            "inputResponses": { "dates": accepted(json!({ "arrival": "2027-05-01", "nights": 3 })) },
            "requestState": state2
        }),
    )
    .await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(!message.contains("Lisbon"), "{message}");

    // A changed state is refused by the replicas that share the key too.
    let mut tampered = state2.clone();
    tampered.push_str("-TAMPERED");
    let refused = call(&b, 5, json!({ "requestState": tampered })).await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
}
