//! What a flow carries from one round to the next, sealed into
//! `requestState`: the flow's first round (its id and expiry), the answers
//! so far (each with the digest of the request it answers), the attempts
//! at each form, the requests of the last round, the visits of URL
//! requests, and the tool's own values.

use core::fmt;
use std::collections::BTreeMap;
use std::time::SystemTime;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::digest::RequestDigest;
use super::lazy::Lazy;
use crate::protocol::ElicitationId;
use crate::state::{StateError, TokenId};

/// The sealed payload of a flow. Short names keep the state small; nothing
/// in it is read before the seal is verified, and a member this version
/// does not know is refused rather than skipped. Opened from a token, the
/// answers' responses and the tool's values stay the bytes they were
/// sealed as until the flow reads them ([`Lazy`]).
#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Carried {
    /// The flow's first round, once a state of it was opened: the same in
    /// every later round, and every replay of one. Not in the JSON shape
    /// (the benchmarks' and fuzz targets' way in), which no flow reads.
    #[serde(skip)]
    pub(super) first: Option<FirstRound>,
    /// Every usable response so far, by key, with the request it answers.
    #[serde(rename = "a", default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) answers: BTreeMap<String, Answered>,
    /// How many answers to each form were read.
    #[serde(rename = "n", default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) attempts: BTreeMap<String, u32>,
    /// The requests of the last round, by key: the only responses the next
    /// retry may carry, each read only for the same request.
    #[serde(rename = "k", default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) asked: BTreeMap<String, RequestDigest>,
    /// The visit of each URL request, so that its URL stays the same
    /// across rounds and the tool can look the visit up.
    #[serde(rename = "u", default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) visits: BTreeMap<String, ElicitationId>,
    /// The tool's own values ([`Flow::carry`](super::Flow::carry)).
    #[serde(rename = "v", default, skip_serializing_if = "no_values")]
    pub(super) values: Lazy<Map<String, Value>>,
}

/// The first round of a flow: the [`TokenId`] of the state it sealed,
/// which is the flow's id, and that state's expiry, which is the flow's:
/// every later state of the flow expires by then, so a record of the flow
/// kept until then outlives every state that carries it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct FirstRound {
    /// The id of the first state sealed.
    pub(super) id: TokenId,
    /// When it stops opening, to the second.
    pub(super) expires_at: SystemTime,
}

/// A response, and the digest of the request it answers.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Answered {
    /// The request as it was sent.
    #[serde(rename = "d")]
    pub(super) request: RequestDigest,
    /// The response, as the client sent it.
    #[serde(rename = "r")]
    pub(super) response: Lazy<Value>,
}

impl Answered {
    /// The client's `response` to the request with digest `request`.
    pub(super) fn new(request: RequestDigest, response: Value) -> Answered {
        let response = Lazy::from(response);
        Answered { request, response }
    }
}

impl Carried {
    /// Reads every answer and the tool's values, as a round that reads all
    /// of them does.
    ///
    /// # Errors
    ///
    /// The first that breaks the opening ring's limits or does not read.
    pub(super) fn read_all(&self) -> Result<(), StateError> {
        for answered in self.answers.values() {
            answered.response.get()?;
        }
        self.values.get().map(|_| ())
    }
}

/// Whether there are no values to write (values that do not read are
/// written, to fail).
fn no_values(values: &Lazy<Map<String, Value>>) -> bool {
    matches!(values.get(), Ok(values) if values.is_empty())
}

/// Shows the keys, never the answers or the tool's values.
impl fmt::Debug for Carried {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Carried")
            .field("flow", &self.first.map(|first| first.id))
            .field("answered", &self.answers.keys().collect::<Vec<_>>())
            .field("attempts", &self.attempts)
            .field("asked", &self.asked.keys().collect::<Vec<_>>())
            .field("visits", &self.visits.keys().collect::<Vec<_>>())
            .field("values", &Names(self.values.peek()))
            .finish()
    }
}

/// The names of the tool's values once read, never the values.
struct Names<'a>(Option<&'a Map<String, Value>>);

impl fmt::Debug for Names<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(values) => f.debug_list().entries(values.keys()).finish(),
            None => f.write_str("<not read>"),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::Carried;

    /// A flow is held across `await`s of servers' futures, which must be
    /// `Send`, so what it carries is `Send` and `Sync`.
    #[test]
    fn is_send_and_sync() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Carried>();
        send_sync::<crate::flow::Flow>();
    }

    #[test]
    fn refuses_members_it_does_not_know() {
        let known: Carried = serde_json::from_value(json!({ "v": { "x": 1 } })).unwrap();
        assert_eq!(known.values.get().unwrap()["x"], 1);
        for unknown in [
            json!({ "extra": 1 }),
            json!({ "a": { "k": { "d": "AA", "r": {}, "z": 0 } } }),
        ] {
            assert!(serde_json::from_value::<Carried>(unknown).is_err());
        }
    }

    #[test]
    fn debug_shows_no_answer() {
        let carried: Carried = serde_json::from_value(json!({
            "v": { "iban": "DE89 3704 0044 0532 0130 00" }
        }))
        .unwrap();
        let debug = format!("{carried:?}");
        assert!(debug.contains("iban"), "{debug}");
        assert!(!debug.contains("DE89"), "{debug}");
    }
}
