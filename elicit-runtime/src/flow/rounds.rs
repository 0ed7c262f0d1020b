//! The flow of one request across its rounds: what was answered, what is
//! still needed, and the input-required result that asks for it.

use core::fmt;
use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::time::SystemTime;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::carried::{Answered, Carried, FirstRound};
use super::digest::RequestDigest;
use super::need::{Asking, Reading};
use super::{
    AskError, ClientSupport, Exhausted, FlowError, FormNeed, Need, Needs, Round, Stop, Unsupported,
    UrlNeed,
};
use crate::consent::UrlConsent;
use crate::excerpt::Excerpt;
use crate::form::FormMode;
use crate::limits::Limits;
use crate::outcome::Elicitation;
use crate::protocol::{ElicitationId, InputRequiredResult, RequestError, RetryParams, Revision};
use crate::state::{Binding, Kind, Principal, Replay, SeenTokens, StateError, StateKeys, TokenId};

/// One request's flow of input-required rounds: a tool asks for what it
/// needs, in as many steps as it likes, and gets each answer typed.
///
/// A flow is opened afresh for every call of the request: the first call
/// has no answers, so the first ask stops the tool with
/// [`Stop::InputRequired`]; the client asks the user and retries the call
/// with the answers and the sealed `requestState`; the tool runs again
/// from the top, every earlier ask now returns its answer (carried in the
/// sealed state), and the next one asks. What the tool computes on the way
/// can be carried too ([`Flow::carry`], [`Flow::remember`]).
///
/// ```
/// use elicit_runtime::flow::{ClientSupport, Flow, Stop};
/// use elicit_runtime::protocol::{ElicitResult, ElicitationCapability, InputResponses, RetryParams, Revision};
/// use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
/// use elicit_runtime::{Elicitable, Elicitation};
///
/// #[derive(Debug, Elicitable)]
/// struct Name {
///     name: String,
/// }
///
/// #[derive(Debug, Elicitable)]
/// struct Color {
///     color: String,
/// }
///
/// /// The tool: two steps, the second asked with the first answer.
/// fn greet(flow: &mut Flow) -> Result<String, Stop> {
///     let Elicitation::Accept(name) = flow.form::<Name>("step1", "What is your name?")? else {
///         return Ok("maybe later".into());
///     };
///     let question = format!("{}, what is your favorite color?", name.name);
///     let Elicitation::Accept(color) = flow.form::<Color>("step2", question)? else {
///         return Ok("maybe later".into());
///     };
///     Ok(format!("{} likes {}", name.name, color.color))
/// }
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let binding = Binding::tool("greet", None);
/// // The user the server authenticated this request as.
/// let user = Principal::user("ada@example.com");
/// let support = ClientSupport::elicitation(ElicitationCapability::form_only());
/// let call = |retry: &RetryParams| {
///     let mut flow = Flow::open(&keys, binding.clone(), &user, Revision::V2026_07_28, support.clone(), retry)?;
///     greet(&mut flow)
/// };
/// let accept = |key: &str, field: &str, value: &str| {
///     let content = serde_json::json!({ field: value }).as_object().unwrap().clone();
///     InputResponses::new().with(key, &ElicitResult::accept(content))
/// };
///
/// // Round 1: the tool asks for step 1.
/// let Err(Stop::InputRequired(first)) = call(&RetryParams::default()) else { panic!() };
/// assert!(first.input_requests.get("step1").is_some());
///
/// // Round 2: the client answers step 1; the tool asks step 2 with it.
/// let retry = RetryParams::new(accept("step1", "name", "Ada"), first.request_state.clone());
/// let Err(Stop::InputRequired(second)) = call(&retry) else { panic!() };
/// let step2 = second.input_requests.get("step2").unwrap().as_elicitation().unwrap();
/// assert_eq!(step2.message(), "Ada, what is your favorite color?");
///
/// // Round 3: the answer to step 2 completes the call.
/// let retry = RetryParams::new(accept("step2", "color", "blue"), second.request_state.clone());
/// assert_eq!(call(&retry).unwrap(), "Ada likes blue");
/// ```
pub struct Flow {
    revision: Revision,
    support: ClientSupport,
    limits: Limits,
    max_attempts: u32,
    /// The responses of this call not read yet.
    responses: Map<String, Value>,
    /// Where this call's responses may come from.
    origin: Origin,
    /// Whether a call without a state may answer the first round.
    unprompted_first_round: bool,
    /// How many times the tool gathered needs in this call.
    polls: u32,
    round: u32,
    carried: Carried,
    /// The request asked under each key in this call: one key, one
    /// request.
    shown: BTreeMap<String, RequestDigest>,
    sealing: Option<Sealing>,
    /// The opened state's id and expiry.
    token: Option<(TokenId, SystemTime)>,
}

/// Where a call's responses come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// A retry with a sealed state: responses answer the requests it
    /// lists.
    Sealed,
    /// A call of a stateless flow without a state: no request was sent
    /// for it, so its responses answer nothing (unless the flow lets them
    /// answer the first round).
    Fresh,
    /// A flow driven by its caller, who sends each request and gives the
    /// response ([`Flow::respond`]).
    Local,
}

/// What a stateless flow seals its state with.
#[derive(Debug)]
struct Sealing {
    keys: StateKeys,
    binding: Binding,
    /// The flow's user, whose hosted forms' answers open for them alone.
    principal: Principal,
}

/// Shows the flow's shape, never the user's answers, the tool's values or
/// the state's token.
impl fmt::Debug for Flow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Flow")
            .field("revision", &self.revision)
            .field("round", &self.round)
            .field("origin", &self.origin)
            .field("responses", &self.responses.keys().collect::<Vec<_>>())
            .field("carried", &self.carried)
            .field("token_id", &self.token.map(|(id, _)| id))
            .finish_non_exhaustive()
    }
}

impl Flow {
    /// How many answers to one form are read before the flow gives up, by
    /// default: the first and two more after invalid ones.
    pub const DEFAULT_MAX_ATTEMPTS: u32 = 3;

    /// Opens the flow of a 2026-07-28 request (`tools/call`, `prompts/get`,
    /// `resources/read`) from its `retry` params: the state in
    /// `requestState`, opened with `keys` for `binding` (the request) and
    /// `principal` (the user the server authenticated, or explicitly
    /// [`Principal::UNBOUND`]), and the `inputResponses`. `support` is what
    /// the client declared for this request.
    ///
    /// What the responses may answer:
    ///
    /// - With a state, a response is read only under a key the last round
    ///   asked, and only if the tool asks the very request that was sent
    ///   (its message, form or URL: a digest of each is sealed). A request
    ///   that changed since (a message recomputed from newer data) is
    ///   asked again, never answered with the old answer.
    /// - Without a state, no request was sent, so the responses are
    ///   ignored and the tool's first ask returns the first round
    ///   ([`Flow::with_unprompted_first_round`] lets them answer it).
    ///
    /// # Errors
    ///
    /// [`FlowError::TooLarge`] when the `inputResponses` break the keys'
    /// limits (checked before anything is copied or opened);
    /// [`FlowError::State`] when the `requestState` is refused (tampered
    /// with, truncated, expired, made for another request or user, sealed
    /// with an unknown key, in another context or as another kind of
    /// payload). Answer either with JSON-RPC `-32602`
    /// ([`FlowError::to_jsonrpc`]). The earlier answers and the carried
    /// values in the state are read when the tool first reads them, not
    /// here: one that breaks the keys' limits is refused then, as
    /// [`Stop::Refused`] with the same [`FlowError::State`].
    pub fn open(
        keys: &StateKeys,
        binding: Binding,
        principal: &Principal,
        revision: Revision,
        support: ClientSupport,
        retry: &RetryParams,
    ) -> Result<Flow, FlowError> {
        let limits = keys.limits();
        // Checked before anything is copied: a copy of a value nested too
        // deep would recurse as deep.
        let responses = retry.input_responses.as_map();
        limits
            .check_object(responses)
            .map_err(FlowError::TooLarge)?;
        let binding = binding.bound_to(principal);
        let mut flow = Flow::local(revision, support).with_limits(limits);
        match &retry.request_state {
            Some(token) => {
                let opened = keys.open_with(
                    Kind::Flow,
                    &binding,
                    token,
                    SystemTime::now(),
                    |opened, payload| Carried::decode(opened, payload, keys),
                )?;
                flow.round = opened.round;
                flow.carried = opened.state;
                // A state sealed by the first round names no first round:
                // it is the first, and its id is the flow's from now on.
                if flow.carried.first.is_none() {
                    flow.carried.first = Some(FirstRound {
                        id: opened.token_id,
                        expires_at: opened.expires_at,
                    });
                }
                flow.token = Some((opened.token_id, opened.expires_at));
                flow.origin = Origin::Sealed;
            }
            None => flow.origin = Origin::Fresh,
        }
        flow.responses = responses.clone();
        flow.sealing = Some(Sealing {
            keys: keys.clone(),
            binding,
            principal: principal.clone(),
        });
        Ok(flow)
    }

    /// The same flow, letting a call without a state answer the first
    /// round: the requests the tool asks before any answer is read
    /// (computed from the request alone), for clients that send their
    /// answers with the first call. Later rounds are never answered
    /// without a state, so a confirmation computed from an earlier answer
    /// is always sent before it is read. Off by default.
    ///
    /// ```
    /// use elicit_runtime::flow::{ClientSupport, Flow, Stop};
    /// use elicit_runtime::protocol::{ElicitResult, ElicitationCapability, InputResponses, RetryParams, Revision};
    /// use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
    /// use elicit_runtime::{Elicitable, Elicitation};
    ///
    /// #[derive(Debug, PartialEq, Elicitable)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let support = ClientSupport::elicitation(ElicitationCapability::form_only());
    /// let content = serde_json::json!({ "name": "Ada" }).as_object().unwrap().clone();
    /// let answered = RetryParams::new(InputResponses::new().with("name", &ElicitResult::accept(content)), None);
    /// let open = || Flow::open(&keys, Binding::tool("greet", None), &Principal::UNBOUND, Revision::LATEST, support.clone(), &answered).unwrap();
    ///
    /// // By default the answer sent with the first call is ignored: the question is asked.
    /// assert!(matches!(open().form::<Name>("name", "Your name?"), Err(Stop::InputRequired(_))));
    /// // Opted in, it answers the first round.
    /// let answer = open().with_unprompted_first_round().form::<Name>("name", "Your name?").unwrap();
    /// assert_eq!(answer, Elicitation::Accept(Name { name: "Ada".into() }));
    /// ```
    pub fn with_unprompted_first_round(mut self) -> Flow {
        self.unprompted_first_round = true;
        self
    }

    /// A flow whose requests the caller sends itself, in one call of the
    /// request: a server on a revision before 2026-07-28 (which sends
    /// `elicitation/create`), or a task. [`Stop::InputRequired`] then lists
    /// the requests to send; give each response to [`Flow::respond`] and
    /// ask again.
    ///
    /// ```
    /// use elicit_runtime::flow::{ClientSupport, Flow, Stop};
    /// use elicit_runtime::protocol::{ElicitationCapability, Revision};
    /// use elicit_runtime::{Elicitable, Elicitation};
    /// use serde_json::json;
    ///
    /// #[derive(Debug, PartialEq, Elicitable)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// let support = ClientSupport::elicitation(ElicitationCapability::legacy());
    /// let mut flow = Flow::local(Revision::V2025_06_18, support);
    /// let Err(Stop::InputRequired(asked)) = flow.form::<Name>("name", "Who are you?") else { panic!() };
    /// assert_eq!(asked.input_requests.keys().collect::<Vec<_>>(), ["name"]);
    ///
    /// // ... send `elicitation/create`, and hand over the client's result:
    /// flow.respond("name", json!({ "action": "accept", "content": { "name": "Ada" } }));
    /// let answer = flow.form::<Name>("name", "Who are you?").unwrap();
    /// assert_eq!(answer, Elicitation::Accept(Name { name: "Ada".into() }));
    /// ```
    pub fn local(revision: Revision, support: ClientSupport) -> Flow {
        Flow {
            revision,
            support,
            limits: Limits::DEFAULT,
            max_attempts: Flow::DEFAULT_MAX_ATTEMPTS,
            responses: Map::new(),
            origin: Origin::Local,
            unprompted_first_round: false,
            polls: 0,
            round: 0,
            carried: Carried::default(),
            shown: BTreeMap::new(),
            sealing: None,
            token: None,
        }
    }

    /// The same flow, reading at most `attempts` answers to one form
    /// (at least 1) before it stops with [`Stop::Exhausted`].
    ///
    /// The count travels in the sealed state, so it spares an honest user
    /// a form asked for ever; it is no bound on guesses: a client that
    /// sends an earlier round's state again starts that round's count
    /// again.
    pub fn with_max_attempts(mut self, attempts: u32) -> Flow {
        self.max_attempts = attempts.max(1);
        self
    }

    /// The same flow, reading responses of a local flow within `limits`.
    pub fn with_limits(mut self, limits: Limits) -> Flow {
        self.limits = limits;
        self
    }

    /// The revision requests are written for.
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// The limits the client's responses are read within.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// What the client declared for this request.
    pub fn support(&self) -> &ClientSupport {
        &self.support
    }

    /// How many input-required rounds came before this call (0 on the
    /// first call).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Whether the flow seals its state into `requestState` (opened with
    /// [`Flow::open`]) rather than being driven by its caller
    /// ([`Flow::local`]).
    pub fn is_stateless(&self) -> bool {
        self.sealing.is_some()
    }

    /// The request and user a stateless flow is bound to.
    pub(crate) fn bound(&self) -> Option<(&Binding, &Principal)> {
        self.sealing
            .as_ref()
            .map(|sealing| (&sealing.binding, &sealing.principal))
    }

    /// The id of the state this call continues (`None` without one): the
    /// same for every retry that sends the same `requestState`.
    pub fn token_id(&self) -> Option<TokenId> {
        self.token.map(|(id, _)| id)
    }

    /// The id of the flow this call continues (`None` without a state):
    /// the [`TokenId`] of the state its first round sealed, carried sealed
    /// in every later round's state. The same in every round of the flow
    /// and in every replay of any of them; another for a call that starts
    /// over without a state. What [`Flow::once`] records.
    ///
    /// ```
    /// use elicit_runtime::flow::{ClientSupport, Flow, Stop};
    /// use elicit_runtime::protocol::{ElicitResult, ElicitationCapability, InputResponses, RetryParams, Revision};
    /// use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
    /// use elicit_runtime::Elicitable;
    ///
    /// #[derive(Elicitable)]
    /// struct Step {
    ///     ok: bool,
    /// }
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let support = ClientSupport::elicitation(ElicitationCapability::form_only());
    /// let open = |retry: &RetryParams| {
    ///     Flow::open(&keys, Binding::tool("t", None), &Principal::UNBOUND, Revision::LATEST, support.clone(), retry).unwrap()
    /// };
    /// let yes = |key: &str| InputResponses::new().with(key, &ElicitResult::accept(serde_json::json!({ "ok": true }).as_object().unwrap().clone()));
    /// let ask = |flow: &mut Flow| -> RetryParams {
    ///     flow.form::<Step>("one", "First?").unwrap();
    ///     let Err(Stop::InputRequired(asked)) = flow.form::<Step>("two", "Second?") else { panic!() };
    ///     RetryParams::new(yes("two"), asked.request_state)
    /// };
    ///
    /// let mut first = open(&RetryParams::default());
    /// assert_eq!(first.flow_id(), None);
    /// let Err(Stop::InputRequired(asked)) = first.form::<Step>("one", "First?") else { panic!() };
    /// let second = RetryParams::new(yes("one"), asked.request_state);
    /// let (mut a, mut b) = (open(&second), open(&second));
    /// let (last_a, last_b) = (ask(&mut a), ask(&mut b));
    /// // Two final states of one flow: different tokens, one flow.
    /// let (a, b) = (open(&last_a), open(&last_b));
    /// assert_ne!(a.token_id(), b.token_id());
    /// assert_eq!(a.flow_id(), b.flow_id());
    /// assert!(a.flow_id().is_some());
    /// ```
    pub fn flow_id(&self) -> Option<TokenId> {
        self.carried.first.map(|first| first.id)
    }

    /// Records the flow this call continues ([`Flow::flow_id`]) in `seen`,
    /// or refuses a flow recorded before: call it just before an effect
    /// that must happen once (a payment), so that the final round sent
    /// again, or any earlier round sent again with the same answers (which
    /// makes a new final state of the same flow), does not repeat it. The
    /// record is kept until the flow's first state expires, when every
    /// state of the flow expires too. One effect per flow: a second `once`
    /// in a later round of the same flow is refused. A call without a
    /// state has nothing to record.
    ///
    /// ```
    /// use elicit_runtime::flow::{ClientSupport, Flow, Stop};
    /// use elicit_runtime::protocol::{ElicitResult, ElicitationCapability, InputResponses, RetryParams, Revision};
    /// use elicit_runtime::state::{Binding, Deployment, Principal, SeenTokens, StateKey, StateKeys};
    /// use elicit_runtime::{Elicitable, Elicitation};
    ///
    /// #[derive(Elicitable)]
    /// struct Confirm {
    ///     ok: bool,
    /// }
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let support = ClientSupport::elicitation(ElicitationCapability::form_only());
    /// let paid = SeenTokens::new(10_000);
    /// let pay = |retry: &RetryParams| -> Result<&str, Stop> {
    ///     let mut flow = Flow::open(&keys, Binding::tool("pay", None), &Principal::user("ada"), Revision::LATEST, support.clone(), retry)?;
    ///     let Elicitation::Accept(Confirm { ok: true }) = flow.form::<Confirm>("confirm", "Pay $10?")? else {
    ///         return Ok("not paid");
    ///     };
    ///     flow.once(&paid)?;
    ///     Ok("paid")
    /// };
    ///
    /// let Err(Stop::InputRequired(asked)) = pay(&RetryParams::default()) else { panic!() };
    /// let yes = serde_json::json!({ "ok": true }).as_object().unwrap().clone();
    /// let retry = RetryParams::new(InputResponses::new().with("confirm", &ElicitResult::accept(yes)), asked.request_state);
    /// assert_eq!(pay(&retry).unwrap(), "paid");
    /// // The same retry again: refused, nothing is paid twice.
    /// assert!(matches!(pay(&retry), Err(Stop::Refused(_))));
    /// ```
    ///
    /// # Errors
    ///
    /// [`Stop::Refused`] ([`FlowError::Replayed`]) for a state recorded
    /// before; [`Stop::Refused`] ([`FlowError::State`]) for a state with a
    /// part that does not read within the keys' limits (every part is read
    /// first, so that such a state is refused before it is recorded, not
    /// recorded and then refused as a replay); [`Stop::Failed`] when `seen`
    /// is full of live states.
    pub fn once(&self, seen: &SeenTokens) -> Result<(), Stop> {
        let Some(FirstRound { id, expires_at }) = self.carried.first else {
            return Ok(());
        };
        self.carried.read_all().map_err(refused)?;
        seen.first_use(id, expires_at)
            .map_err(|replay| match replay {
                Replay::Seen => Stop::Refused(FlowError::Replayed),
                _ => Stop::Failed(AskError::Replays(replay)),
            })
    }

    /// Gives the client's response to the request under `key` (a local
    /// flow's caller, after sending the request). Responses to keys that
    /// were not asked are ignored.
    pub fn respond(&mut self, key: impl Into<String>, response: Value) {
        self.responses.insert(key.into(), response);
    }

    /// Asks for everything `needs` names, in one round, and returns each
    /// output once everything is answered.
    ///
    /// Each need is read from the earlier rounds' answers, else from this
    /// call's responses, else asked. A client that did not declare what a
    /// need requires gets no request for it: an [`optional`](Need::optional)
    /// need then reads as `None`, any other stops the tool with
    /// [`Stop::Unsupported`]. An accepted form that fails is asked again with
    /// the failing fields in the message and the valid answers as defaults,
    /// until [`Flow::with_max_attempts`] answers were read
    /// ([`Stop::Exhausted`]). Responses under other keys are ignored.
    ///
    /// # Errors
    ///
    /// [`Stop::InputRequired`] while something is unanswered;
    /// [`Stop::Unsupported`]; [`Stop::Exhausted`]; [`Stop::Refused`] for a
    /// response that is not a result of its request; [`Stop::Failed`] when a
    /// request cannot be built or the state cannot be sealed.
    pub fn gather<N: Needs>(&mut self, needs: N) -> Result<N::Output, Stop> {
        self.poll(&needs)
    }

    /// [`Flow::gather`] by reference, for a caller that asks again with
    /// the same needs after giving responses.
    ///
    /// # Errors
    ///
    /// As [`Flow::gather`].
    pub fn poll<N: Needs>(&mut self, needs: &N) -> Result<N::Output, Stop> {
        let mut round = Round::default();
        let outputs = needs.poll(self, &mut round);
        self.polls = self.polls.saturating_add(1);
        let outputs = outputs?;
        if !round.missing.is_empty() {
            return Err(Unsupported::new(round.missing).into());
        }
        match outputs {
            Some(outputs) if round.requests.is_empty() => Ok(outputs),
            _ => Err(self.pause(round)),
        }
    }

    /// Asks for the form `T` under `key` with `message`.
    ///
    /// # Errors
    ///
    /// As [`Flow::gather`].
    pub fn form<T: FormMode>(
        &mut self,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> Result<Elicitation<T>, Stop> {
        self.gather(FormNeed::<T>::new(key, message))
    }

    /// Asks the user to open `url` (URL mode) under `key`; `{visit}` in
    /// `url` becomes the visit's id ([`UrlNeed`]).
    ///
    /// # Errors
    ///
    /// As [`Flow::gather`].
    pub fn url(
        &mut self,
        key: impl Into<String>,
        message: impl Into<String>,
        url: impl Into<String>,
    ) -> Result<UrlConsent, Stop> {
        self.gather(UrlNeed::new(key, message, url))
    }

    /// Carries `value` under `key` into the next rounds (sealed with the
    /// rest of the state), replacing what was there.
    ///
    /// # Errors
    ///
    /// [`Stop::Failed`] when `value` does not write as JSON;
    /// [`Stop::Refused`] when the values carried from an earlier round
    /// break the keys' limits (read when first needed).
    pub fn carry<V: Serialize>(&mut self, key: &str, value: &V) -> Result<(), Stop> {
        let value = serde_json::to_value(value).map_err(|error| carry_error(key, &error))?;
        let values = self.carried.values.get_mut().map_err(refused)?;
        values.insert(key.to_owned(), value);
        Ok(())
    }

    /// The value carried under `key` from an earlier round, if any.
    ///
    /// # Errors
    ///
    /// [`Stop::Failed`] when the value does not read as `V`;
    /// [`Stop::Refused`] when the values carried from an earlier round
    /// break the keys' limits (read when first needed).
    pub fn carried<V: DeserializeOwned>(&self, key: &str) -> Result<Option<V>, Stop> {
        self.carried
            .values
            .get()
            .map_err(refused)?
            .get(key)
            .map(|value| V::deserialize(value).map_err(|error| carry_error(key, &error)))
            .transpose()
    }

    /// The value carried under `key`, computed by `compute` and carried the
    /// first time: work a tool does once across its rounds (a quote, a
    /// hold on a table).
    ///
    /// ```
    /// use elicit_runtime::flow::{ClientSupport, Flow};
    /// use elicit_runtime::protocol::Revision;
    ///
    /// let mut flow = Flow::local(Revision::LATEST, ClientSupport::none());
    /// let first: u32 = flow.remember("quote", || 42).unwrap();
    /// let again: u32 = flow.remember("quote", || unreachable!()).unwrap();
    /// assert_eq!((first, again), (42, 42));
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Flow::carry`] and [`Flow::carried`].
    pub fn remember<V: Serialize + DeserializeOwned>(
        &mut self,
        key: &str,
        compute: impl FnOnce() -> V,
    ) -> Result<V, Stop> {
        if let Some(value) = self.carried(key)? {
            return Ok(value);
        }
        let value = compute();
        self.carry(key, &value)?;
        Ok(value)
    }

    /// Reads `need` if it is answered; otherwise queues its request in
    /// `round` (or notes the capability the client lacks).
    pub(super) fn ready<N: Need + ?Sized>(
        &mut self,
        need: &N,
        round: &mut Round,
    ) -> Result<Option<N::Output>, Stop> {
        let capability = need.capability();
        if !self.support.supports(capability, self.revision) {
            if let Some(output) = need.unsupported() {
                return Ok(Some(output));
            }
            round.lacks(capability);
            return Ok(None);
        }
        let key = need.key();
        let visit = match need.has_visit() {
            true => Some(self.visit(key)?),
            false => None,
        };
        let visit = visit.as_ref();
        let first = need
            .request(&self.asking(visit), None)
            .map_err(AskError::from)?;
        let digest = RequestDigest::of(&first);
        self.record_shown(key, digest)?;
        if let Some(output) = self.answered_before(need, visit, key, digest)? {
            return Ok(Some(output));
        }
        let request = match self.response_to(key, digest) {
            None => first,
            Some(response) => match self.read_response(need, visit, key, digest, response)? {
                Reading::Done(output) => return Ok(Some(output)),
                Reading::Invalid(again) => need
                    .request(&self.asking(visit), Some(&again))
                    .map_err(AskError::from)?,
            },
        };
        round.push(key, request, digest).map_err(AskError::from)?;
        Ok(None)
    }

    /// What a need sees of this flow, asking for `visit`.
    fn asking<'a>(&'a self, visit: Option<&'a ElicitationId>) -> Asking<'a> {
        Asking {
            revision: self.revision,
            support: &self.support,
            limits: self.limits,
            visit,
        }
    }

    /// Records that the request with `digest` is shown under `key`, or
    /// refuses a second, different request under the same key.
    fn record_shown(&mut self, key: &str, digest: RequestDigest) -> Result<(), Stop> {
        match self.shown.entry(key.to_owned()) {
            Entry::Vacant(entry) => {
                entry.insert(digest);
                Ok(())
            }
            Entry::Occupied(entry) if *entry.get() != digest => Err(AskError::KeyReused {
                key: Excerpt(key).to_string(),
            }
            .into()),
            Entry::Occupied(_) => Ok(()),
        }
    }

    /// The output of an earlier round's answer under `key`, if it answered
    /// this very request (`digest`); an answer to a request that changed
    /// since is dropped, with its attempts, unread. An answer is read from
    /// the state when first needed: [`Stop::Refused`] when it breaks the
    /// keys' limits.
    fn answered_before<N: Need + ?Sized>(
        &mut self,
        need: &N,
        visit: Option<&ElicitationId>,
        key: &str,
        digest: RequestDigest,
    ) -> Result<Option<N::Output>, Stop> {
        match self.carried.answers.get(key) {
            None => return Ok(None),
            Some(answered) if answered.request == digest => {
                let response = answered.response.get().map_err(refused)?;
                return Ok(match need.read(&self.asking(visit), response) {
                    Ok(Reading::Done(output)) => Some(output),
                    _ => None,
                });
            }
            Some(_) => {}
        }
        // The request changed since it was answered (a message recomputed
        // from newer data): the old answer answers another question, so ask
        // this one afresh.
        self.carried.answers.remove(key);
        self.carried.attempts.remove(key);
        Ok(None)
    }

    /// This call's response under `key`, taken if it may answer the
    /// request with `digest`.
    fn response_to(&mut self, key: &str, digest: RequestDigest) -> Option<Value> {
        // A response is read only for the very request the last round sent
        // under its key (a local flow's caller sends what `pause` listed);
        // without a state nothing was sent, so only the first round, and
        // only where the flow allows it.
        let may_read = match self.origin {
            Origin::Sealed | Origin::Local => self.carried.asked.get(key) == Some(&digest),
            Origin::Fresh => self.unprompted_first_round && self.polls == 0,
        };
        if may_read {
            self.responses.remove(key)
        } else {
            None
        }
    }

    /// Reads the client's `response` to the request with `digest`: a done
    /// answer is kept for the next rounds; an invalid one counts an attempt,
    /// until [`Flow::with_max_attempts`] answers were read.
    fn read_response<N: Need + ?Sized>(
        &mut self,
        need: &N,
        visit: Option<&ElicitationId>,
        key: &str,
        digest: RequestDigest,
        response: Value,
    ) -> Result<Reading<N::Output>, Stop> {
        match need.read(&self.asking(visit), &response) {
            Ok(Reading::Done(output)) => {
                let answered = Answered::new(digest, response);
                self.carried.answers.insert(key.to_owned(), answered);
                Ok(Reading::Done(output))
            }
            Ok(Reading::Invalid(again)) => {
                let attempts = self.carried.attempts.entry(key.to_owned()).or_insert(0);
                *attempts += 1;
                tracing::info!(
                    target: "elicit::flow",
                    key = %Excerpt(key),
                    attempt = *attempts,
                    fields = %again.errors.field_names(),
                    "the answer breaks the form"
                );
                if *attempts >= self.max_attempts {
                    return Err(Stop::Exhausted(Exhausted {
                        key: key.to_owned(),
                        attempts: *attempts,
                        errors: again.errors,
                    }));
                }
                Ok(Reading::Invalid(again))
            }
            Err(error) => Err(FlowError::Response {
                key: Excerpt(key).to_string(),
                error,
            }
            .into()),
        }
    }

    /// The visit of the URL request under `key`: the one carried from an
    /// earlier round, else a fresh one, carried from now on.
    fn visit(&mut self, key: &str) -> Result<ElicitationId, Stop> {
        if let Some(visit) = self.carried.visits.get(key) {
            return Ok(visit.clone());
        }
        let visit = ElicitationId::generate()
            .map_err(|error| AskError::Request(RequestError::Randomness(error)))?;
        self.carried.visits.insert(key.to_owned(), visit.clone());
        Ok(visit)
    }

    /// The stop that asks for `round`: the input-required result, with the
    /// state sealed into it for a stateless flow.
    fn pause(&mut self, round: Round) -> Stop {
        self.carried.asked = round.asked;
        let mut result = InputRequiredResult {
            input_requests: round.requests,
            ..InputRequiredResult::default()
        };
        if let Some(sealing) = &self.sealing {
            let Some(next) = self.round.checked_add(1) else {
                return AskError::TooManyRounds.into();
            };
            let sealed =
                self.carried
                    .seal(&sealing.keys, &sealing.binding, next, SystemTime::now());
            match sealed {
                Ok(token) => result.request_state = Some(token),
                Err(error) => return AskError::from(error).into(),
            }
        }
        Stop::InputRequired(result)
    }
}

/// A hosted form's answer, kept in the state once read from the store.
impl Flow {
    /// The digest of the URL request `need` asks in this flow (its visit
    /// drawn and carried as [`Flow::gather`] does).
    fn url_digest(&mut self, need: &UrlNeed) -> Result<RequestDigest, Stop> {
        let visit = self.visit(need.key())?;
        let request = need
            .request(&self.asking(Some(&visit)), None)
            .map_err(AskError::from)?;
        Ok(RequestDigest::of(&request))
    }

    /// The answer kept under `key` for the URL request `need`: `None` when
    /// none is kept, or when the one kept answers another request (then
    /// it is dropped).
    pub(crate) fn kept(&mut self, key: &str, need: &UrlNeed) -> Result<Option<Value>, Stop> {
        if !self.carried.answers.contains_key(key) {
            return Ok(None);
        }
        let digest = self.url_digest(need)?;
        match self.carried.answers.get(key) {
            Some(answered) if answered.request == digest => {
                let response = answered.response.get().map_err(refused)?;
                Ok(Some(response.clone()))
            }
            _ => {
                self.carried.answers.remove(key);
                Ok(None)
            }
        }
    }

    /// Keeps `response` under `key` as the answer to the URL request
    /// `need`, sealed with the rest of the state, for later rounds.
    pub(crate) fn keep(&mut self, key: &str, need: &UrlNeed, response: Value) -> Result<(), Stop> {
        let request = self.url_digest(need)?;
        let answered = Answered::new(request, response);
        self.carried.answers.insert(key.to_owned(), answered);
        Ok(())
    }

    /// Whether an answer is kept under `key`.
    pub(crate) fn keeps(&self, key: &str) -> bool {
        self.carried.answers.contains_key(key)
    }

    /// Drops the value carried under `key`.
    ///
    /// # Errors
    ///
    /// The values do not read within the keys' limits (refused as the
    /// state would be).
    pub(crate) fn uncarry(&mut self, key: &str) -> Result<(), Stop> {
        let values = self.carried.values.get_mut().map_err(refused)?;
        values.remove(key);
        Ok(())
    }
}

/// A part of the opened state that breaks the keys' limits or does not
/// read, found when first read: refused as the state would be on opening.
fn refused(error: StateError) -> Stop {
    Stop::Refused(FlowError::State(error))
}

fn carry_error(key: &str, error: &serde_json::Error) -> Stop {
    AskError::Carry {
        key: Excerpt(key).to_string(),
        reason: error.to_string(),
    }
    .into()
}

#[cfg(test)]
mod tests {
    use std::time::SystemTime;

    use super::{Flow, Kind};
    use crate::flow::carried::Carried;
    use crate::flow::{AskError, ClientSupport, Stop};
    use crate::protocol::{ElicitationCapability, RetryParams, Revision};
    use crate::state::{Binding, Deployment, Principal, StateKey, StateKeys};

    /// A state at the last round a `u32` counts: the next round is refused
    /// with a typed error, never a wrapped or overflowing count.
    #[test]
    fn the_round_count_never_overflows() {
        let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
        let binding = Binding::tool("t", None);
        let bytes = Carried::default().encode(&keys).unwrap();
        let token = keys
            .seal_bytes(Kind::Flow, &binding, u32::MAX, &bytes, SystemTime::now())
            .unwrap();
        let support = ClientSupport::elicitation(ElicitationCapability::form_and_url());
        let retry = RetryParams::new(Default::default(), Some(token));
        let mut flow = Flow::open(
            &keys,
            binding,
            &Principal::UNBOUND,
            Revision::LATEST,
            support,
            &retry,
        )
        .unwrap();
        assert_eq!(flow.round(), u32::MAX);
        let stop = flow
            .url("k", "Open", "https://example.com/{visit}")
            .unwrap_err();
        assert!(
            matches!(stop, Stop::Failed(AskError::TooManyRounds)),
            "{stop:?}"
        );
    }
}
