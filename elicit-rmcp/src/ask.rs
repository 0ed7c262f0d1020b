//! [`Ask`]: the extractor a `#[tool]` or `#[prompt]` handler takes to ask
//! the user, the same code on every revision.

use core::fmt;
use std::sync::Arc;

use rmcp::handler::server::common::FromContextPart;
use rmcp::handler::server::prompt::PromptContext;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model as mcp;
use rmcp::service::{RequestContext, RoleServer};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::flow::ServerFlow;
use crate::flows::Flows;
use crate::halt::Halt;
use crate::log;
use crate::scope;
use crate::shared::Shared;
#[cfg(feature = "web")]
use elicit_runtime::Elicitable;
use elicit_runtime::Elicitation;
use elicit_runtime::FormMode;
use elicit_runtime::UrlConsent;
use elicit_runtime::fallback::ArgumentsPolicy;
use elicit_runtime::flow::{Flow, Needs};
use elicit_runtime::protocol::Revision;
use elicit_runtime::state::{Principal, SeenTokens};

/// The call a `#[tool]` or `#[prompt]` handler asks the user in: take it
/// as an argument, and ask typed forms, URL consents and hosted web forms,
/// in as many steps as the handler likes, the same code on every revision.
///
/// - On 2026-07-28 an ask that is not answered yet returns a [`Halt`]; the
///   handler passes it on with `?`, and the call answers with an
///   input-required result (its state sealed with the [`Flows`]' keys).
///   The client asks the user and calls again; the handler runs from the
///   top, and every earlier ask returns its answer.
/// - Before 2026-07-28 an ask sends `elicitation/create` and waits for the
///   answer, or until the client cancels the call.
/// - Everywhere, an answer that breaks the form is asked again with the
///   failing fields in the message and the valid answers as defaults, and
///   a client that shows no forms gets the form's app, the server's page or
///   instructions for the model ([`Ask::form`]).
///
/// An `Ask` is opened from the call by the router it is served through,
/// [`FlowTools`](crate::FlowTools) for tools and
/// [`FlowPrompts`](crate::FlowPrompts) for prompts, with the router's
/// [`Flows`]; in any other router it refuses the call with an error that
/// says so. It reads the call's name, arguments and `_meta` without taking
/// them (rmcp's `Parameters<T>` still reads the arguments, before or after
/// it), and takes the retry's `inputResponses` and `requestState`.
///
/// ```
/// use elicit_rmcp::{Ask, FlowTools, Halt};
/// use elicit_runtime::{Elicitable, Elicitation};
/// use rmcp::{tool, tool_router};
///
/// /// Where to?
/// #[derive(Elicitable)]
/// struct Destination {
///     #[elicit(min_length = 2)]
///     city: String,
/// }
///
/// /// When?
/// #[derive(Elicitable)]
/// struct Dates {
///     #[elicit(format = "date")]
///     from: String,
///     #[elicit(minimum = 1, maximum = 30)]
///     nights: u8,
/// }
///
/// #[derive(Clone)]
/// struct Travel {
///     tools: FlowTools<Travel>,
/// }
///
/// #[tool_router]
/// impl Travel {
///     /// Plans a trip: asks where, then when
///     #[tool]
///     async fn plan_trip(&self, mut ask: Ask) -> Result<String, Halt> {
///         let Elicitation::Accept(to) = ask.form::<Destination>("Where to?").await? else {
///             return Ok("no trip".into());
///         };
///         let question = format!("When do you go to {}?", to.city);
///         let Elicitation::Accept(dates) = ask.form::<Dates>(question).await? else {
///             return Ok("no trip".into());
///         };
///         Ok(format!("{} nights in {} from {}", dates.nights, to.city, dates.from))
///     }
/// }
/// # let _ = Travel::tool_router();
/// ```
pub struct Ask {
    flow: ServerFlow<'static>,
    request: Request,
    principal: Principal,
    flows: Flows,
}

/// The call an `Ask` was opened for, its retry fields handed to the flow.
enum Request {
    Tool(mcp::CallToolRequestParams),
    Prompt(mcp::GetPromptRequestParams),
}

/// Shows the flow and the call's name, never the arguments.
impl fmt::Debug for Ask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ask")
            .field("call", &self.name())
            .field("flow", &self.flow)
            .finish_non_exhaustive()
    }
}

/// A `#[tool]` handler's `Ask`: opened with the [`Flows`] of the
/// [`FlowTools`](crate::FlowTools) serving the call.
impl<S> FromContextPart<ToolCallContext<'_, S>> for Ask {
    fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Ask, rmcp::ErrorData> {
        let (flows, parts) = call_of(
            "tool",
            &context.name,
            "FlowTools",
            "`#[tool_handler(router = self.tools)]` (with `tools: flows.tools(Self::tool_router())`)",
        )?;
        let mut request = mcp::CallToolRequestParams::new(context.name.clone());
        request.arguments = parts.arguments;
        request.input_responses = parts.input_responses;
        request.request_state = parts.request_state;
        Ask::open(flows, &context.request_context, Request::Tool(request))
    }
}

/// A `#[prompt]` handler's `Ask`: opened with the [`Flows`] of the
/// [`FlowPrompts`](crate::FlowPrompts) serving the call.
impl<S> FromContextPart<PromptContext<'_, S>> for Ask {
    fn from_context_part(context: &mut PromptContext<'_, S>) -> Result<Ask, rmcp::ErrorData> {
        let (flows, parts) = call_of("prompt", &context.name, "FlowPrompts", "`get_prompt`")?;
        if !parts.retry_known && dropped_matters(&context.context) {
            return Err(retry_dropped(&context.name));
        }
        let mut request = mcp::GetPromptRequestParams::new(context.name.clone());
        request.arguments = parts.arguments;
        request.input_responses = parts.input_responses;
        request.request_state = parts.request_state;
        Ask::open(flows, &context.context, Request::Prompt(request))
    }
}

impl Ask {
    fn open(
        flows: Flows,
        context: &RequestContext<RoleServer>,
        mut request: Request,
    ) -> Result<Ask, rmcp::ErrorData> {
        let Some(principal) = flows.principal(context) else {
            log::no_principal(request.kind(), request.name());
            return Err(no_principal(request.kind(), request.name()));
        };
        // A copy of the context only for a flow that sends its requests
        // itself (before 2026-07-28).
        let keep = || Shared::Owned(Arc::new(context.clone()));
        let opened = match &request {
            Request::Tool(call) => {
                ServerFlow::open_with(context, keep, flows.keys(), &principal, call)
            }
            Request::Prompt(call) => {
                ServerFlow::open_with(context, keep, flows.keys(), &principal, call)
            }
        };
        // The router that answers the stop logs it.
        let mut flow = opened.map_err(|stop| rmcp::ErrorData::from(Halt::from(stop)))?;
        // The flow holds the retry now.
        request.forget_retry();
        if let Some(attempts) = flows.max_attempts() {
            flow = flow.with_max_attempts(attempts);
        }
        if let Some(timeout) = flows.timeout() {
            flow = flow.with_timeout(timeout);
        }
        #[cfg(feature = "app")]
        if let Request::Tool(call) = &request {
            flow.routes.app = flows.app_of(&call.name);
        }
        flow.routes.policy = flows
            .route_policy()
            .map(|policy| Shared::Owned(policy as Arc<dyn crate::routes::RoutePolicy>));
        Ok(Ask {
            flow,
            request,
            principal,
            flows,
        })
    }

    /// Asks the user to fill in the form `T` with `message`, under the
    /// form's key ([`T::KEY`](elicit_runtime::Elicitable::KEY), the struct's name), and returns the
    /// answer, checked and typed.
    ///
    /// The form goes to the user by the best route the client offers
    /// ([`ServerFlow::form_or_arguments`] for a tool): the client's own
    /// form where it shows forms (asked again while the answer is
    /// invalid); the form read from the tool's arguments when the model
    /// passed them (list them with `#[tool(input_schema =
    /// form_arguments::<T>())]`, [`form_arguments`](crate::form_arguments));
    /// the form's app for a host of the apps extension
    /// (`Flows::with_app`, feature `app`); the server's hosted page when the
    /// form is served there (`Flows::with_web_forms`, feature `web`); else a result telling the
    /// model what to ask. A prompt asks the client's form only.
    ///
    /// # Errors
    ///
    /// A [`Halt`] to pass on with `?`: the input-required round, the
    /// fallback's result, a refused request, a form the user kept answering
    /// wrong, a client without elicitation, or a failure to ask.
    pub async fn form<T: FormMode + Send + 'static>(
        &mut self,
        message: impl Into<String>,
    ) -> Result<Elicitation<T>, Halt> {
        self.form_as::<T>(T::KEY, message).await
    }

    /// [`Ask::form`] under `key`: for a form asked twice in one call, each
    /// time for something else.
    ///
    /// # Errors
    ///
    /// As [`Ask::form`].
    pub async fn form_as<T: FormMode + Send + 'static>(
        &mut self,
        key: &str,
        message: impl Into<String>,
    ) -> Result<Elicitation<T>, Halt> {
        let asked = match &self.request {
            Request::Tool(call) => {
                #[cfg(feature = "web")]
                {
                    self.flow.routes.web_pages = self
                        .flows
                        .shared_web()
                        .filter(|web| web.serves::<T>(key))
                        .map(|web| Shared::Owned(web as Arc<dyn crate::routes::WebPageRoute>));
                }
                self.flow.form_or_arguments::<T>(key, message, call).await
            }
            Request::Prompt(_) => self.flow.form::<T>(key, message).await,
        };
        Ok(asked?)
    }

    /// Asks the form `T`, which may hold secrets, on the server's own page
    /// ([`Flows::with_web_forms`], the form served under [`Elicitable::KEY`]:
    /// `WebForms::form::<T>(T::KEY)`), explained by `message`
    /// ([`ServerFlow::web_form`]): URL mode where the client takes it, else
    /// the page's link in the tool's result and the answer read when the
    /// model calls again with the link's token (list it with
    /// `#[tool(input_schema = visit_arguments())]`).
    ///
    /// # Errors
    ///
    /// As [`Ask::form`]; a failed [`Halt`] when the flows have no hosted
    /// pages or do not serve `T`.
    #[cfg(feature = "web")]
    pub async fn web_form<T: Elicitable + Send + 'static>(
        &mut self,
        message: &str,
    ) -> Result<Elicitation<T>, Halt> {
        self.web_form_as::<T>(T::KEY, message).await
    }

    /// [`Ask::web_form`] with the form served under `key`.
    ///
    /// # Errors
    ///
    /// As [`Ask::web_form`].
    #[cfg(feature = "web")]
    pub async fn web_form_as<T: Elicitable + Send + 'static>(
        &mut self,
        key: &str,
        message: &str,
    ) -> Result<Elicitation<T>, Halt> {
        let Some(web) = self.flows.shared_web() else {
            return Err(Halt::from(elicit_runtime::flow::AskError::Web(Box::new(
                NoWebForms,
            ))));
        };
        Ok(self.flow.web_form::<T>(&web, key, message).await?)
    }

    /// Asks the user to open `url` (URL mode) under `key`, explained by
    /// `message`; `{visit}` in `url` becomes the visit's id
    /// ([`ServerFlow::url`]).
    ///
    /// # Errors
    ///
    /// As [`Ask::form`].
    pub async fn url(
        &mut self,
        key: &str,
        message: impl Into<String>,
        url: impl Into<String>,
    ) -> Result<UrlConsent, Halt> {
        Ok(self.flow.url(key, message, url).await?)
    }

    /// Asks for everything `needs` names in one round (forms, URL visits,
    /// sampled messages, roots), as [`ServerFlow::gather`] does.
    ///
    /// # Errors
    ///
    /// As [`Ask::form`].
    pub async fn gather<N: Needs>(&mut self, needs: N) -> Result<N::Output, Halt> {
        Ok(self.flow.gather(needs).await?)
    }

    /// Records the flow this call continues in `seen`, or refuses one
    /// recorded before ([`ServerFlow::once`], which also records the token
    /// a form's app sent its answers with): call it just before an effect
    /// that must happen once.
    ///
    /// # Errors
    ///
    /// As [`ServerFlow::once`].
    pub fn once(&self, seen: &SeenTokens) -> Result<(), Halt> {
        Ok(self.flow.once(seen)?)
    }

    /// The value carried under `key`, computed by `compute` the first time
    /// and carried into the next rounds ([`Flow::remember`]).
    ///
    /// # Errors
    ///
    /// As [`Flow::remember`].
    pub fn remember<V: Serialize + DeserializeOwned>(
        &mut self,
        key: &str,
        compute: impl FnOnce() -> V,
    ) -> Result<V, Halt> {
        Ok(self.flow.remember(key, compute)?)
    }

    /// What the call's arguments that carry a form do when the user can be
    /// asked, for the asks that follow ([`ArgumentsPolicy`]: by default they
    /// prefill the form and the user sends it).
    pub fn set_arguments(&mut self, policy: ArgumentsPolicy) -> &mut Ask {
        self.flow.routes.arguments = policy;
        self
    }

    /// The flows this call asks through.
    pub fn flows(&self) -> &Flows {
        &self.flows
    }

    /// The revision the client speaks in this call.
    pub fn revision(&self) -> Revision {
        self.flow.revision()
    }

    /// The user this call is for ([`Flows::new`]).
    pub fn principal(&self) -> &Principal {
        &self.principal
    }

    /// The tool's or prompt's name.
    pub fn name(&self) -> &str {
        self.request.name()
    }

    /// The call's arguments.
    pub fn arguments(&self) -> Option<&serde_json::Map<String, serde_json::Value>> {
        match &self.request {
            Request::Tool(call) => call.arguments.as_ref(),
            Request::Prompt(call) => call.arguments.as_ref(),
        }
    }

    /// The call's flow: everything a [`ServerFlow`] offers (its round,
    /// carried values, several needs at once).
    pub fn flow(&mut self) -> &mut ServerFlow<'static> {
        &mut self.flow
    }

    /// The flow underneath, to read ([`Flow::round`], [`Flow::support`]).
    pub fn flow_state(&self) -> &Flow {
        self.flow.flow()
    }
}

impl Request {
    fn kind(&self) -> &'static str {
        match self {
            Request::Tool(_) => "tool",
            Request::Prompt(_) => "prompt",
        }
    }

    fn name(&self) -> &str {
        match self {
            Request::Tool(call) => &call.name,
            Request::Prompt(call) => &call.name,
        }
    }

    fn forget_retry(&mut self) {
        match self {
            Request::Tool(call) => {
                call.input_responses = None;
                call.request_state = None;
            }
            Request::Prompt(call) => {
                call.input_responses = None;
                call.request_state = None;
            }
        }
    }
}

/// The flows of the router serving this call and what it read of the
/// call, or the error that says why the handler's `Ask` cannot open.
fn call_of(
    kind: &str,
    name: &str,
    router: &str,
    handler: &str,
) -> Result<(Flows, scope::CallParts), rmcp::ErrorData> {
    let name = elicit_runtime::__integration::Excerpt(name);
    let Some((flows, parts)) = scope::with(|scope| (scope.flows.clone(), scope.take_call())) else {
        return Err(rmcp::ErrorData::internal_error(
            format!(
                "the {kind} `{name}` takes an `Ask`, but its router is not a `{router}`: build \
                 it with `Flows::{kind}s` and serve it from {handler}"
            ),
            None,
        ));
    };
    let parts = parts.ok_or_else(|| {
        rmcp::ErrorData::internal_error(
            format!("the {kind} `{name}` takes two `Ask`s: one call has one `Ask`"),
            None,
        )
    })?;
    Ok((flows, parts))
}

/// Whether a prompt without its retry fields could lose an answer: on a
/// revision of input-required rounds.
fn dropped_matters(context: &RequestContext<RoleServer>) -> bool {
    crate::flow::revision_of(context).is_ok_and(Revision::uses_input_required)
}

fn retry_dropped(name: &str) -> rmcp::ErrorData {
    rmcp::ErrorData::internal_error(
        format!(
            "the prompt `{}` asks in input-required rounds, but `#[prompt_handler]` drops the \
             retry's `inputResponses` and `requestState`: write `get_prompt` as \
             `self.prompts.get(self, request, context).await` (`FlowPrompts::get`)",
            elicit_runtime::__integration::Excerpt(name)
        ),
        None,
    )
}

fn no_principal(kind: &str, name: &str) -> rmcp::ErrorData {
    rmcp::ErrorData::internal_error(
        format!(
            "the {kind} `{}` has no user to ask for: the request carries no `Principal` from \
             the server's authentication; put one in the HTTP request's extensions, or build \
             the flows with `Flows::for_one_user` for a server of one user",
            elicit_runtime::__integration::Excerpt(name)
        ),
        None,
    )
}

/// The flows have no hosted pages to ask a web form on.
#[cfg(feature = "web")]
#[derive(Debug)]
struct NoWebForms;

#[cfg(feature = "web")]
impl fmt::Display for NoWebForms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "the flows have no hosted form pages: give them with `Flows::with_web_forms` and \
             serve the form there with `WebForms::form`",
        )
    }
}

#[cfg(feature = "web")]
impl std::error::Error for NoWebForms {}
