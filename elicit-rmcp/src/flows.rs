//! What every [`Ask`](crate::Ask) of a server needs: the keys that seal its
//! state, whom each call is for, and the routes a form may take besides
//! the client's own form (its app, the server's hosted pages).

use core::fmt;
use std::sync::Arc;
use std::time::Duration;

use rmcp::service::{RequestContext, RoleServer};

#[cfg(feature = "app")]
use crate::app::FormApps;
use crate::flow::principal_of;
use crate::routes::RoutePolicy;
#[cfg(feature = "app")]
use crate::shared::Shared;
#[cfg(feature = "app")]
use elicit_runtime::FormMode;
#[cfg(feature = "app")]
use elicit_runtime::app::AppForm;
use elicit_runtime::state::{Principal, StateKeys};
#[cfg(feature = "web")]
use elicit_web::WebForms;

/// Whom a call's flow is for.
type Whom = Arc<dyn Fn(&RequestContext<RoleServer>) -> Option<Principal> + Send + Sync>;

/// The server's side of every [`Ask`](crate::Ask): the keys that seal the
/// 2026-07-28 rounds' `requestState`, whom each call is for, and the
/// routes a form takes to a client that shows no forms (the form's app,
/// the server's hosted pages). Give it to the tool and prompt routers
/// ([`Flows::tools`], [`Flows::prompts`]), which open each call's `Ask`
/// with it and answer what the handler's `?` passes on. Cheap to clone.
///
/// ```
/// use elicit_rmcp::Flows;
/// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
///
/// // From `ELICIT_STATE_KEYS` in production, so that replicas share them.
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// // A server for one user (stdio, or loopback): every call is that user's.
/// let flows = Flows::new(keys).for_one_user();
/// # let _ = flows;
/// ```
#[derive(Clone)]
pub struct Flows(Arc<Inner>);

#[derive(Clone)]
struct Inner {
    keys: StateKeys,
    /// `None`: the principal an HTTP layer put on the request, required.
    whom: Option<Whom>,
    #[cfg(feature = "web")]
    web: Option<Arc<WebForms>>,
    #[cfg(feature = "app")]
    apps: FormApps,
    max_attempts: Option<u32>,
    timeout: Option<Duration>,
    routes: Option<Arc<dyn RoutePolicy>>,
}

/// Shows the setup, never the keys.
impl fmt::Debug for Flows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("Flows");
        debug.field(
            "principal",
            &self.0.whom.as_ref().map_or("from the request", |_| "set"),
        );
        #[cfg(feature = "web")]
        debug.field("web", &self.0.web);
        #[cfg(feature = "app")]
        debug.field("apps", &self.0.apps);
        debug
            .field("max_attempts", &self.0.max_attempts)
            .field("timeout", &self.0.timeout)
            .field("routes", &self.0.routes.is_some())
            .finish_non_exhaustive()
    }
}

impl Flows {
    /// Flows sealing their state with `keys`, each call for the user an
    /// HTTP layer in front of rmcp's Streamable HTTP service authenticated
    /// ([`principal_of`]): a call without one is refused. A server for one
    /// user says so with [`Flows::for_one_user`]; any other rule is
    /// [`Flows::with_principal`].
    pub fn new(keys: StateKeys) -> Flows {
        Flows(Arc::new(Inner {
            keys,
            whom: None,
            #[cfg(feature = "web")]
            web: None,
            #[cfg(feature = "app")]
            apps: FormApps::new(),
            max_attempts: None,
            timeout: None,
            routes: None,
        }))
    }

    /// The same flows, every call for one user ([`Principal::UNBOUND`]): a
    /// server on stdio, or on a loopback address for the user who started
    /// it. A `requestState` then continues for whoever sends it back.
    pub fn for_one_user(self) -> Flows {
        self.with_principal(|_| Some(Principal::UNBOUND))
    }

    /// The same flows, each call for the principal `whom` says; a call it
    /// says `None` for is refused.
    ///
    /// ```
    /// use elicit_rmcp::{Flows, principal_of};
    /// use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// // The user of the HTTP layer; on stdio, the one user who started the server.
    /// let flows = Flows::new(keys)
    ///     .with_principal(|context| principal_of(context).or(Some(Principal::UNBOUND)));
    /// # let _ = flows;
    /// ```
    pub fn with_principal(
        mut self,
        whom: impl Fn(&RequestContext<RoleServer>) -> Option<Principal> + Send + Sync + 'static,
    ) -> Flows {
        Arc::make_mut(&mut self.0).whom = Some(Arc::new(whom));
        self
    }

    /// The same flows with the server's hosted form pages: a form with a
    /// secret field is asked there ([`Ask::web_form`](crate::Ask::web_form)),
    /// and a form goes there for a client that shows neither forms nor the
    /// form's app ([`Ask::form`](crate::Ask::form)).
    #[cfg(feature = "web")]
    pub fn with_web_forms(mut self, web: WebForms) -> Flows {
        Arc::make_mut(&mut self.0).web = Some(Arc::new(web));
        self
    }

    /// The same flows with the form `T` of the tool `tool` as an MCP App
    /// ([`AppForm::of`]): a host of the apps extension that shows no forms
    /// gets the app ([`Ask::form`](crate::Ask::form)); the app is served
    /// from [`Flows::apps`], and the tool declares it with
    /// `#[tool(meta = app_meta::<T>("tool"))]` ([`app_meta`](crate::app_meta)).
    #[cfg(feature = "app")]
    pub fn with_app<T: FormMode>(mut self, tool: &str) -> Flows {
        Arc::make_mut(&mut self.0).apps.keep(AppForm::of::<T>(tool));
        self
    }

    /// The same flows, each form's route chosen per host by `policy` where
    /// it says so ([`RoutePolicy`]; the default route elsewhere).
    ///
    /// ```
    /// use elicit_runtime::fallback::Route;
    /// use elicit_rmcp::{Flows, Host};
    /// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// // This host's own form loses titles and enum choices: send its users to the app.
    /// let flows = Flows::new(keys)
    ///     .with_routes(|host: &Host<'_>| (host.name == "some-inspector").then_some(Route::App));
    /// # let _ = flows;
    /// ```
    pub fn with_routes(mut self, policy: impl RoutePolicy + 'static) -> Flows {
        Arc::make_mut(&mut self.0).routes = Some(Arc::new(policy));
        self
    }

    /// The same flows, reading at most `attempts` answers to one form
    /// ([`Flow::with_max_attempts`](elicit_runtime::flow::Flow::with_max_attempts)).
    pub fn with_max_attempts(mut self, attempts: u32) -> Flows {
        Arc::make_mut(&mut self.0).max_attempts = Some(attempts);
        self
    }

    /// The same flows, waiting at most `timeout` for each request sent to
    /// the client before 2026-07-28 ([`ServerFlow::with_timeout`](crate::ServerFlow::with_timeout)).
    pub fn with_timeout(mut self, timeout: Duration) -> Flows {
        Arc::make_mut(&mut self.0).timeout = Some(timeout);
        self
    }

    /// The keys that seal the state.
    pub fn keys(&self) -> &StateKeys {
        &self.0.keys
    }

    /// The forms' apps, for `resources/list` ([`FormApps::resources`]) and
    /// `resources/read` ([`FormApps::read`]).
    #[cfg(feature = "app")]
    pub fn apps(&self) -> &FormApps {
        &self.0.apps
    }

    /// The hosted form pages, if any: mount their router
    /// ([`WebForms::router`]) beside the MCP service.
    #[cfg(feature = "web")]
    pub fn web_forms(&self) -> Option<&WebForms> {
        self.0.web.as_deref()
    }

    /// Whom the call of `context` is for, or `None` when it is refused.
    pub(super) fn principal(&self, context: &RequestContext<RoleServer>) -> Option<Principal> {
        match &self.0.whom {
            Some(whom) => whom(context),
            None => principal_of(context),
        }
    }

    pub(super) fn route_policy(&self) -> Option<Arc<dyn RoutePolicy>> {
        self.0.routes.clone()
    }

    pub(super) fn max_attempts(&self) -> Option<u32> {
        self.0.max_attempts
    }

    pub(super) fn timeout(&self) -> Option<Duration> {
        self.0.timeout
    }

    /// The app of the tool `tool`, shared with a flow.
    #[cfg(feature = "app")]
    pub(super) fn app_of(&self, tool: &str) -> Option<Shared<'static, AppForm>> {
        self.0.apps.shared_app_of(tool).map(Shared::Owned)
    }

    /// The hosted pages, shared with a flow.
    #[cfg(feature = "web")]
    pub(super) fn shared_web(&self) -> Option<Arc<WebForms>> {
        self.0.web.clone()
    }
}
