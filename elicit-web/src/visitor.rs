//! Who opens a form's page: the server's own check of the browser's
//! request, which the router asks before it shows or takes anything.

use http::request::Parts;

use elicit_runtime::state::Principal;

/// The server's identity check for the form pages: from a browser's
/// request (its session cookie, a header an authenticating proxy set),
/// the user it is, or `None` for a visitor who has not signed in.
///
/// The router shows a visit's page, and takes its submission, only to the
/// user the visit was made for ([`Visit::is_for`](crate::store::Visit::is_for)):
/// the visit's link pre-authenticates nothing. A visitor who is someone
/// else is refused (403); one who has not signed in is sent to the sign-in
/// page the server gives ([`WebForms::with_sign_in`](crate::WebForms::with_sign_in)),
/// or refused (401) when there is none.
///
/// Any `Fn(&Parts) -> Option<Principal>` is a `Visitor`:
///
/// ```
/// use elicit_runtime::state::Principal;
/// use elicit_web::Visitor;
///
/// // A proxy that authenticated the user leaves a header (trust it only
/// // behind that proxy).
/// let by_header = |parts: &http::request::Parts| {
///     parts.headers.get("x-authenticated-user")?.to_str().ok().map(Principal::user)
/// };
/// let (parts, ()) = http::Request::builder()
///     .header("x-authenticated-user", "alice")
///     .body(())
///     .unwrap()
///     .into_parts();
/// assert_eq!(by_header.visitor(&parts), Some(Principal::user("alice")));
/// ```
pub trait Visitor: Send + Sync + 'static {
    /// The user who sent `parts`, as the server's own authentication
    /// establishes it, or `None` for no one signed in.
    fn visitor(&self, parts: &Parts) -> Option<Principal>;

    /// The name the pages show for the user signed in on `parts` ("Signed
    /// in as alice", beside a sign-out button for someone who is not alice;
    /// [`WebForms::with_sign_out`](crate::WebForms::with_sign_out)): the
    /// user's own name for themselves, such as their sign-in name or email.
    /// A visitor who sees another user's name knows they were signed in as
    /// someone else (a forged sign-in) before they type anything.
    ///
    /// `None` unless implemented (a function is a `Visitor` without
    /// names): the pages then say only "Signed in". Implement the trait on
    /// a type of your own to give names.
    ///
    /// ```
    /// use http::request::Parts;
    /// use elicit_runtime::state::Principal;
    /// use elicit_web::Visitor;
    ///
    /// /// The user an authenticating proxy names in a header.
    /// struct ByHeader;
    ///
    /// impl Visitor for ByHeader {
    ///     fn visitor(&self, parts: &Parts) -> Option<Principal> {
    ///         self.name(parts).map(Principal::user)
    ///     }
    ///
    ///     fn name(&self, parts: &Parts) -> Option<String> {
    ///         parts.headers.get("x-authenticated-user")?.to_str().ok().map(str::to_owned)
    ///     }
    /// }
    ///
    /// let (parts, ()) = http::Request::builder()
    ///     .header("x-authenticated-user", "alice")
    ///     .body(())
    ///     .unwrap()
    ///     .into_parts();
    /// assert_eq!(ByHeader.name(&parts).as_deref(), Some("alice"));
    /// ```
    fn name(&self, parts: &Parts) -> Option<String> {
        let _ = parts;
        None
    }
}

/// The name an authentication layer in front of the router leaves in the
/// request's extensions beside the [`Principal`], for [`FromExtensions`]
/// to show on the pages ([`Visitor::name`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VisitorName(pub String);

impl<F> Visitor for F
where
    F: Fn(&Parts) -> Option<Principal> + Send + Sync + 'static,
{
    fn visitor(&self, parts: &Parts) -> Option<Principal> {
        self(parts)
    }
}

/// The [`Principal`] an authentication layer in front of the router left
/// in the request's extensions (as `principal_of` reads it for the MCP
/// requests), or `None`; its name, the [`VisitorName`] left beside it.
///
/// ```
/// use elicit_runtime::state::Principal;
/// use elicit_web::{FromExtensions, Visitor, VisitorName};
///
/// let (mut parts, ()) = http::Request::new(()).into_parts();
/// assert_eq!(FromExtensions.visitor(&parts), None);
/// parts.extensions.insert(Principal::user("alice"));
/// parts.extensions.insert(VisitorName("Alice".to_owned()));
/// assert_eq!(FromExtensions.visitor(&parts), Some(Principal::user("alice")));
/// assert_eq!(FromExtensions.name(&parts).as_deref(), Some("Alice"));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct FromExtensions;

impl Visitor for FromExtensions {
    fn visitor(&self, parts: &Parts) -> Option<Principal> {
        parts.extensions.get::<Principal>().cloned()
    }

    fn name(&self, parts: &Parts) -> Option<String> {
        parts
            .extensions
            .get::<VisitorName>()
            .map(|name| name.0.clone())
    }
}

/// Every visitor is the one user a single-user server serves
/// ([`Principal::UNBOUND`]): a server on a loopback address for the user
/// who started it, whose flows are for that user too
/// (`Flows::for_one_user`). Anyone who can reach the pages can answer a
/// visit whose link they hold: serve them on loopback only.
///
/// ```
/// use elicit_runtime::state::Principal;
/// use elicit_web::{OneUser, Visitor};
///
/// let (parts, ()) = http::Request::new(()).into_parts();
/// assert_eq!(OneUser.visitor(&parts), Some(Principal::UNBOUND));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct OneUser;

impl Visitor for OneUser {
    fn visitor(&self, _parts: &Parts) -> Option<Principal> {
        Some(Principal::UNBOUND)
    }
}
