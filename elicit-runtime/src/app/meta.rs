//! The extension's names and the resource's and tool's metadata.

use serde_json::{Map, Value, json};

/// The MCP Apps extension's identifier, under which a client declares it
/// in its capabilities' `extensions`.
pub const EXTENSION: &str = "io.modelcontextprotocol/ui";

/// The MIME type of an app's HTML resource.
pub const MIME_TYPE: &str = "text/html;profile=mcp-app";

/// The app protocol's version the script asks for in `ui/initialize`.
pub const PROTOCOL_VERSION: &str = "2026-01-26";

/// `true` when `capabilities` (a client's `ClientCapabilities` as JSON)
/// declare the apps extension with [`MIME_TYPE`] among its `mimeTypes`.
///
/// ```
/// use elicit_runtime::app::apps_declared;
/// use serde_json::json;
///
/// let host = json!({ "extensions": { "io.modelcontextprotocol/ui": {
///     "mimeTypes": ["text/html;profile=mcp-app"]
/// } } });
/// assert!(apps_declared(&host));
/// assert!(!apps_declared(&json!({ "elicitation": {} })));
/// let other = json!({ "extensions": { "io.modelcontextprotocol/ui": { "mimeTypes": ["text/plain"] } } });
/// assert!(!apps_declared(&other));
/// ```
pub fn apps_declared(capabilities: &Value) -> bool {
    capabilities
        .get("extensions")
        .and_then(|extensions| extensions.get(EXTENSION))
        .and_then(|ui| ui.get("mimeTypes"))
        .and_then(Value::as_array)
        .is_some_and(|types| types.iter().any(|t| t.as_str() == Some(MIME_TYPE)))
}

/// `_meta` of the resource and of its contents: a CSP that allows no
/// network and no resource from anywhere (`connectDomains` and
/// `resourceDomains` empty), a border requested, and the same for the
/// ChatGPT Apps SDK.
pub(super) fn resource_meta(description: &str) -> Map<String, Value> {
    let mut meta = Map::new();
    meta.insert(
        "ui".into(),
        json!({
            "csp": { "connectDomains": [], "resourceDomains": [] },
            "prefersBorder": true
        }),
    );
    meta.insert(
        "openai/widgetCSP".into(),
        json!({ "connect_domains": [], "resource_domains": [] }),
    );
    meta.insert("openai/widgetPrefersBorder".into(), Value::Bool(true));
    meta.insert(
        "openai/widgetDescription".into(),
        Value::String(description.to_owned()),
    );
    meta
}

/// `_meta` of the tool: the resource for hosts of the extension
/// (`ui.resourceUri`) and of the ChatGPT Apps SDK (`openai/outputTemplate`,
/// and `openai/widgetAccessible` so the app may call the tool).
pub(super) fn tool_meta(uri: &str) -> Map<String, Value> {
    let mut meta = Map::new();
    meta.insert("ui".into(), json!({ "resourceUri": uri }));
    meta.insert(
        "openai/outputTemplate".into(),
        Value::String(uri.to_owned()),
    );
    meta.insert("openai/widgetAccessible".into(), Value::Bool(true));
    meta
}
