//! What a server pays once per 2026-07-28 round: a carried state sealed and
//! opened (elicit, rmcp's `RequestStateCodec`, a bare XChaCha20-Poly1305),
//! and a whole round of a two-step tool, `Flow::open` to the pause.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::round::{self, BareAead, Carried};
use criterion::{Criterion, criterion_group, criterion_main};

/// Seal and open of one state, three ways, in one group so their ratios
/// come from one run.
fn seal_open(c: &mut Criterion, name: &str, state: &Carried) {
    let keys = round::keys();
    let binding = round::binding();
    let codec = round::rmcp_codec();
    let aead = BareAead::new();
    let json = serde_json::to_vec(state).expect("the state serializes");
    let flow = round::flow_state(state);
    let mut group = c.benchmark_group(format!("state/{name}"));
    group.bench_function("elicit_seal_open", |b| {
        b.iter(|| round::elicit_seal_open(&keys, &binding, black_box(state)))
    });
    group.bench_function("elicit_flow_seal_open", |b| {
        b.iter(|| round::flow_seal_open(&keys, &binding, black_box(&flow)))
    });
    group.bench_function("elicit_flow_seal_open_read", |b| {
        b.iter(|| round::flow_seal_open_read(&keys, &binding, black_box(&flow)))
    });
    group.bench_function("rmcp_seal_open", |b| {
        b.iter(|| round::rmcp_seal_open(&codec, black_box(state)))
    });
    group.bench_function("bare_aead_seal_open", |b| {
        let mut bytes = json.clone();
        b.iter(|| aead.seal_open(black_box(&mut bytes)))
    });
    group.finish();
}

fn states(c: &mut Criterion) {
    let keys = round::keys();
    round::check_round_trips(&keys);
    eprintln!(
        "round 2 of plan_trip: JSON {} B, token {} B",
        round::round2_json_len(&keys),
        round::round2_token_len(&keys)
    );
    for (name, state) in [("typical", round::typical()), ("large", round::large())] {
        let (json, ours, flow, theirs) = round::token_lengths(&keys, &state);
        eprintln!(
            "{name}: JSON {json} B, elicit token {ours} B ({:.2}x), flow token {flow} B ({:.2}x), \
             rmcp token {theirs} B ({:.2}x)",
            ours as f64 / json as f64,
            flow as f64 / json as f64,
            theirs as f64 / json as f64
        );
        seal_open(c, name, &state);
    }
}

/// Each round of `plan_trip` as a server runs it: the flow opened, the
/// tool run to its pause (or its answer), the result written as JSON-RPC.
fn rounds(c: &mut Criterion) {
    let keys = round::keys();
    let first = elicit_runtime::protocol::RetryParams::default();
    let second = round::second_retry(&keys);
    let third = round::third_retry(&keys);
    let mut group = c.benchmark_group("round/plan_trip");
    group.bench_function("round1_open_ask_pause", |b| {
        b.iter(|| {
            round::paused(round::call(&keys, black_box(&first)))
                .to_jsonrpc(1)
                .to_string()
        })
    });
    group.bench_function("round2_open_ask_pause", |b| {
        b.iter(|| {
            round::paused(round::call(&keys, black_box(&second)))
                .to_jsonrpc(1)
                .to_string()
        })
    });
    group.bench_function("round3_open_answer", |b| {
        b.iter(|| round::call(&keys, black_box(&third)))
    });
    group.finish();
}

fn config() -> Criterion {
    common::criterion(Duration::from_millis(1500), 30)
}

criterion_group! { name = benches; config = config(); targets = states, rounds }
criterion_main!(benches);
