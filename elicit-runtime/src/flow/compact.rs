//! The bytes a flow seals: its [`Carried`] state in a compact binary
//! layout, not JSON, so that the token (base64 of them, 4/3 of their
//! length) stays close to the length of the state's JSON. Not compressed:
//! the length of a compressed state would tell the client, who chose part
//! of it, about the rest.
//!
//! | bytes | what |
//! |---|---|
//! | 0, or 1 and the flow's first round | its state's token id (16), expiry (5: seconds since the Unix epoch, big-endian) |
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
//! checked against the ring's limits when written, and again when read
//! straight into its type: opening reads the layout and keeps each
//! response and the values as their bytes, read only when the flow first
//! reads them, and sealed again as those bytes while unchanged.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::ops::Range;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};
use zeroize::Zeroizing;

use super::carried::{Answered, Carried, FirstRound};
use super::digest::RequestDigest;
use super::lazy::{Lazy, Payload};
use crate::limits::Limits;
use crate::protocol::ElicitationId;
use crate::state::{
    Binding, Kind, Part, SealError, StateError, StateKeys, TokenId, UnreadableState, Within,
    read_sealed_json,
};

/// The length of a request digest.
const DIGEST_LEN: usize = 32;
/// The length of a token id.
const TOKEN_ID_LEN: usize = 16;
/// The length of a time: seconds since the Unix epoch, big-endian.
const TIME_LEN: usize = 5;
/// No first round (a state sealed by the first round itself).
const NO_FIRST: u8 = 0;
/// A first round: its token id and expiry.
const FIRST: u8 = 1;
/// A response: something other than the three below, as JSON text.
const RAW: u8 = 0;
/// `{"action": "accept", "content": {...}}`, the content as JSON text.
const ACCEPT: u8 = 1;
/// `{"action": "decline"}`.
const DECLINE: u8 = 2;
/// `{"action": "cancel"}`.
const CANCEL: u8 = 3;

impl Carried {
    /// The layout's bytes, as [`Carried::seal`] writes them into the
    /// buffer it seals.
    #[cfg(test)]
    pub(super) fn encode(&self, keys: &StateKeys) -> Result<Zeroizing<Vec<u8>>, SealError> {
        let (responses, values, len) = self.pieces(keys)?;
        let mut out = Zeroizing::new(Vec::with_capacity(len));
        self.write(&mut Within::new(&mut out, len), &responses, &values);
        debug_assert_eq!(out.len(), len, "the length reserved is the length written");
        Ok(out)
    }

    /// Sealed for `binding` at `round`, expiring with the flow's first
    /// round if it has one. A response or the tool's values
    /// unchanged since the state was opened are written as the bytes they
    /// were opened from; every other JSON text is written now and checked
    /// against `keys`' limits (what would not open is refused now). The
    /// layout is written once, straight into the buffer the keys encrypt in
    /// place, reserved whole before the first byte: growing it, or a copy
    /// of its own, would leave plaintext behind, unwiped.
    pub(super) fn seal(
        &self,
        keys: &StateKeys,
        binding: &Binding,
        round: u32,
        now: SystemTime,
    ) -> Result<String, SealError> {
        let (responses, values, len) = self.pieces(keys)?;
        let expires_by = self.first.map(|first| first.expires_at);
        keys.seal_written(Kind::Flow, binding, round, len, now, expires_by, |out| {
            self.write(out, &responses, &values);
        })
    }

    /// The responses and the values as they will be written (kept bytes,
    /// or JSON written and checked now), and the layout's length.
    fn pieces(&self, keys: &StateKeys) -> Result<(Vec<Piece<'_>>, Piece<'_>, usize), SealError> {
        let responses = self
            .answers
            .values()
            .map(|answered| Piece::response(&answered.response, keys))
            .collect::<Result<Vec<_>, _>>()?;
        let values = Piece::values(&self.values, keys)?;
        let len = self.encoded_len(&responses, &values);
        Ok((responses, values, len))
    }

    /// Appends the layout to `out`, with `responses` and `values` from
    /// [`Carried::pieces`].
    fn write(&self, out: &mut Within<'_>, responses: &[Piece<'_>], values: &Piece<'_>) {
        match &self.first {
            None => out.push(NO_FIRST),
            Some(first) => {
                out.push(FIRST);
                out.extend_from_slice(first.id.as_bytes());
                out.extend_from_slice(&secs(first.expires_at).to_be_bytes()[8 - TIME_LEN..]);
            }
        }
        count(out, self.answers.len());
        for ((key, answered), response) in self.answers.iter().zip(responses) {
            text(out, key);
            out.extend_from_slice(answered.request.as_bytes());
            response.write(out);
        }
        count(out, self.attempts.len());
        for (key, attempts) in &self.attempts {
            text(out, key);
            count(out, *attempts as usize);
        }
        count(out, self.asked.len());
        for (key, digest) in &self.asked {
            text(out, key);
            out.extend_from_slice(digest.as_bytes());
        }
        count(out, self.visits.len());
        for (key, visit) in &self.visits {
            text(out, key);
            text(out, visit.as_str());
        }
        values.write(out);
    }

    /// The length of the layout, with `responses` and `values` as written.
    fn encoded_len(&self, responses: &[Piece<'_>], values: &Piece<'_>) -> usize {
        let text_len = |text: &str| count_len(text.len()) + text.len();
        let answers: usize = self
            .answers
            .keys()
            .zip(responses)
            .map(|(key, response)| text_len(key) + DIGEST_LEN + response.len())
            .sum();
        let attempts: usize = self
            .attempts
            .iter()
            .map(|(key, attempts)| text_len(key) + count_len(*attempts as usize))
            .sum();
        let asked: usize = self
            .asked
            .keys()
            .map(|key| text_len(key) + DIGEST_LEN)
            .sum();
        let visits: usize = self
            .visits
            .iter()
            .map(|(key, visit)| text_len(key) + text_len(visit.as_str()))
            .sum();
        let first = match self.first {
            None => 1,
            Some(_) => 1 + TOKEN_ID_LEN + TIME_LEN,
        };
        first
            + count_len(self.answers.len())
            + answers
            + count_len(self.attempts.len())
            + attempts
            + count_len(self.asked.len())
            + asked
            + count_len(self.visits.len())
            + visits
            + values.len()
    }

    /// The state in `payload` of the `opened` buffer, authentic. Its
    /// layout is read now; the JSON of its responses and of the tool's
    /// values is kept where it is, in the buffer (shared by the parts,
    /// wiped when the last goes), and read within `keys`' limits when the
    /// flow first reads it.
    pub(super) fn decode(
        opened: Zeroizing<Vec<u8>>,
        payload: Range<usize>,
        keys: &StateKeys,
    ) -> Result<Carried, StateError> {
        let limits = keys.limits();
        let opened: Payload = Arc::new(opened);
        let bytes = opened.get(payload.clone()).ok_or_else(shape)?;
        let mut reader = Reader { bytes };
        let at = |reader: &Reader<'_>| payload.end - reader.bytes.len();
        let mut carried = Carried {
            first: reader.first()?,
            ..Carried::default()
        };
        for _ in 0..reader.count()? {
            let key = reader.text()?;
            let request = reader.digest()?;
            let start = at(&reader);
            reader.skip_response()?;
            let response = Lazy::opened(&opened, start..at(&reader), limits, read_response);
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
        let start = at(&reader);
        if !reader.slice()?.is_empty() {
            carried.values = Lazy::opened(&opened, start..at(&reader), limits, read_values);
        }
        if !reader.bytes.is_empty() {
            return Err(shape());
        }
        Ok(carried)
    }
}

/// A kept response (its kind, and its text if any) read within `limits`.
fn read_response(bytes: &[u8], limits: &Limits) -> Result<Value, StateError> {
    let mut reader = Reader { bytes };
    let response = reader.response(limits)?;
    reader.end()?;
    Ok(response)
}

/// The tool's kept values (their text's length, then the text) read
/// within `limits`.
fn read_values(bytes: &[u8], limits: &Limits) -> Result<Map<String, Value>, StateError> {
    let mut reader = Reader { bytes };
    let values = reader.json(limits)?;
    reader.end()?;
    Ok(values)
}

/// A response or the tool's values as the layout writes them: the bytes
/// they were opened from, or written now.
enum Piece<'a> {
    /// The bytes opened, unchanged.
    Kept(&'a [u8]),
    /// A response's kind, if a response, then JSON text (with its length),
    /// if any.
    Written(Option<u8>, Option<Zeroizing<Vec<u8>>>),
}

impl<'a> Piece<'a> {
    /// A response: as opened, or its kind and its content or its text.
    fn response(response: &'a Lazy<Value>, keys: &StateKeys) -> Result<Piece<'a>, SealError> {
        let response = match response {
            Lazy::Kept(kept, _) => return Ok(Piece::Kept(kept.bytes())),
            Lazy::Held(response) => response,
        };
        if let Value::Object(object) = response {
            let action = object.get("action").and_then(Value::as_str);
            match (action, object.get("content"), object.len()) {
                (Some("accept"), Some(content @ Value::Object(_)), 2) => {
                    return Ok(Piece::Written(Some(ACCEPT), Some(json(keys, content)?)));
                }
                (Some("decline"), None, 1) => return Ok(Piece::Written(Some(DECLINE), None)),
                (Some("cancel"), None, 1) => return Ok(Piece::Written(Some(CANCEL), None)),
                _ => {}
            }
        }
        Ok(Piece::Written(Some(RAW), Some(json(keys, response)?)))
    }

    /// The tool's values: as opened, or their JSON text (empty: none).
    fn values(
        values: &'a Lazy<Map<String, Value>>,
        keys: &StateKeys,
    ) -> Result<Piece<'a>, SealError> {
        let values = match values {
            Lazy::Kept(kept, _) => return Ok(Piece::Kept(kept.bytes())),
            Lazy::Held(values) => values,
        };
        let text = match values.is_empty() {
            true => Zeroizing::new(Vec::new()),
            false => json(keys, values)?,
        };
        Ok(Piece::Written(None, Some(text)))
    }

    /// How many bytes it writes.
    fn len(&self) -> usize {
        match self {
            Piece::Kept(bytes) => bytes.len(),
            Piece::Written(kind, text) => {
                usize::from(kind.is_some())
                    + text
                        .as_ref()
                        .map_or(0, |text| count_len(text.len()) + text.len())
            }
        }
    }

    fn write(&self, out: &mut Within<'_>) {
        match self {
            Piece::Kept(bytes) => out.extend_from_slice(bytes),
            Piece::Written(kind, text) => {
                if let Some(kind) = kind {
                    out.push(*kind);
                }
                if let Some(text) = text {
                    count(out, text.len());
                    out.extend_from_slice(text);
                }
            }
        }
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
    binding: &Binding,
    round: u32,
    state: &Value,
) -> Result<String, SealError> {
    let now = SystemTime::now();
    match serde_json::from_value::<Carried>(state.clone()) {
        Ok(carried) => carried.seal(keys, binding, round, now),
        Err(_) => {
            let json =
                Zeroizing::new(serde_json::to_vec(state).map_err(SealError::Unserializable)?);
            keys.seal_bytes(Kind::Flow, binding, round, &json, now)
        }
    }
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
        binding: &Binding,
        round: u32,
    ) -> Result<String, SealError> {
        self.0
            .seal(keys, binding, round, std::time::SystemTime::now())
    }

    /// Reads every answer and the tool's values, as a round that reads all
    /// of them does (opening reads none).
    ///
    /// # Errors
    ///
    /// As a flow's first read of them: one breaks the opening ring's
    /// limits or does not read.
    pub fn read_all(&self) -> Result<(), StateError> {
        self.0.read_all()
    }

    /// Opened as a flow opens it.
    ///
    /// # Errors
    ///
    /// As a flow's open.
    pub fn open(
        keys: &StateKeys,
        binding: &Binding,
        token: &str,
    ) -> Result<CarriedForBenches, StateError> {
        let now = SystemTime::now();
        let opened = keys.open_with(Kind::Flow, binding, token, now, |opened, payload| {
            Carried::decode(opened, payload, keys)
        })?;
        Ok(CarriedForBenches(opened.state))
    }
}

/// An authentic state that is not in this layout.
fn shape() -> StateError {
    StateError::Unreadable(UnreadableState::new::<Carried>(Part::Shape))
}

/// Whole seconds since the Unix epoch, as a first round's expiry is kept
/// (opened, it is whole already), at most 40 bits.
fn secs(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
        .min((1 << (8 * TIME_LEN)) - 1)
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
fn count(out: &mut Within<'_>, mut n: usize) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Writes text: its length, then its bytes.
fn text(out: &mut Within<'_>, text: &str) {
    count(out, text.len());
    out.extend_from_slice(text.as_bytes());
}

/// The length of a count or a length as a LEB128 varint.
fn count_len(n: usize) -> usize {
    (usize::BITS - (n | 1).leading_zeros()).div_ceil(7) as usize
}

/// A value as JSON text, checked against the limits.
fn json<T: serde::Serialize + ?Sized>(
    keys: &StateKeys,
    value: &T,
) -> Result<Zeroizing<Vec<u8>>, SealError> {
    let written = Zeroizing::new(serde_json::to_vec(value).map_err(SealError::Unserializable)?);
    keys.check_sealable(&written)?;
    Ok(written)
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

    /// The flow's first round, if the state names one.
    fn first(&mut self) -> Result<Option<FirstRound>, StateError> {
        match self.byte()? {
            NO_FIRST => Ok(None),
            FIRST => {
                let mut id = [0; TOKEN_ID_LEN];
                id.copy_from_slice(self.take(TOKEN_ID_LEN)?);
                let mut time = [0; 8];
                time[8 - TIME_LEN..].copy_from_slice(self.take(TIME_LEN)?);
                let expires_at = UNIX_EPOCH + Duration::from_secs(u64::from_be_bytes(time));
                Ok(Some(FirstRound {
                    id: TokenId::from_bytes(id),
                    expires_at,
                }))
            }
            _ => Err(shape()),
        }
    }

    fn digest(&mut self) -> Result<RequestDigest, StateError> {
        let bytes = self.take(DIGEST_LEN)?;
        let mut digest = [0; DIGEST_LEN];
        digest.copy_from_slice(bytes);
        Ok(RequestDigest::from_bytes(digest))
    }

    fn json<T: DeserializeOwned>(&mut self, limits: &Limits) -> Result<T, StateError> {
        let bytes = self.slice()?;
        read_sealed_json(limits, bytes)
    }

    /// Passes over a response (its kind, and its text if any), unread.
    fn skip_response(&mut self) -> Result<(), StateError> {
        match self.byte()? {
            RAW | ACCEPT => self.slice().map(|_| ()),
            DECLINE | CANCEL => Ok(()),
            _ => Err(shape()),
        }
    }

    fn response(&mut self, limits: &Limits) -> Result<Value, StateError> {
        let action = |action: &str| Value::String(action.to_owned());
        let kind = self.byte()?;
        Ok(match kind {
            RAW => self.json(limits)?,
            ACCEPT => {
                let content: Map<String, Value> = self.json(limits)?;
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

    /// Nothing is left.
    fn end(&self) -> Result<(), StateError> {
        match self.bytes.is_empty() {
            true => Ok(()),
            false => Err(shape()),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use zeroize::Zeroizing;

    use super::{Answered, Carried, RequestDigest};
    use crate::limits::{LimitError, Limits};
    use crate::protocol::ElicitationId;
    use crate::state::SealError;
    use crate::state::StateError;
    use crate::state::{Deployment, StateKey, StateKeys};

    /// The state in `bytes`, opened as from a token's payload.
    fn decode(bytes: &[u8], keys: &StateKeys) -> Result<Carried, StateError> {
        let opened = Zeroizing::new([&[0xee; 3][..], bytes, &[0xee; 2]].concat());
        Carried::decode(opened, 3..3 + bytes.len(), keys)
    }

    fn keys() -> StateKeys {
        StateKeys::new(
            StateKey::from_bytes(core::array::from_fn(|i| i as u8 ^ 0x5c)).unwrap(),
            Deployment::SINGLE,
        )
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
                .insert(key.into(), Answered::new(request, response));
        }
        carried.attempts.insert("a".into(), u32::MAX);
        carried.attempts.insert("é".into(), 0);
        carried
            .asked
            .insert("next".into(), RequestDigest::from_bytes([7; 32]));
        carried
            .visits
            .insert("bank".into(), ElicitationId::new("v-1"));
        carried.first = Some(super::FirstRound {
            id: crate::state::TokenId::from_bytes([0xa5; 16]),
            expires_at: std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_800_003_600),
        });
        let values = carried.values.get_mut().unwrap();
        values.insert("quote".into(), json!(135));
        carried
    }

    #[test]
    fn reads_back_what_it_writes() {
        let keys = keys();
        for carried in [Carried::default(), every_part()] {
            let bytes = carried.encode(&keys).unwrap();
            assert_eq!(decode(&bytes, &keys).unwrap(), carried);
        }
        // Smaller than its JSON.
        let json = serde_json::to_vec(&every_part()).unwrap();
        assert!(every_part().encode(&keys).unwrap().len() * 10 < json.len() * 7);
    }

    /// Every prefix and every changed byte of a valid layout is read or
    /// refused as unreadable or too large, when opened or when its parts
    /// are first read; never a panic.
    #[test]
    fn any_bytes_are_read_or_refused() {
        let keys = keys();
        let bytes = every_part().encode(&keys).unwrap();
        for end in 0..bytes.len() {
            assert!(decode(&bytes[..end], &keys).is_err(), "{end}");
        }
        for i in 0..bytes.len() {
            for value in [0, 1, 0x7f, 0x80, 0xff] {
                let mut changed = bytes.to_vec();
                changed[i] = value;
                let read = decode(&changed, &keys).and_then(|carried| {
                    carried.read_all()?;
                    // What opened and read seals again and opens the same.
                    let again = carried.encode(&keys).unwrap();
                    assert_eq!(decode(&again, &keys).unwrap(), carried);
                    Ok(())
                });
                match read {
                    Ok(()) | Err(StateError::Unreadable(_) | StateError::TooLarge(_)) => {}
                    Err(other) => panic!("{other:?}"),
                }
            }
        }
        let mut longer = bytes.to_vec();
        longer.push(0);
        assert!(decode(&longer, &keys).is_err());
    }

    /// What the limits refuse is refused when sealed, and when read after
    /// opening by a ring with lower limits: the first read of the part
    /// fails, with the opening ring's limits, and other parts still read.
    #[test]
    fn json_parts_keep_to_the_limits() {
        let strict = keys().with_limits(Limits::DEFAULT.max_depth(2));
        let mut carried = Carried::default();
        carried
            .values
            .get_mut()
            .unwrap()
            .insert("deep".into(), json!([[1]]));
        let request = RequestDigest::from_bytes([1; 32]);
        let deep = json!({ "action": "accept", "content": { "x": [[1]] } });
        let shallow = json!({ "action": "accept", "content": { "x": 1 } });
        carried
            .answers
            .insert("deep".into(), Answered::new(request, deep));
        carried
            .answers
            .insert("shallow".into(), Answered::new(request, shallow.clone()));
        assert!(matches!(
            carried.encode(&strict),
            Err(SealError::TooLarge(LimitError::Depth { limit: 2 }))
        ));
        let bytes = carried.encode(&keys()).unwrap();
        let opened = decode(&bytes, &strict).unwrap();
        let too_deep = StateError::TooLarge(LimitError::Depth { limit: 2 });
        assert_eq!(opened.values.get().unwrap_err(), too_deep);
        assert_eq!(opened.answers["deep"].response.get().unwrap_err(), too_deep);
        assert_eq!(opened.answers["shallow"].response.get().unwrap(), &shallow);
        assert_eq!(opened.read_all().unwrap_err(), too_deep);
        // Unread, it seals again as it was opened.
        assert_eq!(opened.encode(&strict).unwrap(), bytes);
    }

    /// Opening parses no answer and no value; a state opened and sealed
    /// again unchanged is the very bytes it was opened from, read or not;
    /// a changed value or a new answer is written afresh and checked.
    #[test]
    fn parts_left_alone_are_sealed_again_as_opened() {
        let keys = keys();
        let bytes = every_part().encode(&keys).unwrap();
        let opened = decode(&bytes, &keys).unwrap();
        assert!(opened.values.peek().is_none());
        assert!(opened.answers.values().all(|a| a.response.peek().is_none()));
        assert_eq!(opened.encode(&keys).unwrap(), bytes);
        opened.read_all().unwrap();
        assert_eq!(opened.values.peek().unwrap()["quote"], 135);
        assert!(opened.answers.values().all(|a| a.response.kept().is_some()));
        assert_eq!(opened.encode(&keys).unwrap(), bytes);
        assert_eq!(opened, every_part());

        let mut changed = opened.clone();
        changed
            .values
            .get_mut()
            .unwrap()
            .insert("more".into(), json!([1]));
        let request = RequestDigest::from_bytes([9; 32]);
        let answer = json!({ "action": "decline" });
        changed
            .answers
            .insert("h".into(), Answered::new(request, answer));
        assert!(changed.values.kept().is_none());
        let resealed = changed.encode(&keys).unwrap();
        assert_ne!(resealed, bytes);
        assert_eq!(resealed.capacity(), resealed.len());
        let again = decode(&resealed, &keys).unwrap();
        assert_eq!(again, changed);
        assert_eq!(again.values.get().unwrap()["more"], json!([1]));
        // Written now, so checked now.
        let strict = keys.clone().with_limits(Limits::DEFAULT.max_depth(1));
        assert!(matches!(
            changed.encode(&strict),
            Err(SealError::TooLarge(LimitError::Depth { limit: 1 }))
        ));
    }

    /// The buffer is reserved whole: what is sealed never grew it, kept
    /// parts or written ones.
    #[test]
    fn the_buffer_is_reserved_whole() {
        let keys = keys();
        let mut carried = every_part();
        let values = carried.values.get_mut().unwrap();
        for i in 0..40 {
            values.insert(format!("v{i}"), json!("x".repeat(i * 7)));
        }
        for carried in [Carried::default(), every_part(), carried] {
            let bytes = carried.encode(&keys).unwrap();
            assert_eq!(bytes.capacity(), bytes.len());
            let opened = decode(&bytes, &keys).unwrap();
            let again = opened.encode(&keys).unwrap();
            assert_eq!((again.capacity(), &again), (bytes.len(), &bytes));
        }
    }

    /// A later round's state expires when the flow's first round's does,
    /// however late it is sealed: no state of a flow outlives the record
    /// `Flow::once` keeps of the flow. The first round's own state, which
    /// names no first round, lives the ring's lifetime.
    #[test]
    fn a_later_round_expires_with_the_first() {
        use std::time::{Duration, UNIX_EPOCH};

        use super::FirstRound;
        use crate::state::{Binding, Kind, TokenId};

        let keys = keys().with_ttl(Duration::from_secs(3600));
        let binding = Binding::tool("t", None);
        let start = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        let first = FirstRound {
            id: TokenId::from_bytes([7; 16]),
            expires_at: start + Duration::from_secs(3600),
        };
        let later = start + Duration::from_secs(3000);
        let open = |token: &str| {
            keys.open_with(Kind::Flow, &binding, token, later, |opened, payload| {
                Carried::decode(opened, payload, &keys)
            })
            .unwrap()
        };
        let carried = Carried {
            first: Some(first),
            ..Carried::default()
        };
        let opened = open(&carried.seal(&keys, &binding, 2, later).unwrap());
        assert_eq!(opened.expires_at, first.expires_at);
        assert_eq!(opened.state.first, Some(first));
        let opened = open(&Carried::default().seal(&keys, &binding, 1, later).unwrap());
        assert_eq!(opened.expires_at, later + Duration::from_secs(3600));
        assert_eq!(opened.state.first, None);
    }

    /// Authentic values that are not an object open, and are refused as
    /// unreadable when read.
    #[test]
    fn values_that_are_no_object_are_refused_when_read() {
        let keys = keys();
        let mut bytes = Carried::default().encode(&keys).unwrap().to_vec();
        bytes.pop();
        bytes.extend_from_slice(&[3, b'[', b'1', b']']);
        let opened = decode(&bytes, &keys).unwrap();
        assert!(matches!(
            opened.values.get(),
            Err(StateError::Unreadable(_))
        ));
        let mut bytes = bytes[..bytes.len() - 4].to_vec();
        bytes.extend_from_slice(&[7, b'{', b'"', b'a', b'"', b':', b'1', b'}']);
        let opened = decode(&bytes, &keys).unwrap();
        assert_eq!(opened.values.get().unwrap()["a"], json!(1));
    }
}
