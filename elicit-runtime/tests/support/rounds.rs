//! Reading an input-required round in the flow tests: the stop that asks,
//! its keys, and the message of one request.

use elicit_runtime::flow::Stop;
use elicit_runtime::protocol::InputRequiredResult;

/// The round a tool's stop asks for; any other outcome fails the test.
pub fn asked<T: std::fmt::Debug>(stop: Result<T, Stop>) -> InputRequiredResult {
    match stop {
        Err(Stop::InputRequired(result)) => result,
        other => panic!("expected an input-required result, got {other:?}"),
    }
}

/// The keys of the round's requests, in order.
pub fn keys_of(result: &InputRequiredResult) -> Vec<&str> {
    result.input_requests.keys().collect()
}

/// The message of the elicitation under `key`.
pub fn message_of<'r>(result: &'r InputRequiredResult, key: &str) -> &'r str {
    result
        .input_requests
        .get(key)
        .and_then(|request| request.as_elicitation())
        .map(|params| params.message())
        .unwrap()
}
