//! The token a form's app sends back with the user's answers (`rmcp` with
//! `app`): sealed with the flows' keys for the tool, the user and the
//! form's key, so that arguments a model or a host's tool form wrote do
//! not pass for the user's own answers.

use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use elicit_runtime::__integration::{Kind, seal};
use elicit_runtime::state::{Binding, Principal, StateKeys, TokenId};

/// What the token holds: the form it answers.
#[derive(Serialize, Deserialize)]
struct AppToken {
    key: String,
}

/// The binding of the app's token: the tool (whatever its arguments: the
/// app sends the answers as arguments), for the user.
fn binding(tool: &str, principal: &Principal) -> Binding {
    Binding::tool(tool, None).bound_to(principal)
}

/// A token for the app of `tool`'s form `key`, for `principal`; `None`
/// when it cannot be sealed (the app then asks without one, and the user
/// is asked to send the form again).
pub(super) fn seal(
    keys: &StateKeys,
    tool: &str,
    principal: &Principal,
    key: &str,
) -> Option<String> {
    let token = AppToken {
        key: key.to_owned(),
    };
    let now = SystemTime::now();
    seal::seal_kind(keys, Kind::App, &binding(tool, principal), 0, &token, now).ok()
}

/// The id and expiry of `token`, when it was sealed for the app of
/// `tool`'s form `key`, for `principal`, and is not expired: the arguments
/// it came with are the user's answers in the app, and `once` records the
/// id so that the same answers sent again (a retry) act once.
pub(super) fn opens(
    keys: &StateKeys,
    token: &str,
    tool: &str,
    principal: &Principal,
    key: &str,
) -> Option<(TokenId, SystemTime)> {
    let binding = binding(tool, principal);
    seal::open_kind::<AppToken>(keys, Kind::App, &binding, token, SystemTime::now())
        .ok()
        .filter(|opened| opened.state.key == key)
        .map(|opened| (opened.token_id, opened.expires_at))
}
