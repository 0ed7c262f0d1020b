//! Flow integrity, tried as a hostile client would: every answer answers
//! the question the server showed, to the user it was shown to. Each test
//! is one attack, and asserts the refusal or the fresh ask that stops it.

use std::cell::Cell;
use std::collections::BTreeSet;
use std::time::{Duration, SystemTime};

use elicit_runtime::UrlConsent;
use elicit_runtime::flow::{AskError, ClientSupport, Flow, FlowError, Stop};
use elicit_runtime::protocol::{
    ElicitResult, ElicitationCapability, InputRequiredResult, InputResponses, RetryParams, Revision,
};
use elicit_runtime::state::{
    Binding, Deployment, Expiry, MismatchKind, Principal, SeenTokens, StateError, StateKey,
    StateKeys,
};
use elicit_runtime::{Elicitable, Elicitation};
use serde_json::{Value, json};

#[path = "support/rounds.rs"]
mod rounds;

use rounds::{asked, keys_of, message_of};

/// Whom to pay.
#[derive(Debug, PartialEq, Elicitable)]
struct Payee {
    name: String,
}

/// A yes or no.
#[derive(Debug, PartialEq, Elicitable)]
struct Confirm {
    ok: bool,
}

fn keys() -> StateKeys {
    StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE)
}

fn support() -> ClientSupport {
    ClientSupport::elicitation(ElicitationCapability::form_and_url())
}

fn open(keys: &StateKeys, user: &Principal, retry: &RetryParams) -> Result<Flow, FlowError> {
    Flow::open(
        keys,
        Binding::tool("pay", None),
        user,
        Revision::V2026_07_28,
        support(),
        retry,
    )
}

fn accept(content: Value) -> ElicitResult {
    ElicitResult::accept(content.as_object().unwrap().clone())
}

fn retry(answers: &[(&str, ElicitResult)], state: Option<&str>) -> RetryParams {
    let mut responses = InputResponses::new();
    for (key, result) in answers {
        responses = responses.with(*key, result);
    }
    RetryParams::new(responses, state.map(str::to_owned))
}

/// "Pay whom?", then "Really pay $amount to X?": the confirmation is
/// computed from the first answer and from `amount`, read afresh on every
/// call (from a database, say). Returns what was paid.
fn pay(flow: &mut Flow, amount: u32) -> Result<String, Stop> {
    let Elicitation::Accept(payee) = flow.form::<Payee>("payee", "Pay whom?")? else {
        return Ok("nothing paid".into());
    };
    let question = format!("Really pay ${amount} to {}?", payee.name);
    match flow.form::<Confirm>("confirm", question)? {
        Elicitation::Accept(Confirm { ok: true }) => {
            Ok(format!("paid ${amount} to {}", payee.name))
        }
        _ => Ok("nothing paid".into()),
    }
}

fn mallory() -> ElicitResult {
    accept(json!({ "name": "mallory" }))
}

fn yes() -> ElicitResult {
    accept(json!({ "ok": true }))
}

/// Attack 1: Both answers sent with the first call, no round ever shown: nothing is
/// paid. By default the answers are ignored and the first question asked;
/// a flow that lets the first round be answered unprompted still asks the
/// confirmation, which is computed from that answer.
#[test]
fn a_two_step_payment_cannot_be_completed_in_one_call() {
    let keys = keys();
    let user = Principal::user("alice");
    let both = retry(&[("payee", mallory()), ("confirm", yes())], None);

    let first = asked(pay(&mut open(&keys, &user, &both).unwrap(), 1000));
    assert_eq!(keys_of(&first), ["payee"]);

    let mut lenient = open(&keys, &user, &both)
        .unwrap()
        .with_unprompted_first_round();
    let confirm = asked(pay(&mut lenient, 1000));
    assert_eq!(keys_of(&confirm), ["confirm"]);
    assert_eq!(
        message_of(&confirm, "confirm"),
        "Really pay $1000 to mallory?"
    );

    // And the confirmation, sent with the state of the payee's round (the
    // confirmation not shown yet), is not read either.
    let state = first.request_state.unwrap();
    let early = retry(&[("payee", mallory()), ("confirm", yes())], Some(&state));
    let shown = asked(pay(&mut open(&keys, &user, &early).unwrap(), 1000));
    assert_eq!(keys_of(&shown), ["confirm"]);
}

/// Attack 2: The amount changes between the round that showed the confirmation
/// and the retry that answers it: the "yes" was to another question, so
/// the new one is asked, and the old answer pays nothing.
#[test]
fn a_recomputed_question_is_asked_again_not_answered_with_the_old_answer() {
    let keys = keys();
    let user = Principal::user("alice");
    let first = asked(pay(
        &mut open(&keys, &user, &RetryParams::default()).unwrap(),
        10,
    ));
    let named = retry(
        &[("payee", accept(json!({ "name": "bob" })))],
        first.request_state.as_deref(),
    );
    let confirm = asked(pay(&mut open(&keys, &user, &named).unwrap(), 10));
    assert_eq!(message_of(&confirm, "confirm"), "Really pay $10 to bob?");

    let answered = retry(&[("confirm", yes())], confirm.request_state.as_deref());
    // The amount read again is now 1000.
    let again = asked(pay(&mut open(&keys, &user, &answered).unwrap(), 1000));
    assert_eq!(keys_of(&again), ["confirm"]);
    assert_eq!(message_of(&again, "confirm"), "Really pay $1000 to bob?");
    // With the amount unchanged the same answer pays, once asked as shown.
    assert_eq!(
        pay(&mut open(&keys, &user, &answered).unwrap(), 10).unwrap(),
        "paid $10 to bob"
    );

    // Answered for $1000, then recomputed back: asked again too. An
    // answer carried in the state is bound to its question like a fresh
    // one.
    let yes_1000 = retry(&[("confirm", yes())], again.request_state.as_deref());
    let Err(Stop::InputRequired(_)) = pay(&mut open(&keys, &user, &yes_1000).unwrap(), 5) else {
        panic!("a yes to $1000 paid $5");
    };
}

/// An amount up to 100, and one up to 100 000: the same field, the same
/// message, another `requestedSchema`.
#[derive(Debug, PartialEq, Elicitable)]
struct SmallAmount {
    #[elicit(maximum = 100)]
    amount: u32,
}

/// See [`SmallAmount`].
#[derive(Debug, PartialEq, Elicitable)]
struct LargeAmount {
    #[elicit(maximum = 100_000)]
    amount: u32,
}

/// "How much?" with a form of up to `limit`: the schema read afresh on
/// every call (from a policy that may change between rounds), the message
/// always the same. Returns the amount accepted.
fn how_much(flow: &mut Flow, large: bool) -> Result<u32, Stop> {
    let amount = if large {
        flow.form::<LargeAmount>("amount", "How much?")?
            .accepted()
            .map(|a| a.amount)
    } else {
        flow.form::<SmallAmount>("amount", "How much?")?
            .accepted()
            .map(|a| a.amount)
    };
    let amount = amount.unwrap_or(0);
    match flow.form::<Confirm>("confirm", format!("Send {amount}?"))? {
        Elicitation::Accept(Confirm { ok: true }) => Ok(amount),
        _ => Ok(0),
    }
}

/// Attack 2a: Only the `requestedSchema` changes between rounds, the
/// message staying the same (a limit raised): an answer given to the form
/// as it was shown never answers the new form, whether it comes with the
/// retry or was carried in the state from an earlier round. The new form
/// is asked.
#[test]
fn a_changed_schema_alone_is_asked_again() {
    let keys = keys();
    let user = Principal::user("alice");
    let first = asked(how_much(
        &mut open(&keys, &user, &RetryParams::default()).unwrap(),
        false,
    ));
    let fifty = retry(
        &[("amount", accept(json!({ "amount": 50 })))],
        first.request_state.as_deref(),
    );
    // The response to the small form, read for the large one: asked again.
    let again = asked(how_much(&mut open(&keys, &user, &fifty).unwrap(), true));
    assert_eq!(keys_of(&again), ["amount"]);
    assert_eq!(message_of(&again, "amount"), "How much?");
    let request = again.input_requests.get("amount").unwrap();
    let form = request.as_elicitation().unwrap().as_form().unwrap();
    assert_eq!(form.requested_schema, LargeAmount::SCHEMA);
    // Read for the form it answered, it is read.
    let confirm = asked(how_much(&mut open(&keys, &user, &fifty).unwrap(), false));
    assert_eq!(message_of(&confirm, "confirm"), "Send 50?");

    // Carried in the state: the answer to the small form does not answer
    // the large one in a later round either.
    let yes = retry(&[("confirm", yes())], confirm.request_state.as_deref());
    let later = asked(how_much(&mut open(&keys, &user, &yes).unwrap(), true));
    assert_eq!(keys_of(&later), ["amount"]);
    assert_eq!(
        how_much(&mut open(&keys, &user, &yes).unwrap(), false).unwrap(),
        50
    );
}

/// Attack 2b: One key for two questions in one flow: the first "yes" never
/// answers the second; the flow stops with a typed error.
#[test]
fn one_key_for_two_questions_is_a_typed_error() {
    let keys = keys();
    let user = Principal::UNBOUND;
    let twice = |flow: &mut Flow| -> Result<String, Stop> {
        let Elicitation::Accept(Confirm { ok: true }) =
            flow.form::<Confirm>("confirm", "Pay $10 to alice?")?
        else {
            return Ok("stopped".into());
        };
        let Elicitation::Accept(Confirm { ok: true }) =
            flow.form::<Confirm>("confirm", "Pay $1000 to mallory?")?
        else {
            return Ok("stopped".into());
        };
        Ok("paid both".into())
    };
    let first = asked(twice(
        &mut open(&keys, &user, &RetryParams::default()).unwrap(),
    ));
    let answered = retry(&[("confirm", yes())], first.request_state.as_deref());
    let stop = twice(&mut open(&keys, &user, &answered).unwrap()).unwrap_err();
    assert!(
        matches!(&stop, Stop::Failed(AskError::KeyReused { key }) if key == "confirm"),
        "{stop:?}"
    );
}

/// Attack 3: A token that leaks (a log, a proxy) is of no use to another user:
/// the state was sealed for the user the server authenticated.
#[test]
fn a_leaked_token_does_not_continue_for_another_user() {
    let keys = keys();
    let alice = Principal::user("alice");
    let first = asked(pay(
        &mut open(&keys, &alice, &RetryParams::default()).unwrap(),
        10,
    ));
    let leaked = retry(&[("payee", mallory())], first.request_state.as_deref());
    let error = open(&keys, &Principal::user("mallory"), &leaked).unwrap_err();
    let FlowError::State(StateError::Mismatch(mismatch)) = &error else {
        panic!("{error:?}");
    };
    assert_eq!(mismatch.kind(), MismatchKind::User);
    assert_eq!(error.to_jsonrpc(1)["error"]["code"], -32602);
    // Nor to an unbound opener.
    assert!(matches!(
        open(&keys, &Principal::UNBOUND, &leaked),
        Err(FlowError::State(StateError::Mismatch(_)))
    ));
    // Alice continues.
    assert!(open(&keys, &alice, &leaked).is_ok());
}

/// Attack 4: An expired token tells nothing of its binding: every opener gets the
/// same "expired", whatever request, arguments or user it tries.
#[test]
fn an_expired_token_is_no_oracle() {
    let keys = keys().with_ttl(Duration::from_secs(60));
    let binding =
        Binding::tool("pay", json!({ "account": "A-1" }).as_object()).for_principal("alice");
    let then = SystemTime::now() - Duration::from_secs(120);
    let token = keys.seal_at(&binding, 1, &"state", then).unwrap();
    let guesses = [
        Binding::tool("pay", json!({ "account": "A-1" }).as_object()).for_principal("alice"),
        Binding::tool("pay", json!({ "account": "A-2" }).as_object()).for_principal("alice"),
        Binding::tool("pay", json!({ "account": "A-1" }).as_object()).for_principal("bob"),
        Binding::prompt("pay", None),
    ];
    let answers: BTreeSet<String> = guesses
        .iter()
        .map(|guess| {
            let error = keys.open::<String>(guess, &token).unwrap_err();
            assert_eq!(error, StateError::Expired(Expiry::Passed));
            error.to_string()
        })
        .collect();
    assert_eq!(answers.len(), 1);
    // While current, every mismatch reads the same too.
    let token = keys.seal(&binding, 1, &"state").unwrap();
    let texts: BTreeSet<String> = guesses[1..]
        .iter()
        .map(|guess| keys.open::<String>(guess, &token).unwrap_err().to_string())
        .collect();
    assert_eq!(texts.len(), 1);
}

/// Attack 6: Two deployments that share a key (staging and production) do not
/// accept each other's states; nor does a flow open a value the
/// application sealed itself for the same binding.
#[test]
fn another_deployment_or_another_kind_of_payload_does_not_open() {
    let secret = StateKey::generate().unwrap().expose_base64();
    let staging = StateKeys::parse(&secret, Deployment::named("pay-staging")).unwrap();
    let production = StateKeys::parse(&secret, Deployment::named("pay-production")).unwrap();
    let single = StateKeys::parse(&secret, Deployment::SINGLE).unwrap();
    let user = Principal::user("alice");
    let first = asked(pay(
        &mut open(&staging, &user, &RetryParams::default()).unwrap(),
        10,
    ));
    let crossed = retry(&[("payee", mallory())], first.request_state.as_deref());
    for other in [&production, &single] {
        assert_eq!(
            open(other, &user, &crossed).unwrap_err(),
            FlowError::State(StateError::Tampered)
        );
    }
    assert!(open(&staging, &user, &crossed).is_ok());
    // Nor does a named deployment open the single deployment's states.
    let first = asked(pay(
        &mut open(&single, &user, &RetryParams::default()).unwrap(),
        10,
    ));
    let crossed = retry(&[("payee", mallory())], first.request_state.as_deref());
    assert_eq!(
        open(&staging, &user, &crossed).unwrap_err(),
        FlowError::State(StateError::Tampered)
    );

    // JSON the application sealed for the same binding, shaped like a
    // flow's state: authentic, but not a flow state.
    let binding = Binding::tool("pay", None).bound_to(&user);
    let forged_shape = json!({ "a": {}, "k": {} });
    let token = staging.seal(&binding, 1, &forged_shape).unwrap();
    assert_eq!(
        open(&staging, &user, &retry(&[], Some(&token))).unwrap_err(),
        FlowError::State(StateError::Tampered)
    );
}

/// Attack 7: A state that lives longer than the opening ring allows (a replica
/// misconfigured with a long lifetime), or that was issued in the future
/// (a clock far ahead), does not open; within the leeway it does.
#[test]
fn a_far_future_or_future_issued_state_is_refused() {
    let secret = StateKey::generate().unwrap().expose_base64();
    let strict = StateKeys::parse(&secret, Deployment::SINGLE)
        .unwrap()
        .with_ttl(Duration::from_secs(60))
        .with_leeway(Duration::from_secs(5));
    let careless = StateKeys::parse(&secret, Deployment::SINGLE)
        .unwrap()
        .with_long_ttl(Duration::from_secs(400 * 24 * 3600));
    let binding = Binding::tool("pay", None);
    let now = SystemTime::now();
    let long_lived = careless.seal_at(&binding, 1, &0u8, now).unwrap();
    assert!(
        strict
            .open_at::<u8>(&binding, &long_lived, now + Duration::from_secs(60))
            .is_ok()
    );
    assert_eq!(
        strict
            .open_at::<u8>(&binding, &long_lived, now + Duration::from_secs(67))
            .unwrap_err(),
        StateError::Expired(Expiry::TooOld)
    );
    let ahead = careless
        .seal_at(&binding, 1, &0u8, now + Duration::from_secs(3600))
        .unwrap();
    assert_eq!(
        strict.open_at::<u8>(&binding, &ahead, now).unwrap_err(),
        StateError::Expired(Expiry::IssuedInFuture)
    );
    let slightly_ahead = careless
        .seal_at(&binding, 1, &0u8, now + Duration::from_secs(4))
        .unwrap();
    assert!(strict.open_at::<u8>(&binding, &slightly_ahead, now).is_ok());
    // A year's lifetime is cut to a day unless asked for.
    assert_eq!(
        StateKeys::parse(&secret, Deployment::SINGLE)
            .unwrap()
            .with_ttl(Duration::from_secs(365 * 24 * 3600))
            .ttl(),
        StateKeys::MAX_TTL
    );
}

/// The payment tool of [`pay`], paying $10 at most once per flow: it
/// records the flow's id before it pays, and counts what it paid.
struct OncePayments {
    keys: StateKeys,
    user: Principal,
    paid: SeenTokens,
    made: Cell<u32>,
}

impl OncePayments {
    fn new() -> OncePayments {
        OncePayments {
            keys: keys(),
            user: Principal::user("alice"),
            paid: SeenTokens::new(1000),
            made: Cell::new(0),
        }
    }

    /// A call of the tool, continuing `retry`.
    fn call(&self, retry: &RetryParams) -> Result<String, Stop> {
        let mut flow = open(&self.keys, &self.user, retry)?;
        let done = pay(&mut flow, 10)?;
        if done.starts_with("paid") {
            flow.once(&self.paid)?;
            self.made.set(self.made.get() + 1);
        }
        Ok(done)
    }

    /// A new flow paying bob, to its last round: the retry that names him,
    /// the confirmation it asks, and the retry that says yes to it.
    fn to_bob(&self) -> (RetryParams, InputRequiredResult, RetryParams) {
        let first = asked(self.call(&RetryParams::default()));
        let named = retry(
            &[("payee", accept(json!({ "name": "bob" })))],
            first.request_state.as_deref(),
        );
        let confirm = asked(self.call(&named));
        let last = retry(&[("confirm", yes())], confirm.request_state.as_deref());
        (named, confirm, last)
    }
}

/// Attack 8: The final round sent again does not pay again: the tool records the
/// flow's id before it acts.
#[test]
fn a_replayed_final_round_is_refused() {
    let payments = OncePayments::new();
    let (named, _, last) = payments.to_bob();
    assert_eq!(payments.call(&last).unwrap(), "paid $10 to bob");
    let again = payments.call(&last).unwrap_err();
    assert!(
        matches!(again, Stop::Refused(FlowError::Replayed)),
        "{again:?}"
    );
    assert_eq!(again.to_string(), FlowError::Replayed.to_string());
    assert_eq!(payments.made.get(), 1);
    // The token's id is the same on every open, another per round; the
    // flow's is the first round's, in every round.
    let opened = |retry: &RetryParams| open(&payments.keys, &payments.user, retry).unwrap();
    let token = |retry: &RetryParams| opened(retry).token_id();
    assert_eq!(token(&last), token(&last));
    assert_ne!(token(&last), token(&named));
    assert_eq!(token(&RetryParams::default()), None);
    let flow = |retry: &RetryParams| opened(retry).flow_id();
    assert_eq!(flow(&last), token(&named));
    assert_eq!(flow(&named), token(&named));
    assert_eq!(flow(&RetryParams::default()), None);
}

/// Attack 8b: The round before the last sent again, with the same answers:
/// the server seals a new final state (a new token) of the same flow, and
/// its "yes" pays nothing more; nor does the last state sent again without
/// answers, which the server asks again under a new token. A call that
/// starts over without a state is a new flow, and pays.
#[test]
fn a_replayed_earlier_round_does_not_pay_again() {
    let payments = OncePayments::new();
    let (named, confirm, last) = payments.to_bob();
    assert_eq!(payments.call(&last).unwrap(), "paid $10 to bob");
    let refused = |state: &InputRequiredResult| {
        let yes = retry(&[("confirm", yes())], state.request_state.as_deref());
        let replayed = payments.call(&yes).unwrap_err();
        assert!(
            matches!(replayed, Stop::Refused(FlowError::Replayed)),
            "{replayed:?}"
        );
    };

    // The payee's round again, the same answer: a fresh confirmation state.
    let confirm_again = asked(payments.call(&named));
    assert_ne!(confirm_again.request_state, confirm.request_state);
    refused(&confirm_again);

    // The confirmation's state sent without an answer: asked again under a
    // new token, whose "yes" pays nothing more either.
    let unanswered = retry(&[], confirm.request_state.as_deref());
    let asked_again = asked(payments.call(&unanswered));
    assert_eq!(keys_of(&asked_again), ["confirm"]);
    assert_ne!(asked_again.request_state, confirm.request_state);
    refused(&asked_again);
    assert_eq!(payments.made.get(), 1);

    // Starting over without a state: another flow, another payment.
    let (_, _, last) = payments.to_bob();
    assert_eq!(payments.call(&last).unwrap(), "paid $10 to bob");
    assert_eq!(payments.made.get(), 2);
}

/// Attack 10: Accepting a URL request is consent to open the page, not a visit:
/// the tool gets the visit's id (the one in the URL sent) and looks it up
/// in its own record of completed visits before it acts.
#[test]
fn a_url_accept_is_consent_and_names_its_visit() {
    let keys = keys();
    let user = Principal::user("alice");
    let completed: std::cell::RefCell<BTreeSet<String>> = Default::default();
    let connect = |retry: &RetryParams| -> Result<String, Stop> {
        let mut flow = open(&keys, &user, retry)?;
        let consent = flow.url(
            "bank",
            "Connect your bank",
            "https://bank.example/connect/{visit}",
        )?;
        Ok(match consent {
            UrlConsent::Consented { visit: Some(visit) }
                if completed.borrow().contains(visit.as_str()) =>
            {
                "connected".into()
            }
            UrlConsent::Consented { .. } => "not connected yet".into(),
            UrlConsent::Declined | UrlConsent::Cancelled => "not connected".into(),
        })
    };
    let first = asked(connect(&RetryParams::default()));
    let written = serde_json::to_value(&first).unwrap();
    let url = written["inputRequests"]["bank"]["params"]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let visit = url
        .strip_prefix("https://bank.example/connect/")
        .unwrap()
        .to_owned();
    assert_eq!(visit.len(), 36, "a fresh UUID: {url}");

    let consented = retry(
        &[("bank", ElicitResult::accept_url())],
        first.request_state.as_deref(),
    );
    assert_eq!(connect(&consented).unwrap(), "not connected yet");
    // The page records the visit as done; the same consent now connects.
    completed.borrow_mut().insert(visit.clone());
    assert_eq!(connect(&consented).unwrap(), "connected");

    // Across rounds the URL (and so the visit) stays the same.
    let mut flow = open(&keys, &user, &retry(&[], first.request_state.as_deref())).unwrap();
    let again = asked(flow.url(
        "bank",
        "Connect your bank",
        "https://bank.example/connect/{visit}",
    ));
    let again = serde_json::to_value(&again).unwrap();
    assert_eq!(
        again["inputRequests"]["bank"]["params"]["url"],
        url.as_str()
    );
}

/// Attack 5: (server side) A flow never sends a page that is not served over
/// https.
#[test]
fn a_url_request_to_a_dangerous_scheme_is_not_sent() {
    for url in [
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "file:///etc/passwd",
        "http://evil.example/phish",
    ] {
        let mut flow = open(&keys(), &Principal::UNBOUND, &RetryParams::default()).unwrap();
        let stop = flow.url("page", "Open this", url).unwrap_err();
        assert!(
            matches!(stop, Stop::Failed(AskError::Request(_))),
            "{url}: {stop:?}"
        );
    }
}

/// Attack 11: Neither a flow's `Debug` nor a stop's shows the user's answers or
/// the bearer token.
#[test]
fn debug_output_shows_no_answer_and_no_token() {
    let keys = keys();
    let user = Principal::user("alice");
    let first = asked(pay(
        &mut open(&keys, &user, &RetryParams::default()).unwrap(),
        10,
    ));
    let token = first.request_state.clone().unwrap();
    let secret_name = accept(json!({ "name": "Zebediah-Secret-Name" }));
    let answered = retry(&[("payee", secret_name)], Some(&token));
    let mut flow = open(&keys, &user, &answered).unwrap();
    let stop = pay(&mut flow, 10).unwrap_err();
    let Stop::InputRequired(second) = &stop else {
        panic!()
    };
    let second_token = second.request_state.clone().unwrap();
    for shown in [format!("{flow:?}"), format!("{answered:?}")] {
        assert!(!shown.contains("Zebediah"), "{shown}");
    }
    // A stop shows the requests it sends (their questions are the
    // server's), never the token.
    for shown in [
        format!("{flow:?}"),
        format!("{stop:?}"),
        format!("{answered:?}"),
        format!("{first:?}"),
    ] {
        assert!(!shown.contains(&token[4..40]), "{shown}");
        assert!(!shown.contains(&second_token[4..40]), "{shown}");
    }
}
