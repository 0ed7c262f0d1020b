//! The fallback on rmcp: a tool asks for its form when the client can show
//! it, reads it from its arguments when the model passed the answers, and
//! otherwise shows the form's app, sends the user to a hosted web page, or
//! returns instructions for the model.

use rmcp::model as mcp;

use crate::flow::ServerFlow;
use crate::routes::WebPageForm;
use elicit_runtime::Elicitation;
use elicit_runtime::FormMode;
#[cfg(feature = "app")]
use elicit_runtime::fallback::APP_ANSWERS_ARGUMENT;
#[cfg(feature = "app")]
use elicit_runtime::fallback::AppShown;
use elicit_runtime::fallback::{
    ArgumentsError, ArgumentsPolicy, Instructions, InvalidArguments, Route,
};
use elicit_runtime::flow::{FormNeed, Stop};

impl ServerFlow<'_> {
    /// The form `T` for the tool call `request`, from whichever client
    /// made it:
    ///
    /// 1. when the call's arguments carry the form
    ///    ([`Elicitable::arguments_present`](elicit_runtime::Elicitable::arguments_present)), it is read from them
    ///    ([`Elicitable::from_arguments_with`](elicit_runtime::Elicitable::from_arguments_with), within the flow's limits);
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
    ///    hosted web page: with `elicit_web::WebForms`, in URL
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
    /// [`tool_with_form`](crate::tool_with_form), so the model knows it may pass them. Answers read
    /// from arguments are always [`Elicitation::Accept`]: a user who does not
    /// want to answer tells the model, which does not call again.
    ///
    /// ```no_run
    /// use elicit_rmcp::{ServerFlow, StopExt};
    /// use elicit_runtime::flow::Stop;
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
    pub async fn form_or_arguments<T: FormMode + Send + 'static>(
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
            self.app_answer = crate::app_token::opens(keys, token, &request.name, principal, key);
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
        let token = crate::app_token::seal(keys, &request.name, principal, key)?;
        crate::scope::with(|scope| scope.give_app_token(token.clone()));
        Some(token)
    }
}

/// Whether `arguments` hold every field the form `T` requires.
#[cfg(feature = "app")]
fn complete<T: FormMode>(arguments: &serde_json::Map<String, serde_json::Value>) -> bool {
    T::SCHEMA
        .required()
        .all(|name| arguments.contains_key(name))
}
