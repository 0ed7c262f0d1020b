//! What the hosted pages tell a server's `tracing` subscriber (target
//! `elicit::web`): a page answered, an answer that breaks its form, a page
//! refused and why. Never a visit's id or link, a field's value or a
//! secret.

use crate::pages::Refusal;
use elicit_runtime::__integration::Excerpt;
use elicit_runtime::protocol::Action;
use elicit_runtime::rules::ValidationErrors;

const TARGET: &str = "elicit::web";

/// The page of the form `key` was answered with `action`.
pub(super) fn answered(key: &str, action: Action) {
    tracing::info!(
        target: TARGET,
        form = %Excerpt(key),
        action = action.as_str(),
        "a hosted page was answered"
    );
}

/// A post of the form `key` broke it: shown again with `errors`.
pub(super) fn invalid(key: &str, errors: &ValidationErrors) {
    tracing::info!(
        target: TARGET,
        form = %Excerpt(key),
        fields = %errors.field_names(),
        "a hosted page's answer breaks the form: shown again"
    );
}

/// A page, or its post, was refused.
pub(super) fn refused(refusal: Refusal) {
    match refusal {
        // What an attacker does, or a user sent someone else's link.
        Refusal::Forged | Refusal::OtherUser => tracing::warn!(
            target: TARGET,
            refusal = ?refusal,
            "a hosted page was refused"
        ),
        Refusal::Unavailable => tracing::error!(
            target: TARGET,
            refusal = ?refusal,
            "a hosted page could not be served: the store or sealing failed"
        ),
        _ => tracing::info!(target: TARGET, refusal = ?refusal, "a hosted page was refused"),
    }
}
