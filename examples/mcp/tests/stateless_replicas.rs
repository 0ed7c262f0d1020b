//! Two example-server processes on loopback that share one state key and
//! deployment, and a 2026-07-28 client whose rounds alternate between
//! them: the sealed `requestState` carries the answers and the quote from
//! one replica to the other. A process with another key refuses the state,
//! and so does one given the same key for another deployment; a process
//! given keys but no deployment does not start.

#[path = "support/examples.rs"]
mod examples;
#[path = "support/http_server.rs"]
mod http_server;

use elicit_runtime::state::StateKey;
use serde_json::{Value, json};

use http_server::{ServerProcess, accepted};

/// The deployment the replicas belong to.
const DEPLOYMENT: &str = "trips-production";

/// An example server sealing with `keys`, for the deployment `deployment`.
struct Replica(ServerProcess);

impl Replica {
    fn start(keys: &str, deployment: &str) -> Replica {
        Replica(ServerProcess::start(&[
            ("ELICIT_STATE_KEYS", keys),
            ("ELICIT_STATE_CONTEXT", deployment),
        ]))
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
    let a = Replica::start(&key, DEPLOYMENT);
    let b = Replica::start(&key, DEPLOYMENT);
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

    // A replica with another key refuses the state, without its contents;
    // so does one given the same key for another deployment (staging given
    // production's secret).
    let other_key = StateKey::generate().unwrap().expose_base64();
    let stranger = Replica::start(&other_key, DEPLOYMENT);
    let staging = Replica::start(&key, "trips-staging");
    for (id, other) in [(4, &stranger), (40, &staging)] {
        let refused = call(
            other,
            id,
            json!({
                "inputResponses": { "dates": accepted(json!({ "arrival": "2027-05-01", "nights": 3 })) },
                "requestState": state2
            }),
        )
        .await;
        assert_eq!(refused["error"]["code"], -32602, "{refused}");
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(!message.contains("Lisbon"), "{message}");
    }

    // A changed state is refused by the replicas that share the key too.
    let mut tampered = state2.clone();
    tampered.push_str("-TAMPERED");
    let refused = call(&b, 5, json!({ "requestState": tampered })).await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
}

/// Keys without a deployment: the server does not start, and says how to
/// name one.
#[test]
fn a_server_given_keys_but_no_deployment_does_not_start() {
    let key = StateKey::generate().unwrap().expose_base64();
    let mut child = std::process::Command::new(examples::example("server"))
        .args(["--listen", "127.0.0.1:0"])
        .env("ELICIT_STATE_KEYS", &key)
        .env_remove("ELICIT_STATE_CONTEXT")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the example server runs");
    // It exits at once; one that serves instead is stopped, and fails the test.
    let mut exited = None;
    for _ in 0..600 {
        exited = child.try_wait().unwrap();
        if exited.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    if exited.is_none() {
        let _ = child.kill();
    }
    let output = child.wait_with_output().unwrap();
    assert!(exited.is_some(), "the server started without a deployment");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("`ELICIT_STATE_CONTEXT` is not set"),
        "{stderr}"
    );
    assert!(stderr.contains("this deployment's name"), "{stderr}");
    assert!(!stderr.contains(&key), "{stderr}");
}
