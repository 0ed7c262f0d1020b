//! rmcp's tool and prompt routers, serving handlers that ask: each call
//! runs in a [`Scope`] its [`Ask`](crate::Ask) opens its flow from, and a
//! [`Halt`](crate::Halt) its handler passed on becomes the response the
//! stop calls for.

use core::fmt;

use rmcp::handler::server::prompt::PromptContext;
use rmcp::handler::server::router::prompt::PromptRouter;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model as mcp;
use rmcp::service::{MaybeSend, RequestContext, RoleServer};

use crate::flows::Flows;
use crate::log;
use crate::responses::StopExt;
use crate::scope::{CallParts, Kept, Scope};
use elicit_runtime::fallback::APP_ANSWERS_META;

/// rmcp's [`ToolRouter`] with the [`Flows`] its tools ask through: the
/// router of `#[tool_handler(router = ...)]` for tools that take an
/// [`Ask`](crate::Ask). A tool's `?` on a [`Halt`](crate::Halt) answers the
/// call as the stop calls for: an input-required result (2026-07-28), the
/// fallback's successful result for a client that shows no forms, a tool
/// error the model can read, or a JSON-RPC error for a refused request.
///
/// ```
/// use elicit_rmcp::{Ask, FlowTools, Flows, Halt};
/// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
/// use elicit_runtime::{Elicitable, Elicitation};
/// use rmcp::{ServerHandler, tool, tool_handler, tool_router};
///
/// /// Which table would you like?
/// #[derive(Elicitable)]
/// struct Table {
///     /// How many people
///     #[elicit(minimum = 1, maximum = 12)]
///     size: u8,
/// }
///
/// #[derive(Clone)]
/// struct Restaurant {
///     tools: FlowTools<Restaurant>,
/// }
///
/// #[tool_router]
/// impl Restaurant {
///     fn new(flows: Flows) -> Restaurant {
///         Restaurant { tools: flows.tools(Self::tool_router()) }
///     }
///
///     /// Books a table
///     #[tool]
///     async fn book(&self, mut ask: Ask) -> Result<String, Halt> {
///         Ok(match ask.form::<Table>("Which table would you like?").await? {
///             Elicitation::Accept(table) => format!("a table for {}", table.size),
///             _ => "no table booked".to_owned(),
///         })
///     }
/// }
///
/// #[tool_handler(router = self.tools)]
/// impl ServerHandler for Restaurant {}
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let server = Restaurant::new(Flows::new(keys).for_one_user());
/// assert_eq!(server.tools.list_all()[0].name, "book");
/// ```
pub struct FlowTools<S> {
    router: ToolRouter<S>,
    flows: Flows,
}

impl<S> Clone for FlowTools<S> {
    fn clone(&self) -> Self {
        FlowTools {
            router: self.router.clone(),
            flows: self.flows.clone(),
        }
    }
}

impl<S> fmt::Debug for FlowTools<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FlowTools")
            .field("router", &self.router)
            .field("flows", &self.flows)
            .finish()
    }
}

impl<S> FlowTools<S> {
    /// `router`, its tools asking through `flows` ([`Flows::tools`]).
    pub fn new(router: ToolRouter<S>, flows: Flows) -> FlowTools<S> {
        FlowTools { router, flows }
    }

    /// The flows the tools ask through.
    pub fn flows(&self) -> &Flows {
        &self.flows
    }

    /// The router underneath.
    pub fn router(&self) -> &ToolRouter<S> {
        &self.router
    }

    /// The router underneath, to add, remove or disable routes.
    pub fn router_mut(&mut self) -> &mut ToolRouter<S> {
        &mut self.router
    }
}

impl<S: MaybeSend + 'static> FlowTools<S> {
    /// Calls the tool `context` names, and answers a stop its handler
    /// passed on with the response it calls for
    /// ([`Stop::into_tool_response`](elicit_runtime::flow::Stop::into_tool_response)).
    ///
    /// # Errors
    ///
    /// The router's error for a tool it does not have, a handler's own
    /// JSON-RPC error, and the JSON-RPC error of a refused request.
    pub async fn call(
        &self,
        context: ToolCallContext<'_, S>,
    ) -> Result<mcp::CallToolResponse, rmcp::ErrorData> {
        let tool = context.name().to_owned();
        let mut context = context;
        let parts = CallParts {
            arguments: context.arguments.clone(),
            input_responses: context.input_responses.take(),
            request_state: context.request_state.take(),
            retry_known: true,
        };
        let scope = Scope::new(self.flows.clone(), parts);
        let ended = scope.run(self.router.call(context)).await;
        let response = match ended.result {
            Ok(response) => Ok(response),
            Err(Kept::Stop(stop)) => {
                log::stopped("tool", &tool, &stop);
                stop.into_tool_response()
            }
            Err(Kept::Error(error)) => Err(error),
        };
        match (response, ended.app_token) {
            (Ok(mcp::CallToolResponse::Complete(result)), Some(token)) => {
                Ok(with_app_token(result, &token).into())
            }
            (response, _) => response,
        }
    }

    /// Every tool the router lists (`tools/list`).
    pub fn list_all(&self) -> Vec<mcp::Tool> {
        self.router.list_all()
    }

    /// The tool `name`, if the router lists it.
    pub fn get(&self, name: &str) -> Option<&mcp::Tool> {
        self.router.get(name)
    }
}

/// rmcp's [`PromptRouter`] with the [`Flows`] its prompts ask through, as
/// [`FlowTools`] is for tools.
///
/// rmcp's `#[prompt_handler]` hands the router a `PromptContext` without
/// the retry's `inputResponses` and `requestState`, so a prompt that asks
/// on 2026-07-28 needs `get_prompt` written as one line that hands them
/// over ([`FlowPrompts::get`]); `list_prompts` is the router's
/// ([`FlowPrompts::list_all`]):
///
/// ```
/// use elicit_rmcp::{Ask, FlowPrompts, Flows};
/// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
/// use elicit_runtime::{Elicitable, Elicitation};
/// use rmcp::model::{
///     GetPromptRequestParams, GetPromptResponse, ListPromptsResult, PaginatedRequestParams,
///     PromptMessage, Role,
/// };
/// use rmcp::service::{RequestContext, RoleServer};
/// use rmcp::{ErrorData, ServerHandler, prompt, prompt_router};
///
/// /// What should the summary focus on?
/// #[derive(Elicitable)]
/// struct Focus {
///     topic: String,
/// }
///
/// #[derive(Clone)]
/// struct Summaries {
///     prompts: FlowPrompts<Summaries>,
/// }
///
/// #[prompt_router]
/// impl Summaries {
///     /// A summary, focused where the user says
///     #[prompt]
///     async fn summary(&self, mut ask: Ask) -> Result<Vec<PromptMessage>, ErrorData> {
///         let text = match ask.form::<Focus>("What should it focus on?").await? {
///             Elicitation::Accept(focus) => format!("Summarise, focusing on {}", focus.topic),
///             _ => "Summarise".to_owned(),
///         };
///         Ok(vec![PromptMessage::new_text(Role::User, text)])
///     }
/// }
///
/// impl ServerHandler for Summaries {
///     async fn get_prompt(
///         &self,
///         request: GetPromptRequestParams,
///         context: RequestContext<RoleServer>,
///     ) -> Result<GetPromptResponse, ErrorData> {
///         self.prompts.get(self, request, context).await
///     }
///
///     async fn list_prompts(
///         &self,
///         _request: Option<PaginatedRequestParams>,
///         _context: RequestContext<RoleServer>,
///     ) -> Result<ListPromptsResult, ErrorData> {
///         Ok(ListPromptsResult::with_all_items(self.prompts.list_all()))
///     }
/// }
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let flows = Flows::new(keys).for_one_user();
/// let server = Summaries { prompts: flows.prompts(Summaries::prompt_router()) };
/// assert_eq!(server.prompts.list_all()[0].name, "summary");
/// ```
pub struct FlowPrompts<S> {
    router: PromptRouter<S>,
    flows: Flows,
}

impl<S> Clone for FlowPrompts<S> {
    fn clone(&self) -> Self {
        FlowPrompts {
            router: self.router.clone(),
            flows: self.flows.clone(),
        }
    }
}

impl<S> fmt::Debug for FlowPrompts<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FlowPrompts")
            .field("flows", &self.flows)
            .finish_non_exhaustive()
    }
}

impl<S> FlowPrompts<S> {
    /// `router`, its prompts asking through `flows` ([`Flows::prompts`]).
    pub fn new(router: PromptRouter<S>, flows: Flows) -> FlowPrompts<S> {
        FlowPrompts { router, flows }
    }

    /// The flows the prompts ask through.
    pub fn flows(&self) -> &Flows {
        &self.flows
    }

    /// The router underneath.
    pub fn router(&self) -> &PromptRouter<S> {
        &self.router
    }
}

impl<S: MaybeSend + 'static> FlowPrompts<S> {
    /// Gets the prompt `request` names from `server`, its retry's
    /// `inputResponses` and `requestState` handed to the prompt's
    /// [`Ask`](crate::Ask): the body of `ServerHandler::get_prompt`.
    ///
    /// # Errors
    ///
    /// The router's error for a prompt it does not have, a handler's own
    /// error, and the JSON-RPC error a stop calls for
    /// ([`Stop::into_prompt_response`](elicit_runtime::flow::Stop::into_prompt_response)).
    pub async fn get(
        &self,
        server: &S,
        request: mcp::GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<mcp::GetPromptResponse, rmcp::ErrorData> {
        let parts = CallParts {
            arguments: request.arguments.clone(),
            input_responses: request.input_responses,
            request_state: request.request_state,
            retry_known: true,
        };
        let context = PromptContext::new(server, request.name, request.arguments, context);
        self.answer(context, parts).await
    }

    /// Gets the prompt `context` names, for `#[prompt_handler(router =
    /// ...)]`: rmcp's `PromptContext` carries no retry, so a prompt that
    /// asks on 2026-07-28 is refused with an error that says to write
    /// `get_prompt` with [`FlowPrompts::get`]; on earlier revisions it
    /// asks as [`FlowPrompts::get`] does.
    ///
    /// # Errors
    ///
    /// As [`FlowPrompts::get`].
    pub async fn get_prompt(
        &self,
        context: PromptContext<'_, S>,
    ) -> Result<mcp::GetPromptResponse, rmcp::ErrorData> {
        let parts = CallParts {
            arguments: context.arguments.clone(),
            input_responses: None,
            request_state: None,
            retry_known: false,
        };
        self.answer(context, parts).await
    }

    async fn answer(
        &self,
        context: PromptContext<'_, S>,
        parts: CallParts,
    ) -> Result<mcp::GetPromptResponse, rmcp::ErrorData> {
        let prompt = context.name.clone();
        let scope = Scope::new(self.flows.clone(), parts);
        match scope.run(self.router.get_prompt(context)).await.result {
            Ok(response) => Ok(response),
            Err(Kept::Stop(stop)) => {
                log::stopped("prompt", &prompt, &stop);
                stop.into_prompt_response()
            }
            Err(Kept::Error(error)) => Err(error),
        }
    }

    /// Every prompt the router lists (`prompts/list`).
    pub fn list_all(&self) -> Vec<mcp::Prompt> {
        self.router.list_all()
    }
}

/// `result` with the form's app's token in its `_meta`, unless it carries
/// one already: whatever the tool answered, the app of a host that shows it
/// beside the result can send the user's answers as theirs.
fn with_app_token(mut result: mcp::CallToolResult, token: &str) -> mcp::CallToolResult {
    let meta = result.meta.get_or_insert_with(Default::default);
    if !meta.0.contains_key(APP_ANSWERS_META) {
        let mut app = serde_json::Map::new();
        app.insert("token".to_owned(), token.into());
        meta.0
            .insert(APP_ANSWERS_META.to_owned(), serde_json::Value::Object(app));
    }
    result
}

impl Flows {
    /// The tool router `router`, its tools' asks opened with these flows:
    /// give it to `#[tool_handler(router = ...)]`.
    pub fn tools<S>(&self, router: ToolRouter<S>) -> FlowTools<S> {
        FlowTools::new(router, self.clone())
    }

    /// The prompt router `router`, its prompts' asks opened with these
    /// flows ([`FlowPrompts`]).
    pub fn prompts<S>(&self, router: PromptRouter<S>) -> FlowPrompts<S> {
        FlowPrompts::new(router, self.clone())
    }
}
