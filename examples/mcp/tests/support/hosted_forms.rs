//! Hosted forms for a server whose flows are no one's in particular (an
//! in-memory session, a test server without sign-in): their pages'
//! visitor is unbound too.

use axum::http;
use elicit_mcp::account::{self, ConnectAccount};
use elicit_runtime::state::{Principal, StateKeys};
use elicit_web::WebForms;
use elicit_web::store::MemoryStore;

/// Hosted forms at `https://forms.example.com`, sealed with `keys`, their
/// visits in memory and every visitor unbound; no form yet.
pub fn unbound(keys: &StateKeys) -> WebForms {
    WebForms::new(
        MemoryStore::new(100),
        keys.clone(),
        "https://forms.example.com",
        |_: &http::request::Parts| Some(Principal::UNBOUND),
    )
    .unwrap()
}

/// [`unbound`] with the example server's account form, the page of
/// `connect_account`.
pub fn account(keys: &StateKeys) -> WebForms {
    unbound(keys).form::<ConnectAccount>(account::FORM_KEY)
}
