//! The flow of one request across its rounds: what was answered, what is
//! still needed, and the input-required result that asks for it.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::carried::Carried;
use super::need::{Asking, Reading};
use super::{
    AskError, ClientSupport, Exhausted, FlowError, Form, Need, Needs, Round, Stop, Unsupported, Url,
};
use crate::excerpt::Excerpt;
use crate::protocol::{InputRequiredResult, RetryParams, Revision};
use crate::state::{Binding, StateKeys};
use crate::{Elicitable, Elicitation, Limits, UrlElicitation};

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
/// use elicit_runtime::state::{Binding, StateKey, StateKeys};
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
/// let keys = StateKeys::new(StateKey::generate().unwrap());
/// let binding = Binding::tool("greet", None);
/// let support = ClientSupport::elicitation(ElicitationCapability::form_only());
/// let call = |retry: &RetryParams| {
///     let mut flow = Flow::open(&keys, binding.clone(), Revision::V2026_07_28, support.clone(), retry)?;
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
#[derive(Debug)]
pub struct Flow {
    revision: Revision,
    support: ClientSupport,
    limits: Limits,
    max_attempts: u32,
    /// The responses of this call not read yet.
    responses: Map<String, Value>,
    /// With a state, only responses to the keys it asked are read; without
    /// one, responses to whatever the tool asks.
    asked_only: bool,
    round: u32,
    carried: Carried,
    sealing: Option<Sealing>,
}

/// What a stateless flow seals its state with.
#[derive(Debug)]
struct Sealing {
    keys: StateKeys,
    binding: Binding,
}

impl Flow {
    /// How many answers to one form are read before the flow gives up, by
    /// default: the first and two more after invalid ones.
    pub const DEFAULT_MAX_ATTEMPTS: u32 = 3;

    /// Opens the flow of a 2026-07-28 request (`tools/call`, `prompts/get`,
    /// `resources/read`) from its `retry` params: the state in
    /// `requestState`, opened with `keys` for `binding` (the request and,
    /// when the server knows it, the user), and the `inputResponses`.
    /// `support` is what the client declared for this request.
    ///
    /// # Errors
    ///
    /// [`FlowError::State`] when the `requestState` is refused (tampered
    /// with, truncated, expired, made for another request or user, sealed
    /// with an unknown key); [`FlowError::TooLarge`] when the
    /// `inputResponses` break the keys' limits. Answer either with JSON-RPC
    /// `-32602` ([`FlowError::to_jsonrpc`]).
    pub fn open(
        keys: &StateKeys,
        binding: Binding,
        revision: Revision,
        support: ClientSupport,
        retry: &RetryParams,
    ) -> Result<Flow, FlowError> {
        let limits = keys.limits();
        let (round, carried, asked_only) = match &retry.request_state {
            Some(token) => {
                let opened = keys.open::<Carried>(&binding, token)?;
                (opened.round, opened.state, true)
            }
            None => (0, Carried::default(), false),
        };
        // Checked before anything is copied: a copy of a value nested too
        // deep would recurse as deep.
        let responses = retry.input_responses.as_map();
        limits
            .check_object(responses)
            .map_err(FlowError::TooLarge)?;
        let responses = responses.clone();
        Ok(Flow {
            revision,
            support,
            limits,
            max_attempts: Flow::DEFAULT_MAX_ATTEMPTS,
            responses,
            asked_only,
            round,
            carried,
            sealing: Some(Sealing {
                keys: keys.clone(),
                binding,
            }),
        })
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
            asked_only: true,
            round: 0,
            carried: Carried::default(),
            sealing: None,
        }
    }

    /// The same flow, reading at most `attempts` answers to one form
    /// (at least 1) before it stops with [`Stop::Exhausted`].
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
        let outputs = needs.poll(self, &mut round)?;
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
    pub fn form<T: Elicitable>(
        &mut self,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> Result<Elicitation<T>, Stop> {
        self.gather(Form::<T>::new(key, message))
    }

    /// Asks the user to open `url` (URL mode) under `key`.
    ///
    /// # Errors
    ///
    /// As [`Flow::gather`].
    pub fn url(
        &mut self,
        key: impl Into<String>,
        message: impl Into<String>,
        url: impl Into<String>,
    ) -> Result<UrlElicitation, Stop> {
        self.gather(Url::new(key, message, url))
    }

    /// Carries `value` under `key` into the next rounds (sealed with the
    /// rest of the state), replacing what was there.
    ///
    /// # Errors
    ///
    /// [`Stop::Failed`] when `value` does not write as JSON.
    pub fn carry<V: Serialize>(&mut self, key: &str, value: &V) -> Result<(), Stop> {
        let value = serde_json::to_value(value).map_err(|error| carry_error(key, &error))?;
        self.carried.values.insert(key.to_owned(), value);
        Ok(())
    }

    /// The value carried under `key` from an earlier round, if any.
    ///
    /// # Errors
    ///
    /// [`Stop::Failed`] when the value does not read as `V`.
    pub fn carried<V: DeserializeOwned>(&self, key: &str) -> Result<Option<V>, Stop> {
        self.carried
            .values
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
        if let Some(answer) = self.carried.answers.get(key)
            && let Ok(Reading::Done(output)) = need.read(&self.asking(), answer)
        {
            return Ok(Some(output));
        }
        let again = match self.take_response(key) {
            None => None,
            Some(response) => match need.read(&self.asking(), &response) {
                Ok(Reading::Done(output)) => {
                    self.carried.answers.insert(key.to_owned(), response);
                    return Ok(Some(output));
                }
                Ok(Reading::Invalid(again)) => {
                    let attempts = self.carried.attempts.entry(key.to_owned()).or_insert(0);
                    *attempts += 1;
                    if *attempts >= self.max_attempts {
                        return Err(Stop::Exhausted(Exhausted {
                            key: key.to_owned(),
                            attempts: *attempts,
                            errors: again.errors,
                        }));
                    }
                    Some(again)
                }
                Err(error) => {
                    return Err(FlowError::Response {
                        key: Excerpt(key).to_string(),
                        error,
                    }
                    .into());
                }
            },
        };
        let request = need
            .request(&self.asking(), again.as_ref())
            .map_err(AskError::from)?;
        round.push(key, request).map_err(AskError::from)?;
        Ok(None)
    }

    /// What needs see of this flow's client.
    fn asking(&self) -> Asking<'_> {
        Asking {
            revision: self.revision,
            support: &self.support,
            limits: self.limits,
        }
    }

    /// The response under `key`, if this call may read it.
    fn take_response(&mut self, key: &str) -> Option<Value> {
        if self.asked_only && !self.carried.asked.iter().any(|asked| asked == key) {
            return None;
        }
        self.responses.remove(key)
    }

    /// The stop that asks for `round`: the input-required result, with the
    /// state sealed into it for a stateless flow.
    fn pause(&mut self, round: Round) -> Stop {
        self.carried.asked = round.requests.keys().map(str::to_owned).collect();
        let mut result = InputRequiredResult {
            input_requests: round.requests,
            ..InputRequiredResult::default()
        };
        if let Some(sealing) = &self.sealing {
            match sealing
                .keys
                .seal(&sealing.binding, self.round + 1, &self.carried)
            {
                Ok(token) => result.request_state = Some(token),
                Err(error) => return AskError::from(error).into(),
            }
        }
        Stop::InputRequired(result)
    }
}

fn carry_error(key: &str, error: &serde_json::Error) -> Stop {
    AskError::Carry {
        key: Excerpt(key).to_string(),
        reason: error.to_string(),
    }
    .into()
}
