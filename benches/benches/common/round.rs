//! One input-required round of a two-step tool on 2026-07-28, the state
//! it carries, and the same bytes through rmcp's `RequestStateCodec` and a
//! bare XChaCha20-Poly1305 seal and open (the floor).
//!
//! The tool is the example server's `plan_trip` (`examples/mcp/src/trip.rs`):
//! where, then when, with a quote carried between the rounds.

use std::collections::BTreeMap;
use std::time::Duration;

use chacha20poly1305::{AeadInOut, Key, KeyInit, Tag, XChaCha20Poly1305, XNonce};
use elicit_runtime::flow::{CarriedForBenches, ClientSupport, Flow, FlowError, Stop};
use elicit_runtime::protocol::{
    ElicitResult, ElicitationCapability, InputRequiredResult, InputResponses, RetryParams, Revision,
};
use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation};
use rmcp::model::{RequestStateCodec, SealOptions};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

#[path = "../../../examples/forms/trip.rs"]
mod trip;
pub use trip::{Dates, Destination};

/// The shape of what a flow seals (the runtime's `flow::Carried`, private
/// to it): answers by key with the digest of the request each answers,
/// attempts by key, the requests asked last, URL visits and the tool's own
/// values, under the same short names.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Carried {
    #[serde(rename = "a", default, skip_serializing_if = "BTreeMap::is_empty")]
    pub answers: BTreeMap<String, Answered>,
    #[serde(rename = "n", default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attempts: BTreeMap<String, u32>,
    #[serde(rename = "k", default, skip_serializing_if = "BTreeMap::is_empty")]
    pub asked: BTreeMap<String, String>,
    #[serde(rename = "u", default, skip_serializing_if = "BTreeMap::is_empty")]
    pub visits: BTreeMap<String, String>,
    #[serde(rename = "v", default, skip_serializing_if = "Map::is_empty")]
    pub values: Map<String, Value>,
}

/// A response and the digest of the request it answers (SHA-256, as
/// base64url: 43 characters).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answered {
    #[serde(rename = "d")]
    pub request: String,
    #[serde(rename = "r")]
    pub response: Value,
}

/// A request digest as a flow writes it in JSON: 32 bytes in base64url
/// (43 characters, the last one's two low bits zero).
fn digest_text(seed: char) -> String {
    std::iter::repeat_n(seed, 42).chain(['A']).collect()
}

/// The only call of `Flow::open` in the benchmarks: when its signature
/// changes (a principal, a deployment context), only this changes.
pub fn open_flow(keys: &StateKeys, retry: &RetryParams) -> Result<Flow, FlowError> {
    let support = ClientSupport::elicitation(ElicitationCapability::form_only());
    let binding = Binding::tool("plan_trip", None);
    let user = Principal::user("user-42");
    Flow::open(keys, binding, &user, Revision::V2026_07_28, support, retry)
}

/// The binding of every state sealed here outside a flow: `tools/call` of
/// `plan_trip`, no arguments, for one user.
pub fn binding() -> Binding {
    Binding::tool("plan_trip", None).for_principal("user-42")
}

/// The same binding as rmcp's associated data: the method, the name, the
/// canonical arguments and the user.
pub const RMCP_BINDING: &[u8] = b"tools/call\0plan_trip\0{}\0user-42";

/// The key bytes of every path here (fixed: nothing here is secret).
const KEY: [u8; 32] = *b"elicit-benches-round-key-0123456";

/// The state keys of the benchmarks.
pub fn keys() -> StateKeys {
    StateKeys::new(
        StateKey::from_bytes(KEY).expect("the bench key is not a weak one"),
        Deployment::SINGLE,
    )
}

/// `plan_trip`: where, then when, with the nightly price worked out once
/// and carried.
pub fn plan_trip(flow: &mut Flow) -> Result<String, Stop> {
    let Elicitation::Accept(to) = flow.form::<Destination>("destination", "Where to?")? else {
        return Ok("no trip planned".into());
    };
    let quote: u32 = flow.remember("quote", || {
        80 + to.city.bytes().map(u32::from).sum::<u32>() % 70
    })?;
    let question = format!("When would you like to go to {}?", to.city);
    let Elicitation::Accept(dates) = flow.form::<Dates>("dates", question)? else {
        return Ok("no trip planned".into());
    };
    Ok(format!(
        "{} nights in {} from {}: {} EUR",
        dates.nights,
        to.city,
        dates.arrival,
        quote * u32::from(dates.nights)
    ))
}

/// One call of the tool with `retry`: the flow opened, the tool run, and
/// its stop (a pause) or its answer.
pub fn call(keys: &StateKeys, retry: &RetryParams) -> Result<String, Stop> {
    let mut flow = open_flow(keys, retry).map_err(Stop::Refused)?;
    plan_trip(&mut flow)
}

/// The pause of a round, which must be one.
pub fn paused(outcome: Result<String, Stop>) -> InputRequiredResult {
    match outcome {
        Err(Stop::InputRequired(result)) => result,
        other => panic!("the round pauses: {other:?}"),
    }
}

/// The retry of round 2: the answer to where, with the state of round 1.
pub fn second_retry(keys: &StateKeys) -> RetryParams {
    let first = paused(call(keys, &RetryParams::default()));
    let where_to = ElicitResult::accept(object(json!({ "city": "Lisbon" })));
    RetryParams::new(
        InputResponses::new().with("destination", &where_to),
        first.request_state,
    )
}

/// The retry of round 3: the answer to when, with the state of round 2.
pub fn third_retry(keys: &StateKeys) -> RetryParams {
    let second = paused(call(keys, &second_retry(keys)));
    let when = ElicitResult::accept(object(json!({ "arrival": "2026-09-14", "nights": 3 })));
    RetryParams::new(
        InputResponses::new().with("dates", &when),
        second.request_state,
    )
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("an object, not {other}"),
    }
}

/// The typical carried state: what round 2 of `plan_trip` seals (one
/// answered form, the request asked, the quote), written in
/// the flow's shape; [`round2_json_len`] checks its size against the real
/// token.
pub fn typical() -> Carried {
    let mut carried = Carried::default();
    carried.answers.insert(
        "destination".into(),
        Answered {
            request: digest_text('D'),
            response: json!({ "action": "accept", "content": { "city": "Lisbon" } }),
        },
    );
    carried.asked.insert("dates".into(), digest_text('W'));
    carried.values.insert("quote".into(), json!(135));
    carried
}

/// The JSON length of the state in the real token of round 2 of
/// `plan_trip`, opened as the flow opens it.
pub fn round2_json_len(keys: &StateKeys) -> usize {
    let second = paused(call(keys, &second_retry(keys)));
    let token = second.request_state.expect("round 2 seals a state");
    CarriedForBenches::open(keys, &binding(), &token)
        .expect("round 2's state opens")
        .to_json()
        .len()
}

/// The same state in the flow's own shape, as a flow holds it once opened
/// from its token (what a server seals again in the next round).
pub fn flow_state(state: &Carried) -> CarriedForBenches {
    let json = serde_json::to_string(state).expect("the state serializes");
    let state = CarriedForBenches::from_json(&json).expect("the flow's shape");
    let token = state.seal(&keys(), &binding(), 1).expect("the state seals");
    CarriedForBenches::open(&keys(), &binding(), &token).expect("its own state opens")
}

/// elicit's flow: the state sealed in the flow's layout and opened again,
/// reading none of its answers and values (a round that reads none).
pub fn flow_seal_open(
    keys: &StateKeys,
    binding: &Binding,
    state: &CarriedForBenches,
) -> CarriedForBenches {
    let token = state.seal(keys, binding, 2).expect("the state seals");
    CarriedForBenches::open(keys, binding, &token).expect("its own state opens")
}

/// elicit's flow: the state sealed, opened again and every answer and
/// value read (a round that reads them all).
pub fn flow_seal_open_read(
    keys: &StateKeys,
    binding: &Binding,
    state: &CarriedForBenches,
) -> CarriedForBenches {
    let opened = flow_seal_open(keys, binding, state);
    opened.read_all().expect("its own state reads");
    opened
}

/// A large carried state: five answered forms and 4 KiB of carried values.
pub fn large() -> Carried {
    let mut carried = Carried::default();
    for i in 1..=5 {
        let key = format!("form{i}");
        let content = json!({
            "name": format!("Monalisa Octocat {i}"),
            "email": format!("octocat{i}@github.com"),
            "age": 30 + i,
            "reach": "email",
            "newsletter": i % 2 == 0,
        });
        carried.answers.insert(
            key.clone(),
            Answered {
                request: digest_text('D'),
                response: json!({ "action": "accept", "content": content }),
            },
        );
        carried.attempts.insert(key, 1);
    }
    carried.asked.insert("form6".into(), digest_text('W'));
    for i in 0..8 {
        carried
            .values
            .insert(format!("note{i}"), Value::String("x".repeat(512 - 10)));
    }
    carried
}

/// rmcp's codec with a key of the same length, sealing with associated
/// data and an expiry as elicit does.
pub fn rmcp_codec() -> RequestStateCodec {
    RequestStateCodec::try_new(KEY).expect("a 32-byte key")
}

/// rmcp: the state to JSON, sealed, opened and read back.
pub fn rmcp_seal_open(codec: &RequestStateCodec, state: &Carried) -> Carried {
    let options = SealOptions::new()
        .associated_data(RMCP_BINDING)
        .ttl(Duration::from_secs(3600));
    let token = codec
        .seal_json_with(state, &options)
        .expect("the state serializes");
    codec
        .open_json_with(&token, RMCP_BINDING)
        .expect("its own state opens")
}

/// elicit: the state sealed and opened for the binding.
pub fn elicit_seal_open(keys: &StateKeys, binding: &Binding, state: &Carried) -> Carried {
    let token = keys.seal(binding, 2, state).expect("the state seals");
    keys.open::<Carried>(binding, &token)
        .expect("its own state opens")
        .state
}

/// The floor: the state's JSON bytes encrypted and decrypted in place with
/// XChaCha20-Poly1305, no serialization, no encoding, a fixed nonce.
pub struct BareAead {
    cipher: XChaCha20Poly1305,
}

impl BareAead {
    /// The cipher with the benchmarks' key.
    pub fn new() -> BareAead {
        BareAead {
            cipher: XChaCha20Poly1305::new(&Key::from(KEY)),
        }
    }

    /// Encrypts `bytes` and decrypts them again, in place.
    pub fn seal_open(&self, bytes: &mut [u8]) {
        let nonce = XNonce::from([1u8; 24]);
        let tag: Tag = self
            .cipher
            .encrypt_inout_detached(&nonce, b"aad", bytes.into())
            .expect("a short text encrypts");
        self.cipher
            .decrypt_inout_detached(&nonce, b"aad", bytes.into(), &tag)
            .expect("it decrypts");
    }
}

impl Default for BareAead {
    fn default() -> BareAead {
        BareAead::new()
    }
}

/// Token lengths beside the JSON they carry, for one state: the JSON,
/// elicit's `StateKeys::seal` (JSON inside), a flow's seal (its own
/// layout) and rmcp's.
pub fn token_lengths(keys: &StateKeys, state: &Carried) -> (usize, usize, usize, usize) {
    let json = serde_json::to_string(state)
        .expect("the state serializes")
        .len();
    let ours = keys.seal(&binding(), 2, state).expect("it seals").len();
    let flow = flow_state(state)
        .seal(keys, &binding(), 2)
        .expect("it seals")
        .len();
    let options = SealOptions::new()
        .associated_data(RMCP_BINDING)
        .ttl(Duration::from_secs(3600));
    let theirs = rmcp_codec()
        .seal_json_with(state, &options)
        .expect("it seals")
        .len();
    (json, ours, flow, theirs)
}

/// The length of the token of round 2 of `plan_trip`, as the flow seals it.
pub fn round2_token_len(keys: &StateKeys) -> usize {
    paused(call(keys, &second_retry(keys)))
        .request_state
        .expect("round 2 seals a state")
        .len()
}

/// Before measuring: each path gives the state back as it was.
pub fn check_round_trips(keys: &StateKeys) {
    let codec = rmcp_codec();
    let binding = binding();
    for state in [typical(), large()] {
        assert_eq!(elicit_seal_open(keys, &binding, &state), state);
        let flow = flow_state(&state);
        assert_eq!(flow_seal_open(keys, &binding, &flow), flow);
        assert_eq!(flow_seal_open_read(keys, &binding, &flow), flow);
        assert_eq!(flow.to_json(), serde_json::to_string(&state).unwrap());
        assert_eq!(rmcp_seal_open(&codec, &state), state);
        let json = serde_json::to_vec(&state).unwrap();
        let mut bytes = json.clone();
        BareAead::new().seal_open(&mut bytes);
        assert_eq!(bytes, json);
    }
    let done = call(keys, &third_retry(keys)).expect("round 3 completes");
    assert_eq!(done, "3 nights in Lisbon from 2026-09-14: 405 EUR");
    let typical_len = serde_json::to_string(&typical()).unwrap().len();
    let real_len = round2_json_len(keys);
    assert!(
        typical_len.abs_diff(real_len) <= 2,
        "the typical state ({typical_len} bytes) is the size of round 2's ({real_len} bytes)"
    );
}
