//! Multi round-trip requests (2026-07-28): the server answers a call with
//! an `InputRequiredResult` holding its elicitations, and the client retries
//! the call with the answers in `inputResponses`.

use core::fmt;
use serde::de::{Deserializer, Error as _};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{
    ElicitRequestParams, ElicitResult, ElicitationCapability, Elicitor, MessageError, RequestError,
    RequestId, Revision, jsonrpc,
};
use crate::excerpt::Excerpt;
use crate::limits::Limits;
use crate::rules::Received;

/// The revision input requests are written for: the newest, since only the
/// newest has input-required results.
const INPUT_REVISION: Revision = Revision::LATEST;

/// One entry of `inputRequests`: `{"method", "params"}`, a request the
/// client fulfils before retrying.
///
/// Elicitations are typed; the other kinds a server may ask for
/// (`sampling/createMessage`, `roots/list`) are kept as they came.
///
/// ```
/// use elicit_runtime::protocol::InputRequest;
/// use serde_json::json;
///
/// let entry = json!({
///     "method": "elicitation/create",
///     "params": {
///         "mode": "url",
///         "url": "https://mcp.example.com/ui/set_api_key",
///         "message": "Please provide your API key to continue."
///     }
/// });
/// let typed: InputRequest = serde_json::from_value(entry.clone()).unwrap();
/// assert!(typed.as_elicitation().is_some());
/// assert_eq!(serde_json::to_value(&typed).unwrap(), entry);
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum InputRequest {
    /// `elicitation/create`.
    Elicitation(ElicitRequestParams),
    /// Another method, with its params untouched.
    Other {
        /// The method.
        method: String,
        /// The params, if any.
        params: Option<Value>,
    },
}

impl InputRequest {
    /// The request's method.
    pub fn method(&self) -> &str {
        match self {
            InputRequest::Elicitation(_) => super::METHOD,
            InputRequest::Other { method, .. } => method,
        }
    }

    /// The elicitation, if this is one.
    pub fn as_elicitation(&self) -> Option<&ElicitRequestParams> {
        match self {
            InputRequest::Elicitation(params) => Some(params),
            InputRequest::Other { .. } => None,
        }
    }
}

/// Writes `{"method", "params"}`, elicitation params for 2026-07-28.
impl Serialize for InputRequest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::Error as _;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("method", self.method())?;
        match self {
            InputRequest::Elicitation(params) => {
                let rendered = params.render(INPUT_REVISION).map_err(S::Error::custom)?;
                map.serialize_entry("params", &rendered)?;
            }
            InputRequest::Other {
                params: Some(params),
                ..
            } => map.serialize_entry("params", params)?,
            InputRequest::Other { params: None, .. } => {}
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for InputRequest {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<InputRequest, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let Value::Object(mut map) = value else {
            return Err(D::Error::custom(format_args!(
                "an input request must be an object with `method` and `params`, received {}",
                Received::of(&value)
            )));
        };
        let method = match map.remove("method") {
            Some(Value::String(method)) => method,
            Some(other) => {
                return Err(D::Error::custom(format_args!(
                    "`method` must be a string, received {}",
                    Received::of(&other)
                )));
            }
            None => return Err(D::Error::custom("an input request has no `method`")),
        };
        let params = map.remove("params");
        if method == super::METHOD {
            let params = params.ok_or_else(|| {
                D::Error::custom("an `elicitation/create` input request has no `params`")
            })?;
            ElicitRequestParams::deserialize(params)
                .map(InputRequest::Elicitation)
                .map_err(D::Error::custom)
        } else {
            Ok(InputRequest::Other { method, params })
        }
    }
}

impl From<ElicitRequestParams> for InputRequest {
    fn from(params: ElicitRequestParams) -> InputRequest {
        InputRequest::Elicitation(params)
    }
}

/// `inputRequests`: the requests a client must fulfil, by key, in the
/// order the server wrote them.
///
/// ```
/// use elicit_runtime::protocol::InputRequests;
/// use serde_json::json;
///
/// let requests: InputRequests = serde_json::from_value(json!({
///     "b": { "method": "roots/list" },
///     "a": { "method": "roots/list" }
/// }))
/// .unwrap();
/// assert_eq!(requests.keys().collect::<Vec<_>>(), ["b", "a"]);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct InputRequests {
    entries: Vec<(String, InputRequest)>,
}

impl InputRequests {
    /// No requests.
    pub fn new() -> InputRequests {
        InputRequests::default()
    }

    /// The number of requests.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The request under `key`.
    pub fn get(&self, key: &str) -> Option<&InputRequest> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, r)| r)
    }

    /// The keys, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(k, _)| k.as_str())
    }

    /// The requests with their keys, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &InputRequest)> {
        self.entries.iter().map(|(k, r)| (k.as_str(), r))
    }

    /// The elicitations with their keys, in order.
    pub fn elicitations(&self) -> impl Iterator<Item = (&str, &ElicitRequestParams)> {
        self.iter()
            .filter_map(|(k, r)| r.as_elicitation().map(|params| (k, params)))
    }

    /// Adds `request` under `key`, after the others.
    ///
    /// # Errors
    ///
    /// [`RequestError::DuplicateKey`] when `key` is taken.
    pub fn insert(
        &mut self,
        key: impl Into<String>,
        request: impl Into<InputRequest>,
    ) -> Result<(), RequestError> {
        let key = key.into();
        if self.get(&key).is_some() {
            return Err(RequestError::duplicate_key(&key));
        }
        self.entries.push((key, request.into()));
        Ok(())
    }
}

impl Serialize for InputRequests {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for InputRequests {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<InputRequests, D::Error> {
        let map = Map::<String, Value>::deserialize(deserializer)?;
        let mut entries = Vec::with_capacity(map.len());
        for (key, value) in map {
            let request = InputRequest::deserialize(value).map_err(|error| {
                D::Error::custom(format_args!("input request `{}`: {error}", Excerpt(&key)))
            })?;
            entries.push((key, request));
        }
        Ok(InputRequests { entries })
    }
}

/// `InputRequiredResult` (2026-07-28): the result of a tool call, prompt
/// or resource read that needs the user first. The client fulfils
/// `inputRequests`, then retries the original request with the answers in
/// `inputResponses` and `requestState` echoed ([`RetryParams`]).
///
/// Build one with [`InputRequiredResult::builder`], which checks every
/// request against the client's capability.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::protocol::{ElicitationCapability, Elicitor, InputRequiredResult, Revision};
/// use serde_json::json;
///
/// #[derive(Elicitable)]
/// struct GitHub {
///     name: String,
/// }
///
/// let elicitor = Elicitor::new(Revision::V2026_07_28, ElicitationCapability::form_only());
/// let result = InputRequiredResult::builder(&elicitor)
///     .unwrap()
///     .form::<GitHub>("github", "Please provide your GitHub username")
///     .unwrap()
///     .request_state("step-2")
///     .build()
///     .unwrap();
/// assert_eq!(
///     serde_json::to_value(&result).unwrap(),
///     json!({
///         "resultType": "input_required",
///         "inputRequests": {
///             "github": {
///                 "method": "elicitation/create",
///                 "params": {
///                     "mode": "form",
///                     "message": "Please provide your GitHub username",
///                     "requestedSchema": {
///                         "type": "object",
///                         "properties": { "name": { "type": "string" } },
///                         "required": ["name"]
///                     }
///                 }
///             }
///         },
///         "requestState": "step-2"
///     })
/// );
/// ```
#[derive(Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct InputRequiredResult {
    /// `inputRequests`, written when not empty.
    pub input_requests: InputRequests,
    /// `requestState`: opaque to the client, echoed on the retry. A server
    /// that keeps state in it must protect it (sign or encrypt it, and bind
    /// it to the user), since the client can change it.
    pub request_state: Option<String>,
    /// `_meta`, passed through untouched.
    pub meta: Option<Map<String, Value>>,
}

/// Shows the requests, and of the `requestState` only its length: the state
/// is a bearer token for the rest of the flow, and `Debug` output ends up
/// in logs.
impl fmt::Debug for InputRequiredResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InputRequiredResult")
            .field("input_requests", &self.input_requests)
            .field(
                "request_state",
                &self.request_state.as_deref().map(Redacted),
            )
            .field("meta", &self.meta)
            .finish()
    }
}

/// A token, shown as its length.
struct Redacted<'a>(&'a str);

impl fmt::Debug for Redacted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<{} characters>", self.0.len())
    }
}

impl InputRequiredResult {
    /// The `resultType` of an input-required result.
    pub const RESULT_TYPE: &'static str = "input_required";

    /// Starts a result for the client `elicitor` describes.
    ///
    /// # Errors
    ///
    /// [`RequestError::NoInputRequired`] when the revision has no
    /// input-required results (before 2026-07-28).
    pub fn builder(elicitor: &Elicitor) -> Result<InputRequiredBuilder, RequestError> {
        let revision = elicitor.revision();
        if !revision.uses_input_required() {
            return Err(RequestError::NoInputRequired { revision });
        }
        Ok(InputRequiredBuilder {
            elicitor: elicitor.clone(),
            result: InputRequiredResult::default(),
        })
    }

    /// Whether a result says `"resultType": "input_required"`.
    ///
    /// ```
    /// use elicit_runtime::protocol::InputRequiredResult;
    /// use serde_json::json;
    ///
    /// assert!(InputRequiredResult::is_input_required(&json!({ "resultType": "input_required" })));
    /// assert!(!InputRequiredResult::is_input_required(&json!({ "content": [] })));
    /// ```
    pub fn is_input_required(result: &Value) -> bool {
        result.get("resultType").and_then(Value::as_str) == Some(Self::RESULT_TYPE)
    }

    /// The whole JSON-RPC response to the request `id`.
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        let result = jsonrpc::value_of(self);
        jsonrpc::response(id.into(), result)
    }

    /// Reads a whole JSON-RPC response carrying an input-required result.
    ///
    /// # Errors
    ///
    /// A [`MessageError`] when the message is not a JSON-RPC 2.0 response or
    /// its result is not an input-required result.
    pub fn from_jsonrpc(message: &Value) -> Result<(RequestId, InputRequiredResult), MessageError> {
        let (id, result) = jsonrpc::read_response(message)?;
        let result = InputRequiredResult::deserialize(result)
            .map_err(|error| MessageError::invalid("result", error))?;
        Ok((id, result))
    }
}

impl Serialize for InputRequiredResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("resultType", Self::RESULT_TYPE)?;
        if !self.input_requests.is_empty() {
            map.serialize_entry("inputRequests", &self.input_requests)?;
        }
        if let Some(state) = &self.request_state {
            map.serialize_entry("requestState", state)?;
        }
        if let Some(meta) = &self.meta {
            map.serialize_entry("_meta", meta)?;
        }
        map.end()
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ResultWire {
    result_type: Option<String>,
    #[serde(default)]
    input_requests: Option<InputRequests>,
    #[serde(default)]
    request_state: Option<String>,
    #[serde(default, rename = "_meta")]
    meta: Option<Map<String, Value>>,
}

/// Reads `resultType` (must be `input_required`), `inputRequests`,
/// `requestState` and `_meta`; unknown keys are ignored.
impl<'de> Deserialize<'de> for InputRequiredResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<InputRequiredResult, D::Error> {
        let wire = ResultWire::deserialize(deserializer)?;
        match wire.result_type.as_deref() {
            Some(InputRequiredResult::RESULT_TYPE) => {}
            Some(other) => {
                return Err(D::Error::custom(format_args!(
                    "`resultType` is `{}`, not `input_required`: read the result as the request's own result",
                    Excerpt(other)
                )));
            }
            None => {
                return Err(D::Error::custom(
                    "no `resultType`: a result without one is complete, not `input_required`",
                ));
            }
        }
        Ok(InputRequiredResult {
            input_requests: wire.input_requests.unwrap_or_default(),
            request_state: wire.request_state,
            meta: wire.meta,
        })
    }
}

/// Builds an [`InputRequiredResult`], checking each request against the
/// client's capability as [`Elicitor`] does.
///
/// ```
/// use elicit_runtime::protocol::{ElicitationCapability, Elicitor, InputRequiredResult, RequestError, Revision};
///
/// let elicitor = Elicitor::new(Revision::V2026_07_28, ElicitationCapability::form_and_url());
/// let result = InputRequiredResult::builder(&elicitor)
///     .unwrap()
///     .url("key", "Please provide your API key to continue.", "https://mcp.example.com/ui/set_api_key")
///     .unwrap()
///     .build()
///     .unwrap();
/// assert_eq!(result.input_requests.len(), 1);
///
/// let duplicate = InputRequiredResult::builder(&elicitor)
///     .unwrap()
///     .url("key", "One", "https://example.com/1")
///     .unwrap()
///     .url("key", "Two", "https://example.com/2");
/// assert!(matches!(duplicate, Err(RequestError::DuplicateKey { .. })));
/// ```
#[derive(Debug, Clone)]
#[must_use]
pub struct InputRequiredBuilder {
    elicitor: Elicitor,
    result: InputRequiredResult,
}

impl InputRequiredBuilder {
    /// The elicitor the requests are checked with.
    pub(crate) fn elicitor(&self) -> &Elicitor {
        &self.elicitor
    }

    /// Adds a URL-mode request to open `url` under `key`.
    ///
    /// # Errors
    ///
    /// The errors of [`Elicitor::url`], and [`RequestError::DuplicateKey`]
    /// when `key` is taken.
    pub fn url(
        self,
        key: impl Into<String>,
        message: impl Into<String>,
        url: impl Into<String>,
    ) -> Result<InputRequiredBuilder, RequestError> {
        let request = self.elicitor.url(message, url)?;
        self.push(key.into(), request.into_params())
    }

    /// Adds `params` under `key`, checked as by [`Elicitor::check`].
    ///
    /// # Errors
    ///
    /// The errors of [`Elicitor::check`], and [`RequestError::DuplicateKey`]
    /// when `key` is taken.
    pub fn request(
        self,
        key: impl Into<String>,
        params: impl Into<ElicitRequestParams>,
    ) -> Result<InputRequiredBuilder, RequestError> {
        let request = self.elicitor.check(params)?;
        self.push(key.into(), request.into_params())
    }

    /// Sets `requestState`, which the client echoes on its retry.
    pub fn request_state(mut self, state: impl Into<String>) -> InputRequiredBuilder {
        self.result.request_state = Some(state.into());
        self
    }

    /// Sets `_meta`.
    pub fn meta(mut self, meta: Map<String, Value>) -> InputRequiredBuilder {
        self.result.meta = Some(meta);
        self
    }

    /// The result.
    ///
    /// # Errors
    ///
    /// [`RequestError::NothingRequired`] with neither a request nor a
    /// `requestState`.
    pub fn build(self) -> Result<InputRequiredResult, RequestError> {
        if self.result.input_requests.is_empty() && self.result.request_state.is_none() {
            return Err(RequestError::NothingRequired);
        }
        Ok(self.result)
    }

    pub(crate) fn push(
        mut self,
        key: String,
        params: ElicitRequestParams,
    ) -> Result<InputRequiredBuilder, RequestError> {
        self.result.input_requests.insert(key, params)?;
        Ok(self)
    }
}

/// `inputResponses`: the client's results, under the keys of the
/// `inputRequests` they answer, in the order the client wrote them.
///
/// Each entry is read when asked for, so a response of another kind
/// (sampling, roots) is kept as it came.
///
/// ```
/// use elicit_runtime::protocol::{ElicitResult, InputResponses};
/// use elicit_runtime::{Elicitable, Elicitation};
///
/// #[derive(Debug, PartialEq, Elicitable)]
/// struct GitHub {
///     name: String,
/// }
///
/// let mut content = serde_json::Map::new();
/// content.insert("name".into(), "octocat".into());
/// let responses = InputResponses::new().with("github", &ElicitResult::accept(content));
///
/// let answer = responses.elicitation::<GitHub>("github").unwrap();
/// assert_eq!(answer, Elicitation::Accept(GitHub { name: "octocat".into() }));
/// assert!(responses.elicitation::<GitHub>("other").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct InputResponses {
    entries: Map<String, Value>,
}

impl InputResponses {
    /// No responses.
    pub fn new() -> InputResponses {
        InputResponses::default()
    }

    /// The number of responses.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The keys, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// The response under `key`, as it came.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entries.get(key)
    }

    /// The responses by key, as they came.
    pub fn as_map(&self) -> &Map<String, Value> {
        &self.entries
    }

    /// Sets the elicitation result answering the request `key`.
    pub fn insert(&mut self, key: impl Into<String>, result: &ElicitResult) {
        let value = jsonrpc::value_of(result);
        self.entries.insert(key.into(), value);
    }

    /// Sets the response to another kind of request under `key`.
    pub fn insert_value(&mut self, key: impl Into<String>, response: Value) {
        self.entries.insert(key.into(), response);
    }

    /// These responses and `result` under `key`.
    pub fn with(mut self, key: impl Into<String>, result: &ElicitResult) -> InputResponses {
        self.insert(key, result);
        self
    }
}

/// What a 2026-07-28 client adds to the params of the request it retries
/// after an [`InputRequiredResult`] (`InputResponseRequestParams` in the
/// schema): the answers in `inputResponses`, the echoed `requestState`, and
/// the `_meta` every request carries (with the client's capabilities).
///
/// Reading takes these keys from any request's params (`tools/call`,
/// `prompts/get`, `resources/read`) and ignores the others.
///
/// ```
/// use elicit_runtime::protocol::RetryParams;
/// use elicit_runtime::{Elicitable, Elicitation};
/// use serde_json::json;
///
/// #[derive(Debug, PartialEq, Elicitable)]
/// struct GitHub {
///     name: String,
/// }
///
/// let params = json!({
///     "name": "whoami",
///     "inputResponses": { "github": { "action": "accept", "content": { "name": "octocat" } } },
///     "requestState": "step-2",
///     "_meta": {
///         "io.modelcontextprotocol/protocolVersion": "2026-07-28",
///         "io.modelcontextprotocol/clientCapabilities": { "elicitation": {} }
///     }
/// });
/// let retry = RetryParams::from_params(&params).unwrap();
/// assert_eq!(retry.request_state.as_deref(), Some("step-2"));
/// assert_eq!(
///     retry.input_responses.elicitation::<GitHub>("github").unwrap(),
///     Elicitation::Accept(GitHub { name: "octocat".into() })
/// );
/// ```
#[derive(Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct RetryParams {
    /// `inputResponses`, written when not empty.
    pub input_responses: InputResponses,
    /// `requestState`, echoed from the `InputRequiredResult`.
    pub request_state: Option<String>,
    /// `_meta`.
    pub meta: Option<Map<String, Value>>,
}

/// Shows the keys of the responses and the length of the `requestState`,
/// never the user's answers or the token.
impl fmt::Debug for RetryParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RetryParams")
            .field(
                "input_responses",
                &self.input_responses.as_map().keys().collect::<Vec<_>>(),
            )
            .field(
                "request_state",
                &self.request_state.as_deref().map(Redacted),
            )
            .finish_non_exhaustive()
    }
}

impl RetryParams {
    /// Params answering with `responses` and echoing `request_state`.
    pub fn new(responses: InputResponses, request_state: Option<String>) -> RetryParams {
        RetryParams {
            input_responses: responses,
            request_state,
            meta: None,
        }
    }

    /// The same params with `_meta`.
    pub fn with_meta(self, meta: Map<String, Value>) -> RetryParams {
        RetryParams {
            meta: Some(meta),
            ..self
        }
    }

    /// Reads the retry keys of a request's params.
    ///
    /// # Errors
    ///
    /// A [`MessageError`] when `params` is not an object, `inputResponses`
    /// is not an object, `requestState` not a string or `_meta` not an
    /// object.
    pub fn from_params(params: &Value) -> Result<RetryParams, MessageError> {
        // Before the copy deserializing makes of `inputResponses` and `_meta`.
        Limits::DEFAULT
            .check_value(params)
            .map_err(|error| MessageError::Json(crate::limits::JsonError::TooLarge(error)))?;
        RetryParams::deserialize(params).map_err(|error| MessageError::invalid("params", error))
    }

    /// Whether the request is a retry: it answers input requests or echoes
    /// a `requestState`.
    pub fn is_retry(&self) -> bool {
        !self.input_responses.is_empty() || self.request_state.is_some()
    }

    /// The elicitation capability the client declared in `_meta` for this
    /// request.
    pub fn client_capability(&self) -> Option<ElicitationCapability> {
        ElicitationCapability::from_request_meta(self.meta.as_ref()?)
    }

    /// Writes the retry keys into the params of the request being retried
    /// (replacing those keys, keeping the others, such as a tool's `name`
    /// and `arguments`).
    ///
    /// ```
    /// use elicit_runtime::protocol::{ElicitResult, InputResponses, RetryParams};
    /// use serde_json::json;
    ///
    /// let retry = RetryParams::new(
    ///     InputResponses::new().with("key", &ElicitResult::decline()),
    ///     Some("step-2".into()),
    /// );
    /// let mut params = json!({ "name": "connect" }).as_object().unwrap().clone();
    /// retry.write_to(&mut params);
    /// assert_eq!(
    ///     serde_json::Value::Object(params),
    ///     json!({
    ///         "name": "connect",
    ///         "inputResponses": { "key": { "action": "decline" } },
    ///         "requestState": "step-2"
    ///     })
    /// );
    /// ```
    pub fn write_to(&self, params: &mut Map<String, Value>) {
        if let Ok(Value::Object(keys)) = serde_json::to_value(self) {
            for (key, value) in keys {
                params.insert(key, value);
            }
        }
    }
}

impl Serialize for RetryParams {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if let Some(meta) = &self.meta {
            map.serialize_entry("_meta", meta)?;
        }
        if !self.input_responses.is_empty() {
            map.serialize_entry("inputResponses", &self.input_responses)?;
        }
        if let Some(state) = &self.request_state {
            map.serialize_entry("requestState", state)?;
        }
        map.end()
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RetryWire {
    #[serde(default)]
    input_responses: Option<InputResponses>,
    #[serde(default)]
    request_state: Option<String>,
    #[serde(default, rename = "_meta")]
    meta: Option<Map<String, Value>>,
}

impl<'de> Deserialize<'de> for RetryParams {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RetryParams, D::Error> {
        let wire = RetryWire::deserialize(deserializer)?;
        Ok(RetryParams {
            input_responses: wire.input_responses.unwrap_or_default(),
            request_state: wire.request_state,
            meta: wire.meta,
        })
    }
}
