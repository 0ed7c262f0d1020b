//! The client's `elicitation` capability.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// `capabilities.elicitation` of a client: present when the client can
/// answer elicitations. In 2025-06-18 it is the empty object `{}`; keys a
/// client adds are kept.
///
/// ```
/// use elicit_runtime::protocol::ElicitationCapability;
///
/// let caps = serde_json::json!({ "elicitation": {}, "roots": {} });
/// assert!(ElicitationCapability::from_client_capabilities(&caps).is_some());
/// assert_eq!(serde_json::to_string(&ElicitationCapability::default()).unwrap(), "{}");
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ElicitationCapability {
    /// Keys the client declared inside the capability.
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

impl ElicitationCapability {
    /// The capability inside a client's `capabilities` object, if declared.
    pub fn from_client_capabilities(capabilities: &Value) -> Option<ElicitationCapability> {
        match capabilities.get("elicitation")? {
            Value::Object(map) => Some(ElicitationCapability { other: map.clone() }),
            _ => None,
        }
    }
}
