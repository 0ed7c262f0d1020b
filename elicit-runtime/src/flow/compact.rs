//! The bytes a flow seals: its [`Carried`] state in a compact binary
//! layout, not JSON, so that the token (base64 of them, 4/3 of their
//! length) stays close to the length of the state's JSON. Not compressed:
//! the length of a compressed state would tell the client, who chose part
//! of it, about the rest.
//!
//! | bytes | what |
//! |---|---|
//! | n, then each answer | key, request digest (32), response |
//! | n, then each attempt count | key, count |
//! | n, then each request asked | key, request digest (32) |
//! | n, then each visit | key, visit id |
//! | text | the tool's values, as a JSON object (empty: nothing) |
//!
//! Counts and lengths are LEB128 varints; a key, a visit id or a text is
//! its length and its UTF-8 bytes. A response is one byte and then, for
//! `1`, the JSON of an `accept`'s content; `2` a `decline`, `3` a
//! `cancel`; `0` any other response, as JSON text. Every JSON text is
//! checked against the ring's limits when sealed and again when opened,
//! and read straight into its type.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use zeroize::Zeroizing;

use super::carried::{Answered, Carried};
use super::digest::RequestDigest;
use crate::protocol::ElicitationId;
use crate::state::{Part, SealError, StateError, StateKeys, UnreadableState};

/// A response: something other than the three below, as JSON text.
const RAW: u8 = 0;
/// `{"action": "accept", "content": {...}}`, the content as JSON text.
const ACCEPT: u8 = 1;
/// `{"action": "decline"}`.
const DECLINE: u8 = 2;
/// `{"action": "cancel"}`.
const CANCEL: u8 = 3;

impl Carried {
    /// The bytes to seal, each JSON text in them checked against `keys`'
    /// limits (what would not open is refused now).
    pub(super) fn encode(&self, keys: &StateKeys) -> Result<Zeroizing<Vec<u8>>, SealError> {
        let mut out = Zeroizing::new(Vec::with_capacity(256));
        count(&mut out, self.answers.len());
        for (key, answered) in &self.answers {
            text(&mut out, key);
            out.extend_from_slice(answered.request.as_bytes());
            response(&mut out, keys, &answered.response)?;
        }
        count(&mut out, self.attempts.len());
        for (key, attempts) in &self.attempts {
            text(&mut out, key);
            count(&mut out, *attempts as usize);
        }
        count(&mut out, self.asked.len());
        for (key, digest) in &self.asked {
            text(&mut out, key);
            out.extend_from_slice(digest.as_bytes());
        }
        count(&mut out, self.visits.len());
        for (key, visit) in &self.visits {
            text(&mut out, key);
            text(&mut out, visit.as_str());
        }
        if self.values.is_empty() {
            count(&mut out, 0);
        } else {
            json(&mut out, keys, &self.values)?;
        }
        Ok(out)
    }

    /// The state in `bytes`, authentic, read within `keys`' limits.
    pub(super) fn decode(bytes: &[u8], keys: &StateKeys) -> Result<Carried, StateError> {
        let mut reader = Reader { bytes };
        let mut carried = Carried::default();
        for _ in 0..reader.count()? {
            let key = reader.text()?;
            let request = reader.digest()?;
            let response = reader.response(keys)?;
            insert(&mut carried.answers, key, Answered { request, response })?;
        }
        for _ in 0..reader.count()? {
            let key = reader.text()?;
            let attempts = u32::try_from(reader.varint()?).map_err(|_| shape())?;
            insert(&mut carried.attempts, key, attempts)?;
        }
        for _ in 0..reader.count()? {
            let key = reader.text()?;
            let digest = reader.digest()?;
            insert(&mut carried.asked, key, digest)?;
        }
        for _ in 0..reader.count()? {
            let key = reader.text()?;
            let visit = ElicitationId::new(reader.text()?);
            insert(&mut carried.visits, key, visit)?;
        }
        let values = reader.slice()?;
        if !values.is_empty() {
            carried.values = keys.read_sealed::<Map<String, Value>>(values)?;
        }
        if !reader.bytes.is_empty() {
            return Err(shape());
        }
        Ok(carried)
    }
}

/// Seals `state` as a flow's carried state, for the fuzz targets only
/// (built with `--cfg fuzzing`): they reach what a flow does with an
/// authentic state, which no client can forge. JSON in the shape of the
/// carried state is sealed in the flow's own layout; anything else is
/// sealed as its JSON text, authentic bytes of another layout.
#[cfg(fuzzing)]
pub fn seal_flow_for_fuzzing(
    keys: &StateKeys,
    binding: &crate::state::Binding,
    round: u32,
    state: &Value,
) -> Result<String, SealError> {
    let bytes = match serde_json::from_value::<Carried>(state.clone()) {
        Ok(carried) => carried.encode(keys)?,
        Err(_) => Zeroizing::new(serde_json::to_vec(state).map_err(SealError::Unserializable)?),
    };
    let now = std::time::SystemTime::now();
    keys.seal_bytes(crate::state::Kind::Flow, binding, round, &bytes, now)
}

/// A flow's carried state held for the benchmarks, which seal and open it
/// as a flow does without running a tool. Not part of the API: it may
/// change or go in any release.
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq)]
pub struct CarriedForBenches(Carried);

impl CarriedForBenches {
    /// The state from its JSON (the shape `serde_json` gives it).
    ///
    /// # Errors
    ///
    /// The JSON is not in the carried state's shape.
    pub fn from_json(json: &str) -> Result<CarriedForBenches, serde_json::Error> {
        serde_json::from_str(json).map(CarriedForBenches)
    }

    /// The state's JSON, as `serde_json` writes it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.0).unwrap_or_default()
    }

    /// Sealed as a flow seals it (its layout, the flow's kind of payload),
    /// for `binding` at `round`.
    ///
    /// # Errors
    ///
    /// As a flow's seal.
    pub fn seal(
        &self,
        keys: &StateKeys,
        binding: &crate::state::Binding,
        round: u32,
    ) -> Result<String, SealError> {
        let bytes = self.0.encode(keys)?;
        let now = std::time::SystemTime::now();
        keys.seal_bytes(crate::state::Kind::Flow, binding, round, &bytes, now)
    }

    /// Opened as a flow opens it.
    ///
    /// # Errors
    ///
    /// As a flow's open.
    pub fn open(
        keys: &StateKeys,
        binding: &crate::state::Binding,
        token: &str,
    ) -> Result<CarriedForBenches, StateError> {
        let now = std::time::SystemTime::now();
        let opened = keys.open_with(crate::state::Kind::Flow, binding, token, now, |bytes| {
            Carried::decode(bytes, keys)
        })?;
        Ok(CarriedForBenches(opened.state))
    }
}

/// An authentic state that is not in this layout.
fn shape() -> StateError {
    StateError::Unreadable(UnreadableState::new::<Carried>(Part::Shape))
}

/// Adds `key` once: a layout that names a key twice is not this one.
fn insert<V>(map: &mut BTreeMap<String, V>, key: String, value: V) -> Result<(), StateError> {
    match map.entry(key) {
        Entry::Vacant(entry) => {
            entry.insert(value);
            Ok(())
        }
        Entry::Occupied(_) => Err(shape()),
    }
}

/// Writes a count or a length as a LEB128 varint.
fn count(out: &mut Vec<u8>, mut n: usize) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Writes text: its length, then its bytes.
fn text(out: &mut Vec<u8>, text: &str) {
    count(out, text.len());
    out.extend_from_slice(text.as_bytes());
}

/// Writes a value as JSON text, checked against the limits.
fn json<T: serde::Serialize + ?Sized>(
    out: &mut Vec<u8>,
    keys: &StateKeys,
    value: &T,
) -> Result<(), SealError> {
    let written = Zeroizing::new(serde_json::to_vec(value).map_err(SealError::Unserializable)?);
    keys.check_sealable(&written)?;
    count(out, written.len());
    out.extend_from_slice(&written);
    Ok(())
}

/// Writes a response: its kind, and its content or its text.
fn response(out: &mut Vec<u8>, keys: &StateKeys, response: &Value) -> Result<(), SealError> {
    if let Value::Object(object) = response {
        let action = object.get("action").and_then(Value::as_str);
        match (action, object.get("content"), object.len()) {
            (Some("accept"), Some(content @ Value::Object(_)), 2) => {
                out.push(ACCEPT);
                return json(out, keys, content);
            }
            (Some("decline"), None, 1) => {
                out.push(DECLINE);
                return Ok(());
            }
            (Some("cancel"), None, 1) => {
                out.push(CANCEL);
                return Ok(());
            }
            _ => {}
        }
    }
    out.push(RAW);
    json(out, keys, response)
}

/// Reads the layout from the front of what is left.
struct Reader<'b> {
    bytes: &'b [u8],
}

impl<'b> Reader<'b> {
    fn take(&mut self, n: usize) -> Result<&'b [u8], StateError> {
        if n > self.bytes.len() {
            return Err(shape());
        }
        let (taken, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(taken)
    }

    fn byte(&mut self) -> Result<u8, StateError> {
        Ok(self.take(1)?[0])
    }

    /// A count of items or a length: a varint of at most the bytes left,
    /// so that no count asks for more than there is.
    fn count(&mut self) -> Result<usize, StateError> {
        let n = self.varint()?;
        if n > self.bytes.len() {
            return Err(shape());
        }
        Ok(n)
    }

    /// A LEB128 varint that fits a `usize`.
    fn varint(&mut self) -> Result<usize, StateError> {
        let mut n: usize = 0;
        for shift in (0..usize::BITS).step_by(7) {
            let byte = self.byte()?;
            n |= usize::from(byte & 0x7f)
                .checked_shl(shift)
                .filter(|part| part >> shift == usize::from(byte & 0x7f))
                .ok_or_else(shape)?;
            if byte & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(shape())
    }

    fn slice(&mut self) -> Result<&'b [u8], StateError> {
        let len = self.count()?;
        self.take(len)
    }

    fn text(&mut self) -> Result<String, StateError> {
        let bytes = self.slice()?;
        core::str::from_utf8(bytes)
            .map(str::to_owned)
            .map_err(|_| shape())
    }

    fn digest(&mut self) -> Result<RequestDigest, StateError> {
        let bytes = self.take(32)?;
        let mut digest = [0; 32];
        digest.copy_from_slice(bytes);
        Ok(RequestDigest::from_bytes(digest))
    }

    fn json<T: DeserializeOwned>(&mut self, keys: &StateKeys) -> Result<T, StateError> {
        let bytes = self.slice()?;
        keys.read_sealed(bytes)
    }

    fn response(&mut self, keys: &StateKeys) -> Result<Value, StateError> {
        let action = |action: &str| Value::String(action.to_owned());
        let kind = self.byte()?;
        Ok(match kind {
            RAW => self.json(keys)?,
            ACCEPT => {
                let content: Map<String, Value> = self.json(keys)?;
                let mut object = Map::new();
                object.insert("action".into(), action("accept"));
                object.insert("content".into(), Value::Object(content));
                Value::Object(object)
            }
            DECLINE | CANCEL => {
                let mut object = Map::new();
                let name = if kind == DECLINE { "decline" } else { "cancel" };
                object.insert("action".into(), action(name));
                Value::Object(object)
            }
            _ => return Err(shape()),
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{Answered, Carried, RequestDigest};
    use crate::limits::{LimitError, Limits};
    use crate::protocol::ElicitationId;
    use crate::state::SealError;
    use crate::state::StateError;
    use crate::state::{StateKey, StateKeys};

    fn keys() -> StateKeys {
        StateKeys::new(StateKey::from_bytes(core::array::from_fn(|i| i as u8 ^ 0x5c)).unwrap())
    }

    fn every_part() -> Carried {
        let mut carried = Carried::default();
        for (key, response) in [
            (
                "a",
                json!({ "action": "accept", "content": { "city": "Lisbon" } }),
            ),
            ("b", json!({ "content": { "n": 1 }, "action": "accept" })),
            ("c", json!({ "action": "decline" })),
            ("d", json!({ "action": "cancel" })),
            ("e", json!({ "action": "accept" })),
            (
                "f",
                json!({ "action": "accept", "content": {}, "_meta": 1 }),
            ),
            ("g", json!([1, "two"])),
        ] {
            let request = RequestDigest::from_bytes([key.as_bytes()[0]; 32]);
            carried
                .answers
                .insert(key.into(), Answered { request, response });
        }
        carried.attempts.insert("a".into(), u32::MAX);
        carried.attempts.insert("é".into(), 0);
        carried
            .asked
            .insert("next".into(), RequestDigest::from_bytes([7; 32]));
        carried
            .visits
            .insert("bank".into(), ElicitationId::new("v-1"));
        carried.values.insert("quote".into(), json!(135));
        carried
    }

    #[test]
    fn reads_back_what_it_writes() {
        let keys = keys();
        for carried in [Carried::default(), every_part()] {
            let bytes = carried.encode(&keys).unwrap();
            assert_eq!(Carried::decode(&bytes, &keys).unwrap(), carried);
        }
        // Smaller than its JSON.
        let json = serde_json::to_vec(&every_part()).unwrap();
        assert!(every_part().encode(&keys).unwrap().len() * 10 < json.len() * 7);
    }

    /// Every prefix and every changed byte of a valid layout is read or
    /// refused as unreadable or too large; never a panic.
    #[test]
    fn any_bytes_are_read_or_refused() {
        let keys = keys();
        let bytes = every_part().encode(&keys).unwrap();
        for end in 0..bytes.len() {
            assert!(Carried::decode(&bytes[..end], &keys).is_err(), "{end}");
        }
        for i in 0..bytes.len() {
            for value in [0, 1, 0x7f, 0x80, 0xff] {
                let mut changed = bytes.to_vec();
                changed[i] = value;
                match Carried::decode(&changed, &keys) {
                    Ok(_) | Err(StateError::Unreadable(_) | StateError::TooLarge(_)) => {}
                    Err(other) => panic!("{other:?}"),
                }
            }
        }
        let mut longer = bytes.to_vec();
        longer.push(0);
        assert!(Carried::decode(&longer, &keys).is_err());
    }

    /// What the limits refuse is refused when sealed, and when opened by a
    /// ring with lower limits.
    #[test]
    fn json_parts_keep_to_the_limits() {
        let strict = keys().with_limits(Limits::DEFAULT.max_depth(2));
        let mut carried = Carried::default();
        carried.values.insert("deep".into(), json!([[1]]));
        assert!(matches!(
            carried.encode(&strict),
            Err(SealError::TooLarge(LimitError::Depth { limit: 2 }))
        ));
        let bytes = carried.encode(&keys()).unwrap();
        assert_eq!(
            Carried::decode(&bytes, &strict).unwrap_err(),
            StateError::TooLarge(LimitError::Depth { limit: 2 })
        );
    }
}
