//! Building requests a client can answer: the negotiated revision and the
//! client's declared capability decide what may be sent.

use serde::Serialize;
use serde::ser::{Error as _, Serializer};
use serde_json::Value;

use super::error::fresh_id;
use super::{
    ElicitRequestParams, ElicitationCapability, ElicitationId, InputRequest, Mode, RequestError,
    RequestId, Revision, UrlPolicy, UrlRequest, jsonrpc,
};
use crate::wire::BooleanGroup;

/// Builds elicitation requests for one client: refuses a mode the client
/// did not declare or the revision does not have, and a URL its
/// [`UrlPolicy`] refuses (by default anything but `https`), before anything
/// reaches the wire. A form is written as the revision can
/// express it: for 2025-06-18, each multi-select as one boolean per option
/// ([`Elicitable::wire_form`](crate::Elicitable::wire_form)); [`CheckedRequest::read`] reads the answer
/// back into the form.
///
/// A server makes one per session (2025-06-18, 2025-11-25: from the
/// capabilities of `initialize`) or per request (2026-07-28: from the
/// request's `_meta`). A client uses [`Elicitor::check`] on what it
/// receives.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::protocol::{Elicitor, RequestError, Revision};
/// use serde_json::json;
///
/// /// Please provide your GitHub username
/// #[derive(Elicitable)]
/// struct GitHub {
///     name: String,
/// }
///
/// let capabilities = json!({ "elicitation": { "form": {} } });
/// let elicitor = Elicitor::from_client_capabilities(Revision::V2025_11_25, &capabilities).unwrap();
///
/// let request = elicitor.form_default::<GitHub>().unwrap();
/// assert_eq!(
///     request.to_jsonrpc(1).unwrap(),
///     json!({
///         "jsonrpc": "2.0",
///         "id": 1,
///         "method": "elicitation/create",
///         "params": {
///             "mode": "form",
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
/// // The client declared form mode only.
/// let refused = elicitor.url("Connect your account", "https://example.com/connect");
/// assert!(matches!(refused, Err(RequestError::ModeNotDeclared { .. })));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Elicitor {
    revision: Revision,
    capability: ElicitationCapability,
    url_policy: UrlPolicy,
}

impl Elicitor {
    /// An elicitor for a client of `revision` that declared `capability`,
    /// sending URLs under [`UrlPolicy::Https`].
    pub fn new(revision: Revision, capability: ElicitationCapability) -> Elicitor {
        Elicitor {
            revision,
            capability,
            url_policy: UrlPolicy::default(),
        }
    }

    /// The same elicitor, sending URLs under `policy`: with
    /// [`UrlPolicy::HttpsOrLoopbackHttp`] it also sends `http` to
    /// `localhost`, `127.0.0.0/8` or `[::1]`.
    ///
    /// ```
    /// use elicit_runtime::protocol::{ElicitationCapability, Elicitor, RequestError, Revision, UrlPolicy};
    ///
    /// let elicitor = Elicitor::new(Revision::V2025_11_25, ElicitationCapability::form_and_url());
    /// let local = "http://localhost:8080/connect";
    /// assert!(matches!(elicitor.url("Connect", local), Err(RequestError::UrlSchemeRefused { .. })));
    ///
    /// let local_dev = elicitor.with_url_policy(UrlPolicy::HttpsOrLoopbackHttp);
    /// assert!(local_dev.url("Connect", local).is_ok());
    /// assert!(local_dev.url("Connect", "http://evil.example/").is_err());
    /// ```
    #[must_use]
    pub fn with_url_policy(self, policy: UrlPolicy) -> Elicitor {
        Elicitor {
            url_policy: policy,
            ..self
        }
    }

    /// The policy the URLs of URL-mode requests are held to.
    pub fn url_policy(&self) -> UrlPolicy {
        self.url_policy
    }

    /// An elicitor for a client with these `capabilities` (the object of
    /// `initialize`, or the one a 2026-07-28 request carries in `_meta`).
    ///
    /// # Errors
    ///
    /// [`RequestError::ElicitationNotDeclared`] when the client declared no
    /// usable `elicitation` capability.
    pub fn from_client_capabilities(
        revision: Revision,
        capabilities: &Value,
    ) -> Result<Elicitor, RequestError> {
        ElicitationCapability::from_client_capabilities(capabilities)
            .map(|capability| Elicitor::new(revision, capability))
            .ok_or(RequestError::ElicitationNotDeclared)
    }

    /// An elicitor for the client sending a 2026-07-28 request with these
    /// `params`, whose `_meta` declares its capabilities for this request.
    ///
    /// # Errors
    ///
    /// [`RequestError::ElicitationNotDeclared`] when `params._meta` declares
    /// no usable `elicitation` capability.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::protocol::{Elicitor, Mode, Revision};
    /// use serde_json::json;
    ///
    /// let params = json!({
    ///     "name": "connect",
    ///     "_meta": {
    ///         "io.modelcontextprotocol/clientCapabilities": { "elicitation": { "url": {} } }
    ///     }
    /// });
    /// let elicitor = Elicitor::from_request_params(Revision::V2026_07_28, &params).unwrap();
    /// assert!(elicitor.supports(Mode::Url));
    /// assert!(!elicitor.supports(Mode::Form));
    /// ```
    pub fn from_request_params(
        revision: Revision,
        params: &Value,
    ) -> Result<Elicitor, RequestError> {
        ElicitationCapability::from_request_params(params)
            .map(|capability| Elicitor::new(revision, capability))
            .ok_or(RequestError::ElicitationNotDeclared)
    }

    /// The negotiated revision.
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// The client's capability.
    pub fn capability(&self) -> &ElicitationCapability {
        &self.capability
    }

    /// Whether the client may be sent `mode` in this revision.
    pub fn supports(&self, mode: Mode) -> bool {
        self.capability.supports_in(mode, self.revision)
    }

    /// A URL-mode request to open `url`. For 2025-11-25 it gets a fresh
    /// `elicitationId` ([`ElicitationId::generate`]), which the server keeps
    /// to bind the interaction to the user and to send
    /// `notifications/elicitation/complete`; 2026-07-28 has no such id.
    ///
    /// # Errors
    ///
    /// [`RequestError::ModeNotInRevision`] for 2025-06-18;
    /// [`RequestError::ModeNotDeclared`] when the client did not declare URL
    /// mode; [`RequestError::InvalidUrl`] when `url` is not an absolute URI;
    /// [`RequestError::UrlSchemeRefused`] or [`RequestError::UrlWithoutHost`]
    /// when the elicitor's [`UrlPolicy`] refuses it (by default, anything
    /// but an `https` page); [`RequestError::Randomness`] when no id can be
    /// drawn.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::protocol::{ElicitationCapability, Elicitor, Revision};
    ///
    /// let elicitor = Elicitor::new(Revision::V2025_11_25, ElicitationCapability::form_and_url());
    /// let request = elicitor
    ///     .url("Please provide your API key to continue.", "https://mcp.example.com/ui/set_api_key")
    ///     .unwrap();
    /// let id = request.elicitation_id().unwrap();
    /// assert_eq!(request.to_json()["elicitationId"], id.as_str());
    /// ```
    pub fn url(
        &self,
        message: impl Into<String>,
        url: impl Into<String>,
    ) -> Result<CheckedRequest, RequestError> {
        self.url_request(message, url, None)
    }

    /// A URL-mode request to open `url` with the caller's `elicitationId`
    /// (written for 2025-11-25 only).
    ///
    /// # Errors
    ///
    /// As [`Elicitor::url`], without the randomness error.
    pub fn url_with_id(
        &self,
        message: impl Into<String>,
        url: impl Into<String>,
        id: ElicitationId,
    ) -> Result<CheckedRequest, RequestError> {
        self.url_request(message, url, Some(id))
    }

    fn url_request(
        &self,
        message: impl Into<String>,
        url: impl Into<String>,
        id: Option<ElicitationId>,
    ) -> Result<CheckedRequest, RequestError> {
        self.check_mode(Mode::Url)?;
        let mut request = UrlRequest::new_with_policy(message, url, self.url_policy)?;
        request.elicitation_id = match id {
            Some(id) => Some(id),
            None if self.revision.has_elicitation_id() => Some(fresh_id()?),
            None => None,
        };
        self.check(request)
    }

    /// Checks `params` against the revision and the client's capability:
    /// what a server's requests pass through, and what a client runs on an
    /// incoming request (answering an error with JSON-RPC
    /// [`RequestError::INVALID_PARAMS`]). The params are checked as they
    /// are: a multi-select for 2025-06-18 is refused, not down-levelled
    /// (that is [`Elicitor::form`]'s work, which knows the form's type).
    ///
    /// A URL-mode request is held to the elicitor's [`UrlPolicy`], even one
    /// whose `url` was changed after it was built. A client that leaves the
    /// URL to the user checks an incoming request with
    /// [`Ask::check_mode`](crate::client::Ask::check_mode) instead, and
    /// decides with [`UrlView::is_openable`](crate::client::UrlView::is_openable).
    ///
    /// # Errors
    ///
    /// [`RequestError::ModeNotInRevision`], [`RequestError::ModeNotDeclared`],
    /// the errors of [`UrlPolicy::check`] for a URL-mode request,
    /// [`RequestError::SecretInFormMode`] for a form-mode request with a
    /// secret field, and the errors of [`ElicitRequestParams::render`].
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::protocol::{ElicitRequestParams, ElicitationCapability, Elicitor, RequestError, Revision};
    /// use serde_json::json;
    ///
    /// // A client that declared form mode receives a URL request.
    /// let client = Elicitor::new(Revision::V2025_11_25, ElicitationCapability::legacy());
    /// let incoming: ElicitRequestParams = serde_json::from_value(json!({
    ///     "mode": "url",
    ///     "elicitationId": "e-1",
    ///     "url": "https://example.com/connect",
    ///     "message": "Connect your account"
    /// }))
    /// .unwrap();
    /// let refused = client.check(incoming).unwrap_err();
    /// assert_eq!(RequestError::INVALID_PARAMS, -32602);
    /// assert!(matches!(refused, RequestError::ModeNotDeclared { .. }));
    /// ```
    pub fn check(
        &self,
        params: impl Into<ElicitRequestParams>,
    ) -> Result<CheckedRequest, RequestError> {
        let params = params.into();
        self.check_mode(params.mode())?;
        match &params {
            ElicitRequestParams::Url(request) => self.url_policy.check(&request.url)?,
            ElicitRequestParams::Form(request) => {
                let schema = &request.requested_schema;
                if let Some(secret) = schema.properties.iter().find(|p| p.secret) {
                    return Err(RequestError::secret_in_form_mode(&secret.name));
                }
            }
        }
        params.render(self.revision)?;
        Ok(CheckedRequest {
            revision: self.revision,
            params,
            groups: Vec::new(),
        })
    }

    fn check_mode(&self, mode: Mode) -> Result<(), RequestError> {
        if !mode.in_revision(self.revision) {
            return Err(RequestError::ModeNotInRevision {
                mode,
                revision: self.revision,
            });
        }
        if !self.supports(mode) {
            return Err(RequestError::ModeNotDeclared { mode });
        }
        Ok(())
    }
}

/// Request params checked for one client and revision: they can be sent,
/// and `Serialize` writes them for that revision.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::protocol::{ElicitationCapability, Elicitor, Revision};
///
/// #[derive(Elicitable)]
/// struct Name {
///     name: String,
/// }
///
/// let elicitor = Elicitor::new(Revision::V2025_06_18, ElicitationCapability::legacy());
/// let request = elicitor.form::<Name>("Who are you?").unwrap();
/// assert_eq!(request.revision(), Revision::V2025_06_18);
/// assert!(request.to_json().get("mode").is_none());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedRequest {
    revision: Revision,
    params: ElicitRequestParams,
    /// The multi-selects sent as booleans.
    groups: Vec<BooleanGroup>,
}

impl CheckedRequest {
    /// The revision the params are written for.
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// The mode of the request.
    pub fn mode(&self) -> Mode {
        self.params.mode()
    }

    /// The params.
    pub fn params(&self) -> &ElicitRequestParams {
        &self.params
    }

    /// The params, owned.
    pub fn into_params(self) -> ElicitRequestParams {
        self.params
    }

    /// The same request, its multi-selects `groups` sent as booleans.
    pub(crate) fn with_groups(self, groups: Vec<BooleanGroup>) -> CheckedRequest {
        CheckedRequest { groups, ..self }
    }

    /// `true` when a multi-select of the form is sent as booleans.
    pub fn is_downlevelled(&self) -> bool {
        !self.groups.is_empty()
    }

    /// The multi-selects of the form sent as booleans, in form order, with
    /// the booleans' names.
    pub fn groups(&self) -> &[BooleanGroup] {
        &self.groups
    }

    /// The `elicitationId` of a URL-mode request for 2025-11-25: keep it to
    /// bind the interaction to the user and to send
    /// `notifications/elicitation/complete`.
    pub fn elicitation_id(&self) -> Option<&ElicitationId> {
        match self.params.elicitation_id() {
            Some(id) if self.revision.has_elicitation_id() => Some(id),
            _ => None,
        }
    }

    /// The params as a JSON value.
    pub fn to_json(&self) -> Value {
        jsonrpc::value_of(self)
    }

    /// The whole JSON-RPC `elicitation/create` request with `id`.
    ///
    /// # Errors
    ///
    /// [`RequestError::NoServerRequest`] for 2026-07-28, which asks through
    /// an `InputRequiredResult` ([`CheckedRequest::to_input_request`]).
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Result<Value, RequestError> {
        if self.revision.uses_input_required() {
            return Err(RequestError::NoServerRequest {
                revision: self.revision,
            });
        }
        Ok(jsonrpc::request(id.into(), super::METHOD, self.to_json()))
    }

    /// The request as an entry of an `InputRequiredResult`'s
    /// `inputRequests` (2026-07-28).
    pub fn to_input_request(&self) -> InputRequest {
        InputRequest::Elicitation(self.params.clone())
    }
}

impl Serialize for CheckedRequest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.params.render(self.revision) {
            Ok(rendered) => rendered.serialize(serializer),
            Err(error) => Err(S::Error::custom(error)),
        }
    }
}
