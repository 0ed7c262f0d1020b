//! The example server with its demo login on, for two users, Alice and
//! Bob (`ELICIT_DEMO_USERS`): what a test of one user's reach into
//! another's flows and tasks starts from.

use elicit_runtime::state::StateKey;

use super::http_server::ServerProcess;

/// Alice's bearer token.
pub const ALICE: &str = "alice-token-0123456789abcdef";
/// Bob's bearer token.
pub const BOB: &str = "bob-token-fedcba9876543210";

/// The example server with a fresh key for the deployment `deployment`,
/// and the demo login on for Alice and Bob.
pub fn start(deployment: &str) -> ServerProcess {
    let key = StateKey::generate().unwrap().expose_base64();
    let users = format!("alice={ALICE},bob={BOB}");
    ServerProcess::start(&[
        ("ELICIT_STATE_KEYS", &key),
        ("ELICIT_STATE_CONTEXT", deployment),
        ("ELICIT_DEMO_USERS", &users),
    ])
}
