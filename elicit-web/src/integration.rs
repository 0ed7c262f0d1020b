//! What `elicit-rmcp` uses of the hosted forms beyond their public API:
//! the page's link token, a visit closed however a flow stops waiting,
//! whether a client is sent to a page. Not for applications: not covered
//! by semantic versioning.

use elicit_runtime::state::{Binding, Principal, StateKeys};
use elicit_runtime::{Elicitable, Elicitation};

pub use crate::flow::{page_first, url_mode, web_error};
use crate::forms::{WebError, WebForms};
pub use crate::link::LinkToken;
pub use crate::open_visit::OpenVisit;
use crate::store::VisitId;

/// The keys the forms seal with: a page's link token is sealed with them.
pub fn keys(web: &WebForms) -> &StateKeys {
    web.keys()
}

/// The answer of `visit`, made for the form `key` and the request and
/// user of `binding`, taken once and read as the form `T`; `None` while
/// the page is not submitted.
///
/// # Errors
///
/// [`WebError::Mismatch`] for a visit made for another request, user
/// or form, [`WebError::Store`] with
/// [`StoreError::Closed`](crate::store::StoreError::Closed) once the
/// visit is closed, [`WebError::Invalid`] for an answer no longer valid.
pub async fn take_typed<T: Elicitable>(
    web: &WebForms,
    visit: VisitId,
    key: &str,
    binding: &Binding,
    principal: &Principal,
) -> Result<Option<Elicitation<T>>, WebError> {
    match web.take(visit, key, binding, principal).await? {
        Some(answered) => answered.typed().map(Some),
        None => Ok(None),
    }
}
