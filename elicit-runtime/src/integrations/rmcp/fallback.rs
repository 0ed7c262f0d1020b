//! The fallback on rmcp: a tool asks for its form when the client can show
//! it, reads it from its arguments when the model passed the answers, and
//! otherwise shows the form's app, sends the user to a hosted web page, or
//! returns instructions for the model.

use std::future::Future;
use std::pin::Pin;

use rmcp::model as mcp;

use super::ServerFlow;
#[cfg(feature = "app")]
use crate::fallback::APP_ANSWERS_ARGUMENT;
#[cfg(feature = "app")]
use crate::fallback::AppShown;
use crate::fallback::{
    ArgumentsError, ArgumentsPolicy, InputSchemaError, Instructions, InvalidArguments, Route,
    input_schema,
};
use crate::flow::{Capability, FormNeed, Stop};
use crate::form::FormMode;
use crate::outcome::Elicitation;
use crate::protocol::Mode;
use crate::schema::FormSchema;
#[cfg(feature = "web")]
use crate::web::{VISIT_ARGUMENT, WebError, WebForms};

/// A form on its way to a hosted web page: what a page router
/// ([`WebPageRoute`]) needs to make the user's visit.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct WebPageForm<'f> {
    /// The key the form is asked under in the flow.
    pub key: &'f str,
    /// The form's message.
    pub message: &'f str,
    /// The form's fields.
    pub schema: &'f FormSchema,
    /// The tool call that needs the form.
    pub request: &'f mcp::CallToolRequestParams,
}

/// The hook of a page router mounted on the server, which serves forms as
/// hosted web pages: given to a flow with [`ServerFlow::with_web_pages`],
/// it is the third path of [`ServerFlow::form_or_arguments`], for a client
/// that shows neither forms nor the form's app.
///
/// The crate's own router is `web::WebForms` (feature
/// `web`): `flow.with_web_pages(&web)` asks the form on its page, in URL
/// mode where the client takes it (an input-required URL request on
/// 2026-07-28, `elicitation/create` in URL mode on 2025-11-25), else with
/// the page's link in the tool's result ([`Stop::WebPage`]) and the answer
/// read when the model calls the tool again with the link's token. Any
/// other router answers with the stop the tool returns.
pub trait WebPageRoute: Send + Sync {
    /// The stop that sends the user to the page of `form`.
    fn route<'f>(
        &'f self,
        form: WebPageForm<'f>,
    ) -> Pin<Box<dyn Future<Output = Stop> + Send + 'f>>;

    /// The crate's hosted forms behind this router, whose pages the flow
    /// asks itself (with the call's request and user); `None` for any
    /// other router, which [`WebPageRoute::route`] answers for.
    #[cfg(feature = "web")]
    fn web_forms(&self) -> Option<&WebForms> {
        None
    }
}

/// The crate's hosted forms as the page router of
/// [`ServerFlow::form_or_arguments`]: the flow asks the form on its page
/// itself, as [`WebPageRoute`] says, with the form registered under the
/// flow's key ([`WebForms::form`]).
#[cfg(feature = "web")]
impl WebPageRoute for WebForms {
    /// Outside a flow, which knows the call's user: a failed stop
    /// ([`WebError::Unbound`]), since a visit is made for a user.
    fn route<'f>(
        &'f self,
        _form: WebPageForm<'f>,
    ) -> Pin<Box<dyn Future<Output = Stop> + Send + 'f>> {
        Box::pin(async { crate::web::web_error(WebError::Unbound) })
    }

    fn web_forms(&self) -> Option<&WebForms> {
        Some(self)
    }
}

impl ServerFlow<'_> {
    /// The form `T` for the tool call `request`, from whichever client
    /// made it:
    ///
    /// 1. when the call's arguments carry the form
    ///    ([`Elicitable::arguments_present`](crate::Elicitable::arguments_present)), it is read from them
    ///    ([`Elicitable::from_arguments_with`](crate::Elicitable::from_arguments_with), within the flow's limits);
    ///    arguments that break it stop the tool with
    ///    [`Stop::InvalidArguments`], a tool error listing every failing
    ///    field, so the model fixes its call;
    /// 2. else, when the client can show forms, it is asked for under `key`
    ///    with `message`, as [`ServerFlow::form`] does;
    /// 3. else, when the client declared the MCP Apps extension and the
    ///    flow has the form's app (`with_app`, feature `app`), the tool
    ///    stops with [`Stop::AppShown`]: the host shows the app, which calls
    ///    the tool again with the user's answers as arguments (read as in 1,
    ///    so a refusal comes back to the app field by field);
    /// 4. else, when a page router is mounted
    ///    ([`ServerFlow::with_web_pages`]), the user fills the form on a
    ///    hosted web page: with `web::WebForms`, in URL
    ///    mode where the client takes it, else the tool stops with
    ///    [`Stop::WebPage`], the page's link for the model to give the user,
    ///    and reads the answer when the model calls again with the link's
    ///    token (`tool_with_web_form` lists its argument); with another
    ///    router, the tool stops with what it answers;
    /// 5. else the tool stops with [`Stop::Instructions`]: a result telling
    ///    the model to ask the user and call the tool again with the
    ///    answers as arguments (the call's other arguments repeated).
    ///
    /// [`ServerFlow::route`] says which of 2 to 5 a call without the answers
    /// takes.
    ///
    /// List the form's fields among the tool's arguments with
    /// [`tool_with_form`], so the model knows it may pass them. Answers read
    /// from arguments are always [`Elicitation::Accept`]: a user who does not
    /// want to answer tells the model, which does not call again.
    ///
    /// ```no_run
    /// use elicit_runtime::flow::Stop;
    /// use elicit_runtime::integrations::rmcp::ServerFlow;
    /// use elicit_runtime::state::{Principal, StateKeys};
    /// use elicit_runtime::{Elicitable, Elicitation};
    /// use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
    /// use rmcp::service::{RequestContext, RoleServer};
    ///
    /// /// Which table would you like?
    /// #[derive(Elicitable)]
    /// struct Table {
    ///     /// How many people
    ///     #[elicit(minimum = 1, maximum = 12)]
    ///     size: u8,
    /// }
    ///
    /// async fn book(
    ///     keys: &StateKeys,
    ///     request: &CallToolRequestParams,
    ///     context: &RequestContext<RoleServer>,
    /// ) -> Result<CallToolResponse, Stop> {
    ///     let mut flow = ServerFlow::open(context, keys, request, &Principal::UNBOUND)?;
    ///     let text = match flow.form_or_arguments::<Table>("table", Table::MESSAGE, request).await? {
    ///         Elicitation::Accept(table) => format!("a table for {}", table.size),
    ///         _ => "no table".to_owned(),
    ///     };
    ///     Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    /// }
    ///
    /// async fn call_tool(
    ///     keys: &StateKeys,
    ///     request: CallToolRequestParams,
    ///     context: RequestContext<RoleServer>,
    /// ) -> Result<CallToolResponse, rmcp::ErrorData> {
    ///     book(keys, &request, &context).await.or_else(Stop::into_tool_response)
    /// }
    /// ```
    ///
    /// # Errors
    ///
    /// [`Stop::InvalidArguments`] and [`Stop::Instructions`] as above; the
    /// stops of [`ServerFlow::form`] when the form is asked for.
    pub async fn form_or_arguments<T: FormMode + 'static>(
        &mut self,
        key: impl Into<String>,
        message: impl Into<String>,
        request: &mcp::CallToolRequestParams,
    ) -> Result<Elicitation<T>, Stop> {
        let key: String = key.into();
        let message: String = message.into();
        let arguments = request.arguments.as_ref();
        #[cfg_attr(not(feature = "app"), allow(unused_mut))]
        let mut route = self.route();
        #[cfg(feature = "app")]
        let app_token = self.give_app_token(request, &key);
        if let Some(given) = arguments.filter(|arguments| T::arguments_present(arguments)) {
            let read = T::from_arguments_with(given, &self.flow().limits());
            let invalid = |error| Stop::from(InvalidArguments::new(request.name.as_ref(), error));
            // The answers the form's own app sends are the user's.
            if self.answered_in_app(request, &key) {
                return read.map(Elicitation::Accept).map_err(invalid);
            }
            let accept_complete = self.routes.arguments == ArgumentsPolicy::AcceptComplete;
            // Every field of a host that shows apps, from a call without the
            // app's token: most likely the app, which had no token yet; shown
            // again with one, it sends the answers back with it.
            #[cfg(feature = "app")]
            if route == Route::Elicitation
                && self.apps_declared()
                && self.routes.app.is_some()
                && complete::<T>(given)
                && !accept_complete
            {
                route = Route::App;
            }
            match (route, read) {
                (_, Err(error @ ArgumentsError::TooLarge(_))) => return Err(invalid(error)),
                (Route::Elicitation | Route::App, Ok(value)) if accept_complete => {
                    return Ok(Elicitation::Accept(value));
                }
                // The user can be asked: the arguments prefill the form.
                (Route::Elicitation, _) => {
                    let need = FormNeed::<T>::new(key, message).with_prefill(given.clone());
                    return self.gather(need).await;
                }
                // The app fills itself in from the call's arguments.
                (Route::App, _) => {}
                // No one to ask: the arguments are the answer, or refused.
                (_, read) => return read.map(Elicitation::Accept).map_err(invalid),
            }
        }
        match route {
            Route::Elicitation => return self.form::<T>(key, message).await,
            #[cfg(feature = "app")]
            Route::App => {
                if let Some(app) = &self.routes.app {
                    let mut shown = AppShown::new(request.name.as_ref(), app.uri(), message);
                    if let Some(token) = app_token {
                        shown = shown.with_token(token);
                    }
                    return Err(shown.into());
                }
            }
            Route::WebPage => {
                if let Some(router) = self.routes.web_pages.clone() {
                    #[cfg(feature = "web")]
                    if let Some(web) = router.web_forms() {
                        return self.web_form::<T>(web, &key, &message).await;
                    }
                    let schema = T::SCHEMA;
                    let form = WebPageForm {
                        key: &key,
                        message: &message,
                        schema: &schema,
                        request,
                    };
                    return Err(router.route(form).await);
                }
            }
            _ => {}
        }
        let mut instructions = Instructions::for_form::<T>(request.name.as_ref(), message);
        if let Some(arguments) = arguments {
            instructions = instructions.with_arguments(arguments);
        }
        Err(instructions.into())
    }

    /// Whether the call's arguments are the user's answers in the form's
    /// app: they carry the token the app was given
    /// ([`APP_ANSWERS_ARGUMENT`]), sealed for this tool, user and form. The
    /// token is kept for [`ServerFlow::once`].
    fn answered_in_app(&mut self, request: &mcp::CallToolRequestParams, key: &str) -> bool {
        #[cfg(feature = "app")]
        if let (Some(keys), Some((_, principal)), Some(token)) = (
            &self.keys,
            &self.bound,
            request
                .arguments
                .as_ref()
                .and_then(|arguments| arguments.get(APP_ANSWERS_ARGUMENT))
                .and_then(serde_json::Value::as_str),
        ) {
            self.app_answer = super::app_token::opens(keys, token, &request.name, principal, key);
            return self.app_answer.is_some();
        }
        let _ = (request, key);
        false
    }

    /// A token for the form's app to send the user's answers back with,
    /// when the form has an app: also given to the scope of the call (an
    /// `Ask`'s), whose result then carries it whatever it is, so that the
    /// app a host shows beside any result of the tool has it.
    #[cfg(feature = "app")]
    fn give_app_token(&self, request: &mcp::CallToolRequestParams, key: &str) -> Option<String> {
        self.routes.app.as_ref()?;
        let (keys, (_, principal)) = (self.keys.as_ref()?, self.bound.as_ref()?);
        let token = super::app_token::seal(keys, &request.name, principal, key)?;
        super::scope::with(|scope| scope.give_app_token(token.clone()));
        Some(token)
    }
}

/// Whether `arguments` hold every field the form `T` requires.
#[cfg(feature = "app")]
fn complete<T: FormMode>(arguments: &serde_json::Map<String, serde_json::Value>) -> bool {
    T::SCHEMA
        .properties
        .iter()
        .filter(|property| property.required)
        .all(|property| arguments.contains_key(property.name.as_ref()))
}

/// `tool` with the fields of the form `T` added to its input schema as
/// optional arguments ([`input_schema`]).
///
/// ```
/// use std::sync::Arc;
///
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::integrations::rmcp::tool_with_form;
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
/// let tool = tool_with_form::<Table>(tool).unwrap();
/// assert_eq!(tool.input_schema["properties"]["size"]["type"], "integer");
/// assert!(tool.input_schema.get("required").is_none());
/// ```
///
/// # Errors
///
/// An [`InputSchemaError`] when a field of the form has the name of one of
/// the tool's arguments, or the tool's input schema is not that of an
/// object.
pub fn tool_with_form<T: FormMode>(mut tool: mcp::Tool) -> Result<mcp::Tool, InputSchemaError> {
    tool.input_schema = std::sync::Arc::new(input_schema::<T>(&tool.input_schema)?);
    Ok(tool)
}

/// `tool` with the fields of the form `T` added to its input schema as
/// optional arguments, as [`tool_with_form`] does, and the argument that
/// carries a hosted page's token ([`VISIT_ARGUMENT`]), for a tool whose
/// form goes to the server's own page
/// ([`ServerFlow::with_web_pages`] with [`WebForms`]).
///
/// ```
/// use std::sync::Arc;
///
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::integrations::rmcp::tool_with_web_form;
/// use elicit_runtime::web::VISIT_ARGUMENT;
/// use rmcp::model::Tool;
///
/// #[derive(Elicitable)]
/// struct Table {
///     size: u8,
/// }
///
/// let base = serde_json::json!({ "type": "object", "properties": {} });
/// let tool = Tool::new("book", "Book a table", Arc::new(base.as_object().unwrap().clone()));
/// let tool = tool_with_web_form::<Table>(tool).unwrap();
/// assert_eq!(tool.input_schema["properties"][VISIT_ARGUMENT]["type"], "string");
/// assert!(tool.input_schema.get("required").is_none());
/// ```
///
/// # Errors
///
/// As [`tool_with_form`], and when the tool has an argument of that name.
#[cfg(feature = "web")]
pub fn tool_with_web_form<T: FormMode>(tool: mcp::Tool) -> Result<mcp::Tool, InputSchemaError> {
    tool_with_visit_argument(tool_with_form::<T>(tool)?)
}

/// `tool` with the argument that carries a hosted page's token
/// ([`VISIT_ARGUMENT`]) added to its input schema, optional: for a tool
/// that asks a form on the server's page ([`ServerFlow::web_form`], a form
/// with a secret field included) of clients that cannot open URLs.
///
/// # Errors
///
/// An [`InputSchemaError`] when the tool has an argument of that name, or
/// its input schema is not that of an object.
#[cfg(feature = "web")]
pub fn tool_with_visit_argument(mut tool: mcp::Tool) -> Result<mcp::Tool, InputSchemaError> {
    let schema = with_argument(
        &tool.input_schema,
        VISIT_ARGUMENT,
        "Only when a previous result of this tool gave it: the token to pass back, unchanged, \
         once the user says they filled in the form on the page it linked",
    )?;
    tool.input_schema = std::sync::Arc::new(schema);
    Ok(tool)
}

/// The input schema `schema` with an optional string argument `name`,
/// described by `description`: the token of a hosted page, or of a
/// form's app.
#[cfg(any(feature = "web", feature = "app"))]
pub(super) fn with_argument(
    schema: &mcp::JsonObject,
    name: &str,
    description: &str,
) -> Result<mcp::JsonObject, InputSchemaError> {
    let mut schema = schema.clone();
    let properties = schema
        .entry("properties")
        .or_insert_with(|| serde_json::Value::Object(serde_json::Map::new()));
    let Some(properties) = properties.as_object_mut() else {
        return Err(InputSchemaError::PropertiesNotAnObject {
            found: properties.to_string().chars().take(40).collect(),
        });
    };
    if properties.contains_key(name) {
        return Err(InputSchemaError::Clash {
            fields: vec![name.to_owned()],
        });
    }
    let mut argument = serde_json::Map::new();
    argument.insert("type".to_owned(), "string".into());
    argument.insert("description".to_owned(), description.into());
    properties.insert(name.to_owned(), serde_json::Value::Object(argument));
    Ok(schema)
}

impl Instructions {
    /// The instructions as a tool's result: the text for the model
    /// ([`Instructions::to_text`]) and the same in `structuredContent`
    /// ([`Instructions::to_json`]), with `isError: false`.
    ///
    /// Not an error, because nothing failed: the tool needs the user's
    /// answers, and this is how it asks for them. Clients show an error
    /// result as a failed call, and models tend to read one as a broken
    /// tool, to retry or give up; a successful result is read as the
    /// tool's answer for now, which it is.
    ///
    /// A tool that declares an `outputSchema` must return `structuredContent`
    /// that conforms to it on success, which these instructions do not:
    /// such a tool answers with [`Instructions::to_error_result`].
    pub fn to_tool_result(&self) -> mcp::CallToolResult {
        let mut result =
            mcp::CallToolResult::success(vec![mcp::ContentBlock::text(self.to_text())]);
        result.structured_content = Some(self.to_json());
        result
    }

    /// The instructions as a tool error (`isError: true`, the text only),
    /// for a tool that declares an `outputSchema`: clients check the
    /// `structuredContent` of a successful result against it, and skip the
    /// check for an error.
    pub fn to_error_result(&self) -> mcp::CallToolResult {
        mcp::CallToolResult::error(vec![mcp::ContentBlock::text(self.to_text())])
    }
}

/// [`Stop::Instructions`] as a JSON-RPC error, for a request that has no
/// tool result (`prompts/get`, `resources/read`, a task): `-32021`, the
/// client lacks `elicitation.form`.
pub(super) fn instructions_error(stop: &Stop) -> rmcp::ErrorData {
    let mut required = serde_json::Map::new();
    Capability::Elicitation(Mode::Form).write_to(&mut required);
    let capabilities =
        serde_json::from_value(serde_json::Value::Object(required)).unwrap_or_default();
    let mut error = rmcp::ErrorData::missing_required_client_capability(capabilities);
    error.message = stop.to_string().into();
    error
}
