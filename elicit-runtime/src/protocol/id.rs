//! JSON-RPC request ids: a string or an integer, never anything else.

use serde::{Deserialize, Serialize};

/// The `id` of a JSON-RPC request.
///
/// ```
/// use elicit_runtime::protocol::RequestId;
///
/// assert_eq!(serde_json::to_string(&RequestId::from(7)).unwrap(), "7");
/// assert_eq!(serde_json::to_string(&RequestId::from("a-1")).unwrap(), r#""a-1""#);
/// assert!(serde_json::from_str::<RequestId>("1.5").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RequestId {
    /// An integer id.
    Number(i64),
    /// A string id.
    String(String),
}

impl From<i64> for RequestId {
    fn from(id: i64) -> RequestId {
        RequestId::Number(id)
    }
}

impl From<i32> for RequestId {
    fn from(id: i32) -> RequestId {
        RequestId::Number(i64::from(id))
    }
}

impl From<u32> for RequestId {
    fn from(id: u32) -> RequestId {
        RequestId::Number(i64::from(id))
    }
}

impl From<&str> for RequestId {
    fn from(id: &str) -> RequestId {
        RequestId::String(id.to_owned())
    }
}

impl From<String> for RequestId {
    fn from(id: String) -> RequestId {
        RequestId::String(id)
    }
}
