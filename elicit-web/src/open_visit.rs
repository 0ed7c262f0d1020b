//! A visit a flow is waiting for, closed however the flow stops waiting:
//! by [`OpenVisit::close`] when it gives up, and when it is dropped
//! unsettled (an error, a cancelled call, an aborted task).

use crate::forms::{Answered, Closing};
use crate::forms::{WebError, WebForms};
use crate::store::{StoreError, VisitId, VisitStore};
use elicit_runtime::state::{Binding, Principal};
use elicit_runtime::{Elicitable, Elicitation};

/// A visit a flow made and waits for. Until it is settled
/// ([`OpenVisit::keep_open`], [`OpenVisit::done`], `OpenVisit::close` or
/// [`OpenVisit::give_up`]), dropping it closes the visit on a task of its
/// own, its answer dropped if the page was submitted: no one is left to
/// read it.
#[must_use = "a visit dropped unsettled is closed"]
pub struct OpenVisit {
    web: WebForms,
    id: VisitId,
    settled: bool,
}

impl OpenVisit {
    /// The visit `id` of `web`, closed if dropped unsettled.
    pub fn new(web: &WebForms, id: VisitId) -> OpenVisit {
        OpenVisit {
            web: web.clone(),
            id,
            settled: false,
        }
    }

    /// The visit's id.
    pub fn id(&self) -> VisitId {
        self.id
    }

    /// Settled open: the flow's next round waits for it (2026-07-28).
    pub fn keep_open(mut self) {
        self.settled = true;
    }

    /// Settled with nothing to close: its answer read, or the visit closed
    /// or expired already.
    pub fn done(mut self) {
        self.settled = true;
    }

    /// `OpenVisit::close`, read as the form `T`: the submitted answer,
    /// or `given_up` (declined, or cancelled) once closed unanswered.
    ///
    /// # Errors
    ///
    /// As `OpenVisit::close`.
    pub async fn give_up<T: Elicitable>(
        self,
        key: &str,
        binding: &Binding,
        principal: &Principal,
        given_up: Elicitation<T>,
    ) -> Result<Elicitation<T>, WebError> {
        match self.close(key, binding, principal).await? {
            Some(answered) => answered.typed(),
            None => Ok(given_up),
        }
    }

    /// Closes the visit the flow gives up on (`key`'s form, for the request
    /// and user of `binding`, who is `principal`): `None` once closed
    /// unanswered, or the answer when the page was submitted first, read as
    /// [`WebForms::answer`] reads it. The store failing to close (Redis
    /// unreachable) leaves the visit to expire, and the flow gives up all
    /// the same (`None`).
    ///
    /// # Errors
    ///
    /// A submitted answer that cannot be read: taken by another
    /// ([`WebError::Store`]), not opening or not a valid form
    /// ([`WebError::Sealed`], [`WebError::Invalid`]); a visit made for
    /// another request ([`WebError::Mismatch`]).
    pub(crate) async fn close(
        mut self,
        key: &str,
        binding: &Binding,
        principal: &Principal,
    ) -> Result<Option<Answered>, WebError> {
        let closing = self
            .web
            .close_or_take(self.id, key, binding, principal)
            .await;
        // Settled only now: a flow dropped while closing closes it on drop.
        self.settled = true;
        match closing? {
            Closing::Closed | Closing::Failed(_) => Ok(None),
            Closing::Answered(answered) => Ok(Some(answered)),
        }
    }
}

impl Drop for OpenVisit {
    fn drop(&mut self) {
        if self.settled {
            return;
        }
        // Outside a runtime nothing can be spawned: the visit expires.
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let store = self.web.shared_store();
        let id = self.id;
        runtime.spawn(async move {
            if store.close(id).await == Err(StoreError::AlreadyCompleted) {
                let _ = store.take(id).await;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::OpenVisit;
    use crate::WebForms;
    use crate::store::{MemoryStore, VisitId, VisitState};
    use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};

    fn web() -> WebForms {
        let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
        let visitor = |_: &http::request::Parts| Some(Principal::UNBOUND);
        WebForms::new(MemoryStore::new(10), keys, "https://example.com", visitor).unwrap()
    }

    async fn state_soon(web: &WebForms, id: VisitId, state: VisitState) -> bool {
        for _ in 0..100 {
            if web.store().load(id).await.unwrap().state() == state {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        false
    }

    #[tokio::test]
    async fn a_visit_dropped_unsettled_is_closed_and_a_settled_one_is_not() {
        let web = web();
        let binding = Binding::tool("t", None);
        let dropped = web
            .store()
            .create(crate::store::NewVisit::new(&binding, "f"));
        let dropped = dropped.await.unwrap().id;
        drop(OpenVisit::new(&web, dropped));
        assert!(state_soon(&web, dropped, VisitState::Closed).await);

        let kept = web
            .store()
            .create(crate::store::NewVisit::new(&binding, "f"));
        let kept = kept.await.unwrap().id;
        OpenVisit::new(&web, kept).keep_open();
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert_eq!(
            web.store().load(kept).await.unwrap().state(),
            VisitState::Pending
        );
    }
}
