//! Typed elicitation on rmcp's server side: its peer and request context.

use std::future::Future;
use std::time::Duration;

use rmcp::model as mcp;
use rmcp::service::{Peer, RequestContext, RoleServer};

use crate::convert::{capability_from_rmcp, request_to_rmcp, result_from_rmcp};
use crate::error::RmcpElicitError;
use elicit_runtime::protocol::{CheckedRequest, ElicitResult, Elicitor, RequestError, Revision};
use elicit_runtime::{ElicitError, Elicitation, FormMode, UrlConsent};

mod sealed {
    pub trait Sealed {}
    impl Sealed for rmcp::service::Peer<rmcp::service::RoleServer> {}
    impl Sealed for rmcp::service::RequestContext<rmcp::service::RoleServer> {}
}

/// Typed elicitation on rmcp's server peer and request context.
///
/// Each call checks, before anything is sent, that the client declared the
/// mode for the negotiated revision and that the revision can express the
/// form; renders the form for that revision; sends it; and validates the
/// answer against the form, every failing field at once. On a
/// [`RequestContext`], the revision and capabilities are the request's own
/// (2026-07-28 carries them in every request), falling back to the
/// session's; on a [`Peer`], they are the session's.
///
/// ```no_run
/// use elicit_rmcp::ServerElicitation;
/// use elicit_runtime::{Elicitable, Elicitation};
/// use rmcp::service::{RequestContext, RoleServer};
///
/// /// Please provide your GitHub username
/// #[derive(Elicitable)]
/// struct GitHub {
///     name: String,
/// }
///
/// async fn whoami(context: RequestContext<RoleServer>) -> String {
///     match context.elicit_form::<GitHub>("Who are you on GitHub?").await {
///         Ok(Elicitation::Accept(user)) => format!("hello {}", user.name),
///         Ok(Elicitation::Decline | Elicitation::Cancel) => "maybe later".into(),
///         Err(error) => error.to_string(),
///     }
/// }
/// ```
pub trait ServerElicitation: sealed::Sealed + Sync {
    /// The elicitor for this client: the negotiated revision and the
    /// client's declared `elicitation` capability.
    ///
    /// # Errors
    ///
    /// [`RmcpElicitError::NotInitialized`] before `initialize`;
    /// [`RmcpElicitError::Version`] for a version without elicitation;
    /// [`RmcpElicitError::Request`] when the client declared no
    /// `elicitation` capability.
    fn elicitor(&self) -> Result<Elicitor, RmcpElicitError>;

    /// The peer requests are sent to.
    fn server_peer(&self) -> &Peer<RoleServer>;

    /// Sends a request built by [`ServerElicitation::elicitor`] and returns
    /// the client's result as it came, waiting at most `timeout` (`None`:
    /// rmcp's default, no limit). (Named apart from rmcp's inherent
    /// `Peer::send_request`, which takes its own request type.)
    ///
    /// # Errors
    ///
    /// [`RmcpElicitError::Request`] for a 2026-07-28 request (servers ask
    /// through an input-required result there);
    /// [`RmcpElicitError::Timeout`], [`RmcpElicitError::Service`];
    /// [`RmcpElicitError::Result`] for a malformed result.
    fn send_elicitation(
        &self,
        request: &CheckedRequest,
        timeout: Option<Duration>,
    ) -> impl Future<Output = Result<ElicitResult, RmcpElicitError>> + Send {
        let request = elicit_request(request);
        async move {
            let mut options = rmcp::service::PeerRequestOptions::no_options();
            options.timeout = timeout;
            let result = self
                .server_peer()
                .send_request_with_option(request?, options)
                .await?
                .await_response()
                .await?;
            elicit_result(result)
        }
    }

    /// Asks the user to fill in the form `T` and reads the answer.
    ///
    /// # Errors
    ///
    /// As [`ServerElicitation::elicit_form_within`].
    fn elicit_form<T: FormMode>(
        &self,
        message: impl Into<String>,
    ) -> impl Future<Output = Result<Elicitation<T>, RmcpElicitError>> + Send {
        self.elicit_form_within(message, None)
    }

    /// Asks the user to fill in the form `T`, waiting at most `timeout`.
    ///
    /// # Errors
    ///
    /// [`RmcpElicitError::Request`] when the client did not declare form
    /// mode, the revision cannot express `T`, or the revision is
    /// 2026-07-28 (ask through a [`ServerFlow`](crate::ServerFlow));
    /// [`RmcpElicitError::Timeout`]; [`RmcpElicitError::Service`] when the
    /// request could not be delivered or the client answered an error;
    /// [`RmcpElicitError::Result`] when the result is malformed or the
    /// content breaks the form (with every field error).
    fn elicit_form_within<T: FormMode>(
        &self,
        message: impl Into<String>,
        timeout: Option<Duration>,
    ) -> impl Future<Output = Result<Elicitation<T>, RmcpElicitError>> + Send {
        let request = self
            .elicitor()
            .and_then(|elicitor| Ok(elicitor.form::<T>(message)?));
        async move {
            let request = request?;
            let result = self.send_elicitation(&request, timeout).await?;
            Ok(request.read::<T>(&result)?)
        }
    }

    /// Asks the user to open `url` (URL mode, from 2025-11-25), with a
    /// fresh `elicitationId`, given back as the visit of
    /// [`UrlConsent::Consented`].
    ///
    /// # Errors
    ///
    /// [`RmcpElicitError::Request`] when the client did not declare URL
    /// mode, the revision has none, or `url` is not an `https` page
    /// ([`UrlPolicy::Https`](elicit_runtime::protocol::UrlPolicy::Https): any other
    /// scheme, `http` included, is refused); and
    /// the transport errors of [`ServerElicitation::send_elicitation`].
    fn elicit_via_url(
        &self,
        message: impl Into<String>,
        url: impl Into<String>,
    ) -> impl Future<Output = Result<UrlConsent, RmcpElicitError>> + Send {
        let request = self
            .elicitor()
            .and_then(|elicitor| Ok(elicitor.url(message, url)?));
        async move {
            let request = request?;
            let result = self.send_elicitation(&request, None).await?;
            Ok(UrlConsent::from_action(
                result.action,
                request.elicitation_id().cloned(),
            ))
        }
    }
}

impl ServerElicitation for Peer<RoleServer> {
    fn elicitor(&self) -> Result<Elicitor, RmcpElicitError> {
        let info = self.peer_info().ok_or(RmcpElicitError::NotInitialized)?;
        elicitor_for(Some(&info.protocol_version), Some(&info.capabilities))
    }

    fn server_peer(&self) -> &Peer<RoleServer> {
        self
    }
}

impl ServerElicitation for RequestContext<RoleServer> {
    fn elicitor(&self) -> Result<Elicitor, RmcpElicitError> {
        elicitor_for(
            self.protocol_version().as_ref(),
            self.client_capabilities().as_ref(),
        )
    }

    fn server_peer(&self) -> &Peer<RoleServer> {
        &self.peer
    }
}

/// The elicitor for a client that negotiated `version` and declared
/// `capabilities`.
fn elicitor_for(
    version: Option<&mcp::ProtocolVersion>,
    capabilities: Option<&mcp::ClientCapabilities>,
) -> Result<Elicitor, RmcpElicitError> {
    let version = version.ok_or(RmcpElicitError::NotInitialized)?;
    let revision = Revision::parse(version.as_str()).map_err(|error| RmcpElicitError::Version {
        version: elicit_runtime::__integration::Excerpt(version.as_str()).to_string(),
        error,
    })?;
    let capability = capabilities
        .and_then(capability_from_rmcp)
        .ok_or(RequestError::ElicitationNotDeclared)?;
    Ok(Elicitor::new(revision, capability))
}

/// `request` as rmcp's `elicitation/create`, refused for a revision
/// without server-to-client requests.
pub(super) fn elicit_request(
    request: &CheckedRequest,
) -> Result<mcp::ServerRequest, RmcpElicitError> {
    let revision = request.revision();
    if revision.uses_input_required() {
        return Err(RequestError::NoServerRequest { revision }.into());
    }
    let params = request_to_rmcp(request)?;
    Ok(mcp::ServerRequest::ElicitRequest(mcp::ElicitRequest::new(
        params,
    )))
}

/// The client's result of `elicitation/create`, read and checked.
pub(super) fn elicit_result(result: mcp::ClientResult) -> Result<ElicitResult, RmcpElicitError> {
    match result {
        mcp::ClientResult::ElicitResult(result) => {
            result_from_rmcp(&result).map_err(|error| ElicitError::MalformedResult(error).into())
        }
        _ => Err(rmcp::ServiceError::UnexpectedResponse.into()),
    }
}
