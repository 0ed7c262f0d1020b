//! The client's `elicitation` capability: which modes it answers.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{Mode, Revision};

/// The `_meta` key under which a 2026-07-28 client sends its capabilities
/// with every request.
pub const CLIENT_CAPABILITIES_META_KEY: &str = "io.modelcontextprotocol/clientCapabilities";

/// `capabilities.elicitation` of a client: present when the client can
/// answer elicitations, with a sub-object per mode it supports.
///
/// - 2025-06-18: the empty object `{}` declares elicitation (form mode).
/// - 2025-11-25: `{"form": {}, "url": {}}`, either or both; `{}` still means
///   form mode only.
/// - 2026-07-28: the same object, sent with each request in
///   `_meta["io.modelcontextprotocol/clientCapabilities"].elicitation`
///   instead of once in `initialize`.
///
/// Keys the client adds, at this level or inside `form` and `url`, are kept
/// and written back.
///
/// ```
/// use elicit_runtime::protocol::{ElicitationCapability, Mode};
/// use serde_json::json;
///
/// let caps = json!({ "elicitation": {}, "roots": {} });
/// let legacy = ElicitationCapability::from_client_capabilities(&caps).unwrap();
/// assert!(legacy.supports(Mode::Form));
/// assert!(!legacy.supports(Mode::Url));
///
/// let both = ElicitationCapability::form_and_url();
/// assert_eq!(serde_json::to_value(&both).unwrap(), json!({ "form": {}, "url": {} }));
/// assert!(both.supports(Mode::Url));
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct ElicitationCapability {
    /// `form`: present when the client declared form mode, with its
    /// settings (none are defined yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<Map<String, Value>>,
    /// `url`: present when the client declared URL mode, with its settings
    /// (none are defined yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<Map<String, Value>>,
    /// Other keys the client declared inside the capability.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

impl ElicitationCapability {
    /// `{}`: elicitation without modes, which every revision reads as form
    /// mode only. The capability of a 2025-06-18 client.
    pub fn legacy() -> ElicitationCapability {
        ElicitationCapability::default()
    }

    /// `{"form": {}}`.
    pub fn form_only() -> ElicitationCapability {
        ElicitationCapability {
            form: Some(Map::new()),
            ..ElicitationCapability::default()
        }
    }

    /// `{"url": {}}`.
    pub fn url_only() -> ElicitationCapability {
        ElicitationCapability {
            url: Some(Map::new()),
            ..ElicitationCapability::default()
        }
    }

    /// `{"form": {}, "url": {}}`.
    pub fn form_and_url() -> ElicitationCapability {
        ElicitationCapability {
            form: Some(Map::new()),
            url: Some(Map::new()),
            other: Map::new(),
        }
    }

    /// Whether the capability declares `mode`: `form` when `form` is
    /// present or neither mode is (`{}` means form only), `url` when `url`
    /// is present.
    ///
    /// ```
    /// use elicit_runtime::protocol::{ElicitationCapability, Mode};
    ///
    /// assert!(!ElicitationCapability::url_only().supports(Mode::Form));
    /// assert!(ElicitationCapability::legacy().supports(Mode::Form));
    /// ```
    pub fn supports(&self, mode: Mode) -> bool {
        match mode {
            Mode::Form => self.form.is_some() || self.url.is_none(),
            Mode::Url => self.url.is_some(),
        }
    }

    /// Whether a client of `revision` with this capability may be sent
    /// `mode`: the revision must have the mode, and the client must declare
    /// it. In 2025-06-18 the capability has no modes inside: any
    /// `elicitation` object declares form mode, and there is no URL mode.
    ///
    /// ```
    /// use elicit_runtime::protocol::{ElicitationCapability, Mode, Revision};
    ///
    /// let url_only = ElicitationCapability::url_only();
    /// assert!(url_only.supports_in(Mode::Form, Revision::V2025_06_18));
    /// assert!(!url_only.supports_in(Mode::Url, Revision::V2025_06_18));
    /// assert!(url_only.supports_in(Mode::Url, Revision::V2025_11_25));
    /// ```
    pub fn supports_in(&self, mode: Mode, revision: Revision) -> bool {
        if !revision.has_extended_schemas() {
            return mode == Mode::Form;
        }
        mode.in_revision(revision) && self.supports(mode)
    }

    /// The capability inside a client's `capabilities` object: `None` when
    /// the client declared no `elicitation`, or declared it with a shape the
    /// spec does not define (not an object, or `form`/`url` not objects).
    ///
    /// ```
    /// use elicit_runtime::protocol::ElicitationCapability;
    /// use serde_json::json;
    ///
    /// let caps = json!({ "elicitation": { "form": {}, "url": {} } });
    /// let read = ElicitationCapability::from_client_capabilities(&caps).unwrap();
    /// assert_eq!(read, ElicitationCapability::form_and_url());
    /// assert!(ElicitationCapability::from_client_capabilities(&json!({ "roots": {} })).is_none());
    /// ```
    pub fn from_client_capabilities(capabilities: &Value) -> Option<ElicitationCapability> {
        match capabilities.get("elicitation")? {
            // Checked before deserializing copies the keys it keeps.
            value @ Value::Object(_)
                if crate::limits::Limits::DEFAULT.check_value(value).is_ok() =>
            {
                ElicitationCapability::deserialize(value).ok()
            }
            _ => None,
        }
    }

    /// The capability a 2026-07-28 client sent in a request's `_meta`, at
    /// `_meta["io.modelcontextprotocol/clientCapabilities"].elicitation`.
    ///
    /// ```
    /// use elicit_runtime::protocol::ElicitationCapability;
    /// use serde_json::json;
    ///
    /// let meta = json!({
    ///     "io.modelcontextprotocol/clientCapabilities": { "elicitation": { "url": {} } }
    /// });
    /// let read = ElicitationCapability::from_request_meta(meta.as_object().unwrap());
    /// assert_eq!(read, Some(ElicitationCapability::url_only()));
    /// ```
    pub fn from_request_meta(meta: &Map<String, Value>) -> Option<ElicitationCapability> {
        ElicitationCapability::from_client_capabilities(meta.get(CLIENT_CAPABILITIES_META_KEY)?)
    }

    /// [`ElicitationCapability::from_request_meta`] of a request's `params`
    /// (`params._meta`).
    ///
    /// ```
    /// use elicit_runtime::protocol::ElicitationCapability;
    /// use serde_json::json;
    ///
    /// let params = json!({
    ///     "name": "book_table",
    ///     "_meta": { "io.modelcontextprotocol/clientCapabilities": { "elicitation": {} } }
    /// });
    /// let read = ElicitationCapability::from_request_params(&params).unwrap();
    /// assert_eq!(read, ElicitationCapability::legacy());
    /// ```
    pub fn from_request_params(params: &Value) -> Option<ElicitationCapability> {
        match params.get("_meta")? {
            Value::Object(meta) => ElicitationCapability::from_request_meta(meta),
            _ => None,
        }
    }

    /// Writes the capability into a client's `capabilities` object (as
    /// `elicitation`), keeping the other capabilities.
    ///
    /// ```
    /// use elicit_runtime::protocol::ElicitationCapability;
    /// use serde_json::{Map, json};
    ///
    /// let mut capabilities = Map::new();
    /// ElicitationCapability::legacy().write_to_client_capabilities(&mut capabilities);
    /// assert_eq!(serde_json::Value::Object(capabilities), json!({ "elicitation": {} }));
    /// ```
    pub fn write_to_client_capabilities(&self, capabilities: &mut Map<String, Value>) {
        capabilities.insert("elicitation".to_owned(), self.to_value());
    }

    /// Writes the capability into a 2026-07-28 request's `_meta`, at
    /// `_meta["io.modelcontextprotocol/clientCapabilities"].elicitation`,
    /// keeping the other capabilities there (a value there that is not an
    /// object is replaced).
    ///
    /// ```
    /// use elicit_runtime::protocol::ElicitationCapability;
    /// use serde_json::{Map, json};
    ///
    /// let mut meta = Map::new();
    /// ElicitationCapability::form_and_url().write_to_request_meta(&mut meta);
    /// assert_eq!(
    ///     serde_json::Value::Object(meta),
    ///     json!({
    ///         "io.modelcontextprotocol/clientCapabilities": {
    ///             "elicitation": { "form": {}, "url": {} }
    ///         }
    ///     })
    /// );
    /// ```
    pub fn write_to_request_meta(&self, meta: &mut Map<String, Value>) {
        let capabilities = meta
            .entry(CLIENT_CAPABILITIES_META_KEY)
            .or_insert_with(|| Value::Object(Map::new()));
        if !capabilities.is_object() {
            *capabilities = Value::Object(Map::new());
        }
        if let Value::Object(capabilities) = capabilities {
            self.write_to_client_capabilities(capabilities);
        }
    }

    fn to_value(&self) -> Value {
        let mut map = Map::new();
        if let Some(form) = &self.form {
            map.insert("form".to_owned(), Value::Object(form.clone()));
        }
        if let Some(url) = &self.url {
            map.insert("url".to_owned(), Value::Object(url.clone()));
        }
        for (key, value) in &self.other {
            map.insert(key.clone(), value.clone());
        }
        Value::Object(map)
    }
}
