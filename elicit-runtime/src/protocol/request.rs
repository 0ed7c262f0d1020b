//! `elicitation/create`: the server's ask.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::RequestId;
use crate::schema::FormSchema;

/// The JSON-RPC method of an elicitation request.
pub const METHOD: &str = "elicitation/create";

/// The params of `elicitation/create`.
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FormRequest {
    /// The message shown to the user.
    pub message: String,
    /// The form.
    pub requested_schema: FormSchema,
    /// `_meta`, passed through untouched.
    #[serde(default, rename = "_meta", skip_serializing_if = "Option::is_none")]
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

    /// The whole JSON-RPC request with `id`.
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        let mut request = Map::new();
        request.insert("jsonrpc".into(), "2.0".into());
        request.insert(
            "id".into(),
            serde_json::to_value(id.into()).unwrap_or(Value::Null),
        );
        request.insert("method".into(), METHOD.into());
        request.insert(
            "params".into(),
            serde_json::to_value(self).unwrap_or(Value::Null),
        );
        Value::Object(request)
    }
}
