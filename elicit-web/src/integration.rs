//! What `elicit-rmcp` uses of the hosted forms beyond their public API:
//! the page's link token, a visit closed however a flow stops waiting,
//! whether a client is sent to a page. Not for applications: not covered
//! by semantic versioning.

use elicit_runtime::state::StateKeys;

pub use crate::flow::{page_first, url_mode, web_error};
use crate::forms::WebForms;
pub use crate::link::LinkToken;
pub use crate::open_visit::OpenVisit;

/// The keys the forms seal with: a page's link token is sealed with them.
pub fn keys(web: &WebForms) -> &StateKeys {
    web.keys()
}
