//! `notifications/elicitation/complete` (2025-11-25): the server tells the
//! client that an out-of-band URL-mode interaction finished.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{ElicitationId, MessageError, jsonrpc};

/// The params of `notifications/elicitation/complete`, which a 2025-11-25
/// server may send, to the client that got the URL-mode request only, once
/// the interaction is done. 2026-07-28 removed it: the client retries the
/// original request instead.
///
/// ```
/// use elicit_runtime::protocol::{ElicitationCompleteNotification, ElicitationId};
/// use serde_json::json;
///
/// let done = ElicitationCompleteNotification::new(ElicitationId::new("550e8400-e29b-41d4-a716-446655440000"));
/// let message = done.to_jsonrpc();
/// assert_eq!(
///     message,
///     json!({
///         "jsonrpc": "2.0",
///         "method": "notifications/elicitation/complete",
///         "params": { "elicitationId": "550e8400-e29b-41d4-a716-446655440000" }
///     })
/// );
/// assert_eq!(ElicitationCompleteNotification::from_jsonrpc(&message).unwrap(), done);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ElicitationCompleteNotification {
    /// The id of the URL-mode request that completed.
    pub elicitation_id: ElicitationId,
}

impl ElicitationCompleteNotification {
    /// The notification's JSON-RPC method.
    pub const METHOD: &'static str = "notifications/elicitation/complete";

    /// The notification that the elicitation `id` completed.
    pub fn new(id: ElicitationId) -> ElicitationCompleteNotification {
        ElicitationCompleteNotification { elicitation_id: id }
    }

    /// The whole JSON-RPC notification.
    pub fn to_jsonrpc(&self) -> Value {
        let params = jsonrpc::value_of(self);
        jsonrpc::notification(Self::METHOD, params)
    }

    /// Reads a whole JSON-RPC notification. A client ignores one that names
    /// an id it does not know or already saw complete.
    ///
    /// # Errors
    ///
    /// A [`MessageError`] when the message is not JSON-RPC 2.0, is another
    /// method, or its params have no string `elicitationId`.
    pub fn from_jsonrpc(message: &Value) -> Result<ElicitationCompleteNotification, MessageError> {
        let params = jsonrpc::read_notification(message, Self::METHOD)?;
        ElicitationCompleteNotification::deserialize(params)
            .map_err(|error| MessageError::invalid("params", error))
    }
}
