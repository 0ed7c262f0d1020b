//! What a flow carries from one round to the next, sealed into
//! `requestState`: the answers so far, the attempts at each form, the keys
//! asked last, and the tool's own values.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The sealed payload of a flow. Short names keep the state small; nothing
/// in it is read before the seal is verified.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(super) struct Carried {
    /// Every usable response so far, by key, as the client sent it.
    #[serde(rename = "a", default, skip_serializing_if = "Map::is_empty")]
    pub(super) answers: Map<String, Value>,
    /// How many answers to each form were read.
    #[serde(rename = "n", default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) attempts: BTreeMap<String, u32>,
    /// The keys of the input requests of the last round: the only keys whose
    /// responses the next retry may carry.
    #[serde(rename = "k", default, skip_serializing_if = "Vec::is_empty")]
    pub(super) asked: Vec<String>,
    /// The tool's own values ([`Flow::carry`](super::Flow::carry)).
    #[serde(rename = "v", default, skip_serializing_if = "Map::is_empty")]
    pub(super) values: Map<String, Value>,
}
