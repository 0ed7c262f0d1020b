//! Notifications related to a request, on that request's own stream
//! (feature `web`): rmcp's Streamable HTTP session manager
//! sends a notification from a handler on the session's standalone stream
//! (the `GET` one) unless it is a progress or cancellation notification, so
//! `notifications/elicitation/complete` would reach the client there, or
//! nowhere if the client keeps no such stream, and possibly after the tool's
//! result. [`RelatedStreams`] wraps the session manager: each request's
//! stream also carries what the request's handler sends through its
//! [`RelatedStream`], ahead of the response.

use core::pin::Pin;
use core::task::{Context, Poll};
use std::sync::Arc;

use futures::Stream;
use rmcp::model::{ClientJsonRpcMessage, GetExtensions, ServerJsonRpcMessage, ServerNotification};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::transport::common::server_side_http::ServerSseMessage;
use rmcp::transport::streamable_http_server::session::{
    EventStore, RestoreOutcome, SessionId, SessionManager,
};
use tokio::sync::mpsc;

/// A session manager whose request streams also carry the notifications
/// the request's handler relates to it: what `ServerFlow::web_form` sends
/// when the page is submitted (`notifications/elicitation/complete`, on
/// 2025-11-25) then travels on the tool call's own event stream, before
/// its result, where rmcp's own managers would send it on the session's
/// standalone stream. Everything else is the wrapped manager's.
///
/// ```no_run
/// # async fn serve(server: impl rmcp::ServerHandler + Clone + Send + Sync + 'static) {
/// use elicit_rmcp::RelatedStreams;
/// use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
/// use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
///
/// let service = StreamableHttpService::new(
///     move || Ok(server.clone()),
///     RelatedStreams::new(LocalSessionManager::default()).into(),
///     StreamableHttpServerConfig::default(),
/// );
/// let app: axum::Router = axum::Router::new().nest_service("/mcp", service);
/// # let _ = app;
/// # }
/// ```
#[derive(Debug, Default)]
pub struct RelatedStreams<M> {
    inner: M,
}

impl<M> RelatedStreams<M> {
    /// The sessions of `inner`, each request's stream carrying its related
    /// notifications too.
    pub fn new(inner: M) -> RelatedStreams<M> {
        RelatedStreams { inner }
    }
}

/// Where a request's handler sends what it relates to the request: found
/// in the request's extensions when the session manager is
/// [`RelatedStreams`].
#[derive(Debug, Clone)]
pub(crate) struct RelatedStream {
    sender: mpsc::UnboundedSender<ServerJsonRpcMessage>,
}

impl RelatedStream {
    /// The related stream of the request of `context`, if its transport
    /// has one.
    pub(crate) fn of(context: &RequestContext<RoleServer>) -> Option<&RelatedStream> {
        context.extensions.get::<RelatedStream>()
    }

    /// Sends `notification` on the request's stream, ahead of its
    /// response; `false` when the stream is gone (the client left), and
    /// nothing was sent.
    pub(crate) fn send(&self, notification: ServerNotification) -> bool {
        self.sender
            .send(ServerJsonRpcMessage::notification(notification))
            .is_ok()
    }
}

impl<M: SessionManager> SessionManager for RelatedStreams<M> {
    type Error = M::Error;
    type Transport = M::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        self.inner.create_session().await
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        self.inner.initialize_session(id, message).await
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        self.inner.has_session(id).await
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        self.inner.close_session(id).await
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        mut message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        let (sender, related) = mpsc::unbounded_channel();
        if let ClientJsonRpcMessage::Request(request) = &mut message {
            request
                .request
                .extensions_mut()
                .insert(RelatedStream { sender });
        }
        let response = self.inner.create_stream(id, message).await?;
        Ok(WithRelated {
            related: Some(related),
            response: Box::pin(response),
        })
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        self.inner.accept_message(id, message).await
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.inner.create_standalone_stream(id).await
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        self.inner.resume(id, last_event_id).await
    }

    async fn restore_session(
        &self,
        id: SessionId,
    ) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        self.inner.restore_session(id).await
    }

    fn event_store(&self) -> Option<Arc<dyn EventStore>> {
        self.inner.event_store()
    }
}

/// A request's stream: what its handler related to it, each as soon as it
/// is sent and ahead of anything the session sends after it, then the
/// session's messages, to the response, which ends it.
struct WithRelated<S> {
    /// `None` once every sender is gone and nothing is left in it.
    related: Option<mpsc::UnboundedReceiver<ServerJsonRpcMessage>>,
    response: Pin<Box<S>>,
}

impl<S: Stream<Item = ServerSseMessage>> Stream for WithRelated<S> {
    type Item = ServerSseMessage;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        // The related first: each was sent before the handler returned,
        // so before its response could be on the session's stream.
        if let Some(related) = &mut self.related {
            match related.poll_recv(cx) {
                Poll::Ready(Some(message)) => {
                    return Poll::Ready(Some(ServerSseMessage::from_message(message)));
                }
                Poll::Ready(None) => self.related = None,
                Poll::Pending => {}
            }
        }
        self.response.as_mut().poll_next(cx)
    }
}
