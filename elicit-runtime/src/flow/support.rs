//! What a client declared it can answer, and what a tool's requests need.

use core::fmt;

use serde_json::{Map, Value};

use crate::protocol::{CLIENT_CAPABILITIES_META_KEY, ElicitationCapability, Mode, Revision};

/// A client capability an input request needs.
///
/// ```
/// use elicit_runtime::flow::Capability;
/// use elicit_runtime::protocol::Mode;
///
/// assert_eq!(Capability::Elicitation(Mode::Url).to_string(), "`elicitation.url`");
/// assert_eq!(Capability::Sampling.to_string(), "`sampling`");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Capability {
    /// `elicitation`, in this mode: `elicitation/create`.
    Elicitation(Mode),
    /// `sampling`: `sampling/createMessage`.
    Sampling,
    /// `roots`: `roots/list`.
    Roots,
}

impl Capability {
    /// The capability a request `method` needs, if it is one a server may
    /// send (`elicitation/create` in form mode; see [`Capability::Elicitation`]
    /// for URL mode).
    pub fn of_method(method: &str) -> Option<Capability> {
        match method {
            crate::protocol::METHOD => Some(Capability::Elicitation(Mode::Form)),
            "sampling/createMessage" => Some(Capability::Sampling),
            "roots/list" => Some(Capability::Roots),
            _ => None,
        }
    }

    /// Writes this capability into a `ClientCapabilities` object, as the
    /// `requiredCapabilities` of a `-32021` error name it
    /// (`{"elicitation": {"form": {}}}`, `{"sampling": {}}`).
    pub fn write_to(self, capabilities: &mut Map<String, Value>) {
        let empty = || Value::Object(Map::new());
        match self {
            Capability::Elicitation(mode) => {
                let entry = capabilities
                    .entry("elicitation")
                    .or_insert_with(|| Value::Object(Map::new()));
                if let Value::Object(modes) = entry {
                    modes.insert(mode.as_str().to_owned(), empty());
                }
            }
            Capability::Sampling => {
                capabilities.insert("sampling".to_owned(), empty());
            }
            Capability::Roots => {
                capabilities.insert("roots".to_owned(), empty());
            }
        }
    }
}

impl fmt::Display for Capability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Capability::Elicitation(mode) => write!(f, "`elicitation.{mode}`"),
            Capability::Sampling => f.write_str("`sampling`"),
            Capability::Roots => f.write_str("`roots`"),
        }
    }
}

/// What a client declared it can answer, for one request: 2026-07-28
/// clients send their capabilities with each request in
/// `_meta["io.modelcontextprotocol/clientCapabilities"]`; earlier ones
/// declare them once, in `initialize`.
///
/// ```
/// use elicit_runtime::flow::{Capability, ClientSupport};
/// use elicit_runtime::protocol::{Mode, Revision};
/// use serde_json::json;
///
/// let support = ClientSupport::from_client_capabilities(&json!({ "sampling": {} }));
/// assert!(support.supports(Capability::Sampling, Revision::LATEST));
/// assert!(!support.supports(Capability::Elicitation(Mode::Form), Revision::LATEST));
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClientSupport {
    elicitation: Option<ElicitationCapability>,
    sampling: bool,
    roots: bool,
}

impl ClientSupport {
    /// A client that declared nothing.
    pub fn none() -> ClientSupport {
        ClientSupport::default()
    }

    /// A client that declared `elicitation` (with these modes) and nothing else.
    pub fn elicitation(capability: ElicitationCapability) -> ClientSupport {
        ClientSupport {
            elicitation: Some(capability),
            ..ClientSupport::default()
        }
    }

    /// The same support, with `sampling` declared.
    pub fn with_sampling(self) -> ClientSupport {
        ClientSupport {
            sampling: true,
            ..self
        }
    }

    /// The same support, with `roots` declared.
    pub fn with_roots(self) -> ClientSupport {
        ClientSupport {
            roots: true,
            ..self
        }
    }

    /// Reads a `ClientCapabilities` object (of `initialize`, or of a
    /// request's `_meta`). A capability that is not an object counts as
    /// not declared.
    pub fn from_client_capabilities(capabilities: &Value) -> ClientSupport {
        let declared = |name: &str| capabilities.get(name).is_some_and(Value::is_object);
        ClientSupport {
            elicitation: ElicitationCapability::from_client_capabilities(capabilities),
            sampling: declared("sampling"),
            roots: declared("roots"),
        }
    }

    /// Reads the capabilities a request declares in its `_meta`, if it
    /// declares any.
    ///
    /// ```
    /// use elicit_runtime::flow::{Capability, ClientSupport};
    /// use elicit_runtime::protocol::{Mode, Revision};
    /// use serde_json::json;
    ///
    /// let meta = json!({
    ///     "io.modelcontextprotocol/clientCapabilities": { "elicitation": { "form": {} } }
    /// });
    /// let support = ClientSupport::from_request_meta(meta.as_object().unwrap()).unwrap();
    /// assert!(support.supports(Capability::Elicitation(Mode::Form), Revision::LATEST));
    /// ```
    pub fn from_request_meta(meta: &Map<String, Value>) -> Option<ClientSupport> {
        meta.get(CLIENT_CAPABILITIES_META_KEY)
            .map(ClientSupport::from_client_capabilities)
    }

    /// The client's `elicitation` capability, if it declared one.
    pub fn elicitation_capability(&self) -> Option<&ElicitationCapability> {
        self.elicitation.as_ref()
    }

    /// Whether a request needing `capability` may go to this client at
    /// `revision` (URL mode needs 2025-11-25 or later).
    pub fn supports(&self, capability: Capability, revision: Revision) -> bool {
        match capability {
            Capability::Elicitation(mode) => self
                .elicitation
                .as_ref()
                .is_some_and(|declared| declared.supports_in(mode, revision)),
            Capability::Sampling => self.sampling,
            Capability::Roots => self.roots,
        }
    }
}
