//! Multi-round flows on the plain protocol types: answers carried in the
//! sealed state, missing and invalid answers asked again, requests only for
//! what the client declared, several requests in one round, and every kind
//! of unusable retry refused with JSON-RPC `-32602`.

use elicit_runtime::flow::{
    AskError, Capability, ClientSupport, Flow, FlowError, FormNeed, Need, ResponseError, Roots,
    Sampling, Stop,
};
use elicit_runtime::limits::{LimitError, Limits};
use elicit_runtime::protocol::{
    ElicitResult, ElicitationCapability, InputRequiredResult, InputResponses, Mode, RetryParams,
    Revision,
};
use elicit_runtime::state::{
    Binding, Deployment, Principal, SeenTokens, StateError, StateKey, StateKeys,
};
use elicit_runtime::{Elicitable, Elicitation};
use serde_json::{Map, Value, json};

#[path = "support/rounds.rs"]
mod rounds;

use rounds::{asked, keys_of, message_of};

/// Step 1: who
#[derive(Debug, PartialEq, Elicitable)]
struct Name {
    #[elicit(min_length = 2)]
    name: String,
}

/// Step 2: what
#[derive(Debug, PartialEq, Elicitable)]
struct Order {
    dish: String,
    #[elicit(minimum = 1, maximum = 4)]
    portions: u8,
    #[elicit(default = false)]
    dessert: bool,
}

fn keys() -> StateKeys {
    StateKeys::new(
        StateKey::from_bytes(core::array::from_fn(|i| (i as u8).wrapping_mul(31) ^ 0x6b)).unwrap(),
        Deployment::SINGLE,
    )
}

fn form_client() -> ClientSupport {
    ClientSupport::elicitation(ElicitationCapability::form_only())
}

fn binding() -> Binding {
    Binding::tool("order", None)
}

fn open(retry: &RetryParams) -> Result<Flow, FlowError> {
    open_on(&keys(), retry)
}

/// [`open`] on a replica holding `keys`.
fn open_on(keys: &StateKeys, retry: &RetryParams) -> Result<Flow, FlowError> {
    Flow::open(
        keys,
        binding(),
        &Principal::UNBOUND,
        Revision::V2026_07_28,
        form_client(),
        retry,
    )
}

fn accepted(content: Value) -> Value {
    json!({ "action": "accept", "content": content })
}

/// A retry answering `responses` (raw JSON values by key) with `state`.
fn retry(responses: Value, state: Option<&str>) -> RetryParams {
    let mut input = InputResponses::new();
    if let Value::Object(responses) = responses {
        for (key, value) in responses {
            input.insert_value(key, value);
        }
    }
    RetryParams::new(input, state.map(str::to_owned))
}

/// The tool: a name, then an order asked with the name.
fn order(flow: &mut Flow) -> Result<String, Stop> {
    let Elicitation::Accept(who) = flow.form::<Name>("who", "Who orders?")? else {
        return Ok("no order".into());
    };
    let question = format!("What would {} like?", who.name);
    let Elicitation::Accept(order) = flow.form::<Order>("order", question)? else {
        return Ok("no order".into());
    };
    Ok(format!(
        "{} x{} for {}{}",
        order.dish,
        order.portions,
        who.name,
        if order.dessert { " with dessert" } else { "" }
    ))
}

fn call(retry: &RetryParams) -> Result<String, Stop> {
    order(&mut open(retry)?)
}

/// The state of the first round, which asks `who`.
fn round1() -> String {
    asked(call(&RetryParams::default())).request_state.unwrap()
}

fn schema_of(result: &InputRequiredResult, key: &str) -> Value {
    let written = serde_json::to_value(result).unwrap();
    written["inputRequests"][key]["params"]["requestedSchema"].clone()
}

#[test]
fn a_second_step_is_asked_with_the_first_answer_and_both_are_read_typed() {
    let first = asked(call(&RetryParams::default()));
    assert_eq!(keys_of(&first), ["who"]);
    let state1 = first.request_state.clone().expect("every round is sealed");

    let second = asked(call(&retry(
        json!({ "who": accepted(json!({ "name": "Ada" })) }),
        Some(&state1),
    )));
    assert_eq!(keys_of(&second), ["order"]);
    assert_eq!(message_of(&second, "order"), "What would Ada like?");
    let state2 = second.request_state.clone().unwrap();
    assert_ne!(state1, state2, "each round seals a new state");

    let done = call(&retry(
        json!({ "order": accepted(json!({ "dish": "soup", "portions": 2, "dessert": true })) }),
        Some(&state2),
    ));
    assert_eq!(done.unwrap(), "soup x2 for Ada with dessert");
    assert_eq!(open(&retry(json!({}), Some(&state2))).unwrap().round(), 2);
}

#[test]
fn a_missing_response_is_asked_again_and_extra_keys_are_ignored() {
    let first = asked(call(&RetryParams::default()));
    let state = first.request_state.clone().unwrap();
    for responses in [
        json!({}),
        json!({ "wrong_key": accepted(json!({ "name": "Ada" })) }),
        // Answering the second step before it was asked is not reading it.
        json!({ "order": accepted(json!({ "dish": "soup", "portions": 1 })) }),
    ] {
        let again = asked(call(&retry(responses.clone(), Some(&state))));
        assert_eq!(keys_of(&again), ["who"], "{responses}");
        assert_eq!(message_of(&again, "who"), "Who orders?");
    }
    let extra = asked(call(&retry(
        json!({
            "who": accepted(json!({ "name": "Ada" })),
            "unknown": accepted(json!({ "foo": "bar" })),
            "another": { "action": "accept", "content": { "baz": 123 } }
        }),
        Some(&state),
    )));
    assert_eq!(keys_of(&extra), ["order"]);
}

/// Without a state no request was sent: the responses answer nothing, and
/// the first round is asked, by default.
#[test]
fn without_a_state_responses_are_ignored() {
    let ignored = asked(call(&retry(
        json!({ "who": accepted(json!({ "name": "Ada" })), "extra": 12 }),
        None,
    )));
    assert_eq!(keys_of(&ignored), ["who"]);
    assert_eq!(message_of(&ignored, "who"), "Who orders?");
    // Not even read: a response that is no result is no error either.
    let not_read = asked(call(&retry(json!({ "who": 12345 }), None)));
    assert_eq!(keys_of(&not_read), ["who"]);
}

/// Opted in, a call without a state answers the first round, and only the
/// first: the second step is always asked before it is read.
#[test]
fn an_unprompted_answer_answers_only_the_first_round() {
    let both = retry(
        json!({
            "who": accepted(json!({ "name": "Ada" })),
            "order": accepted(json!({ "dish": "soup", "portions": 1 }))
        }),
        None,
    );
    let mut flow = open(&both).unwrap().with_unprompted_first_round();
    let second = asked(order(&mut flow));
    assert_eq!(keys_of(&second), ["order"]);
    assert_eq!(message_of(&second, "order"), "What would Ada like?");
}

#[test]
fn a_response_that_is_not_a_result_is_a_protocol_error() {
    for bad in [
        json!(12345),
        json!("accept"),
        json!(null),
        json!({ "content": { "name": "Ada" } }),
        json!({ "action": "maybe" }),
        json!({ "action": "accept", "content": ["Ada"] }),
    ] {
        let stop = call(&retry(json!({ "who": bad.clone() }), Some(&round1()))).unwrap_err();
        let Stop::Refused(error) = stop else {
            panic!("{bad}: expected a refusal, got {stop:?}");
        };
        assert!(
            matches!(
                &error,
                FlowError::Response { key, error: ResponseError::NotAResult(_) } if key == "who"
            ),
            "{bad}: {error:?}"
        );
        let response = error.to_jsonrpc(9);
        assert_eq!(response["error"]["code"], -32602);
        assert_eq!(response["id"], 9);
        assert!(
            response["error"]["message"]
                .as_str()
                .unwrap()
                .starts_with("the input response under `who` is unusable"),
            "{response}"
        );
    }
}

#[test]
fn invalid_content_is_asked_again_with_errors_and_valid_answers_then_exhausted() {
    let first = asked(call(&RetryParams::default()));
    let second = asked(call(&retry(
        json!({ "who": accepted(json!({ "name": "Ada" })) }),
        first.request_state.as_deref(),
    )));
    let bad_order = accepted(json!({ "dish": "soup", "portions": 9, "dessert": true }));

    let again = asked(call(&retry(
        json!({ "order": bad_order.clone() }),
        second.request_state.as_deref(),
    )));
    assert_eq!(keys_of(&again), ["order"]);
    assert_eq!(
        message_of(&again, "order"),
        "What would Ada like?\n\nPlease correct this answer:\n\
         - `portions` must be at most 4 (received 9)."
    );
    let schema = schema_of(&again, "order");
    assert_eq!(schema["properties"]["dish"]["default"], "soup");
    assert_eq!(schema["properties"]["dessert"]["default"], true);
    assert!(schema["properties"]["portions"].get("default").is_none());

    let third = asked(call(&retry(
        json!({ "order": bad_order.clone() }),
        again.request_state.as_deref(),
    )));
    let exhausted = call(&retry(
        json!({ "order": bad_order }),
        third.request_state.as_deref(),
    ))
    .unwrap_err();
    let Stop::Exhausted(exhausted) = exhausted else {
        panic!("expected exhaustion, got {exhausted:?}");
    };
    assert_eq!(exhausted.key(), "order");
    assert_eq!(exhausted.attempts(), 3);
    assert_eq!(
        exhausted.to_string(),
        "the answer to `order` still had 1 invalid field after 3 attempts: call again to start \
         over\n`portions` must be at most 4 (received 9)"
    );
}

#[test]
fn the_number_of_attempts_is_configurable() {
    let bad = retry(
        json!({ "who": accepted(json!({ "name": "A" })) }),
        Some(&round1()),
    );
    let mut once = open(&bad).unwrap().with_max_attempts(1);
    assert!(matches!(order(&mut once), Err(Stop::Exhausted(_))));
    let mut twice = open(&bad).unwrap().with_max_attempts(2);
    let again = asked(order(&mut twice));
    assert!(message_of(&again, "who").contains("`name` must have at least 2 characters"));
}

#[test]
fn decline_and_cancel_are_answers_carried_like_any_other() {
    let declined = call(&retry(
        json!({ "who": { "action": "decline" } }),
        Some(&round1()),
    ));
    assert_eq!(declined.unwrap(), "no order");
    let cancelled = call(&retry(
        json!({ "who": { "action": "cancel" } }),
        Some(&round1()),
    ));
    assert_eq!(cancelled.unwrap(), "no order");
}

#[test]
fn a_client_that_declared_nothing_needed_gets_no_request() {
    let mut flow = Flow::open(
        &keys(),
        binding(),
        &Principal::UNBOUND,
        Revision::V2026_07_28,
        ClientSupport::none().with_sampling(),
        &RetryParams::default(),
    )
    .unwrap();
    let Err(Stop::Unsupported(missing)) = order(&mut flow) else {
        panic!("expected unsupported");
    };
    assert_eq!(missing.missing(), [Capability::Elicitation(Mode::Form)]);
    let error = missing.to_jsonrpc(3);
    assert_eq!(error["error"]["code"], -32021);
    assert_eq!(
        error["error"]["data"]["requiredCapabilities"],
        json!({ "elicitation": { "form": {} } })
    );

    // URL mode only: a form cannot be asked either.
    let url_only = ClientSupport::elicitation(ElicitationCapability::url_only());
    let mut flow = Flow::open(
        &keys(),
        binding(),
        &Principal::UNBOUND,
        Revision::V2026_07_28,
        url_only,
        &RetryParams::default(),
    )
    .unwrap();
    assert!(matches!(order(&mut flow), Err(Stop::Unsupported(_))));
}

#[test]
fn optional_needs_are_left_out_for_a_client_that_cannot_answer_them() {
    let support = ClientSupport::from_client_capabilities(&json!({ "sampling": {} }));
    let mut flow = Flow::open(
        &keys(),
        binding(),
        &Principal::UNBOUND,
        Revision::V2026_07_28,
        support,
        &RetryParams::default(),
    )
    .unwrap();
    let stop = flow
        .gather((
            FormNeed::<Name>::new("who", "Who?").optional(),
            Sampling::<Map<String, Value>>::new(
                "greeting",
                json!({ "messages": [], "maxTokens": 5 }),
            )
            .optional(),
            Roots::<Value>::new("roots").optional(),
        ))
        .unwrap_err();
    let Stop::InputRequired(result) = stop else {
        panic!("{stop:?}");
    };
    assert_eq!(keys_of(&result), ["greeting"]);
    assert_eq!(
        result.input_requests.get("greeting").unwrap().method(),
        "sampling/createMessage"
    );

    let mut nothing = Flow::open(
        &keys(),
        binding(),
        &Principal::UNBOUND,
        Revision::V2026_07_28,
        ClientSupport::none(),
        &RetryParams::default(),
    )
    .unwrap();
    let (who, roots) = nothing
        .gather((
            FormNeed::<Name>::new("who", "Who?").optional(),
            Roots::<Value>::new("roots").optional(),
        ))
        .unwrap();
    assert!(who.is_none() && roots.is_none());
}

#[test]
fn several_requests_in_one_round_are_each_read_by_key() {
    let support = form_client().with_sampling().with_roots();
    let needs = || {
        (
            FormNeed::<Name>::new("user_name", "What is your name?"),
            Sampling::<Map<String, Value>>::new(
                "greeting",
                json!({ "messages": [], "maxTokens": 50 }),
            ),
            Roots::<Map<String, Value>>::new("client_roots"),
        )
    };
    let open = |retry: &RetryParams| {
        Flow::open(
            &keys(),
            binding(),
            &Principal::UNBOUND,
            Revision::V2026_07_28,
            support.clone(),
            retry,
        )
        .unwrap()
    };
    let Err(Stop::InputRequired(first)) = open(&RetryParams::default()).gather(needs()) else {
        panic!()
    };
    assert_eq!(keys_of(&first), ["user_name", "greeting", "client_roots"]);
    let written = serde_json::to_value(&first).unwrap();
    assert_eq!(
        written["inputRequests"]["client_roots"],
        json!({ "method": "roots/list" })
    );
    assert_eq!(
        written["inputRequests"]["greeting"]["params"]["maxTokens"],
        50
    );

    // Two of three answered: only the third is asked again.
    let sampled = json!({
        "role": "assistant",
        "content": { "type": "text", "text": "Hello!" },
        "model": "test-model"
    });
    let partial = retry(
        json!({ "user_name": accepted(json!({ "name": "Ada" })), "greeting": sampled }),
        first.request_state.as_deref(),
    );
    let Err(Stop::InputRequired(second)) = open(&partial).gather(needs()) else {
        panic!()
    };
    assert_eq!(keys_of(&second), ["client_roots"]);

    let last = retry(
        json!({ "client_roots": { "roots": [{ "uri": "file:///work", "name": "Work" }] } }),
        second.request_state.as_deref(),
    );
    let (name, greeting, roots) = open(&last).gather(needs()).unwrap();
    assert_eq!(name, Elicitation::Accept(Name { name: "Ada".into() }));
    assert_eq!(greeting["content"]["text"], "Hello!");
    assert_eq!(roots["roots"][0]["uri"], "file:///work");

    // A roots response that is not an object is a protocol error.
    let bad = retry(
        json!({ "client_roots": [1, 2] }),
        second.request_state.as_deref(),
    );
    assert!(matches!(
        open(&bad).gather(needs()),
        Err(Stop::Refused(FlowError::Response {
            error: ResponseError::NotAnObject { .. },
            ..
        }))
    ));
}

#[test]
fn a_key_used_twice_in_one_round_is_refused_before_anything_is_sent() {
    // Two different requests under one key.
    let mut flow = open(&RetryParams::default()).unwrap();
    let stop = flow
        .gather((
            FormNeed::<Name>::new("same", "A"),
            FormNeed::<Name>::new("same", "B"),
        ))
        .unwrap_err();
    assert!(
        matches!(stop, Stop::Failed(AskError::KeyReused { .. })),
        "{stop:?}"
    );
    assert!(
        stop.to_string().contains("give each question its own key"),
        "{stop}"
    );
    // The same request twice in one round.
    let mut flow = open(&RetryParams::default()).unwrap();
    let stop = flow
        .gather((
            FormNeed::<Name>::new("same", "A"),
            FormNeed::<Name>::new("same", "A"),
        ))
        .unwrap_err();
    assert!(
        matches!(stop, Stop::Failed(AskError::Request(_))),
        "{stop:?}"
    );
    assert!(
        stop.to_string().contains("give each request its own key"),
        "{stop}"
    );
}

#[test]
fn values_are_carried_across_rounds_and_computed_once() {
    let mut computed = 0;
    let mut quote = |flow: &mut Flow| -> Result<u32, Stop> {
        flow.remember("quote", || {
            computed += 1;
            120
        })
    };
    let mut flow = open(&RetryParams::default()).unwrap();
    assert_eq!(quote(&mut flow).unwrap(), 120);
    flow.carry("note", &"window seat").unwrap();
    let Err(Stop::InputRequired(first)) = flow.form::<Name>("who", "Who?") else {
        panic!()
    };

    let mut next = open(&retry(json!({}), first.request_state.as_deref())).unwrap();
    assert_eq!(quote(&mut next).unwrap(), 120);
    assert_eq!(computed, 1, "computed in the first round only");
    assert_eq!(
        next.carried::<String>("note").unwrap().as_deref(),
        Some("window seat")
    );
    assert_eq!(next.carried::<String>("absent").unwrap(), None);
    assert!(matches!(next.carried::<u32>("note"), Err(Stop::Failed(_))));
}

/// A state opens without its answers or the tool's values being read: a
/// ring with tighter limits than the one that sealed them opens it, and
/// refuses what breaks them (`-32602`, the limit named) only when the tool
/// reads it. A round that does not read them seals them again as they
/// were, for a ring that can read them.
#[test]
fn carried_values_are_read_when_the_tool_reads_them() {
    let lax = keys();
    let strict = keys().with_limits(Limits::DEFAULT.max_depth(3));
    let open_with = |keys: &StateKeys, retry: &RetryParams| open_on(keys, retry).unwrap();
    let deep = json!({ "rows": [[["x"]]] });
    let mut flow = open_with(&lax, &RetryParams::default());
    flow.carry("deep", &deep).unwrap();
    let state1 = asked(order(&mut flow)).request_state.unwrap();

    // The strict ring opens it, reads the answer and asks the next step:
    // the values, never read, are sealed again as they were.
    let who = json!({ "who": accepted(json!({ "name": "Ada" })) });
    let mut flow = open_with(&strict, &retry(who, Some(&state1)));
    let second = asked(order(&mut flow));
    assert_eq!(message_of(&second, "order"), "What would Ada like?");
    let state2 = second.request_state.unwrap();

    // Read by the strict ring: refused, as opening refuses a state.
    let flow = open_with(&strict, &retry(json!({}), Some(&state2)));
    let Err(Stop::Refused(error)) = flow.carried::<Value>("deep") else {
        panic!("values beyond the limits are refused when read")
    };
    assert_eq!(
        error,
        FlowError::State(StateError::TooLarge(LimitError::Depth { limit: 3 }))
    );
    assert_eq!(error.to_jsonrpc(1)["error"]["code"], -32602);
    // Read by the lax ring: as carried in the first round.
    let flow = open_with(&lax, &retry(json!({}), Some(&state2)));
    assert_eq!(flow.carried::<Value>("deep").unwrap(), Some(deep));

    // Recording the state before an effect reads every part first: a
    // state the strict ring cannot read is refused, not recorded, so the
    // lax ring may still act on it once.
    let seen = SeenTokens::new(10);
    let flow = open_with(&strict, &retry(json!({}), Some(&state2)));
    let Err(Stop::Refused(FlowError::State(_))) = flow.once(&seen) else {
        panic!("a state with a part beyond the limits is refused before it is recorded")
    };
    assert!(seen.is_empty());
    let flow = open_with(&lax, &retry(json!({}), Some(&state2)));
    assert!(flow.once(&seen).is_ok());
    assert!(matches!(
        flow.once(&seen),
        Err(Stop::Refused(FlowError::Replayed))
    ));
}

#[test]
fn a_refused_state_is_invalid_params_and_names_the_reason_only() {
    let first = asked(call(&RetryParams::default()));
    let state = first.request_state.clone().unwrap();
    let answer = json!({ "who": accepted(json!({ "name": "Ada" })) });

    let mut tampered = state.clone();
    tampered.push_str("-TAMPERED");
    let mut flipped = state.clone().into_bytes();
    let middle = flipped.len() / 2;
    flipped[middle] = if flipped[middle] == b'A' { b'B' } else { b'A' };
    let flipped = String::from_utf8(flipped).unwrap();
    let truncated = state[..state.len() / 3].to_owned();

    for (label, token) in [
        ("suffix", tampered),
        ("flipped", flipped),
        ("truncated", truncated),
    ] {
        let error = open(&retry(answer.clone(), Some(&token))).unwrap_err();
        assert!(matches!(error, FlowError::State(_)), "{label}: {error:?}");
        let response = error.to_jsonrpc(1);
        assert_eq!(response["error"]["code"], -32602, "{label}");
        let message = response["error"]["message"].as_str().unwrap();
        assert!(!message.contains("Ada"), "{label}: {message}");
    }

    // The state belongs to `order` called without arguments, by nobody in
    // particular, sealed with this server's key.
    let other_tool = Flow::open(
        &keys(),
        Binding::tool("other", None),
        &Principal::UNBOUND,
        Revision::V2026_07_28,
        form_client(),
        &retry(answer.clone(), Some(&state)),
    );
    assert!(matches!(
        other_tool,
        Err(FlowError::State(StateError::Mismatch(_)))
    ));
    let prompt = Flow::open(
        &keys(),
        Binding::prompt("order", None),
        &Principal::UNBOUND,
        Revision::V2026_07_28,
        form_client(),
        &retry(answer.clone(), Some(&state)),
    );
    assert!(matches!(
        prompt,
        Err(FlowError::State(StateError::Mismatch(_)))
    ));
    let arguments = json!({ "table": 4 });
    let other_arguments = Flow::open(
        &keys(),
        Binding::tool("order", arguments.as_object()),
        &Principal::UNBOUND,
        Revision::V2026_07_28,
        form_client(),
        &retry(answer.clone(), Some(&state)),
    );
    assert!(matches!(
        other_arguments,
        Err(FlowError::State(StateError::Mismatch(_)))
    ));
    let other_user = Flow::open(
        &keys(),
        binding(),
        &Principal::user("mallory"),
        Revision::V2026_07_28,
        form_client(),
        &retry(answer.clone(), Some(&state)),
    );
    assert!(matches!(
        other_user,
        Err(FlowError::State(StateError::Mismatch(_)))
    ));
    let stranger = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let unknown_key = Flow::open(
        &stranger,
        binding(),
        &Principal::UNBOUND,
        Revision::V2026_07_28,
        form_client(),
        &retry(answer, Some(&state)),
    );
    assert!(matches!(
        unknown_key,
        Err(FlowError::State(StateError::UnknownKey))
    ));
}

#[test]
fn replicas_sharing_keys_continue_each_others_rounds_across_a_rotation() {
    let old = StateKey::generate().unwrap().expose_base64();
    let new = StateKey::generate().unwrap().expose_base64();
    let (old, new) = (old.as_str(), new.as_str());
    let before = StateKeys::parse(old, Deployment::SINGLE).unwrap();
    let after = StateKeys::parse(&format!("{new},{old}"), Deployment::SINGLE).unwrap();
    let open_with = |keys: &StateKeys, retry: &RetryParams| open_on(keys, retry).unwrap();
    let first = asked(order(&mut open_with(&before, &RetryParams::default())));
    let second = asked(order(&mut open_with(
        &after,
        &retry(
            json!({ "who": accepted(json!({ "name": "Ada" })) }),
            first.request_state.as_deref(),
        ),
    )));
    assert_eq!(message_of(&second, "order"), "What would Ada like?");
    // Sealed with the new key: a replica that only has the old one refuses it.
    let refused = Flow::open(
        &before,
        binding(),
        &Principal::UNBOUND,
        Revision::V2026_07_28,
        form_client(),
        &retry(json!({}), second.request_state.as_deref()),
    );
    assert!(matches!(
        refused,
        Err(FlowError::State(StateError::UnknownKey))
    ));
}

#[test]
fn input_responses_beyond_the_limits_are_refused_before_reading() {
    let huge = "x".repeat((1 << 20) + 1);
    let too_long = retry(json!({ "who": accepted(json!({ "name": huge })) }), None);
    assert!(matches!(open(&too_long), Err(FlowError::TooLarge(_))));

    let mut deep = json!("bottom");
    for _ in 0..40 {
        deep = json!([deep]);
    }
    let too_deep = retry(json!({ "unasked": deep }), None);
    let error = open(&too_deep).unwrap_err();
    assert!(matches!(error, FlowError::TooLarge(_)), "{error:?}");
    assert_eq!(error.to_jsonrpc(1)["error"]["code"], -32602);

    // Nested far beyond any recursion: refused before anything is copied.
    let mut abyss = json!("bottom");
    for _ in 0..200_000 {
        abyss = Value::Array(vec![abyss]);
    }
    let mut responses = InputResponses::new();
    responses.insert_value("who", abyss);
    let abyss = RetryParams::new(responses, None);
    assert!(matches!(open(&abyss), Err(FlowError::TooLarge(_))));
    // Dropping it would recurse as deep as it is nested.
    std::mem::forget(abyss);

    let huge_state = "A".repeat((1 << 20) + 1);
    let error = open(&retry(json!({}), Some(&huge_state))).unwrap_err();
    assert!(
        matches!(error, FlowError::State(StateError::TooLarge(_))),
        "{error:?}"
    );
}

#[test]
fn a_local_flow_lists_the_requests_and_reads_the_responses_given() {
    let mut flow = Flow::local(Revision::V2025_11_25, form_client());
    let first = asked(order(&mut flow));
    assert!(first.request_state.is_none(), "a local flow seals nothing");
    flow.respond("who", accepted(json!({ "name": "Ada" })));
    let second = asked(order(&mut flow));
    assert_eq!(keys_of(&second), ["order"]);
    flow.respond(
        "order",
        accepted(json!({ "dish": "tea", "portions": 1, "dessert": false })),
    );
    assert_eq!(order(&mut flow).unwrap(), "tea x1 for Ada");
    // A response to a key nobody asked for is ignored.
    let mut fresh = Flow::local(Revision::V2025_11_25, form_client());
    fresh.respond("who", accepted(json!({ "name": "Ada" })));
    assert_eq!(keys_of(&asked(order(&mut fresh))), ["who"]);
}

#[test]
fn a_need_names_its_key_and_capability() {
    let form = FormNeed::<Name>::new("who", "Who?");
    assert_eq!(
        (form.key(), form.capability()),
        ("who", Capability::Elicitation(Mode::Form))
    );
    let roots = Roots::<Value>::new("roots");
    assert_eq!(roots.capability(), Capability::Roots);
    let sampled = ElicitResult::decline();
    assert_eq!(
        serde_json::to_value(sampled).unwrap(),
        json!({ "action": "decline" })
    );
}
