//! A form on the server's own page, for a client that opens no URL itself:
//! the link for the model to give the user, and how to call the tool again.

use core::fmt;

use serde_json::{Map, Value};

use crate::excerpt::OneLine;

/// The tool's form waits on a page the server hosts, and the client can
/// neither show the form nor open the page itself: the tool answers with
/// this, for the model to give the user the link and, once the user says
/// they are done, to call the tool again with the same arguments plus one
/// holding an opaque token ([`WebPageLink::argument`]), from which the
/// tool reads the page's answer.
///
/// ```
/// use elicit_runtime::fallback::WebPageLink;
/// use serde_json::json;
///
/// let call = json!({ "service": "weather" });
/// let link = WebPageLink::new(
///     "connect_account",
///     "Connect your account",
///     "https://example.com/forms/0b5c",
///     "elicit_visit",
///     "es3.token",
///     call.as_object().unwrap(),
/// );
/// assert_eq!(
///     link.to_text(),
///     "The tool `connect_account` needs answers from the user on a page of its own, and this \
///      client cannot open it. Give the user this link and ask them to fill in the form there \
///      (never ask for its answers yourself):\n\
///      https://example.com/forms/0b5c\n\
///      \n\
///      Message for the user: Connect your account\n\
///      \n\
///      When the user says they are done, call `connect_account` again with these arguments; \
///      if the user would rather not answer, do not call it again:\n\
///      {\"service\":\"weather\",\"elicit_visit\":\"es3.token\"}"
/// );
/// assert_eq!(link.to_json()["status"], "open_page");
/// assert_eq!(link.to_json()["arguments"]["elicit_visit"], "es3.token");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct WebPageLink {
    tool: String,
    message: String,
    link: String,
    argument: String,
    arguments: Map<String, Value>,
}

impl WebPageLink {
    /// The `status` of [`WebPageLink::to_json`].
    pub const STATUS: &'static str = "open_page";

    /// The page at `link` for the form of `tool` shown with `message`;
    /// the tool is called again with its own `arguments` of this call and
    /// `token` under `argument`.
    pub fn new(
        tool: impl Into<String>,
        message: impl Into<String>,
        link: impl Into<String>,
        argument: impl Into<String>,
        token: impl Into<String>,
        arguments: &Map<String, Value>,
    ) -> WebPageLink {
        let argument = argument.into();
        let mut arguments = arguments.clone();
        arguments.insert(argument.clone(), Value::String(token.into()));
        WebPageLink {
            tool: tool.into(),
            message: message.into(),
            link: link.into(),
            argument,
            arguments,
        }
    }

    /// The tool to call again.
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// The page's link.
    pub fn link(&self) -> &str {
        &self.link
    }

    /// The argument that carries the token.
    pub fn argument(&self) -> &str {
        &self.argument
    }

    /// The arguments to call the tool again with: those of this call and
    /// the token.
    pub fn arguments(&self) -> &Map<String, Value> {
        &self.arguments
    }

    /// The text the model reads.
    pub fn to_text(&self) -> String {
        let tool = OneLine(&self.tool);
        format!(
            "The tool `{tool}` needs answers from the user on a page of its own, and this client \
             cannot open it. Give the user this link and ask them to fill in the form there \
             (never ask for its answers yourself):\n{}\n\nMessage for the user: {}\n\n\
             When the user says they are done, call `{tool}` again with these arguments; if the \
             user would rather not answer, do not call it again:\n{}",
            OneLine(&self.link),
            OneLine(&self.message),
            Value::Object(self.arguments.clone()),
        )
    }

    /// The same as JSON, for `structuredContent`: `status`
    /// ([`WebPageLink::STATUS`]), `tool`, `url`, `message` and `arguments`.
    pub fn to_json(&self) -> Value {
        let mut json = Map::new();
        json.insert("status".into(), Value::from(WebPageLink::STATUS));
        json.insert("tool".into(), Value::from(self.tool.as_str()));
        json.insert("url".into(), Value::from(self.link.as_str()));
        json.insert("message".into(), Value::from(self.message.as_str()));
        json.insert("arguments".into(), Value::Object(self.arguments.clone()));
        Value::Object(json)
    }
}

impl fmt::Display for WebPageLink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tool = OneLine(&self.tool);
        write!(
            f,
            "the form of `{tool}` waits on the page `{}`: return the link, and the model calls \
             `{tool}` again with `{}` once the user is done",
            OneLine(&self.link),
            OneLine(&self.argument),
        )
    }
}
