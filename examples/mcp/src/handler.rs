//! The example server: what it declares, and which module answers each
//! request.

use std::sync::Arc;

use elicit_rmcp::{FlowPrompts, FlowTools, Flows, FormApps, principal_of};
use elicit_runtime::state::{Principal, SeenTokens, StateKeys};
use elicit_web::WebForms;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, GetPromptRequestParams,
    GetPromptResponse, GetTaskParams, GetTaskResult, Implementation, ListPromptsResult,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams,
    ReadResourceResponse, ServerCapabilities, ServerConfig, SubscriptionFilter, Tool,
    UpdateTaskParams,
};
use rmcp::service::{RequestContext, RoleServer, SubscriptionContext};
use rmcp::{ErrorData, ServerHandler};

use super::booking_form::Booking;
use super::task_owners::OwnedTasks;
use super::tools::ToolSpec;
use super::{rounds, stateless, tasks};

/// The example MCP server: a restaurant's booking tool, and the tools and
/// prompts the official conformance suite calls. Clones share everything:
/// one is made per HTTP session.
#[derive(Clone)]
pub struct ExampleServer {
    tasks: OwnedTasks,
    lists: Arc<stateless::Lists>,
    bookings: Arc<SeenTokens>,
    /// The tools written with `#[tool]`, asking through `Ask`s.
    tools: FlowTools<ExampleServer>,
    /// The prompts written with `#[prompt]`.
    prompts: FlowPrompts<ExampleServer>,
}

impl ExampleServer {
    /// A server sealing request state with `keys`.
    pub fn new(keys: StateKeys) -> ExampleServer {
        let flows = Flows::new(keys)
            .with_principal(|context| Some(ExampleServer::principal_for(context)))
            .with_app::<Booking>("book_table");
        ExampleServer {
            tasks: OwnedTasks::default(),
            lists: Arc::default(),
            bookings: Arc::new(SeenTokens::new(100_000)),
            tools: flows.tools(ExampleServer::tool_router()),
            prompts: flows.prompts(ExampleServer::prompts()),
        }
    }

    /// Every tool written with `#[tool]`, each module's in turn.
    fn tool_router() -> ToolRouter<ExampleServer> {
        ExampleServer::form_tools() + ExampleServer::trip_tools() + ExampleServer::account_tools()
    }

    /// The apps of the forms (`book_table`'s), served as `ui://` resources.
    pub fn apps(&self) -> &FormApps {
        self.tools.flows().apps()
    }

    /// The same server asking hosted forms on `web`'s pages.
    pub fn with_web(self, web: WebForms) -> ExampleServer {
        let flows = self.tools.flows().clone().with_web_forms(web);
        ExampleServer {
            tools: flows.tools(self.tools.router().clone()),
            prompts: flows.prompts(self.prompts.router().clone()),
            ..self
        }
    }

    /// The hosted forms, when the server serves their pages (over HTTP).
    pub fn web(&self) -> Option<&WebForms> {
        self.tools.flows().web_forms()
    }

    /// Whom a request's flow is for ([`ExampleServer::principal_for`]).
    pub fn principal(&self, context: &RequestContext<RoleServer>) -> Principal {
        ExampleServer::principal_for(context)
    }

    /// Whom a request's flow is for: the user the HTTP login put on the
    /// request (`login`, when `ELICIT_DEMO_USERS` is set), else no one in
    /// particular. Without the login, the server listens on loopback only
    /// and serves whoever reaches it (stdio: the one user who started it),
    /// so its flows are explicitly unbound.
    pub fn principal_for(context: &RequestContext<RoleServer>) -> Principal {
        principal_of(context).unwrap_or(Principal::UNBOUND)
    }

    /// The states whose booking was made: a booking's final round sent
    /// again books nothing.
    pub fn bookings(&self) -> &SeenTokens {
        &self.bookings
    }

    /// The keys that seal request state.
    pub fn keys(&self) -> &StateKeys {
        self.tools.flows().keys()
    }

    /// The tasks this server runs, each its creator's.
    pub fn tasks(&self) -> &OwnedTasks {
        &self.tasks
    }

    /// The tool and prompt lists that change at run time.
    pub fn lists(&self) -> &stateless::Lists {
        &self.lists
    }

    /// The tools answered by hand, each module's in turn: the conformance
    /// suite's input-required tools (one reads the first round's answer
    /// sent without a state, which an `Ask` leaves off), its task tools
    /// (rmcp's `#[tool]` has no tasks: they answer with a task and run on
    /// the task manager) and its diagnostics (tools and prompts that come
    /// and go at run time).
    fn tool_specs() -> impl Iterator<Item = &'static ToolSpec> {
        rounds::TOOLS
            .iter()
            .chain(tasks::TOOLS)
            .chain(stateless::TOOLS)
    }
}

impl ServerHandler for ExampleServer {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_tool_list_changed()
            .enable_prompts()
            .enable_prompts_list_changed()
            .enable_resources()
            .enable_tasks()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new(
                "elicit-example-server",
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(
                "Call `book_table` to book a table; the server asks the user for the details.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let mut list: Vec<Tool> = self.tools.list_all();
        list.extend(ExampleServer::tool_specs().map(ToolSpec::tool));
        list.extend(self.lists.added_tools());
        Ok(ListToolsResult::with_all_items(list))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if self.tools.get(&request.name).is_some() {
            let call = ToolCallContext::new(self, request, context);
            return self.tools.call(call).await;
        }
        let name = request.name.to_string();
        if let Some(answered) = rounds::call(self, &name, &request, &context).await {
            return answered;
        }
        if let Some(answered) = tasks::call(self, &name, &request, &context).await {
            return answered;
        }
        if let Some(answered) = stateless::call(self, &name, &request, &context).await {
            return answered;
        }
        Err(no_such("tool", &name, "tools/list"))
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let mut list = self.prompts.list_all();
        list.extend(self.lists.added_prompts());
        Ok(ListPromptsResult::with_all_items(list))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        if !self.prompts.router().has_route(&request.name) {
            return Err(no_such("prompt", &request.name, "prompts/list"));
        }
        self.prompts.get(self, request, context).await
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(self.apps().resources()))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        match self.apps().read(&request.uri) {
            Some(read) => Ok(read.into()),
            None => Err(ErrorData::resource_not_found(
                format!(
                    "there is no resource `{}`: call `resources/list` for the resources this \
                     server has",
                    request.uri
                ),
                None,
            )),
        }
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        let user = self.principal(&context);
        self.tasks
            .get(&request.task_id, &user)
            .map(GetTaskResult::new)
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let user = self.principal(&context);
        self.tasks
            .update(&request.task_id, &user, request.input_responses)
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.tasks
            .cancel(&request.task_id, &self.principal(&context))
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        stateless::accepted_filter(requested)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        stateless::listen(self, context).await
    }
}

/// The error for a name nothing answers to.
fn no_such(what: &str, name: &str, list: &str) -> ErrorData {
    ErrorData::invalid_params(
        format!("there is no {what} `{name}`: call `{list}` for the {what}s this server has"),
        None,
    )
}
