//! `elicitation/create`: the server's ask, in form or URL mode, and how it
//! is written for each revision.

use core::fmt;

use serde::de::{Deserializer, Error as _, IgnoredAny};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::error::fresh_id;
use super::jsonrpc;
use super::{ElicitationId, MessageError, Mode, RequestError, RequestId, Revision, UrlPolicy};
use crate::format::Format;
use crate::limits::LimitError;
use crate::limits::Limits;
use crate::rules::Received;
use crate::schema::FormSchema;
use crate::wire::{RenderedSchema, SchemaError, SchemaWarning};

/// The JSON-RPC method of an elicitation request.
pub const METHOD: &str = "elicitation/create";

/// The params of a form-mode `elicitation/create`.
///
/// Its plain `Serialize` writes the params every revision reads: no `mode`
/// (form is the default) and the schema for the newest revision. For the
/// exact shape of one revision, use [`FormRequest::render`] or an
/// [`Elicitor`](super::Elicitor).
///
/// Reading ignores unknown keys; a `mode` other than `"form"` is an error.
///
/// ```
/// use elicit_runtime::Elicitable;
///
/// #[derive(Elicitable)]
/// struct Name {
///     name: String,
/// }
///
/// let request = Name::request("Please provide your GitHub username").to_jsonrpc(1);
/// assert_eq!(
///     request,
///     serde_json::json!({
///         "jsonrpc": "2.0",
///         "id": 1,
///         "method": "elicitation/create",
///         "params": {
///             "message": "Please provide your GitHub username",
///             "requestedSchema": {
///                 "type": "object",
///                 "properties": { "name": { "type": "string" } },
///                 "required": ["name"]
///             }
///         }
///     })
/// );
///
/// // Read back, as a client does; the schema is checked while reading.
/// let back: elicit_runtime::protocol::FormRequest =
///     serde_json::from_value(request["params"].clone()).unwrap();
/// assert_eq!(back, Name::request("Please provide your GitHub username"));
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct FormRequest {
    /// The message shown to the user.
    pub message: String,
    /// The form.
    pub requested_schema: FormSchema,
    /// `_meta`, passed through untouched.
    #[serde(rename = "_meta", skip_serializing_if = "Option::is_none")]
    pub meta: Option<Map<String, Value>>,
}

impl FormRequest {
    /// Params with `message` and `schema`.
    pub fn new(message: impl Into<String>, schema: FormSchema) -> FormRequest {
        FormRequest {
            message: message.into(),
            requested_schema: schema,
            meta: None,
        }
    }

    /// The same params with `_meta`.
    pub fn with_meta(self, meta: Map<String, Value>) -> FormRequest {
        FormRequest {
            meta: Some(meta),
            ..self
        }
    }

    /// The params as `revision` writes them: without `mode` for 2025-06-18,
    /// with `"mode": "form"` from 2025-11-25, and the schema rendered for
    /// the revision.
    ///
    /// # Errors
    ///
    /// [`RequestError::SchemaNotRenderable`] when the form has a field the
    /// revision cannot express (a multi-select before 2025-11-25).
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::protocol::Revision;
    ///
    /// #[derive(Elicitable)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// let request = Name::request("Who are you?");
    /// let old = request.render(Revision::V2025_06_18).unwrap().to_json();
    /// assert!(old.get("mode").is_none());
    /// let new = request.render(Revision::V2025_11_25).unwrap().to_json();
    /// assert_eq!(new["mode"], "form");
    /// ```
    pub fn render(&self, revision: Revision) -> Result<RenderedRequest<'_>, RequestError> {
        let schema = self.requested_schema.render(revision)?;
        Ok(RenderedRequest {
            revision,
            inner: Rendered::Form {
                request: self,
                schema,
            },
        })
    }

    /// The whole JSON-RPC request with `id`, params written as by the
    /// plain `Serialize` (no `mode`, the schema for the newest revision).
    /// For one revision's exact shape, see
    /// [`ElicitRequestParams::to_jsonrpc`].
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        let params = jsonrpc::value_of(self);
        jsonrpc::request(id.into(), METHOD, params)
    }
}

/// The params of a form-mode request as they come from the wire; the
/// schema is read by [`FormSchema::parse`], keeping its warnings.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FormWire {
    message: String,
    // Required, and read in place by `FormSchema::parse`, not copied.
    #[serde(rename = "requestedSchema")]
    _requested_schema: IgnoredAny,
    #[serde(default, rename = "_meta")]
    meta: Option<Map<String, Value>>,
}

/// Why request params could not be read: the params themselves, or their
/// `requestedSchema`.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// The params are malformed (the message says how).
    Params(String),
    /// The params break the limits.
    TooLarge(LimitError),
    /// The `requestedSchema` is outside the subset.
    Schema(SchemaError),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Params(message) => f.write_str(message),
            ReadError::TooLarge(error) => fmt::Display::fmt(error, f),
            ReadError::Schema(error) => fmt::Display::fmt(error, f),
        }
    }
}

impl FormRequest {
    /// Reads form-mode params (no `mode`, or `"form"`), with what the schema
    /// reader tolerated and ignored.
    pub(crate) fn read(value: &Value) -> Result<(FormRequest, Vec<SchemaWarning>), ReadError> {
        check_limits(value)?;
        FormRequest::read_checked(value)
    }

    /// [`FormRequest::read`] of params already checked against the limits.
    fn read_checked(value: &Value) -> Result<(FormRequest, Vec<SchemaWarning>), ReadError> {
        match read_mode(value.get("mode")).map_err(ReadError::Params)? {
            Mode::Form => {}
            Mode::Url => {
                return Err(ReadError::Params(
                    "a `url` mode request is not a form: read it as `ElicitRequestParams`"
                        .to_owned(),
                ));
            }
        }
        let wire = FormWire::deserialize(value).map_err(|e| ReadError::Params(e.to_string()))?;
        let schema = value.get("requestedSchema").unwrap_or(&Value::Null);
        let parsed = FormSchema::parse(schema).map_err(ReadError::Schema)?;
        let request = FormRequest {
            message: wire.message,
            requested_schema: parsed.schema,
            meta: wire.meta,
        };
        Ok((request, parsed.warnings))
    }
}

impl<'de> Deserialize<'de> for FormRequest {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<FormRequest, D::Error> {
        let value = Value::deserialize(deserializer)?;
        FormRequest::read(&value)
            .map(|(request, _)| request)
            .map_err(D::Error::custom)
    }
}

/// The params of a URL-mode `elicitation/create` (from 2025-11-25): the
/// client asks the user's consent and opens `url`; what the user enters
/// there never passes through the client.
///
/// `elicitation_id` is written for 2025-11-25, which requires it, and not
/// for 2026-07-28, which removed it.
///
/// A request the server builds leads to an `https` page ([`UrlPolicy`]);
/// one read from the wire may hold any absolute URI, and the client decides
/// whether to open it
/// ([`UrlView::is_openable`](crate::client::UrlView::is_openable)).
///
/// ```
/// use elicit_runtime::protocol::{ElicitationId, Revision, UrlRequest};
/// use serde_json::json;
///
/// let request = UrlRequest::new(
///     "Please provide your API key to continue.",
///     "https://mcp.example.com/ui/set_api_key",
/// )
/// .unwrap()
/// .with_elicitation_id(ElicitationId::new("550e8400-e29b-41d4-a716-446655440000"));
/// assert_eq!(
///     request.render(Revision::V2025_11_25).unwrap().to_json(),
///     json!({
///         "mode": "url",
///         "elicitationId": "550e8400-e29b-41d4-a716-446655440000",
///         "url": "https://mcp.example.com/ui/set_api_key",
///         "message": "Please provide your API key to continue."
///     })
/// );
/// assert!(request.render(Revision::V2026_07_28).unwrap().to_json().get("elicitationId").is_none());
/// assert!(request.render(Revision::V2025_06_18).is_err());
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct UrlRequest {
    /// Why the user should open the URL.
    pub message: String,
    /// The URL to open: an `https` page when built by
    /// [`UrlRequest::new`] (see [`UrlPolicy`]), any absolute URI when read
    /// from the wire.
    pub url: String,
    /// The id naming this elicitation (2025-11-25).
    pub elicitation_id: Option<ElicitationId>,
    /// `_meta`, passed through untouched.
    pub meta: Option<Map<String, Value>>,
}

impl UrlRequest {
    /// A request to open `url`, without an `elicitationId`. `url` must be
    /// an `https` page ([`UrlPolicy::Https`]); for `http` to a loopback
    /// host, see [`UrlRequest::new_with_policy`].
    ///
    /// # Errors
    ///
    /// [`RequestError::InvalidUrl`] when `url` is not an absolute URI (RFC
    /// 3986, with a scheme; see [`Format::Uri`]);
    /// [`RequestError::UrlSchemeRefused`] when its scheme is not `https`
    /// (`javascript:`, `data:`, `file:`, `http:` ...);
    /// [`RequestError::UrlWithoutHost`] when it names no host.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::protocol::{RequestError, UrlRequest};
    ///
    /// let error = UrlRequest::new("Connect", "example.com/connect").unwrap_err();
    /// assert!(matches!(error, RequestError::InvalidUrl { .. }));
    /// assert!(error.to_string().starts_with("invalid elicitation `url` `example.com/connect`: not an absolute URI"));
    ///
    /// let error = UrlRequest::new("Connect", "javascript:alert(1)").unwrap_err();
    /// assert!(matches!(error, RequestError::UrlSchemeRefused { .. }));
    /// assert_eq!(
    ///     error.to_string(),
    ///     "elicitation `url` `javascript:alert(1)` uses the scheme `javascript`, which is no \
    ///      web page a client may open: serve the page over `https`"
    /// );
    /// ```
    pub fn new(
        message: impl Into<String>,
        url: impl Into<String>,
    ) -> Result<UrlRequest, RequestError> {
        UrlRequest::new_with_policy(message, url, UrlPolicy::Https)
    }

    /// A request to open `url` under `policy`: with
    /// [`UrlPolicy::HttpsOrLoopbackHttp`], `http` to `localhost`,
    /// `127.0.0.0/8` or `[::1]` is allowed too, for a page served on the
    /// user's own machine.
    ///
    /// # Errors
    ///
    /// As [`UrlRequest::new`], under `policy`.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::protocol::{RequestError, UrlPolicy, UrlRequest};
    ///
    /// let local = "http://127.0.0.1:8080/connect";
    /// assert!(UrlRequest::new("Connect", local).is_err());
    /// let request = UrlRequest::new_with_policy("Connect", local, UrlPolicy::HttpsOrLoopbackHttp).unwrap();
    /// assert_eq!(request.url, local);
    ///
    /// let remote = UrlRequest::new_with_policy("Connect", "http://evil.example/", UrlPolicy::HttpsOrLoopbackHttp);
    /// assert!(matches!(remote, Err(RequestError::UrlSchemeRefused { .. })));
    /// ```
    pub fn new_with_policy(
        message: impl Into<String>,
        url: impl Into<String>,
        policy: UrlPolicy,
    ) -> Result<UrlRequest, RequestError> {
        let url = url.into();
        policy.check(&url)?;
        Ok(UrlRequest {
            message: message.into(),
            url,
            elicitation_id: None,
            meta: None,
        })
    }

    /// The same request with `id`.
    pub fn with_elicitation_id(self, id: ElicitationId) -> UrlRequest {
        UrlRequest {
            elicitation_id: Some(id),
            ..self
        }
    }

    /// The same request with a fresh id from [`ElicitationId::generate`].
    ///
    /// # Errors
    ///
    /// [`RequestError::Randomness`] when the operating system gives no
    /// random numbers.
    pub fn with_generated_id(self) -> Result<UrlRequest, RequestError> {
        Ok(self.with_elicitation_id(fresh_id()?))
    }

    /// The same request with `_meta`.
    pub fn with_meta(self, meta: Map<String, Value>) -> UrlRequest {
        UrlRequest {
            meta: Some(meta),
            ..self
        }
    }

    /// The params as `revision` writes them: `mode`, `elicitationId`
    /// (2025-11-25 only), `url`, `message`, and `_meta` when set.
    ///
    /// # Errors
    ///
    /// [`RequestError::ModeNotInRevision`] for 2025-06-18, which has no URL
    /// mode; [`RequestError::MissingElicitationId`] for 2025-11-25 without
    /// an id; [`RequestError::InvalidUrl`] when `url` was changed to
    /// something that is not an absolute URI. Rendering does not apply the
    /// [`UrlPolicy`] (a client renders what it read); [`Elicitor::check`]
    /// and [`UrlElicitationRequired::new`] do.
    ///
    /// [`Elicitor::check`]: super::Elicitor::check
    /// [`UrlElicitationRequired::new`]: super::UrlElicitationRequired::new
    pub fn render(&self, revision: Revision) -> Result<RenderedRequest<'_>, RequestError> {
        if !Mode::Url.in_revision(revision) {
            return Err(RequestError::ModeNotInRevision {
                mode: Mode::Url,
                revision,
            });
        }
        check_url(&self.url)?;
        let with_id = revision.has_elicitation_id();
        if with_id && self.elicitation_id.is_none() {
            return Err(RequestError::MissingElicitationId);
        }
        Ok(RenderedRequest {
            revision,
            inner: Rendered::Url {
                request: self,
                with_id,
            },
        })
    }
}

/// Checks that a URL-mode `url` is an absolute URI: all that a request read
/// from the wire must be. What a server may send is [`UrlPolicy::check`].
pub(crate) fn check_url(url: &str) -> Result<(), RequestError> {
    Format::Uri
        .check(url)
        .map_err(|error| RequestError::invalid_url(url, error))
}

/// The params of a URL-mode request as they come from the wire.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UrlWire {
    message: String,
    url: String,
    #[serde(default)]
    elicitation_id: Option<ElicitationId>,
    #[serde(default, rename = "_meta")]
    meta: Option<Map<String, Value>>,
}

/// Reads `mode: "url"` (required), `message`, `url` (any absolute URI: the
/// [`UrlPolicy`] binds servers, and the client decides what it opens), and
/// `elicitationId` and `_meta` when present; unknown keys are ignored.
impl<'de> Deserialize<'de> for UrlRequest {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<UrlRequest, D::Error> {
        let value = Value::deserialize(deserializer)?;
        match value.get("mode") {
            None | Some(Value::Null) => {
                return Err(D::Error::custom(
                    "missing `mode`: a URL request has `\"mode\": \"url\"`",
                ));
            }
            Some(mode) => match read_mode(Some(mode)).map_err(D::Error::custom)? {
                Mode::Url => {}
                Mode::Form => {
                    return Err(D::Error::custom(
                        "a `form` mode request is not a URL request: read it as \
                         `ElicitRequestParams`",
                    ));
                }
            },
        }
        let wire = UrlWire::deserialize(value).map_err(D::Error::custom)?;
        check_url(&wire.url).map_err(D::Error::custom)?;
        Ok(UrlRequest {
            message: wire.message,
            url: wire.url,
            elicitation_id: wire.elicitation_id,
            meta: wire.meta,
        })
    }
}

/// `mode`, where absent (or `null`) means form.
fn read_mode(mode: Option<&Value>) -> Result<Mode, String> {
    match mode {
        None | Some(Value::Null) => Ok(Mode::Form),
        Some(Value::String(name)) => Mode::from_name(name).ok_or_else(|| {
            format!(
                "unknown elicitation `mode` `{}`: expected `form` or `url`",
                crate::excerpt::Excerpt(name)
            )
        }),
        Some(other) => Err(format!(
            "`mode` must be the string `form` or `url`, received {}",
            Received::of(other)
        )),
    }
}

/// The params of `elicitation/create`: a form or a URL to open.
///
/// Reading looks at `mode` (absent means form; an unknown mode is an
/// error) and ignores unknown keys. Writing needs the revision:
/// [`ElicitRequestParams::render`].
///
/// ```
/// use elicit_runtime::protocol::{ElicitRequestParams, Mode, Revision};
/// use serde_json::json;
///
/// let params: ElicitRequestParams = serde_json::from_value(json!({
///     "mode": "url",
///     "elicitationId": "550e8400-e29b-41d4-a716-446655440000",
///     "url": "https://mcp.example.com/ui/set_api_key",
///     "message": "Please provide your API key to continue."
/// }))
/// .unwrap();
/// assert_eq!(params.mode(), Mode::Url);
///
/// let form: ElicitRequestParams = serde_json::from_value(json!({
///     "message": "Your name?",
///     "requestedSchema": { "type": "object", "properties": { "name": { "type": "string" } } }
/// }))
/// .unwrap();
/// assert_eq!(form.mode(), Mode::Form);
/// assert_eq!(form.render(Revision::V2025_11_25).unwrap().to_json()["mode"], "form");
///
/// let unknown = serde_json::from_value::<ElicitRequestParams>(json!({ "mode": "voice", "message": "" }));
/// assert!(unknown.unwrap_err().to_string().contains("unknown elicitation `mode` `voice`"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum ElicitRequestParams {
    /// A form-mode request.
    Form(FormRequest),
    /// A URL-mode request.
    Url(UrlRequest),
}

impl ElicitRequestParams {
    /// The mode of the request.
    pub fn mode(&self) -> Mode {
        match self {
            ElicitRequestParams::Form(_) => Mode::Form,
            ElicitRequestParams::Url(_) => Mode::Url,
        }
    }

    /// The message shown to the user.
    pub fn message(&self) -> &str {
        match self {
            ElicitRequestParams::Form(form) => &form.message,
            ElicitRequestParams::Url(url) => &url.message,
        }
    }

    /// The form request, in form mode.
    pub fn as_form(&self) -> Option<&FormRequest> {
        match self {
            ElicitRequestParams::Form(form) => Some(form),
            ElicitRequestParams::Url(_) => None,
        }
    }

    /// The URL request, in URL mode.
    pub fn as_url(&self) -> Option<&UrlRequest> {
        match self {
            ElicitRequestParams::Url(url) => Some(url),
            ElicitRequestParams::Form(_) => None,
        }
    }

    /// The `elicitationId` of a URL-mode request, if it has one.
    pub fn elicitation_id(&self) -> Option<&ElicitationId> {
        self.as_url().and_then(|url| url.elicitation_id.as_ref())
    }

    /// The params as `revision` writes them; see [`FormRequest::render`]
    /// and [`UrlRequest::render`].
    ///
    /// # Errors
    ///
    /// The errors of [`FormRequest::render`] or [`UrlRequest::render`].
    pub fn render(&self, revision: Revision) -> Result<RenderedRequest<'_>, RequestError> {
        match self {
            ElicitRequestParams::Form(form) => form.render(revision),
            ElicitRequestParams::Url(url) => url.render(revision),
        }
    }

    /// The whole JSON-RPC request with `id`, for `revision`.
    ///
    /// # Errors
    ///
    /// [`RequestError::NoServerRequest`] for 2026-07-28, where the server
    /// asks inside an `InputRequiredResult` instead; otherwise the errors of
    /// [`ElicitRequestParams::render`].
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::protocol::{ElicitRequestParams, RequestError, Revision, UrlRequest};
    ///
    /// let params = ElicitRequestParams::from(
    ///     UrlRequest::new("Connect your account", "https://example.com/connect")
    ///         .unwrap()
    ///         .with_generated_id()
    ///         .unwrap(),
    /// );
    /// let request = params.to_jsonrpc(7, Revision::V2025_11_25).unwrap();
    /// assert_eq!(request["method"], "elicitation/create");
    /// assert!(matches!(
    ///     params.to_jsonrpc(7, Revision::V2026_07_28),
    ///     Err(RequestError::NoServerRequest { .. })
    /// ));
    /// ```
    pub fn to_jsonrpc(
        &self,
        id: impl Into<RequestId>,
        revision: Revision,
    ) -> Result<Value, RequestError> {
        if revision.uses_input_required() {
            return Err(RequestError::NoServerRequest { revision });
        }
        let params = self.render(revision)?.to_json();
        Ok(jsonrpc::request(id.into(), METHOD, params))
    }

    /// Reads a whole `elicitation/create` JSON-RPC request: its id and its
    /// params.
    ///
    /// # Errors
    ///
    /// A [`MessageError`] when the message is not JSON-RPC 2.0, is another
    /// method, has no id or params, or the params are not an elicitation.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::protocol::{ElicitRequestParams, RequestId};
    /// use serde_json::json;
    ///
    /// let (id, params) = ElicitRequestParams::from_jsonrpc(&json!({
    ///     "jsonrpc": "2.0",
    ///     "id": 1,
    ///     "method": "elicitation/create",
    ///     "params": {
    ///         "message": "Your name?",
    ///         "requestedSchema": { "type": "object", "properties": {} }
    ///     }
    /// }))
    /// .unwrap();
    /// assert_eq!(id, RequestId::from(1));
    /// assert_eq!(params.message(), "Your name?");
    /// ```
    pub fn from_jsonrpc(message: &Value) -> Result<(RequestId, ElicitRequestParams), MessageError> {
        // The envelope's reader checked the limits of the whole message.
        let (id, params) = jsonrpc::read_request(message, METHOD)?;
        let (params, _) = ElicitRequestParams::read_checked(params)
            .map_err(|error| MessageError::invalid("params", error))?;
        Ok((id, params))
    }
}

impl ElicitRequestParams {
    /// Reads the params of `elicitation/create` from JSON text, within
    /// [`Limits::DEFAULT`].
    ///
    /// # Errors
    ///
    /// [`MessageError::Json`] when the text is not JSON, names a member
    /// twice or breaks a limit; [`MessageError::Invalid`] when the params
    /// are not an elicitation request (an unknown mode, a schema the client
    /// cannot render, ...).
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::protocol::{ElicitRequestParams, MessageError};
    ///
    /// let params = ElicitRequestParams::from_json_str(
    ///     r#"{"message": "Your name?", "requestedSchema": {"type": "object", "properties": {}}}"#,
    /// )
    /// .unwrap();
    /// assert_eq!(params.message(), "Your name?");
    /// let twice = ElicitRequestParams::from_json_str(r#"{"message": "a", "message": "b"}"#);
    /// assert!(matches!(twice, Err(MessageError::Json(_))));
    /// ```
    pub fn from_json_str(text: &str) -> Result<ElicitRequestParams, MessageError> {
        Self::from_json_str_with(text, &Limits::DEFAULT)
    }

    /// [`ElicitRequestParams::from_json_str`] within `limits`.
    ///
    /// # Errors
    ///
    /// As [`ElicitRequestParams::from_json_str`].
    pub fn from_json_str_with(
        text: &str,
        limits: &Limits,
    ) -> Result<ElicitRequestParams, MessageError> {
        // The text reader applied `limits`.
        let value = limits.read_json(text).map_err(MessageError::Json)?;
        ElicitRequestParams::read_checked(&value)
            .map(|(params, _)| params)
            .map_err(|error| MessageError::invalid("params", error))
    }
}

impl From<FormRequest> for ElicitRequestParams {
    fn from(form: FormRequest) -> ElicitRequestParams {
        ElicitRequestParams::Form(form)
    }
}

impl From<UrlRequest> for ElicitRequestParams {
    fn from(url: UrlRequest) -> ElicitRequestParams {
        ElicitRequestParams::Url(url)
    }
}

impl ElicitRequestParams {
    /// Reads the params of either mode, with the warnings of a form's
    /// schema (none for a URL request).
    pub(crate) fn read(
        value: &Value,
    ) -> Result<(ElicitRequestParams, Vec<SchemaWarning>), ReadError> {
        check_limits(value)?;
        ElicitRequestParams::read_checked(value)
    }

    /// [`ElicitRequestParams::read`] of params already checked against the
    /// limits.
    fn read_checked(value: &Value) -> Result<(ElicitRequestParams, Vec<SchemaWarning>), ReadError> {
        let Value::Object(map) = value else {
            return Err(ReadError::Params(format!(
                "the params of `elicitation/create` must be an object, received {}",
                Received::of(value)
            )));
        };
        match read_mode(map.get("mode")).map_err(ReadError::Params)? {
            Mode::Form => FormRequest::read_checked(value)
                .map(|(form, warnings)| (ElicitRequestParams::Form(form), warnings)),
            Mode::Url => UrlRequest::deserialize(value)
                .map(|url| (ElicitRequestParams::Url(url), Vec::new()))
                .map_err(|e| ReadError::Params(e.to_string())),
        }
    }
}

impl<'de> Deserialize<'de> for ElicitRequestParams {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ElicitRequestParams, D::Error> {
        let value = Value::deserialize(deserializer)?;
        ElicitRequestParams::read(&value)
            .map(|(params, _)| params)
            .map_err(D::Error::custom)
    }
}

/// Request params ready to be written for one revision; `Serialize`
/// writes them.
#[derive(Debug, Clone, Copy)]
pub struct RenderedRequest<'a> {
    revision: Revision,
    inner: Rendered<'a>,
}

#[derive(Debug, Clone, Copy)]
enum Rendered<'a> {
    Form {
        request: &'a FormRequest,
        schema: RenderedSchema<'a>,
    },
    Url {
        request: &'a UrlRequest,
        with_id: bool,
    },
}

impl RenderedRequest<'_> {
    /// The revision these params are written for.
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// The params as a JSON value.
    pub fn to_json(&self) -> Value {
        jsonrpc::value_of(self)
    }
}

impl Serialize for RenderedRequest<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        match self.inner {
            Rendered::Form { request, schema } => {
                if self.revision.has_extended_schemas() {
                    map.serialize_entry("mode", Mode::Form.as_str())?;
                }
                map.serialize_entry("message", &request.message)?;
                map.serialize_entry("requestedSchema", &schema)?;
                if let Some(meta) = &request.meta {
                    map.serialize_entry("_meta", meta)?;
                }
            }
            Rendered::Url { request, with_id } => {
                map.serialize_entry("mode", Mode::Url.as_str())?;
                if let Some(id) = request.elicitation_id.as_ref().filter(|_| with_id) {
                    map.serialize_entry("elicitationId", id)?;
                }
                map.serialize_entry("url", &request.url)?;
                map.serialize_entry("message", &request.message)?;
                if let Some(meta) = &request.meta {
                    map.serialize_entry("_meta", meta)?;
                }
            }
        }
        map.end()
    }
}

/// Checks params against [`Limits::DEFAULT`] before anything reads or
/// copies them: a copy of a value nested too deep would recurse as deep.
fn check_limits(value: &Value) -> Result<(), ReadError> {
    Limits::DEFAULT
        .check_value(value)
        .map_err(ReadError::TooLarge)
}
