//! Which path a form takes to the user, by what the client declared.

use core::fmt;

use crate::schema::FormSchema;

/// The path a form takes to the user, in the order tried: the host's
/// elicitation form where the client declared `elicitation` (form mode);
/// else the app where the client declared the apps extension
/// (`io.modelcontextprotocol/ui`) and the form has an app; else a hosted
/// web page where the server mounted a page router; else instructions for
/// the model, which asks the user and calls the tool again with the
/// answers as arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Route {
    /// `elicitation/create` in form mode (or an input-required round).
    Elicitation,
    /// The form's `ui://` app, in the host's frame.
    App,
    /// A hosted web page, through the server's page router.
    WebPage,
    /// Text for the model ([`Instructions`](crate::fallback::Instructions)).
    Instructions,
}

impl Route {
    /// The route for a client that declared elicitation in form mode
    /// (`elicitation`) and the apps extension (`apps`), for a form that has
    /// an app (`has_app`; never one with a secret field), on a server with
    /// a page router mounted (`web_page`).
    ///
    /// ```
    /// use elicit_runtime::fallback::Route;
    ///
    /// assert_eq!(Route::choose(true, true, true, true), Route::Elicitation);
    /// assert_eq!(Route::choose(false, true, true, true), Route::App);
    /// assert_eq!(Route::choose(false, true, false, true), Route::WebPage);
    /// assert_eq!(Route::choose(false, false, true, false), Route::Instructions);
    /// ```
    pub const fn choose(elicitation: bool, apps: bool, has_app: bool, web_page: bool) -> Route {
        if elicitation {
            Route::Elicitation
        } else if apps && has_app {
            Route::App
        } else if web_page {
            Route::WebPage
        } else {
            Route::Instructions
        }
    }

    /// The route in words.
    pub const fn describe(self) -> &'static str {
        match self {
            Route::Elicitation => "the host's elicitation form",
            Route::App => "the form's app (`ui://`) in the host's frame",
            Route::WebPage => "a hosted web page",
            Route::Instructions => "instructions for the model, which asks the user",
        }
    }
}

/// The route each kind of client gets, for one form on one server: the
/// portability of a form across clients, as
/// [`Portability`](crate::wire::Portability) is across revisions.
///
/// ```
/// use elicit_runtime::fallback::Routes;
///
/// let routes = Routes::new(true, false);
/// assert_eq!(
///     routes.to_string(),
///     "a client that declares `elicitation` (form mode): the host's elicitation form\n\
///      a client that declares `io.modelcontextprotocol/ui`: the form's app (`ui://`) in the host's frame\n\
///      a client that declares neither: instructions for the model, which asks the user"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Routes {
    has_app: bool,
    web_page: bool,
}

impl Routes {
    /// The routes of a form that has an app (`has_app`) on a server with a
    /// page router mounted (`web_page`).
    pub const fn new(has_app: bool, web_page: bool) -> Routes {
        Routes { has_app, web_page }
    }

    /// Each kind of client, in words, with its route.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, Route)> {
        let (has_app, web_page) = (self.has_app, self.web_page);
        [
            (
                "a client that declares `elicitation` (form mode)",
                Route::choose(true, false, has_app, web_page),
            ),
            (
                "a client that declares `io.modelcontextprotocol/ui`",
                Route::choose(false, true, has_app, web_page),
            ),
            (
                "a client that declares neither",
                Route::choose(false, false, has_app, web_page),
            ),
        ]
        .into_iter()
    }
}

impl fmt::Display for Routes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (client, route)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{client}: {}", route.describe())?;
        }
        Ok(())
    }
}

impl FormSchema {
    /// The route each kind of client gets for this form, on a server that
    /// declares an app for it (`app`) and mounts a page router
    /// (`web_page`): a form with a secret field has no app, whatever the
    /// server declares.
    ///
    /// ```
    /// use elicit_runtime::fallback::Route;
    /// use elicit_runtime::{Elicitable, Secret};
    ///
    /// #[derive(Elicitable)]
    /// struct Table {
    ///     size: u8,
    /// }
    ///
    /// #[derive(Elicitable)]
    /// struct Connect {
    ///     #[elicit(secret)]
    ///     api_key: Secret,
    /// }
    ///
    /// let apps_client = |routes: elicit_runtime::fallback::Routes| routes.iter().nth(1).unwrap().1;
    /// assert_eq!(apps_client(Table::SCHEMA.routes(true, true)), Route::App);
    /// assert_eq!(apps_client(Connect::SCHEMA.routes(true, true)), Route::WebPage);
    /// ```
    pub fn routes(&self, app: bool, web_page: bool) -> Routes {
        Routes::new(app && !self.has_secrets(), web_page)
    }
}
