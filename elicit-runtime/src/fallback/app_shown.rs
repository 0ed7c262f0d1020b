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
#[derive(Clone, PartialEq, Eq)]
pub struct AppShown {
    tool: String,
    uri: String,
    message: String,
    /// The token the app sends back with the user's answers.
    token: Option<String>,
}

/// The tool argument a form's app sends the user's answers with: the token
/// the tool's result gave the app in its `_meta` ([`APP_ANSWERS_META`]),
/// which tells the user's own answers from arguments a model or a host's
/// tool form wrote ([`ArgumentsPolicy`](super::ArgumentsPolicy)).
pub const APP_ANSWERS_ARGUMENT: &str = "elicit_app";

/// The member of a tool result's `_meta` that holds, for the form's app,
/// `{"token": "..."}`: the token to send back under
/// [`APP_ANSWERS_ARGUMENT`] with the user's answers. In `_meta`, which
/// hosts hand to the app and not to the model.
pub const APP_ANSWERS_META: &str = "io.github.elicit-rs/app";

/// Shows the form and its app, never the token.
impl fmt::Debug for AppShown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AppShown")
            .field("tool", &self.tool)
            .field("uri", &self.uri)
            .field("message", &self.message)
            .field("token", &self.token.as_ref().map(|_| "..."))
            .finish()
    }
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
            token: None,
        }
    }

    /// The same, with the token the app sends back with the user's
    /// answers ([`APP_ANSWERS_ARGUMENT`]).
    pub fn with_token(mut self, token: impl Into<String>) -> AppShown {
        self.token = Some(token.into());
        self
    }

    /// The token for the app, if any: for the result's `_meta` only
    /// ([`AppShown::to_meta`]), never its text or `structuredContent`.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// The result's `_meta` for the app: `{APP_ANSWERS_META: {"token":
    /// ...}}`, or `None` without a token.
    pub fn to_meta(&self) -> Option<Map<String, Value>> {
        let token = self.token.as_deref()?;
        let mut app = Map::new();
        app.insert("token".into(), Value::from(token));
        let mut meta = Map::new();
        meta.insert(APP_ANSWERS_META.into(), Value::Object(app));
        Some(meta)
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
