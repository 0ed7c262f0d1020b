//! Forms as MCP Apps on rmcp (feature `app`): the tool that
//! declares its form's app, and the app served by `resources/list` and
//! `resources/read`.

use std::sync::Arc;

use rmcp::model as mcp;

use crate::listing::{tool_with_form, with_app_argument};
use elicit_runtime::FormMode;
use elicit_runtime::app::{AppForm, MIME_TYPE};
use elicit_runtime::fallback::InputSchemaError;

/// `tool` with the fields of the form `T` among its arguments
/// ([`tool_with_form`]) beside the token the app sends the user's answers
/// back with ([`APP_ANSWERS_ARGUMENT`](elicit_runtime::fallback::APP_ANSWERS_ARGUMENT)), and `app` declared in its `_meta`
/// ([`AppForm::tool_meta`]: `ui.resourceUri`, `openai/outputTemplate`,
/// `openai/widgetAccessible`).
///
/// ```
/// use std::sync::Arc;
///
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::app::AppForm;
/// use elicit_rmcp::tool_with_app;
/// use rmcp::model::Tool;
///
/// #[derive(Elicitable)]
/// struct Table {
///     #[elicit(minimum = 1, maximum = 12)]
///     size: u8,
/// }
///
/// let base = serde_json::json!({ "type": "object", "properties": {} });
/// let tool = Tool::new("book", "Book a table", Arc::new(base.as_object().unwrap().clone()));
/// let tool = tool_with_app::<Table>(tool, &AppForm::of::<Table>("book")).unwrap();
/// let meta = tool.meta.unwrap();
/// assert_eq!(meta.0["ui"]["resourceUri"], "ui://elicit/forms/book");
/// assert_eq!(meta.0["openai/outputTemplate"], "ui://elicit/forms/book");
/// assert_eq!(tool.input_schema["properties"]["size"]["maximum"], 12);
/// ```
///
/// # Errors
///
/// The [`InputSchemaError`] of [`tool_with_form`].
pub fn tool_with_app<T: FormMode>(
    tool: mcp::Tool,
    app: &AppForm,
) -> Result<mcp::Tool, InputSchemaError> {
    let mut tool = tool_with_form::<T>(tool)?;
    tool.input_schema = Arc::new(with_app_argument(&tool.input_schema)?);
    let mut meta = tool.meta.take().unwrap_or_default();
    meta.0.extend(app.tool_meta());
    tool.meta = Some(meta);
    Ok(tool)
}

/// The apps of a server's forms, each declared on its tool and served as a
/// resource: one call ([`FormApps::tool`]) gives the tool its form's
/// arguments and its app, and keeps the app for `resources/list`
/// ([`FormApps::resources`]) and `resources/read` ([`FormApps::read`]).
///
/// ```
/// use std::sync::Arc;
///
/// use elicit_runtime::Elicitable;
/// use elicit_rmcp::FormApps;
/// use rmcp::model::{ResourceContents, Tool};
///
/// /// Book a table
/// #[derive(Elicitable)]
/// struct Table {
///     #[elicit(minimum = 1, maximum = 12)]
///     size: u8,
/// }
///
/// let mut apps = FormApps::new();
/// let base = serde_json::json!({ "type": "object", "properties": {} });
/// let tool = Tool::new("book", "Book a table", Arc::new(base.as_object().unwrap().clone()));
/// let tool = apps.tool::<Table>(tool).unwrap();
/// assert!(tool.meta.is_some());
///
/// let listed = apps.resources();
/// assert_eq!(listed[0].uri, "ui://elicit/forms/book");
/// assert_eq!(listed[0].mime_type.as_deref(), Some("text/html;profile=mcp-app"));
///
/// let read = apps.read("ui://elicit/forms/book").unwrap();
/// let ResourceContents::TextResourceContents { text, meta, .. } = &read.contents[0] else {
///     panic!("the app is text")
/// };
/// assert!(text.contains("<h1>Book a table</h1>"));
/// assert_eq!(meta.as_ref().unwrap().0["ui"]["csp"]["connectDomains"], serde_json::json!([]));
/// assert!(apps.read("ui://elicit/forms/other").is_none());
/// ```
#[derive(Debug, Clone, Default)]
pub struct FormApps {
    apps: Vec<Arc<AppForm>>,
}

impl FormApps {
    /// No app yet.
    pub fn new() -> FormApps {
        FormApps::default()
    }

    /// `tool` with the form `T`'s fields among its arguments and its app
    /// (`AppForm::of::<T>(tool.name)`) declared, the app kept here.
    ///
    /// # Errors
    ///
    /// The [`InputSchemaError`] of [`tool_with_form`].
    pub fn tool<T: FormMode>(&mut self, tool: mcp::Tool) -> Result<mcp::Tool, InputSchemaError> {
        let app = AppForm::of::<T>(&tool.name);
        self.tool_with::<T>(tool, app)
    }

    /// [`FormApps::tool`] with an app of the author's (its URI or name
    /// chosen, [`AppForm::with_uri`]); it replaces an app at the same URI.
    ///
    /// # Errors
    ///
    /// The [`InputSchemaError`] of [`tool_with_form`].
    pub fn tool_with<T: FormMode>(
        &mut self,
        tool: mcp::Tool,
        app: AppForm,
    ) -> Result<mcp::Tool, InputSchemaError> {
        let tool = tool_with_app::<T>(tool, &app)?;
        self.keep(app);
        Ok(tool)
    }

    /// Keeps `app`, replacing an app at the same URI.
    pub(super) fn keep(&mut self, app: AppForm) {
        self.apps.retain(|kept| kept.uri() != app.uri());
        self.apps.push(Arc::new(app));
    }

    /// The app its tool `tool` declares.
    pub fn app_of(&self, tool: &str) -> Option<&AppForm> {
        self.apps
            .iter()
            .find(|app| app.tool() == tool)
            .map(|app| &**app)
    }

    /// The app its tool `tool` declares, shared.
    pub(super) fn shared_app_of(&self, tool: &str) -> Option<Arc<AppForm>> {
        self.apps.iter().find(|app| app.tool() == tool).cloned()
    }

    /// The app at `uri`.
    pub fn get(&self, uri: &str) -> Option<&AppForm> {
        self.apps
            .iter()
            .find(|app| app.uri() == uri)
            .map(|app| &**app)
    }

    /// Every app, as `resources/list` lists it.
    pub fn resources(&self) -> Vec<mcp::Resource> {
        self.apps.iter().map(|app| resource(app)).collect()
    }

    /// The app at `uri`, as `resources/read` returns it: the HTML with
    /// [`MIME_TYPE`] and the CSP metadata; `None` for a URI of no app.
    pub fn read(&self, uri: &str) -> Option<mcp::ReadResourceResult> {
        self.get(uri)
            .map(|app| mcp::ReadResourceResult::new(vec![contents(app)]))
    }
}

/// `app` as `resources/list` lists it.
pub fn resource(app: &AppForm) -> mcp::Resource {
    let mut resource = mcp::Resource::new(app.uri(), app.name())
        .with_title(app.message())
        .with_description(app.description())
        .with_mime_type(MIME_TYPE);
    resource.meta = Some(mcp::MetaObject(app.resource_meta()));
    resource
}

/// `app`'s contents as `resources/read` returns them.
pub fn contents(app: &AppForm) -> mcp::ResourceContents {
    mcp::ResourceContents::text(app.html(), app.uri())
        .with_mime_type(MIME_TYPE)
        .with_meta(mcp::MetaObject(app.resource_meta()))
}
