//! A form shown in its app: what the tool answers while the user fills it.

use core::fmt;

use serde_json::{Map, Value};

use crate::excerpt::OneLine;

/// The tool's form is shown to the user in its app (a `ui://` resource of
/// the MCP Apps extension the host renders beside the tool's result): the
/// tool answers with this, and the app calls the tool again with the
/// user's answers as its arguments.
///
/// ```
/// use elicit_runtime::fallback::AppShown;
///
/// let shown = AppShown::new("book_table", "ui://elicit/forms/book_table", "Book a table");
/// assert_eq!(
///     shown.to_string(),
///     "the form \u{201c}Book a table\u{201d} of `book_table` is shown to the user in the app \
///      `ui://elicit/forms/book_table`: wait for the user, the app calls `book_table` with \
///      the answers"
/// );
/// assert_eq!(shown.to_json()["status"], "shown_in_app");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppShown {
    tool: String,
    uri: String,
    message: String,
}

impl AppShown {
    /// The `status` of [`AppShown::to_json`].
    pub const STATUS: &'static str = "shown_in_app";

    /// The form with `message` of `tool`, shown in the app at `uri`.
    pub fn new(
        tool: impl Into<String>,
        uri: impl Into<String>,
        message: impl Into<String>,
    ) -> AppShown {
        AppShown {
            tool: tool.into(),
            uri: uri.into(),
            message: message.into(),
        }
    }

    /// The tool.
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// The app's `ui://` URI.
    pub fn uri(&self) -> &str {
        &self.uri
    }

    /// The same as JSON, for `structuredContent`: `status`
    /// ([`AppShown::STATUS`]), `tool`, `resourceUri` and `message`.
    pub fn to_json(&self) -> Value {
        let mut json = Map::new();
        json.insert("status".into(), Value::from(AppShown::STATUS));
        json.insert("tool".into(), Value::from(self.tool.as_str()));
        json.insert("resourceUri".into(), Value::from(self.uri.as_str()));
        json.insert("message".into(), Value::from(self.message.as_str()));
        Value::Object(json)
    }
}

impl fmt::Display for AppShown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tool = OneLine(&self.tool);
        write!(
            f,
            "the form \u{201c}{}\u{201d} of `{tool}` is shown to the user in the app `{}`: \
             wait for the user, the app calls `{tool}` with the answers",
            OneLine(&self.message),
            OneLine(&self.uri),
        )
    }
}
