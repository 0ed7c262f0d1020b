//! The app resource of one form.

use core::fmt;
use std::borrow::Cow;

use serde_json::{Map, Value, json};

use super::meta::{self, MIME_TYPE};
use crate::excerpt::OneLine;
use crate::form::FormMode;
use crate::schema::FormSchema;

/// A form as an MCP App resource: a `ui://` URI, a name, the HTML of the
/// form with the app's script, and the metadata hosts read. See
/// [the module](super) for what the app does.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::app::AppForm;
///
/// /// Pick a slot
/// #[derive(Elicitable)]
/// struct Slot {
///     #[elicit(min_length = 2)]
///     name: String,
/// }
///
/// let app = AppForm::of::<Slot>("pick_slot")
///     .with_uri("ui://bakery/slot")?
///     .with_name("Slot picker");
/// assert_eq!(app.resource()["uri"], "ui://bakery/slot");
/// assert_eq!(app.resource()["name"], "Slot picker");
/// assert_eq!(app.contents()["text"], app.html());
/// # Ok::<(), elicit_runtime::app::AppFormError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct AppForm {
    uri: String,
    name: String,
    message: String,
    tool: String,
    schema: Cow<'static, FormSchema>,
}

/// Why a form cannot be an app.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum AppFormError {
    /// The form has a secret field: a secret is asked on a hosted web page
    /// only, never through a host's frame.
    Secret {
        /// The secret field's name.
        field: String,
    },
    /// The URI is not a `ui://` URI.
    NotUi {
        /// The URI given.
        uri: String,
    },
}

impl fmt::Display for AppFormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppFormError::Secret { field } => write!(
                f,
                "the form has the secret field `{}`: a secret is never asked in an app, \
                 ask this form on a hosted web page instead",
                OneLine(field)
            ),
            AppFormError::NotUi { uri } => write!(
                f,
                "the app's URI `{}` is not a `ui://` URI: give one that starts with `ui://`",
                OneLine(uri)
            ),
        }
    }
}

impl std::error::Error for AppFormError {}

impl AppForm {
    /// The app of the derived form `T`, which the app submits by calling
    /// `tool`; its URI `ui://elicit/forms/<tool>` and its name the tool's
    /// (see [`AppForm::with_uri`], [`AppForm::with_name`]). A form with a
    /// secret field is not [`FormMode`]: asking for its app does not
    /// compile.
    ///
    /// ```compile_fail
    /// use elicit_runtime::app::AppForm;
    /// use elicit_runtime::{Elicitable, Secret};
    ///
    /// #[derive(Elicitable)]
    /// struct Connect {
    ///     #[elicit(secret)]
    ///     api_key: Secret,
    /// }
    ///
    /// let app = AppForm::of::<Connect>("connect");
    /// ```
    pub fn of<T: FormMode>(tool: &str) -> AppForm {
        AppForm::build(T::MESSAGE, Cow::Owned(T::SCHEMA), tool)
    }

    /// The app of any form: `message` its heading, `schema` its fields,
    /// submitted by calling `tool`.
    ///
    /// ```
    /// use elicit_runtime::app::{AppForm, AppFormError};
    /// use elicit_runtime::schema::FormSchema;
    /// use serde_json::json;
    ///
    /// let mut schema = FormSchema::parse(&json!({ "type": "object", "properties": {
    ///     "token": { "type": "string" }
    /// } })).unwrap().schema;
    /// schema.properties.to_mut()[0].secret = true;
    /// assert_eq!(
    ///     AppForm::new("Connect", &schema, "connect").unwrap_err(),
    ///     AppFormError::Secret { field: "token".into() }
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// [`AppFormError::Secret`] when a field is secret.
    pub fn new(message: &str, schema: &FormSchema, tool: &str) -> Result<AppForm, AppFormError> {
        if let Some(secret) = schema.properties.iter().find(|p| p.secret) {
            return Err(AppFormError::Secret {
                field: secret.name.to_string(),
            });
        }
        Ok(AppForm::build(message, Cow::Owned(schema.clone()), tool))
    }

    fn build(message: &str, schema: Cow<'static, FormSchema>, tool: &str) -> AppForm {
        let mut uri = String::from("ui://elicit/forms/");
        for byte in tool.bytes() {
            if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
                uri.push(char::from(byte));
            } else {
                uri.push_str(&format!("%{byte:02X}"));
            }
        }
        AppForm {
            uri,
            name: tool.to_owned(),
            message: message.to_owned(),
            tool: tool.to_owned(),
            schema,
        }
    }

    /// The same app at `uri`.
    ///
    /// # Errors
    ///
    /// [`AppFormError::NotUi`] when `uri` does not start with `ui://`.
    pub fn with_uri(self, uri: impl Into<String>) -> Result<AppForm, AppFormError> {
        let uri = uri.into();
        if !uri.starts_with("ui://") || uri.len() == "ui://".len() {
            return Err(AppFormError::NotUi { uri });
        }
        Ok(AppForm { uri, ..self })
    }

    /// The same app named `name` (the resource's `name`).
    pub fn with_name(self, name: impl Into<String>) -> AppForm {
        AppForm {
            name: name.into(),
            ..self
        }
    }

    /// The resource's URI.
    pub fn uri(&self) -> &str {
        &self.uri
    }

    /// The resource's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The tool the app calls with the form.
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// The form's message, the app's heading.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The form's fields.
    pub fn schema(&self) -> &FormSchema {
        &self.schema
    }

    /// The app's HTML document.
    pub fn html(&self) -> String {
        super::document::render(self)
    }

    /// The resource as `resources/list` lists it: `uri`, `name`, `title`
    /// (the form's message), `description`, `mimeType` and `_meta`.
    pub fn resource(&self) -> Value {
        json!({
            "uri": self.uri,
            "name": self.name,
            "title": self.message,
            "description": self.description(),
            "mimeType": MIME_TYPE,
            "_meta": self.resource_meta(),
        })
    }

    /// The resource's contents as `resources/read` returns them: `uri`,
    /// `mimeType`, the HTML as `text`, and `_meta` with the CSP.
    pub fn contents(&self) -> Value {
        json!({
            "uri": self.uri,
            "mimeType": MIME_TYPE,
            "text": self.html(),
            "_meta": self.resource_meta(),
        })
    }

    /// The tool's `_meta` that declares the app: `ui.resourceUri`, and
    /// `openai/outputTemplate` with `openai/widgetAccessible` for hosts on
    /// the ChatGPT Apps SDK.
    pub fn tool_meta(&self) -> Map<String, Value> {
        meta::tool_meta(&self.uri)
    }

    /// The resource's `_meta`, on its listing and its contents alike:
    /// `ui.csp` with no `connectDomains` and no `resourceDomains` (nothing
    /// may load or connect anywhere), `ui.prefersBorder`, and the same for
    /// the ChatGPT Apps SDK (`openai/widgetCSP`, `openai/widgetPrefersBorder`,
    /// `openai/widgetDescription`).
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::app::AppForm;
    ///
    /// #[derive(Elicitable)]
    /// struct Table {
    ///     size: u8,
    /// }
    ///
    /// let meta = AppForm::of::<Table>("book").resource_meta();
    /// assert_eq!(meta["ui"]["csp"]["connectDomains"], serde_json::json!([]));
    /// assert_eq!(meta["openai/widgetCSP"]["connect_domains"], serde_json::json!([]));
    /// ```
    pub fn resource_meta(&self) -> Map<String, Value> {
        meta::resource_meta(&self.description())
    }

    /// The resource's description: the form of which tool, and its message.
    pub fn description(&self) -> String {
        format!("The form of `{}`: {}", self.tool, self.message)
    }
}
