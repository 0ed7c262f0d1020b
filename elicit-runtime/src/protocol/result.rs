//! `ElicitResult`: the client's answer.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::Action;

/// The result of `elicitation/create`.
///
/// ```
/// use elicit_runtime::protocol::{Action, ElicitResult};
///
/// let result: ElicitResult = serde_json::from_str(
///     r#"{"action":"accept","content":{"name":"octocat"}}"#,
/// )
/// .unwrap();
/// assert_eq!(result.action, Action::Accept);
/// assert_eq!(serde_json::to_string(&ElicitResult::decline()).unwrap(), r#"{"action":"decline"}"#);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ElicitResult {
    /// What the user did.
    pub action: Action,
    /// The submitted values, on `accept`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<Map<String, Value>>,
    /// `_meta`, passed through untouched.
    #[serde(default, rename = "_meta", skip_serializing_if = "Option::is_none")]
    pub meta: Option<Map<String, Value>>,
}

impl ElicitResult {
    /// An `accept` with `content`.
    pub fn accept(content: Map<String, Value>) -> ElicitResult {
        ElicitResult {
            action: Action::Accept,
            content: Some(content),
            meta: None,
        }
    }

    /// A `decline`.
    pub fn decline() -> ElicitResult {
        ElicitResult {
            action: Action::Decline,
            content: None,
            meta: None,
        }
    }

    /// A `cancel`.
    pub fn cancel() -> ElicitResult {
        ElicitResult {
            action: Action::Cancel,
            content: None,
            meta: None,
        }
    }
}
