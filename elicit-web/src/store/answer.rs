//! A visit's answer, sealed with the state keys before any store sees it.

use core::fmt;
use std::time::SystemTime;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::VisitId;
use elicit_runtime::__integration::{Kind, seal};
use elicit_runtime::state::{Binding, Principal, SealError, StateError, StateKeys};

/// The method of the binding an answer is sealed for: an answer opens
/// only for its own visit and user.
const VISIT_METHOD: &str = "elicit/visit";

/// A visit's completed answer (the form's content, which may hold
/// secrets), sealed with the server's [`StateKeys`] (XChaCha20-Poly1305)
/// and bound to the visit and its user: a store keeps and moves only this,
/// never the answer in clear. It opens for the same visit and user only,
/// and only within the keys' lifetime ([`StateKeys::with_ttl`], which
/// should be longer than a visit's).
///
/// `Debug` shows its length, nothing of its text.
///
/// ```
/// use elicit_runtime::state::{Deployment, Principal, StateError, StateKey, StateKeys};
/// use elicit_web::store::{SealedAnswer, VisitId};
/// use serde_json::json;
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let visit = VisitId::generate().unwrap();
/// let alice = Principal::user("alice");
/// let answer = json!({ "card": "4111 1111 1111 1111" });
///
/// let sealed = SealedAnswer::seal(&keys, visit, &alice, &answer).unwrap();
/// assert!(!sealed.as_str().contains("4111"));
/// assert_eq!(sealed.open::<serde_json::Value>(&keys, visit, &alice).unwrap(), answer);
///
/// // Another user, or another visit: refused.
/// let mallory = Principal::user("mallory");
/// assert!(matches!(sealed.open::<serde_json::Value>(&keys, visit, &mallory), Err(StateError::Mismatch(_))));
/// let other = VisitId::generate().unwrap();
/// assert!(matches!(sealed.open::<serde_json::Value>(&keys, other, &alice), Err(StateError::Mismatch(_))));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct SealedAnswer(String);

impl SealedAnswer {
    /// Seals `answer` for the visit `visit` of `principal` (the visitor,
    /// whom the page checked with [`Visit::is_for`](super::Visit::is_for)).
    ///
    /// # Errors
    ///
    /// A [`SealError`]: the answer does not serialize, it breaks the keys'
    /// [`Limits`](elicit_runtime::Limits), or there are no random numbers.
    pub fn seal<S: Serialize>(
        keys: &StateKeys,
        visit: VisitId,
        principal: &Principal,
        answer: &S,
    ) -> Result<SealedAnswer, SealError> {
        seal::seal_kind(
            keys,
            Kind::Visit,
            &binding(visit, principal),
            0,
            answer,
            SystemTime::now(),
        )
        .map(SealedAnswer)
    }

    /// Opens the answer of the visit `visit` for `principal` (the flow's
    /// user) and reads it as `S`.
    ///
    /// # Errors
    ///
    /// A [`StateError`]: sealed with other keys ([`StateError::UnknownKey`]),
    /// changed ([`StateError::Tampered`]), expired, for another visit or
    /// user ([`StateError::Mismatch`]), or not an `S`.
    pub fn open<S: DeserializeOwned>(
        &self,
        keys: &StateKeys,
        visit: VisitId,
        principal: &Principal,
    ) -> Result<S, StateError> {
        seal::open_kind(
            keys,
            Kind::Visit,
            &binding(visit, principal),
            &self.0,
            SystemTime::now(),
        )
        .map(|opened| opened.state)
    }

    /// The sealed text, as a store keeps it.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Its length in bytes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it is empty (never, for an answer sealed here).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// An answer as a store kept it; opening checks it.
    #[cfg(feature = "redis")]
    pub(crate) fn from_stored(text: String) -> SealedAnswer {
        SealedAnswer(text)
    }
}

impl fmt::Debug for SealedAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SealedAnswer({} bytes)", self.0.len())
    }
}

/// The binding an answer of `visit` for `principal` is sealed for.
fn binding(visit: VisitId, principal: &Principal) -> Binding {
    Binding::new(VISIT_METHOD, &visit.to_string(), None).bound_to(principal)
}
