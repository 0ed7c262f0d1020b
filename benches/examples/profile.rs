//! Runs one benchmarked path a given number of times, for a profiler:
//!
//! ```text
//! cargo build --release -p elicit-benches --example profile
//! valgrind --tool=callgrind target/release/examples/profile elicit-contact5 10000
//! ```
//!
//! Instruction counts under callgrind are repeatable where timings on a
//! shared machine are not: divide by the count given.

#[path = "../benches/common/mod.rs"]
mod common;

use std::hint::black_box;

use common::{Contact, Emails, Event, Survey, Wide};
use elicit_runtime::{Elicitable, FormMode};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(count)) = (args.next(), args.next()) else {
        eprintln!(
            "usage: profile PATH COUNT, PATH one of {}, {}, format-<email|uri|date|date-time>-<bytes>, format-varied-<email|uri|date|date-time> or format-loop",
            PATHS.join(", "),
            ROUND_PATHS.join(", ")
        );
        std::process::exit(2);
    };
    let Ok(count) = count.parse::<u64>() else {
        eprintln!("the count `{count}` is not a whole number: give how many runs to make");
        std::process::exit(2);
    };
    if let Some(name) = path.strip_prefix("format-varied-") {
        // The varied values of one format, each checked once a run.
        let Some((_, format)) = common::formats::FORMATS.iter().find(|(n, _)| *n == name) else {
            eprintln!("no format named `{name}`: use email, uri, date or date-time");
            std::process::exit(2);
        };
        let values = common::formats::varied(*format);
        for _ in 0..count {
            for value in values {
                black_box(black_box(*format).check(black_box(value)).is_ok());
            }
        }
        return;
    }
    if let Some((format, len)) = format_path(&path) {
        let Some(input) = common::formats::input(format, len) else {
            eprintln!(
                "no valid `{}` of {len} bytes: pick another length",
                format.as_str()
            );
            std::process::exit(2);
        };
        for _ in 0..count {
            black_box(black_box(format).check(black_box(&input)).is_ok());
        }
        return;
    }
    if path == "format-loop" {
        // The loop of a format path without the check: what `benches/callgrind/run formats`
        // takes from each format path's count, to leave the check alone.
        let (format, input) = (common::formats::FORMATS[0].1, String::from("loop"));
        for _ in 0..count {
            black_box((black_box(format), black_box(&input)).1.is_empty());
        }
        return;
    }
    if let Some(run) = round_path(&path) {
        run(count);
        return;
    }
    let Some(run) = path_named(&path) else {
        eprintln!("no path named `{path}`: use one of {}", PATHS.join(", "));
        std::process::exit(2);
    };
    run(count);
}

const PATHS: [&str; 27] = [
    "multi-select-100k-bad10",
    "elicit-survey8",
    "serde-survey8",
    "jsonschema-survey8",
    "result-survey8",
    "elicit-event7",
    "serde-event7",
    "jsonschema-event7",
    "result-event7",
    "elicit-emails5",
    "serde-emails5",
    "jsonschema-emails5",
    "result-emails5",
    "elicit-contact5",
    "result-contact5",
    "result-wide32",
    "serde-contact5",
    "jsonschema-contact5",
    "schema-contact5",
    "elicit-wide32",
    "serde-wide32",
    "jsonschema-wide32",
    "schema-wide32",
    "cached-schema-contact5",
    "cached-schema-wide32",
    "rmcp-schema-contact5",
    "rmcp-schema-wide32",
];

/// The paths of a 2026-07-28 round (`benches/benches/round.rs`): a
/// carried state sealed and opened three ways, and each round of
/// `plan_trip`.
const ROUND_PATHS: [&str; 20] = [
    "state-elicit-typical",
    "state-flow-typical",
    "state-flow-read-typical",
    "state-rmcp-typical",
    "state-aead-typical",
    "state-elicit-large",
    "state-flow-large",
    "state-flow-read-large",
    "state-rmcp-large",
    "state-aead-large",
    "round1",
    "round2",
    "round3",
    "round2-to-rmcp",
    "round2-to-rmcp-via-json",
    "round2-rmcp-writes",
    "retry2-from-rmcp",
    "retry2-from-rmcp-via-json",
    "support-of",
    "support-of-via-json",
];

fn round_path(name: &str) -> Option<fn(u64)> {
    use common::round::{self, BareAead, Carried};
    fn typical() -> Carried {
        round::typical()
    }
    fn elicit(state: Carried, count: u64) {
        let (keys, binding) = (round::keys(), round::binding());
        for _ in 0..count {
            black_box(round::elicit_seal_open(&keys, &binding, black_box(&state)));
        }
    }
    fn flow(state: Carried, count: u64) {
        let (keys, binding) = (round::keys(), round::binding());
        let state = round::flow_state(&state);
        for _ in 0..count {
            black_box(round::flow_seal_open(&keys, &binding, black_box(&state)));
        }
    }
    fn flow_read(state: Carried, count: u64) {
        let (keys, binding) = (round::keys(), round::binding());
        let state = round::flow_state(&state);
        for _ in 0..count {
            black_box(round::flow_seal_open_read(
                &keys,
                &binding,
                black_box(&state),
            ));
        }
    }
    fn rmcp(state: Carried, count: u64) {
        let codec = round::rmcp_codec();
        for _ in 0..count {
            black_box(round::rmcp_seal_open(&codec, black_box(&state)));
        }
    }
    fn aead(state: Carried, count: u64) {
        let (aead, mut bytes) = (BareAead::new(), serde_json::to_vec(&state).unwrap());
        for _ in 0..count {
            aead.seal_open(black_box(&mut bytes));
        }
    }
    fn call(
        retry: fn(&elicit_runtime::state::StateKeys) -> elicit_runtime::protocol::RetryParams,
        count: u64,
    ) {
        let keys = round::keys();
        let retry = retry(&keys);
        for _ in 0..count {
            match round::call(&keys, black_box(&retry)) {
                Err(elicit_runtime::flow::Stop::InputRequired(paused)) => {
                    black_box(paused.to_jsonrpc(1).to_string());
                }
                other => {
                    black_box(other.ok());
                }
            }
        }
    }
    let run: fn(u64) = match name {
        "state-elicit-typical" => |n| elicit(typical(), n),
        "state-flow-typical" => |n| flow(typical(), n),
        "state-flow-read-typical" => |n| flow_read(typical(), n),
        "state-rmcp-typical" => |n| rmcp(typical(), n),
        "state-aead-typical" => |n| aead(typical(), n),
        "state-elicit-large" => |n| elicit(round::large(), n),
        "state-flow-large" => |n| flow(round::large(), n),
        "state-flow-read-large" => |n| flow_read(round::large(), n),
        "state-rmcp-large" => |n| rmcp(round::large(), n),
        "state-aead-large" => |n| aead(round::large(), n),
        "round1" => |n| call(|_| Default::default(), n),
        "round2" => |n| call(round::second_retry, n),
        "round3" => |n| call(round::third_retry, n),
        // Round 2's input-required result as rmcp's, as `Stop::into_tool_response` makes it.
        "round2-to-rmcp" => |n| {
            let keys = round::keys();
            let paused = round::paused(round::call(&keys, &round::second_retry(&keys)));
            for _ in 0..n {
                black_box(
                    elicit_rmcp::input_required_to_rmcp(black_box(&paused)).expect("rmcp holds it"),
                );
            }
        },
        // The same through the JSON both sides write, checked (before).
        "round2-to-rmcp-via-json" => |n| {
            let keys = round::keys();
            let paused = round::paused(round::call(&keys, &round::second_retry(&keys)));
            for _ in 0..n {
                black_box(
                    elicit_rmcp::input_required_to_rmcp_via_json(black_box(&paused))
                        .expect("rmcp holds it"),
                );
            }
        },
        // rmcp writing round 2's result as the text of its JSON-RPC response.
        "round2-rmcp-writes" => |n| {
            let keys = round::keys();
            let paused = round::paused(round::call(&keys, &round::second_retry(&keys)));
            let result = elicit_rmcp::input_required_to_rmcp(&paused).unwrap();
            let message = rmcp::model::ServerJsonRpcMessage::response(
                rmcp::model::ServerResult::InputRequiredResult(result),
                rmcp::model::NumberOrString::Number(1),
            );
            for _ in 0..n {
                black_box(serde_json::to_string(black_box(&message)).unwrap());
            }
        },
        // Round 2's retry read from rmcp's params, as a tool reads it.
        "retry2-from-rmcp" => |n| {
            let params = retry2_params();
            for _ in 0..n {
                black_box(elicit_rmcp::retry_from_rmcp(black_box(&params)).unwrap());
            }
        },
        // The same through a `Value` of the whole params (before).
        "retry2-from-rmcp-via-json" => |n| {
            let params = retry2_params();
            for _ in 0..n {
                black_box(elicit_rmcp::retry_from_rmcp_via_json(black_box(&params)).unwrap());
            }
        },
        // What the client of the load runs declared, as each request reads it.
        "support-of" => |n| {
            let capabilities = client_capabilities();
            for _ in 0..n {
                black_box(elicit_rmcp::support_of(Some(black_box(&capabilities))));
            }
        },
        // The same through a `Value` of the capabilities (before).
        "support-of-via-json" => |n| {
            let capabilities = client_capabilities();
            for _ in 0..n {
                let value = serde_json::to_value(black_box(&capabilities)).unwrap();
                black_box(elicit_runtime::flow::ClientSupport::from_client_capabilities(&value));
            }
        },
        _ => return None,
    };
    Some(run)
}

/// A client declaring elicitation in both modes.
fn client_capabilities() -> rmcp::model::ClientCapabilities {
    serde_json::from_value(serde_json::json!({ "elicitation": { "form": {}, "url": {} } })).unwrap()
}

/// Round 2's retry of `plan_trip` as rmcp's params.
fn retry2_params() -> rmcp::model::CallToolRequestParams {
    let keys = common::round::keys();
    let retry = common::round::second_retry(&keys);
    let mut params = rmcp::model::CallToolRequestParams::new("plan_trip");
    params.input_responses = Some(
        retry
            .input_responses
            .as_map()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
    );
    params.request_state = retry.request_state.clone();
    params
}

fn path_named(name: &str) -> Option<fn(u64)> {
    let run: fn(u64) = match name {
        "elicit-contact5" => |n| elicit::<Contact>(common::contact_content(), n),
        "result-contact5" => |n| result::<Contact>(common::contact_content(), n),
        "result-wide32" => |n| result::<Wide>(common::wide::wide_content(), n),
        "serde-contact5" => |n| serde::<Contact>(common::contact_content(), n),
        "jsonschema-contact5" => |n| jsonschema::<Contact>(common::contact_content(), n),
        "schema-contact5" => schema::<Contact>,
        "elicit-wide32" => |n| elicit::<Wide>(common::wide::wide_content(), n),
        "serde-wide32" => |n| serde::<Wide>(common::wide::wide_content(), n),
        "jsonschema-wide32" => |n| jsonschema::<Wide>(common::wide::wide_content(), n),
        "schema-wide32" => schema::<Wide>,
        "cached-schema-contact5" => cached_schema::<Contact>,
        "cached-schema-wide32" => cached_schema::<Wide>,
        "rmcp-schema-contact5" => rmcp_schema::<Contact>,
        "rmcp-schema-wide32" => rmcp_schema::<Wide>,
        "elicit-survey8" => |n| elicit::<Survey>(common::more::survey_content(), n),
        "serde-survey8" => |n| serde::<Survey>(common::more::survey_content(), n),
        "jsonschema-survey8" => |n| jsonschema::<Survey>(common::more::survey_content(), n),
        "result-survey8" => |n| result::<Survey>(common::more::survey_content(), n),
        "elicit-event7" => |n| elicit::<Event>(common::more::event_content(), n),
        "serde-event7" => |n| serde::<Event>(common::more::event_content(), n),
        "jsonschema-event7" => |n| jsonschema::<Event>(common::more::event_content(), n),
        "result-event7" => |n| result::<Event>(common::more::event_content(), n),
        "elicit-emails5" => |n| elicit::<Emails>(common::more::emails_content(), n),
        "serde-emails5" => |n| serde::<Emails>(common::more::emails_content(), n),
        "jsonschema-emails5" => |n| jsonschema::<Emails>(common::more::emails_content(), n),
        "result-emails5" => |n| result::<Emails>(common::more::emails_content(), n),
        "multi-select-100k-bad10" => multi_select_refused,
        _ => return None,
    };
    Some(run)
}

/// `format-<name>-<bytes>`: one format check of a valid value that long,
/// such as `format-uri-41`.
fn format_path(path: &str) -> Option<(elicit_runtime::format::Format, usize)> {
    let rest = path.strip_prefix("format-")?;
    let (name, len) = rest.rsplit_once('-')?;
    let (_, format) = common::formats::FORMATS.iter().find(|(n, _)| *n == name)?;
    Some((*format, len.parse().ok()?))
}

/// A multi-select of 100 000 options (from the wire) refusing an answer
/// of 10 options and 10 entries that are none.
fn multi_select_refused(count: u64) {
    let schema = common::options::multi_select(100_000);
    let entries = common::options::entries(10, 10);
    for _ in 0..count {
        black_box(common::options::refuse(
            black_box(&schema),
            black_box(&entries),
        ));
    }
}

/// Content to a value, as serde reads it.
fn elicit<T: Elicitable>(content: serde_json::Value, count: u64) {
    let map = common::object(&content);
    for _ in 0..count {
        black_box(T::from_content(black_box(map)).ok());
    }
}

/// A whole `ElicitResult` to `Elicitation<T>`.
fn result<T: Elicitable>(content: serde_json::Value, count: u64) {
    let result = common::accepted(&content);
    for _ in 0..count {
        black_box(common::elicit::<T>(black_box(&result)));
    }
}

fn serde<T: serde::de::DeserializeOwned>(content: serde_json::Value, count: u64) {
    for _ in 0..count {
        black_box(common::serde_alone::<T>(black_box(&content)));
    }
}

fn jsonschema<T: Elicitable + serde::de::DeserializeOwned>(content: serde_json::Value, count: u64) {
    let validator = common::validator::<T>();
    for _ in 0..count {
        black_box(common::jsonschema_serde::<T>(
            &validator,
            black_box(&content),
        ));
    }
}

fn schema<T: Elicitable>(count: u64) {
    for _ in 0..count {
        black_box(black_box(T::SCHEMA).to_json_string());
    }
}

fn rmcp_schema<T: schemars::JsonSchema>(count: u64) {
    for _ in 0..count {
        black_box(serde_json::to_string(&common::rmcp_schema::<T>()).expect("serializes"));
    }
}

fn cached_schema<T: FormMode + 'static>(count: u64) {
    for _ in 0..count {
        black_box(T::schema_json(black_box(elicit_runtime::protocol::Revision::LATEST)).ok());
    }
}
