//! The page's anti-forgery token refuses a wrong token alike wherever it
//! differs (its comparison's structure is checked by the runtime's
//! `tests/constant_time.rs`).

use elicit_runtime::state::Binding;
use elicit_web::store::{MemoryStore, NewVisit, VisitStore};

/// A token wrong in its first byte, in its last, in its length, or empty,
/// is refused alike; the right one is taken.
#[tokio::test]
async fn a_token_wrong_anywhere_is_refused_alike() {
    let store = MemoryStore::new(10);
    let created = store
        .create(NewVisit::new(&Binding::tool("pay", None), "card"))
        .await
        .unwrap();
    let token = created.csrf.expose().to_owned();
    let changed = |at: usize| {
        let mut bytes = token.clone().into_bytes();
        bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
        String::from_utf8(bytes).unwrap()
    };
    let last = token.len() - 1;
    for wrong in [
        changed(0),
        changed(last),
        token[..last].to_owned(),
        format!("{token}A"),
        String::new(),
    ] {
        assert!(!created.csrf.matches(&wrong), "{wrong}");
    }
    assert!(created.csrf.matches(&token));
}
