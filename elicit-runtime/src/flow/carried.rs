//! What a flow carries from one round to the next, sealed into
//! `requestState`: the answers so far (each with the digest of the request
//! it answers), the attempts at each form, the requests of the last round,
//! the visits of URL requests, and the tool's own values.

use core::fmt;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::digest::RequestDigest;
use crate::protocol::ElicitationId;

/// The sealed payload of a flow. Short names keep the state small; nothing
/// in it is read before the seal is verified, and a member this version
/// does not know is refused rather than skipped.
#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Carried {
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
    #[serde(rename = "v", default, skip_serializing_if = "Map::is_empty")]
    pub(super) values: Map<String, Value>,
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
    pub(super) response: Value,
}

/// Shows the keys, never the answers or the tool's values.
impl fmt::Debug for Carried {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Carried")
            .field("answered", &self.answers.keys().collect::<Vec<_>>())
            .field("attempts", &self.attempts)
            .field("asked", &self.asked.keys().collect::<Vec<_>>())
            .field("visits", &self.visits.keys().collect::<Vec<_>>())
            .field("values", &self.values.keys().collect::<Vec<_>>())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::Carried;

    #[test]
    fn refuses_members_it_does_not_know() {
        let known: Carried = serde_json::from_value(json!({ "v": { "x": 1 } })).unwrap();
        assert_eq!(known.values["x"], 1);
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
