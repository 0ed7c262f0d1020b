//! The routes of a flow: the form's app, a page router and the author's
//! policies given to it, and the route a form takes for its client.

use super::ServerFlow;
use crate::routes::{Host, RoutePolicy, WebPageRoute};
use crate::shared::Shared;
#[cfg(feature = "app")]
use elicit_runtime::app::AppForm;
use elicit_runtime::fallback::{ArgumentsPolicy, Route};
use elicit_runtime::flow::Capability;
use elicit_runtime::protocol::Mode;

impl<'a> ServerFlow<'a> {
    /// The same flow, with `app` the form's app: a client that declared
    /// the MCP Apps extension but shows no forms gets the app
    /// ([`ServerFlow::form_or_arguments`]). Declare the app on the tool
    /// and serve it with [`FormApps`](crate::FormApps).
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
