//! Which route a form takes to the user from a flow: what the client
//! declared, what the server offers besides the client's own form (the
//! form's app, hosted pages), and the author's choice per host.

use core::fmt;

use rmcp::model as mcp;
use rmcp::service::{RequestContext, RoleServer};

use super::ServerFlow;
use super::WebPageRoute;
use super::shared::Shared;
#[cfg(feature = "app")]
use crate::app::AppForm;
use crate::fallback::{ArgumentsPolicy, Route};
use crate::flow::Capability;
use crate::protocol::Mode;

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
/// use elicit_runtime::integrations::rmcp::{Host, RoutePolicy};
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
    apps: bool,
    /// `clientInfo`'s name and version.
    client: Option<(String, String)>,
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
/// use elicit_runtime::integrations::rmcp::apps_of;
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

impl<'a> ServerFlow<'a> {
    /// The same flow, with `app` the form's app: a client that declared
    /// the MCP Apps extension but shows no forms gets the app
    /// ([`ServerFlow::form_or_arguments`]). Declare the app on the tool
    /// and serve it with [`FormApps`](super::FormApps).
    #[cfg(feature = "app")]
    pub fn with_app(mut self, app: &'a AppForm) -> ServerFlow<'a> {
        self.routes.app = Some(Shared::Borrowed(app));
        self
    }

    /// The same flow, with a page router mounted: a client that shows
    /// neither forms nor the form's app is sent to a hosted web page
    /// ([`ServerFlow::form_or_arguments`]).
    pub fn with_web_pages(mut self, router: &'a dyn WebPageRoute) -> ServerFlow<'a> {
        self.routes.web_pages = Some(Shared::Borrowed(router));
        self
    }

    /// The same flow, its forms' route chosen per host by `policy` where it
    /// says so ([`RoutePolicy`]).
    pub fn with_route_policy(mut self, policy: &'a dyn RoutePolicy) -> ServerFlow<'a> {
        self.routes.policy = Some(Shared::Borrowed(policy));
        self
    }

    /// The same flow, a tool's arguments that carry its form read as
    /// `policy` says when the user can be asked ([`ArgumentsPolicy`]:
    /// they prefill the form unless set otherwise).
    pub fn with_arguments(mut self, policy: ArgumentsPolicy) -> ServerFlow<'a> {
        self.routes.arguments = policy;
        self
    }

    /// `true` when the client declared the MCP Apps extension.
    pub fn apps_declared(&self) -> bool {
        self.routes.apps
    }

    /// The client of the call, as a [`RoutePolicy`] sees it.
    pub fn host(&self) -> Host<'_> {
        let flow = self.flow();
        let support = flow.support();
        let (name, version) = self
            .routes
            .client
            .as_ref()
            .map_or(("", ""), |(name, version)| {
                (name.as_str(), version.as_str())
            });
        Host {
            name,
            version,
            forms: support.supports(Capability::Elicitation(Mode::Form), flow.revision()),
            urls: support.supports(Capability::Elicitation(Mode::Url), flow.revision()),
            apps: self.routes.apps,
        }
    }

    /// The path a form takes to the user from this flow: the author's
    /// choice for this host ([`ServerFlow::with_route_policy`]) where the
    /// server can take it, else [`Route::choose`].
    pub fn route(&self) -> Route {
        let host = self.host();
        let (app, pages) = (self.routes.has_app(), self.routes.web_pages.is_some());
        let chosen = self
            .routes
            .policy
            .as_deref()
            .and_then(|policy| policy.route(&host));
        match chosen {
            Some(Route::Elicitation) if host.forms => Route::Elicitation,
            Some(Route::App) if app => Route::App,
            Some(Route::WebPage) if pages => Route::WebPage,
            Some(Route::Instructions) => Route::Instructions,
            _ => Route::choose(host.forms, host.apps, app, pages),
        }
    }
}
