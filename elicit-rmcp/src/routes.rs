//! Which route a form takes to the user from a flow: what the client
//! declared, what the server offers besides the client's own form (the
//! form's app, hosted pages), and the author's choice per host.

use core::fmt;
use std::future::Future;
use std::pin::Pin;

use rmcp::model as mcp;
use rmcp::service::{RequestContext, RoleServer};

use crate::shared::Shared;
#[cfg(feature = "app")]
use elicit_runtime::app::AppForm;
use elicit_runtime::fallback::{ArgumentsPolicy, Route};
use elicit_runtime::flow::Stop;
use elicit_runtime::schema::FormSchema;
#[cfg(feature = "web")]
use elicit_web::{WebError, WebForms};

/// The client of a call, as a [`RoutePolicy`] sees it: the name and
/// version it gave (`clientInfo`, of the request's `_meta` or of
/// `initialize`) and what it declared for the request.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Host<'a> {
    /// `clientInfo.name` (empty when the client gave none).
    pub name: &'a str,
    /// `clientInfo.version` (empty when the client gave none).
    pub version: &'a str,
    /// Whether it declared elicitation in form mode for this revision.
    pub forms: bool,
    /// Whether it declared URL mode for this revision.
    pub urls: bool,
    /// Whether it declared the MCP Apps extension.
    pub apps: bool,
}

/// The author's choice of route per host: the route a form takes to the
/// user of a client, or `None` for the default ([`Route::choose`]).
///
/// A host may declare what it renders badly (a form whose enums become
/// free text, whose required booleans block sending), or render what it
/// does not declare (an app through the ChatGPT Apps SDK's keys): the
/// author who knows sends its users another way. A route the server
/// cannot take for the form (an app the form does not have, a page with
/// no page router, the host's form for a client without form mode) falls
/// back to the default.
///
/// Any `Fn(&Host) -> Option<Route>` is a policy:
///
/// ```
/// use elicit_runtime::fallback::Route;
/// use elicit_rmcp::{Host, RoutePolicy};
///
/// // This host's own form loses titles and enum choices: use the form's app.
/// let policy = |host: &Host<'_>| (host.name == "some-inspector").then_some(Route::App);
/// # let _: &dyn RoutePolicy = &policy;
/// ```
pub trait RoutePolicy: Send + Sync {
    /// The route for `host`, or `None` for the default.
    fn route(&self, host: &Host<'_>) -> Option<Route>;
}

impl<F> RoutePolicy for F
where
    F: Fn(&Host<'_>) -> Option<Route> + Send + Sync,
{
    fn route(&self, host: &Host<'_>) -> Option<Route> {
        self(host)
    }
}

/// What a flow knows of the paths besides the client's own form: whether
/// the client declared the apps extension, who it is, the form's app, a
/// page router, the author's policies.
#[derive(Clone, Default)]
pub(super) struct Routes<'a> {
    pub(crate) apps: bool,
    /// `clientInfo`'s name and version.
    pub(crate) client: Option<(String, String)>,
    #[cfg(feature = "app")]
    pub(super) app: Option<Shared<'a, AppForm>>,
    pub(super) web_pages: Option<Shared<'a, dyn WebPageRoute + 'a>>,
    pub(super) policy: Option<Shared<'a, dyn RoutePolicy + 'a>>,
    pub(super) arguments: ArgumentsPolicy,
}

impl fmt::Debug for Routes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("Routes");
        debug
            .field("apps", &self.apps)
            .field("client", &self.client);
        #[cfg(feature = "app")]
        debug.field("app", &self.app.as_deref().map(AppForm::uri));
        debug
            .field("web_pages", &self.web_pages.is_some())
            .field("policy", &self.policy.is_some())
            .field("arguments", &self.arguments)
            .finish()
    }
}

impl Routes<'_> {
    /// What the client of `context` declared (`capabilities`, read from
    /// it), and who it said it is.
    pub(super) fn of(
        context: &RequestContext<RoleServer>,
        capabilities: Option<&mcp::ClientCapabilities>,
    ) -> Self {
        Routes {
            apps: apps_of(capabilities),
            client: context.client_info().map(|info| (info.name, info.version)),
            ..Routes::default()
        }
    }

    pub(super) fn has_app(&self) -> bool {
        #[cfg(feature = "app")]
        return self.app.is_some();
        #[cfg(not(feature = "app"))]
        false
    }
}

/// `true` when rmcp's client capabilities (of the request's `_meta`, else
/// of `initialize`) declare the MCP Apps extension
/// (`io.modelcontextprotocol/ui` with `text/html;profile=mcp-app` among its
/// `mimeTypes`).
///
/// ```
/// use elicit_rmcp::apps_of;
/// use rmcp::model::ClientCapabilities;
///
/// let mut capabilities = ClientCapabilities::default();
/// assert!(!apps_of(Some(&capabilities)));
/// let ui = serde_json::json!({ "mimeTypes": ["text/html;profile=mcp-app"] });
/// capabilities.extensions = Some(
///     [("io.modelcontextprotocol/ui".to_owned(), ui.as_object().unwrap().clone())].into(),
/// );
/// assert!(apps_of(Some(&capabilities)));
/// ```
pub fn apps_of(capabilities: Option<&mcp::ClientCapabilities>) -> bool {
    capabilities
        .and_then(|capabilities| capabilities.extensions.as_ref())
        .and_then(|extensions| extensions.get("io.modelcontextprotocol/ui"))
        .and_then(|ui| ui.get("mimeTypes"))
        .and_then(serde_json::Value::as_array)
        .is_some_and(|types| {
            types
                .iter()
                .any(|t| t.as_str() == Some("text/html;profile=mcp-app"))
        })
}

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
/// hosted web pages: given to a flow with [`ServerFlow::with_web_pages`](crate::ServerFlow::with_web_pages),
/// it is the third path of [`ServerFlow::form_or_arguments`](crate::ServerFlow::form_or_arguments), for a client
/// that shows neither forms nor the form's app.
///
/// The hosted forms' router is `elicit_web::WebForms` (feature
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

    /// The hosted forms of `elicit-web` behind this router, whose pages the flow
    /// asks itself (with the call's request and user); `None` for any
    /// other router, which [`WebPageRoute::route`] answers for.
    #[cfg(feature = "web")]
    fn web_forms(&self) -> Option<&WebForms> {
        None
    }
}

/// The hosted forms of `elicit-web` as the page router of
/// [`ServerFlow::form_or_arguments`](crate::ServerFlow::form_or_arguments): the flow asks the form on its page
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
        Box::pin(async { elicit_web::__integration::web_error(WebError::Unbound) })
    }

    fn web_forms(&self) -> Option<&WebForms> {
        Some(self)
    }
}
