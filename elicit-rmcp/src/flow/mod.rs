//! A tool's, prompt's or resource's multi-round flow on rmcp, the same code
//! on every revision: input-required rounds with sealed state from
//! 2026-07-28, requests the server sends itself before, and a task's
//! `tasks/update` rounds.

use std::time::Duration;

use rmcp::model as mcp;
use rmcp::service::{Peer, RequestContext, RoleServer};
use rmcp::task_manager::{TaskContext, TaskExit};
use serde_json::Value;

use crate::error::RmcpElicitError;
use crate::server::{elicit_request, elicit_result};
use crate::shared::Shared;
use elicit_runtime::flow::{
    AskError, ClientSupport, Flow, FlowError, FormNeed, Needs, Stop, UrlNeed,
};
use elicit_runtime::protocol::{
    ElicitResult, Elicitor, InputRequest, InputRequiredResult, InputResponses, RetryParams,
    Revision,
};
use elicit_runtime::state::{Binding, Principal, SeenTokens, StateKeys, TokenId};
use elicit_runtime::{Elicitation, FormMode, Limits, UrlConsent};

mod sealed {
    pub trait Sealed {}
    impl Sealed for rmcp::model::CallToolRequestParams {}
    impl Sealed for rmcp::model::GetPromptRequestParams {}
    impl Sealed for rmcp::model::ReadResourceRequestParams {}
}

/// A request that input-required rounds can continue: `tools/call`,
/// `prompts/get` and `resources/read`.
pub trait Continued: sealed::Sealed {
    /// What a sealed state of this request is bound to: the method, the
    /// tool or prompt name (or the resource URI) and the arguments.
    fn binding(&self) -> Binding;

    /// The `inputResponses` and `requestState` of a retry, the responses
    /// checked against `limits` before they are copied.
    ///
    /// # Errors
    ///
    /// [`FlowError::TooLarge`] when the responses break `limits`.
    fn retry(&self, limits: &Limits) -> Result<RetryParams, FlowError>;

    /// The tool's name and arguments, for a `tools/call`: what a hosted
    /// page's link is given back with.
    fn tool_call(&self) -> Option<(&str, Option<&serde_json::Map<String, serde_json::Value>>)> {
        None
    }
}

/// A tool call's name and arguments, kept by its flow for the link to a
/// hosted page (a client without URL mode calls the tool again with them).
#[derive(Debug, Clone)]
#[cfg_attr(
    not(feature = "web"),
    allow(dead_code, reason = "read by the links of hosted forms")
)]
pub(crate) struct ToolCall {
    pub(crate) name: String,
    pub(crate) arguments: serde_json::Map<String, serde_json::Value>,
}

impl Continued for mcp::CallToolRequestParams {
    fn binding(&self) -> Binding {
        Binding::tool(&self.name, self.arguments.as_ref())
    }

    fn tool_call(&self) -> Option<(&str, Option<&serde_json::Map<String, serde_json::Value>>)> {
        Some((&self.name, self.arguments.as_ref()))
    }

    fn retry(&self, limits: &Limits) -> Result<RetryParams, FlowError> {
        retry(
            self.input_responses.as_ref(),
            self.request_state.as_ref(),
            limits,
        )
    }
}

impl Continued for mcp::GetPromptRequestParams {
    fn binding(&self) -> Binding {
        Binding::prompt(&self.name, self.arguments.as_ref())
    }

    fn retry(&self, limits: &Limits) -> Result<RetryParams, FlowError> {
        retry(
            self.input_responses.as_ref(),
            self.request_state.as_ref(),
            limits,
        )
    }
}

impl Continued for mcp::ReadResourceRequestParams {
    fn binding(&self) -> Binding {
        Binding::resource(&self.uri)
    }

    fn retry(&self, limits: &Limits) -> Result<RetryParams, FlowError> {
        retry(
            self.input_responses.as_ref(),
            self.request_state.as_ref(),
            limits,
        )
    }
}

fn retry(
    responses: Option<&mcp::InputResponses>,
    state: Option<&String>,
    limits: &Limits,
) -> Result<RetryParams, FlowError> {
    let mut input = InputResponses::new();
    if let Some(responses) = responses {
        // Checked whole before anything is copied.
        limits
            .check_members(responses.iter())
            .map_err(FlowError::TooLarge)?;
        for (key, response) in responses {
            input.insert_value(key.clone(), response.clone());
        }
    }
    Ok(RetryParams::new(input, state.cloned()))
}

/// Where a flow's requests go.
enum Via<'a> {
    /// Into an input-required result the handler returns (2026-07-28).
    Rounds,
    /// As requests the server sends on the request's peer (before
    /// 2026-07-28); the request's context also says when the client
    /// cancels it.
    Peer(Shared<'a, RequestContext<RoleServer>>),
    /// Into a task's `inputRequests`, answered by `tasks/update`.
    Task(TaskContext),
}

impl std::fmt::Debug for Via<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Via::Rounds => f.write_str("Rounds"),
            Via::Peer(_) => f.write_str("Peer"),
            Via::Task(task) => f.debug_tuple("Task").field(&task.task_id()).finish(),
        }
    }
}

/// One request's flow on rmcp: ask for forms, URL visits, sampled messages
/// and roots, in as many steps as the tool likes, on any revision.
///
/// - 2026-07-28: each ask that is not answered yet stops the handler with
///   [`Stop::InputRequired`] (sealed state included); the client retries and
///   the handler runs again from the top, earlier asks answered from the
///   state (see [`Flow`]).
/// - Before 2026-07-28: each ask sends `elicitation/create` (or
///   `sampling/createMessage`, `roots/list`) and waits for the answer, or
///   until the client cancels the call: the flow then stops with
///   [`AskError::Cancelled`] and sends `notifications/cancelled` for its
///   own request.
/// - In a task ([`ServerFlow::in_task`]): each ask puts its requests into
///   the task's `inputRequests` and waits for `tasks/update`.
///
/// Everywhere, an accepted form that fails is asked again with the failing
/// fields in the message and the valid answers as defaults, at most
/// [`Flow::DEFAULT_MAX_ATTEMPTS`] times unless set otherwise.
///
/// ```no_run
/// use elicit_rmcp::{ServerFlow, StopExt};
/// use elicit_runtime::flow::Stop;
/// use elicit_runtime::state::{Principal, StateKeys};
/// use elicit_runtime::{Elicitable, Elicitation};
/// use rmcp::ErrorData;
/// use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
/// use rmcp::service::{RequestContext, RoleServer};
///
/// /// Where to?
/// #[derive(Elicitable)]
/// struct Destination {
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
/// async fn plan(
///     keys: &StateKeys,
///     request: &CallToolRequestParams,
///     context: &RequestContext<RoleServer>,
/// ) -> Result<CallToolResponse, Stop> {
///     // A server for one user (stdio, a desktop app); a server for several
///     // binds the user its authentication established: `Principal::user(id)`.
///     let mut flow = ServerFlow::open(context, keys, request, &Principal::UNBOUND)?;
///     let Elicitation::Accept(to) = flow.form::<Destination>("destination", "Where to?").await? else {
///         return Ok(CallToolResult::success(vec![ContentBlock::text("no trip")]).into());
///     };
///     let question = format!("When do you go to {}?", to.city);
///     let Elicitation::Accept(dates) = flow.form::<Dates>("dates", question).await? else {
///         return Ok(CallToolResult::success(vec![ContentBlock::text("no trip")]).into());
///     };
///     let text = format!("{} nights in {} from {}", dates.nights, to.city, dates.from);
///     Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
/// }
///
/// async fn call_tool(
///     keys: &StateKeys,
///     request: CallToolRequestParams,
///     context: RequestContext<RoleServer>,
/// ) -> Result<CallToolResponse, ErrorData> {
///     plan(keys, &request, &context).await.or_else(Stop::into_tool_response)
/// }
/// ```
#[derive(Debug)]
pub struct ServerFlow<'a> {
    flow: Flow,
    via: Via<'a>,
    timeout: Option<Duration>,
    /// A task's keys are used once each: the attempts after the first get
    /// keys of their own.
    task_keys: std::collections::HashMap<String, u32>,
    /// The other paths a form takes when the client shows no forms: see
    /// [`ServerFlow::form_or_arguments`].
    pub(super) routes: crate::routes::Routes<'a>,
    /// The request and user of a flow opened for a request, or of a task's
    /// flow given them ([`ServerFlow::bound_to`]), for its hosted forms'
    /// visits.
    pub(super) bound: Option<(Binding, Principal)>,
    /// The tool call of a flow opened for one, for a hosted page's link.
    #[cfg_attr(
        not(feature = "web"),
        allow(dead_code, reason = "read by hosted forms")
    )]
    call: Option<ToolCall>,
    /// The keys of a flow opened for a request: what a form's app is given
    /// its token with.
    #[cfg_attr(not(feature = "app"), allow(dead_code, reason = "read by forms' apps"))]
    pub(super) keys: Option<StateKeys>,
    /// The id and expiry of the app's token the call's answers came with,
    /// for [`ServerFlow::once`].
    pub(super) app_answer: Option<(TokenId, std::time::SystemTime)>,
}

mod routes;
#[cfg(feature = "web")]
mod web_form;
#[cfg(feature = "web")]
mod web_page;

/// Everything a [`Flow`] offers that sends nothing is reached through the
/// `ServerFlow`: its revision, support and round, [`Flow::carry`],
/// [`Flow::carried`], [`Flow::remember`], [`Flow::once`]. The asks that
/// send ([`ServerFlow::gather`], [`ServerFlow::form`], [`ServerFlow::url`])
/// are the `ServerFlow`'s own.
impl std::ops::Deref for ServerFlow<'_> {
    type Target = Flow;

    fn deref(&self) -> &Flow {
        &self.flow
    }
}

/// The [`Flow`] underneath, mutably: see the `Deref` above.
impl std::ops::DerefMut for ServerFlow<'_> {
    fn deref_mut(&mut self) -> &mut Flow {
        &mut self.flow
    }
}

impl<'a> ServerFlow<'a> {
    /// The flow of `request`, handled with `context`, for `principal`:
    /// the user the server authenticated the request as
    /// ([`Principal::user`], see [`principal_of`] for a principal an HTTP
    /// layer put on the request), or explicitly [`Principal::UNBOUND`] (a
    /// server for one user). On 2026-07-28 it opens the `requestState` with
    /// `keys`, and a state sealed for another user is refused; before, it
    /// sends requests on the context's peer. What the client declared is
    /// read from the request's `_meta`, else from `initialize`.
    ///
    /// # Errors
    ///
    /// [`Stop::Refused`] when the `requestState` is refused or the
    /// `inputResponses` break the limits (JSON-RPC `-32602`);
    /// [`Stop::Failed`] when the negotiated version is unknown.
    pub fn open<R: Continued>(
        context: &'a RequestContext<RoleServer>,
        keys: &StateKeys,
        request: &R,
        principal: &Principal,
    ) -> Result<ServerFlow<'a>, Stop> {
        ServerFlow::open_with(
            context,
            || Shared::Borrowed(context),
            keys,
            principal,
            request,
        )
    }

    /// [`ServerFlow::open`], for a flow that may outlive the handler's
    /// borrow of `context` (a tool's [`Ask`](crate::Ask)).
    /// `keep` gives the flow the context to hold, which only a flow that
    /// sends its requests itself (before 2026-07-28) needs: a flow of
    /// input-required rounds takes no copy of it.
    pub(super) fn open_with<R: Continued>(
        context: &RequestContext<RoleServer>,
        keep: impl FnOnce() -> Shared<'a, RequestContext<RoleServer>>,
        keys: &StateKeys,
        principal: &Principal,
        request: &R,
    ) -> Result<ServerFlow<'a>, Stop> {
        let binding = request.binding();
        let revision = revision_of(context)?;
        // Read once: each read decodes them from the request's `_meta`.
        let capabilities = context.client_capabilities();
        let support = support_of(capabilities.as_ref());
        let routes = crate::routes::Routes::of(context, capabilities.as_ref());
        let bound = Some((binding.clone().bound_to(principal), principal.clone()));
        let (flow, via) = if revision.uses_input_required() {
            let retry = request.retry(&keys.limits())?;
            let flow = Flow::open(keys, binding, principal, revision, support, &retry)?;
            (flow, Via::Rounds)
        } else {
            let flow = Flow::local(revision, support).with_limits(keys.limits());
            (flow, Via::Peer(keep()))
        };
        Ok(ServerFlow {
            flow,
            via,
            timeout: None,
            task_keys: Default::default(),
            routes,
            bound,
            call: request.tool_call().map(|(name, arguments)| ToolCall {
                name: name.to_owned(),
                arguments: arguments.cloned().unwrap_or_default(),
            }),
            keys: Some(keys.clone()),
            app_answer: None,
        })
    }

    /// The flow of a task's operation: its asks go into the task's
    /// `inputRequests` and wait for `tasks/update`. `revision` and `support`
    /// are those of the request that created the task ([`revision_of`] and
    /// [`support_of`] read them from its context).
    ///
    /// ```no_run
    /// use elicit_rmcp::{ServerFlow, StopExt};
    /// use elicit_runtime::Elicitation;
    /// use elicit_runtime::flow::ClientSupport;
    /// use elicit_runtime::protocol::{ElicitationCapability, Revision};
    /// use rmcp::model::{CallToolResult, ContentBlock};
    /// use rmcp::task_manager::{TaskContext, TaskExit};
    ///
    /// #[derive(elicit_runtime::Elicitable)]
    /// struct Confirm {
    ///     confirm: bool,
    /// }
    ///
    /// async fn delete(task: TaskContext) -> Result<CallToolResult, TaskExit> {
    ///     let support = ClientSupport::elicitation(ElicitationCapability::form_only());
    ///     let mut flow = ServerFlow::in_task(task, Revision::LATEST, support);
    ///     let answer = flow.form::<Confirm>("confirm", "Delete it?").await.map_err(|stop| stop.into_task_exit())?;
    ///     let done = matches!(answer, Elicitation::Accept(Confirm { confirm: true }));
    ///     Ok(CallToolResult::success(vec![ContentBlock::text(if done { "deleted" } else { "kept" })]))
    /// }
    /// ```
    pub fn in_task(
        task: TaskContext,
        revision: Revision,
        support: ClientSupport,
    ) -> ServerFlow<'static> {
        ServerFlow {
            flow: Flow::local(revision, support),
            via: Via::Task(task),
            timeout: None,
            task_keys: Default::default(),
            routes: crate::routes::Routes::default(),
            bound: None,
            call: None,
            keys: None,
            app_answer: None,
        }
    }

    /// A task's flow ([`ServerFlow::in_task`]), bound to `request` (the
    /// one that created the task) and the user it was authenticated as,
    /// `principal`: what the hosted forms it asks
    /// (`ServerFlow::web_form`, feature `web`) are made for, so that only
    /// that user's page answers them. With [`Principal::UNBOUND`] (a server
    /// for one user) anyone with the page's link can answer it, and in a
    /// task the link is in `inputRequests` for whoever reads the task.
    ///
    /// A flow from [`ServerFlow::open`] is bound to its own request and
    /// user already, and stays so: on such a flow this changes nothing.
    ///
    /// ```no_run
    /// use elicit_rmcp::{ServerFlow, revision_of, support_of};
    /// use elicit_runtime::state::Principal;
    /// use rmcp::model::CallToolRequestParams;
    /// use rmcp::service::{RequestContext, RoleServer};
    /// use rmcp::task_manager::TaskContext;
    ///
    /// fn flow_of(
    ///     task: TaskContext,
    ///     request: &CallToolRequestParams,
    ///     context: &RequestContext<RoleServer>,
    ///     principal: &Principal,
    /// ) -> ServerFlow<'static> {
    ///     let revision = revision_of(context).unwrap();
    ///     let support = support_of(context.client_capabilities().as_ref());
    ///     ServerFlow::in_task(task, revision, support).bound_to(request, principal)
    /// }
    /// ```
    pub fn bound_to<R: Continued>(mut self, request: &R, principal: &Principal) -> ServerFlow<'a> {
        if matches!(self.via, Via::Task(_)) {
            self.bound = Some((request.binding().bound_to(principal), principal.clone()));
        }
        self
    }

    /// The same flow, reading at most `attempts` answers to one form.
    pub fn with_max_attempts(mut self, attempts: u32) -> ServerFlow<'a> {
        self.flow = self.flow.with_max_attempts(attempts);
        self
    }

    /// The same flow, letting a call without a state answer the first
    /// round ([`Flow::with_unprompted_first_round`]).
    pub fn with_unprompted_first_round(mut self) -> ServerFlow<'a> {
        self.flow = self.flow.with_unprompted_first_round();
        self
    }

    /// The same flow, waiting at most `timeout` for each request it sends
    /// itself (before 2026-07-28; no limit by default).
    pub fn with_timeout(mut self, timeout: Duration) -> ServerFlow<'a> {
        self.timeout = Some(timeout);
        self
    }

    /// Records this call in `seen`, or refuses one recorded before: call it
    /// just before an effect that must happen once (a booking, a payment).
    /// The flow's rounds are recorded as [`Flow::once`] records them; the
    /// answers a form's app sent with its token, by that token, so that the
    /// same answers sent again (the app retrying a call a host was slow to
    /// answer) act once.
    ///
    /// # Errors
    ///
    /// As [`Flow::once`].
    pub fn once(&self, seen: &SeenTokens) -> Result<(), Stop> {
        match self.app_answer {
            Some((id, expires_at)) if self.flow.flow_id().is_none() => seen
                .first_use(id, expires_at)
                .map_err(|replay| match replay {
                    elicit_runtime::state::Replay::Seen => Stop::Refused(FlowError::Replayed),
                    _ => Stop::Failed(AskError::Replays(replay)),
                }),
            _ => self.flow.once(seen),
        }
    }

    /// The flow underneath: its revision, the client's support, the round
    /// (the same [`Flow`] the `ServerFlow` dereferences to).
    pub fn flow(&self) -> &Flow {
        &self.flow
    }

    /// Asks for everything `needs` names and returns the outputs, as
    /// [`Flow::gather`] describes.
    ///
    /// # Errors
    ///
    /// The [`Stop`]s of [`Flow::gather`]; before 2026-07-28 and in tasks,
    /// [`Stop::Failed`] when a request cannot be delivered or times out,
    /// and with [`AskError::Cancelled`] when the client cancels the call
    /// (`notifications/cancelled`) or the task (`tasks/cancel`) first.
    pub async fn gather<N: Needs>(&mut self, needs: N) -> Result<N::Output, Stop> {
        loop {
            match self.flow.poll(&needs) {
                Err(Stop::InputRequired(result)) if !matches!(self.via, Via::Rounds) => {
                    self.send(result).await?;
                }
                other => return other,
            }
        }
    }

    /// Asks for the form `T` under `key` with `message`.
    ///
    /// # Errors
    ///
    /// As [`ServerFlow::gather`].
    pub async fn form<T: FormMode>(
        &mut self,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> Result<Elicitation<T>, Stop> {
        self.gather(FormNeed::<T>::new(key, message)).await
    }

    /// Asks the user to open `url` (URL mode) under `key`; `{visit}` in
    /// `url` becomes the visit's id ([`UrlNeed`]).
    ///
    /// # Errors
    ///
    /// As [`ServerFlow::gather`].
    pub async fn url(
        &mut self,
        key: impl Into<String>,
        message: impl Into<String>,
        url: impl Into<String>,
    ) -> Result<UrlConsent, Stop> {
        self.gather(UrlNeed::new(key, message, url)).await
    }

    /// Sends the requests of `result` and gives the flow the responses.
    async fn send(&mut self, result: InputRequiredResult) -> Result<(), Stop> {
        match &self.via {
            Via::Rounds => Ok(()),
            Via::Peer(context) => {
                let peer = &context.peer;
                for (key, request) in result.input_requests.iter() {
                    let response = self.send_on_peer(peer, request).await?;
                    self.flow.respond(key, response);
                }
                Ok(())
            }
            Via::Task(task) => {
                let task = task.clone();
                let mut waiting = Vec::with_capacity(result.input_requests.len());
                for (key, request) in result.input_requests.iter() {
                    let request = task_request(request)?;
                    let attempt = self.task_keys.entry(key.to_owned()).or_insert(0);
                    *attempt += 1;
                    let unique = match *attempt {
                        1 => key.to_owned(),
                        n => format!("{key}#{n}"),
                    };
                    let task = task.clone();
                    let key = key.to_owned();
                    waiting.push(async move { (key, task.request_input(unique, request).await) });
                }
                for (key, response) in futures::future::join_all(waiting).await {
                    let response = response.map_err(|exit| match exit {
                        TaskExit::Cancelled => AskError::Cancelled,
                        TaskExit::Error(error) => AskError::Transport(Box::new(error)),
                    })?;
                    self.flow.respond(key, response);
                }
                Ok(())
            }
        }
    }

    /// `work`'s output, or [`AskError::Cancelled`] once the client cancels
    /// the request (`notifications/cancelled`) or its task
    /// (`tasks/cancel`) first; `work` is dropped then.
    async fn unless_cancelled<F: Future>(&self, work: F) -> Result<F::Output, Stop> {
        let cancelled = async {
            match &self.via {
                Via::Peer(context) => context.ct.cancelled().await,
                Via::Task(task) => task.cancelled().await,
                Via::Rounds => std::future::pending().await,
            }
        };
        match futures::future::select(std::pin::pin!(work), std::pin::pin!(cancelled)).await {
            futures::future::Either::Left((output, _)) => Ok(output),
            futures::future::Either::Right(((), _)) => Err(AskError::Cancelled.into()),
        }
    }

    async fn send_on_peer(
        &self,
        peer: &Peer<RoleServer>,
        request: &InputRequest,
    ) -> Result<Value, Stop> {
        if let Some(params) = request.as_elicitation() {
            // A URL need built its request under its own policy (`UrlNeed::request`,
            // `https` unless the need allowed `http` to a loopback host); this
            // check is for the client's modes, and refuses any other URL still.
            let checked = self
                .elicitor()
                .with_url_policy(elicit_runtime::protocol::UrlPolicy::HttpsOrLoopbackHttp)
                .check(params.clone())
                .map_err(AskError::from)?;
            let request = elicit_request(&checked).map_err(transport)?;
            let result = self.request_on_peer(peer, request).await?;
            return Ok(response_of(elicit_result(result).map_err(transport)?));
        }
        // Any other request, as its `{"method", "params"}`.
        let message =
            serde_json::to_value(request).map_err(|error| conversion_stop(&error, TO_RMCP))?;
        let request: mcp::ServerRequest =
            serde_json::from_value(message).map_err(|error| conversion_stop(&error, TO_RMCP))?;
        let result = self.request_on_peer(peer, request).await?;
        // The flow reads the response as the need's own type, from the JSON
        // the client sent.
        serde_json::to_value(&result).map_err(|error| conversion_stop(&error, FROM_RMCP))
    }

    /// Sends `request` on `peer` and waits for the client's result (at
    /// most the flow's timeout). When the client cancels the call first,
    /// the client is told that this request is cancelled too
    /// (`notifications/cancelled`), so it stops showing it, and the flow
    /// stops with [`AskError::Cancelled`].
    async fn request_on_peer(
        &self,
        peer: &Peer<RoleServer>,
        request: mcp::ServerRequest,
    ) -> Result<mcp::ClientResult, Stop> {
        let mut options = rmcp::service::PeerRequestOptions::no_options();
        options.timeout = self.timeout;
        let handle = self
            .unless_cancelled(peer.send_request_with_option(request, options))
            .await?
            .map_err(|error| transport(RmcpElicitError::from(error)))?;
        let id = handle.id.clone();
        match self.unless_cancelled(handle.await_response()).await {
            Ok(result) => result.map_err(|error| transport(RmcpElicitError::from(error))),
            Err(stop) => {
                let reason = "the request that asked this was cancelled".to_owned();
                let cancelled = mcp::CancelledNotification::new(
                    mcp::CancelledNotificationParam::new(Some(id), Some(reason)),
                );
                // The flow stops either way; a client that misses this
                // notification learns it when its answer goes unread.
                let _ = peer.send_notification(cancelled.into()).await;
                Err(stop)
            }
        }
    }

    fn elicitor(&self) -> Elicitor {
        let capability = self
            .flow
            .support()
            .elicitation_capability()
            .cloned()
            .unwrap_or_default();
        Elicitor::new(self.flow.revision(), capability)
    }
}

/// The principal an HTTP layer in front of rmcp's Streamable HTTP service
/// established for this request: a [`Principal`] its authentication put
/// in the HTTP request's extensions (`request.extensions_mut().insert(..)`
/// in an axum or tower middleware), which rmcp hands to the handler with
/// the rest of the request's parts. `None` when there is none (stdio, or
/// no such layer): the server then decides, and says, whom the flow is
/// for.
///
/// ```no_run
/// use elicit_rmcp::principal_of;
/// use elicit_runtime::state::Principal;
/// use rmcp::service::{RequestContext, RoleServer};
///
/// fn whom(context: &RequestContext<RoleServer>) -> Principal {
///     // Every request of this server went through its login layer.
///     principal_of(context).unwrap_or(Principal::UNBOUND)
/// }
/// ```
pub fn principal_of(context: &RequestContext<RoleServer>) -> Option<Principal> {
    context
        .extensions
        .get::<http::request::Parts>()
        .and_then(|parts| parts.extensions.get::<Principal>())
        .cloned()
}

/// The revision of the request `context` handles.
///
/// # Errors
///
/// [`Stop::Failed`] when the version is missing or unknown.
pub fn revision_of(context: &RequestContext<RoleServer>) -> Result<Revision, Stop> {
    let version = context
        .protocol_version()
        .ok_or_else(|| transport(RmcpElicitError::NotInitialized))?;
    Revision::parse(version.as_str()).map_err(|error| {
        transport(RmcpElicitError::Version {
            version: elicit_runtime::__integration::Excerpt(version.as_str()).to_string(),
            error,
        })
    })
}

/// What the client declared, from rmcp's capabilities (of the request's
/// `_meta`, else of `initialize`: [`RequestContext::client_capabilities`]).
pub fn support_of(capabilities: Option<&mcp::ClientCapabilities>) -> ClientSupport {
    capabilities
        .map(crate::convert::support_from_rmcp)
        .unwrap_or_default()
}

/// The response a flow reads from the client's result, written as the
/// client wrote it (`action`, `content`, `_meta`), the content moved.
fn response_of(result: ElicitResult) -> Value {
    let mut response = serde_json::Map::with_capacity(3);
    response.insert("action".to_owned(), Value::from(result.action.as_str()));
    if let Some(content) = result.content {
        response.insert("content".to_owned(), Value::Object(content));
    }
    if let Some(meta) = result.meta {
        response.insert("_meta".to_owned(), Value::Object(meta));
    }
    Value::Object(response)
}

/// A request of the flow as rmcp's input request, for a task.
fn task_request(request: &InputRequest) -> Result<mcp::InputRequest, Stop> {
    let value = serde_json::to_value(request).map_err(|error| conversion_stop(&error, TO_RMCP))?;
    serde_json::from_value(value).map_err(|error| conversion_stop(&error, TO_RMCP))
}

/// The two ways a flow's messages cross to rmcp's types: (from, to).
const TO_RMCP: (&str, &str) = ("an input request", "rmcp's request");
const FROM_RMCP: (&str, &str) = ("rmcp's result", "a response of the flow");

fn conversion_stop(error: &serde_json::Error, (from, to): (&'static str, &'static str)) -> Stop {
    transport(RmcpElicitError::Conversion(crate::error::ConversionError {
        from,
        to,
        reason: error.to_string(),
    }))
}

fn transport(error: RmcpElicitError) -> Stop {
    AskError::Transport(Box::new(error)).into()
}
