//! A responder that can hold one answer back until told to go on, so that
//! a conformance scenario can send another request while a request's
//! round is open.

use std::sync::{Arc, Mutex, PoisonError};

use elicit_rmcp::{Incoming, Responder};
use elicit_runtime::protocol::ElicitResult;
use tokio::sync::oneshot;

/// The next answer's hold: told when the answer is asked for, released
/// when it may be given.
type Hold = (oneshot::Sender<()>, oneshot::Receiver<()>);

/// Answers through `inner`, after waiting for the hold when one is set.
pub struct Gate<R> {
    inner: R,
    hold: Arc<Mutex<Option<Hold>>>,
}

/// Sets holds on a [`Gate`] that has moved into the client.
#[derive(Clone)]
pub struct GateHandle {
    hold: Arc<Mutex<Option<Hold>>>,
}

impl<R> Gate<R> {
    pub fn new(inner: R) -> (Gate<R>, GateHandle) {
        let hold = Arc::new(Mutex::new(None));
        let handle = GateHandle { hold: hold.clone() };
        (Gate { inner, hold }, handle)
    }
}

impl GateHandle {
    /// Holds the next answer: the first receiver hears when it is asked
    /// for; the sender lets it go (as does dropping it).
    pub fn hold_next(&self) -> (oneshot::Receiver<()>, oneshot::Sender<()>) {
        let (asked, asked_rx) = oneshot::channel();
        let (release, released) = oneshot::channel();
        *self.hold.lock().unwrap_or_else(PoisonError::into_inner) = Some((asked, released));
        (asked_rx, release)
    }
}

impl GateHandle {
    /// Takes back a hold that was never used.
    pub fn clear(&self) {
        self.hold
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
    }
}

impl<R: Responder> Responder for Gate<R> {
    async fn respond(&self, incoming: Incoming) -> ElicitResult {
        let hold = self
            .hold
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some((asked, released)) = hold {
            let _ = asked.send(());
            // Sent or dropped, either way the answer may go.
            let _ = released.await;
        }
        self.inner.respond(incoming).await
    }
}
