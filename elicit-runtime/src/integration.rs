//! The interface the crates built on the runtime (`elicit-rmcp`,
//! `elicit-web`, `elicit-ask`) use beyond its public API: the few crate
//! items they share with it, named here in one place. Not for
//! applications: nothing here is covered by semantic versioning, and each
//! item may change with any release of the runtime.
//!
//! What crosses the line, by what it is for:
//!
//! - text from the wire written safely in messages: [`Excerpt`],
//!   [`Escaped`].

pub use crate::excerpt::{Escaped, Excerpt};

/// Secrets: compared in constant time, and wiped from content.
pub use crate::secret::constant_time_eq;
pub use crate::secret::zero_all;

/// Sealed payloads of the crates built on the runtime, each of its own
/// kind: a visit's answer and a page's link (`elicit-web`), a form's app's
/// token (`elicit-rmcp`).
#[cfg(feature = "request-state")]
pub use crate::state::seal::Kind;

/// A flow's hosted forms (`elicit-web`): whom a stateless flow is bound
/// to, and a page's answer kept in the flow's state for later rounds.
#[cfg(feature = "request-state")]
pub mod flow {
    use serde_json::Value;

    use crate::flow::{Flow, Stop, UrlNeed};
    use crate::state::{Binding, Principal};

    /// The request and user a stateless flow is bound to.
    pub fn bound(flow: &Flow) -> Option<(&Binding, &Principal)> {
        flow.bound()
    }

    /// Whether an answer is kept under `key`.
    pub fn keeps(flow: &Flow, key: &str) -> bool {
        flow.keeps(key)
    }

    /// The answer kept under `key` for the URL request `need`, if it
    /// answers that very request.
    ///
    /// # Errors
    ///
    /// A refused state part.
    pub fn kept(flow: &mut Flow, key: &str, need: &UrlNeed) -> Result<Option<Value>, Stop> {
        flow.kept(key, need)
    }

    /// Keeps `response` under `key` as the answer to `need`.
    ///
    /// # Errors
    ///
    /// A request that cannot be built.
    pub fn keep(flow: &mut Flow, key: &str, need: &UrlNeed, response: Value) -> Result<(), Stop> {
        flow.keep(key, need, response)
    }

    /// Drops the value carried under `key`.
    ///
    /// # Errors
    ///
    /// A refused state part.
    pub fn uncarry(flow: &mut Flow, key: &str) -> Result<(), Stop> {
        flow.uncarry(key)
    }
}

/// Payloads sealed by the crates built on the runtime, each of its own
/// [`Kind`], and the digests of a binding they store beside a visit.
#[cfg(feature = "request-state")]
pub mod seal {
    use std::time::SystemTime;

    use serde::Serialize;
    use serde::de::DeserializeOwned;

    use super::Kind;
    use crate::state::{Binding, Opened, SealError, StateError, StateKeys};

    /// `state` sealed as a payload of `kind` for `binding`.
    ///
    /// # Errors
    ///
    /// A state that does not serialize or is too large.
    pub fn seal_kind<S: Serialize>(
        keys: &StateKeys,
        kind: Kind,
        binding: &Binding,
        round: u32,
        state: &S,
        now: SystemTime,
    ) -> Result<String, SealError> {
        keys.seal_kind(kind, binding, round, state, now)
    }

    /// A payload of `kind` for `binding`, opened.
    ///
    /// # Errors
    ///
    /// The token's refusal.
    pub fn open_kind<S: DeserializeOwned>(
        keys: &StateKeys,
        kind: Kind,
        binding: &Binding,
        token: &str,
        now: SystemTime,
    ) -> Result<Opened<S>, StateError> {
        keys.open_kind(kind, binding, token, now)
    }

    /// The digest of the request `binding` names.
    pub fn request_digest(binding: &Binding) -> &[u8; 32] {
        binding.request_digest()
    }

    /// The digest of the arguments of `binding`.
    pub fn arguments_digest(binding: &Binding) -> &[u8; 32] {
        binding.arguments_digest()
    }

    /// The digest of the user of `binding`, if bound to one.
    pub fn principal_digest(binding: &Binding) -> Option<&[u8; 32]> {
        binding.principal_digest()
    }
}
