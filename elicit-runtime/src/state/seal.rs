//! Sealing a state into a token and opening it again: the token layout.

use std::ops::Range;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64_simd::{Out, URL_SAFE_NO_PAD};
use chacha20poly1305::{AeadInOut, Tag, XNonce};
use serde::Serialize;
use serde::de::DeserializeOwned;
use zeroize::Zeroizing;

use super::binding::Digest32;
use super::error::Part;
use super::{
    Binding, Expiry, KeyId, Mismatch, MismatchKind, SealError, StateError, StateKeys, TokenId,
    UnreadableState,
};
use crate::limits::{JsonError, LimitError, Limits};
use crate::protocol::{Purpose, RandomnessError};

/// What every token starts with: the format (`es`, elicit state) and its
/// version (`3`).
///
/// ```
/// use elicit_runtime::state::{Binding, Deployment, StateKey, StateKeys, TOKEN_PREFIX};
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let token = keys.seal(&Binding::tool("t", None), 1, &()).unwrap();
/// assert_eq!(TOKEN_PREFIX, "es3.");
/// assert!(token.starts_with(TOKEN_PREFIX));
/// ```
pub const TOKEN_PREFIX: &str = "es3.";

/// The version, also in the associated data.
const VERSION: u8 = 3;
/// The label of the associated data.
const AAD_LABEL: &[u8] = b"elicit/request-state\0";
const KEY_ID_LEN: usize = 8;
const NONCE_LEN: usize = 24;
const TAG_LEN: usize = 16;
/// The bytes of a time: seconds since the Unix epoch, big-endian, as far
/// as [`MAX_SECS`] (40 bits).
const TIME_LEN: usize = 5;
/// The bytes kept of each part's digest to tell a mismatch apart.
const PART_TAG_LEN: usize = 4;
/// Issued at, expires at, round, binding digest, the tags of the request
/// and the arguments, the principal flag and tag.
const HEADER_LEN: usize = TIME_LEN + TIME_LEN + 4 + 32 + PART_TAG_LEN * 2 + 1 + PART_TAG_LEN;
/// The bytes of the smallest sealed state: a one-byte payload (the JSON
/// text `0`).
const SMALLEST: usize = KEY_ID_LEN + NONCE_LEN + HEADER_LEN + 1 + TAG_LEN;
/// 9999-12-31T23:59:59Z, the latest time sealed: every platform's
/// `SystemTime` holds it.
const MAX_SECS: u64 = 253_402_300_799;

/// What a sealed payload is, authenticated with it (in the associated
/// data): a payload sealed as one kind never opens as another, so a value
/// an application sealed with [`StateKeys::seal`] is no flow state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A state sealed by [`StateKeys::seal`], the application's own.
    State = 1,
    /// What a [`Flow`](crate::flow::Flow) carries between rounds.
    Flow = 2,
    /// A visit's completed answer, kept by a visit store (`elicit-web`).
    Visit = 3,
    /// The token of a hosted page's link given in a tool's result, for a
    /// client without URL mode (`elicit-web`).
    Link = 4,
    /// The token a form's app sends back with the user's answers, which
    /// tells them from arguments a model or a host's tool form wrote
    /// (`elicit-rmcp`).
    App = 5,
}

/// An opened state, with what was sealed beside it.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use elicit_runtime::state::{Binding, Deployment, StateKey, StateKeys};
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE).with_ttl(Duration::from_secs(300));
/// let binding = Binding::tool("book", None);
/// let now = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
/// let token = keys.seal_at(&binding, 2, &vec!["Lisbon"], now).unwrap();
///
/// let opened = keys.open_at::<Vec<String>>(&binding, &token, now).unwrap();
/// assert_eq!(opened.state, ["Lisbon"]);
/// assert_eq!(opened.round, 2);
/// assert_eq!(opened.issued_at, now);
/// assert_eq!(opened.expires_at, now + Duration::from_secs(300));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Opened<S> {
    /// The state.
    pub state: S,
    /// The round it was sealed for, as given to [`StateKeys::seal`].
    pub round: u32,
    /// When it was sealed, to the second (rounded down).
    pub issued_at: SystemTime,
    /// When it stops opening, to the second (rounded up).
    pub expires_at: SystemTime,
    /// The token's own id: the same each time the same token opens, and
    /// another for every token sealed. A server that must not run a
    /// round's effect twice (a payment) records the ids it has acted on
    /// until they expire ([`SeenTokens`](crate::state::SeenTokens)).
    pub token_id: TokenId,
}

impl StateKeys {
    /// Seals `state` for `binding` at round `round` (a counter of the
    /// flow's own, returned by [`StateKeys::open`]): the `requestState` to
    /// return in an `InputRequiredResult`. It expires after
    /// [`StateKeys::with_ttl`] (one hour unless set).
    ///
    /// # Errors
    ///
    /// A [`SealError`]: the state does not serialize, it or its token would
    /// break the ring's [`Limits`] (and so never open), or
    /// there are no random numbers for the nonce.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::{Binding, Deployment, StateKey, StateKeys, TOKEN_PREFIX};
    /// use serde_json::json;
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let arguments = json!({ "city": "Lisbon" });
    /// let binding = Binding::tool("book_hotel", arguments.as_object());
    ///
    /// let token = keys.seal(&binding, 1, &json!({ "nights": 3 })).unwrap();
    /// assert!(token.starts_with(TOKEN_PREFIX));
    /// assert!(!token.contains("nights"));
    /// // A fresh nonce each time: the same state never seals to the same text.
    /// assert_ne!(token, keys.seal(&binding, 1, &json!({ "nights": 3 })).unwrap());
    /// ```
    pub fn seal<S: Serialize>(
        &self,
        binding: &Binding,
        round: u32,
        state: &S,
    ) -> Result<String, SealError> {
        self.seal_at(binding, round, state, SystemTime::now())
    }

    /// [`StateKeys::seal`] as if the time were `now`.
    ///
    /// # Errors
    ///
    /// As [`StateKeys::seal`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use elicit_runtime::state::{Binding, Deployment, StateError, StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let binding = Binding::prompt("plan_trip", None);
    /// let then = UNIX_EPOCH + Duration::from_secs(1_000_000_000);
    /// let token = keys.seal_at(&binding, 1, &"old", then).unwrap();
    /// assert!(matches!(keys.open::<String>(&binding, &token), Err(StateError::Expired(_))));
    /// ```
    pub fn seal_at<S: Serialize>(
        &self,
        binding: &Binding,
        round: u32,
        state: &S,
        now: SystemTime,
    ) -> Result<String, SealError> {
        self.seal_kind(Kind::State, binding, round, state, now)
    }

    /// Seals `state` as a payload of `kind`: its JSON, checked against the
    /// ring's limits in one pass over the text (what would not open is
    /// refused here), then [`StateKeys::seal_bytes`].
    pub(crate) fn seal_kind<S: Serialize>(
        &self,
        kind: Kind,
        binding: &Binding,
        round: u32,
        state: &S,
        now: SystemTime,
    ) -> Result<String, SealError> {
        let json = Zeroizing::new(serde_json::to_vec(state).map_err(SealError::Unserializable)?);
        self.check_sealable(&json)?;
        self.seal_bytes(kind, binding, round, &json, now)
    }

    /// Checks JSON text about to be sealed against the ring's limits, as
    /// [`StateKeys::read_sealed`] will when it opens.
    pub(crate) fn check_sealable(&self, json: &[u8]) -> Result<(), SealError> {
        self.limits.scan_json(json).map_err(|error| match error {
            JsonError::TooLarge(limit) => SealError::TooLarge(limit),
            JsonError::DuplicateKey { .. } => SealError::Unserializable(serde::ser::Error::custom(
                "the state names a member twice in one object",
            )),
            JsonError::Syntax { .. } => SealError::Unserializable(serde::ser::Error::custom(
                "the state's JSON does not read back",
            )),
        })
    }

    /// Reads sealed JSON text as `S`, once it is authentic: checked against
    /// the ring's limits in one pass, then read by `serde_json` straight
    /// into `S`, with no value in between.
    pub(crate) fn read_sealed<S: DeserializeOwned>(&self, json: &[u8]) -> Result<S, StateError> {
        read_sealed_json(&self.limits, json)
    }

    /// Seals `payload`, bytes in an encoding of `kind`'s own, for
    /// `binding` at `round`. The caller has checked that the payload reads
    /// back within the ring's limits; only the token's length is checked
    /// here.
    pub(crate) fn seal_bytes(
        &self,
        kind: Kind,
        binding: &Binding,
        round: u32,
        payload: &[u8],
        now: SystemTime,
    ) -> Result<String, SealError> {
        self.seal_written(kind, binding, round, payload.len(), now, None, |sealed| {
            sealed.extend_from_slice(payload);
        })
    }

    /// [`StateKeys::seal_bytes`] of a payload of `payload_len` bytes that
    /// `write` appends to the buffer being sealed, after the header: the
    /// plaintext is written once, where it is encrypted, and no copy of it
    /// is left to wipe. The buffer never grows ([`Within`]); a payload of
    /// another length is refused. The state expires after the ring's
    /// lifetime, or at `expires_by` if that is sooner (a flow's state
    /// expires with the flow's first).
    #[allow(clippy::too_many_arguments, reason = "each is one part of the header")]
    pub(crate) fn seal_written(
        &self,
        kind: Kind,
        binding: &Binding,
        round: u32,
        payload_len: usize,
        now: SystemTime,
        expires_by: Option<SystemTime>,
        write: impl FnOnce(&mut Within<'_>),
    ) -> Result<String, SealError> {
        let sealed_len = KEY_ID_LEN + NONCE_LEN + HEADER_LEN + payload_len + TAG_LEN;
        let token_len = TOKEN_PREFIX.len() + base64url_len(sealed_len);
        let too_long = || LimitError::StringBytes {
            limit: self.limits.string_bytes(),
            actual: token_len,
        };
        if token_len > self.limits.string_bytes() {
            return Err(SealError::TooLarge(too_long()));
        }

        let mut nonce = [0u8; NONCE_LEN];
        getrandom::fill(&mut nonce).map_err(|error| {
            SealError::Randomness(RandomnessError::new(Purpose::StateNonce, &error))
        })?;
        let entry = &self.keys[0];
        let expires = now.checked_add(self.ttl).map_or(MAX_SECS, secs_up);
        let expires = expires_by.map_or(expires, |by| expires.min(secs_up(by)));

        let mut sealed = Zeroizing::new(Vec::with_capacity(sealed_len));
        sealed.extend_from_slice(entry.id.as_bytes());
        sealed.extend_from_slice(&nonce);
        sealed.extend_from_slice(&secs_down(now).to_be_bytes()[8 - TIME_LEN..]);
        sealed.extend_from_slice(&expires.to_be_bytes()[8 - TIME_LEN..]);
        sealed.extend_from_slice(&round.to_be_bytes());
        sealed.extend_from_slice(binding.binding_digest());
        sealed.extend_from_slice(&tag_of(binding.request_digest()));
        sealed.extend_from_slice(&tag_of(binding.arguments_digest()));
        match binding.principal_digest() {
            Some(digest) => {
                sealed.push(1);
                sealed.extend_from_slice(&tag_of(digest));
            }
            None => {
                sealed.push(0);
                sealed.extend_from_slice(&[0; PART_TAG_LEN]);
            }
        }
        let mut within = Within::new(&mut sealed, sealed_len - TAG_LEN);
        write(&mut within);
        if within.overflowed || sealed.len() != sealed_len - TAG_LEN {
            return Err(SealError::Unserializable(serde::ser::Error::custom(
                "the state's layout wrote another length than it reserved",
            )));
        }
        let tag = entry
            .cipher
            .encrypt_inout_detached(
                &XNonce::from(nonce),
                &self.associated_data(kind, entry.id),
                (&mut sealed[KEY_ID_LEN + NONCE_LEN..]).into(),
            )
            // Only for more than 256 GiB, far past any limit
            .map_err(|_| SealError::TooLarge(too_long()))?;
        // Encrypted in place, the buffer holds no plaintext any more: it is
        // taken out of its wiping wrapper, which then wipes an empty vector
        let mut sealed = core::mem::take(&mut *sealed);
        sealed.extend_from_slice(&tag);

        let mut token = String::with_capacity(token_len);
        token.push_str(TOKEN_PREFIX);
        URL_SAFE_NO_PAD.encode_append(sealed.as_slice(), &mut token);
        Ok(token)
    }

    /// Opens a `requestState` the client sent back with a request of
    /// `binding`, and reads the state in it as `S`.
    ///
    /// The checks run in this order, each refusal a [`StateError`] of its
    /// own: the length ([`StateError::TooLarge`], before anything is
    /// decoded); the prefix and base64url ([`StateError::Malformed`]); the
    /// smallest length ([`StateError::Truncated`]); the key id
    /// ([`StateError::UnknownKey`]); the authentication, which covers the
    /// ring's deployment and the kind of payload ([`StateError::Tampered`]);
    /// then, on the authentic content, the age first
    /// ([`StateError::Expired`]: past the sealed expiry, older than this
    /// ring's lifetime plus leeway, or issued in the future), so that an
    /// old token tells nothing more; the binding (method and name,
    /// arguments, principal: one [`StateError::Mismatch`], whose
    /// [`Mismatch`] says which for the logs); and the state's JSON, within
    /// the ring's limits ([`StateError::TooLarge`]) and as `S`
    /// ([`StateError::Unreadable`]).
    ///
    /// # Errors
    ///
    /// The first [`StateError`] in that order.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::{Binding, Deployment, StateError, StateKey, StateKeys};
    /// use serde::{Deserialize, Serialize};
    /// use serde_json::json;
    ///
    /// #[derive(Serialize, Deserialize, Debug, PartialEq)]
    /// struct Booking { city: String, nights: u32 }
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let arguments = json!({ "hotel": "Avenida" });
    /// let binding = Binding::tool("book", arguments.as_object()).for_principal("alice");
    /// let token = keys.seal(&binding, 1, &Booking { city: "Lisbon".into(), nights: 3 }).unwrap();
    ///
    /// let opened = keys.open::<Booking>(&binding, &token).unwrap();
    /// assert_eq!(opened.state, Booking { city: "Lisbon".into(), nights: 3 });
    ///
    /// let bob = Binding::tool("book", arguments.as_object()).for_principal("bob");
    /// assert!(matches!(keys.open::<Booking>(&bob, &token), Err(StateError::Mismatch(_))));
    /// ```
    pub fn open<S: DeserializeOwned>(
        &self,
        binding: &Binding,
        token: &str,
    ) -> Result<Opened<S>, StateError> {
        self.open_at(binding, token, SystemTime::now())
    }

    /// [`StateKeys::open`] as if the time were `now`.
    ///
    /// # Errors
    ///
    /// As [`StateKeys::open`].
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, SystemTime};
    /// use elicit_runtime::state::{Binding, Deployment, Expiry, StateError, StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE).with_ttl(Duration::from_secs(60));
    /// let binding = Binding::tool("book", None);
    /// let now = SystemTime::now();
    /// let token = keys.seal_at(&binding, 1, &0u8, now).unwrap();
    /// assert!(keys.open_at::<u8>(&binding, &token, now + Duration::from_secs(59)).is_ok());
    /// assert_eq!(
    ///     keys.open_at::<u8>(&binding, &token, now + Duration::from_secs(61)).unwrap_err(),
    ///     StateError::Expired(Expiry::Passed)
    /// );
    /// ```
    pub fn open_at<S: DeserializeOwned>(
        &self,
        binding: &Binding,
        token: &str,
        now: SystemTime,
    ) -> Result<Opened<S>, StateError> {
        self.open_kind(Kind::State, binding, token, now)
    }

    /// Opens a payload of `kind` as JSON: checked against the ring's
    /// limits in one pass over the text, then read straight into `S`.
    pub(crate) fn open_kind<S: DeserializeOwned>(
        &self,
        kind: Kind,
        binding: &Binding,
        token: &str,
        now: SystemTime,
    ) -> Result<Opened<S>, StateError> {
        self.open_with(kind, binding, token, now, |opened, payload| {
            self.read_sealed(&opened[payload])
        })
    }

    /// Opens a payload of `kind` and reads it with `read`, which is given
    /// the authentic payload only once the age and the binding are checked:
    /// the opened buffer itself (wiped when dropped), and where the payload
    /// is in it, so that a reader may keep parts of it without a copy.
    pub(crate) fn open_with<S>(
        &self,
        kind: Kind,
        binding: &Binding,
        token: &str,
        now: SystemTime,
        read: impl FnOnce(Zeroizing<Vec<u8>>, Range<usize>) -> Result<S, StateError>,
    ) -> Result<Opened<S>, StateError> {
        if token.len() > self.limits.string_bytes() {
            return Err(StateError::TooLarge(LimitError::StringBytes {
                limit: self.limits.string_bytes(),
                actual: token.len(),
            }));
        }
        let text = token
            .strip_prefix(TOKEN_PREFIX)
            .ok_or(StateError::Malformed)?;
        let decoded_len = URL_SAFE_NO_PAD
            .decoded_length(text.as_bytes())
            .map_err(|_| StateError::Malformed)?;
        let mut sealed = Zeroizing::new(vec![0; decoded_len]);
        URL_SAFE_NO_PAD
            .decode(text.as_bytes(), Out::from_slice(&mut sealed))
            .map_err(|_| StateError::Malformed)?;
        if sealed.len() < SMALLEST {
            return Err(StateError::Truncated);
        }
        let (id, rest) = sealed
            .split_first_chunk_mut::<KEY_ID_LEN>()
            .ok_or(StateError::Truncated)?;
        let id = KeyId::from_bytes(*id);
        let entry = self.find(id).ok_or(StateError::UnknownKey)?;
        let (nonce, rest) = rest
            .split_first_chunk_mut::<NONCE_LEN>()
            .ok_or(StateError::Truncated)?;
        let (content, tag) = rest
            .split_last_chunk_mut::<TAG_LEN>()
            .ok_or(StateError::Truncated)?;
        entry
            .cipher
            .decrypt_inout_detached(
                &XNonce::from(*nonce),
                &self.associated_data(kind, id),
                (&mut *content).into(),
                &Tag::from(*tag),
            )
            .map_err(|_| StateError::Tampered)?;

        let (header, payload) = Header::read(content)
            .ok_or_else(|| StateError::Unreadable(UnreadableState::new::<S>(Part::Header)))?;
        let expires_at = time(header.expires);
        self.check_age(&header, now).map_err(StateError::Expired)?;
        if &header.binding != binding.binding_digest() {
            let kind = header.mismatch(binding);
            return Err(StateError::Mismatch(Mismatch::new(
                kind,
                binding.method(),
                binding.name(),
            )));
        }
        let token_id = TokenId::of(id, nonce);
        let start = KEY_ID_LEN + NONCE_LEN + (content.len() - payload.len());
        let payload = start..start + payload.len();
        let state = read(sealed, payload)?;
        Ok(Opened {
            state,
            round: header.round,
            issued_at: time(header.issued),
            expires_at,
            token_id,
        })
    }

    /// Whether a state of `header` is current at `now`: before its sealed
    /// expiry, no older than this ring's lifetime plus leeway, and issued
    /// no later than now plus leeway.
    fn check_age(&self, header: &Header, now: SystemTime) -> Result<(), Expiry> {
        let now_secs = secs_down(now);
        let leeway = self.leeway.as_secs();
        if now >= time(header.expires) {
            return Err(Expiry::Passed);
        }
        if header.issued > now_secs.saturating_add(leeway) {
            return Err(Expiry::IssuedInFuture);
        }
        let oldest = header
            .issued
            .saturating_add(secs_up_duration(self.ttl))
            .saturating_add(leeway);
        if now_secs > oldest {
            return Err(Expiry::TooOld);
        }
        Ok(())
    }

    /// The associated data: the label, the version, the kind of payload,
    /// the key id and the digest of the ring's deployment, so a token
    /// authenticates only as this format, this version, this kind, under
    /// this key id and in this deployment.
    fn associated_data(&self, kind: Kind, id: KeyId) -> [u8; AAD_LEN] {
        let mut aad = [0; AAD_LEN];
        let (label, rest) = aad.split_at_mut(AAD_LABEL.len());
        label.copy_from_slice(AAD_LABEL);
        rest[0] = VERSION;
        rest[1] = kind as u8;
        rest[2..2 + KEY_ID_LEN].copy_from_slice(id.as_bytes());
        rest[2 + KEY_ID_LEN..].copy_from_slice(&self.deployment_digest);
        aad
    }
}

/// The length of the associated data.
const AAD_LEN: usize = AAD_LABEL.len() + 2 + KEY_ID_LEN + 32;

/// The fixed header at the start of the plaintext.
struct Header {
    issued: u64,
    expires: u64,
    round: u32,
    /// The digest of the whole binding: what a state is checked against.
    binding: Digest32,
    /// The first bytes of the digest of each part, which tell the server's
    /// logs which part differs when the binding does.
    request: PartTag,
    arguments: PartTag,
    principal: Option<PartTag>,
}

impl Header {
    /// The header and the payload after it; `None` when the principal flag
    /// is neither 0 nor 1 (another layout) or the content is too short.
    fn read(content: &[u8]) -> Option<(Header, &[u8])> {
        let (issued, rest) = content.split_first_chunk::<TIME_LEN>()?;
        let (expires, rest) = rest.split_first_chunk::<TIME_LEN>()?;
        let (round, rest) = rest.split_first_chunk::<4>()?;
        let (binding, rest) = rest.split_first_chunk::<32>()?;
        let (request, rest) = rest.split_first_chunk::<PART_TAG_LEN>()?;
        let (arguments, rest) = rest.split_first_chunk::<PART_TAG_LEN>()?;
        let (flag, rest) = rest.split_first()?;
        let (principal, payload) = rest.split_first_chunk::<PART_TAG_LEN>()?;
        let principal = match flag {
            0 => None,
            1 => Some(*principal),
            _ => return None,
        };
        let header = Header {
            issued: read_time(issued),
            expires: read_time(expires),
            round: u32::from_be_bytes(*round),
            binding: *binding,
            request: *request,
            arguments: *arguments,
            principal,
        };
        Some((header, payload))
    }

    /// Which part of `binding` differs from the sealed one, whose digest
    /// differs from it: the first part whose tag differs. Were every tag
    /// the same (4 bytes each: by chance, once in 2³², or by a client
    /// searching for arguments that share one), the arguments, the part a
    /// client chooses. This tells the logs only; the refusal is the same.
    fn mismatch(&self, binding: &Binding) -> MismatchKind {
        if self.request != tag_of(binding.request_digest()) {
            MismatchKind::Request
        } else if self.principal != binding.principal_digest().map(tag_of)
            && self.arguments == tag_of(binding.arguments_digest())
        {
            MismatchKind::User
        } else {
            MismatchKind::Arguments
        }
    }
}

/// The first bytes of a part's digest.
type PartTag = [u8; PART_TAG_LEN];

/// The tag of a part's digest.
fn tag_of(digest: &Digest32) -> PartTag {
    let mut tag = [0; PART_TAG_LEN];
    tag.copy_from_slice(&digest[..PART_TAG_LEN]);
    tag
}

/// A time of [`TIME_LEN`] bytes, big-endian.
fn read_time(bytes: &[u8; TIME_LEN]) -> u64 {
    let mut wide = [0; 8];
    wide[8 - TIME_LEN..].copy_from_slice(bytes);
    u64::from_be_bytes(wide)
}

/// The length of `bytes` bytes in base64 without padding.
const fn base64url_len(bytes: usize) -> usize {
    bytes / 3 * 4
        + match bytes % 3 {
            0 => 0,
            1 => 2,
            _ => 3,
        }
}

/// Whole seconds since the Unix epoch, rounded down (0 before it).
fn secs_down(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
        .min(MAX_SECS)
}

/// Whole seconds since the Unix epoch, rounded up (0 before it).
fn secs_up(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH)
        .map_or(0, secs_up_duration)
        .min(MAX_SECS)
}

/// A duration in whole seconds, rounded up.
fn secs_up_duration(duration: Duration) -> u64 {
    duration
        .as_secs()
        .saturating_add(u64::from(duration.subsec_nanos() > 0))
}

/// The time `secs` seconds after the Unix epoch.
fn time(secs: u64) -> SystemTime {
    UNIX_EPOCH
        .checked_add(Duration::from_secs(secs.min(MAX_SECS)))
        .unwrap_or(UNIX_EPOCH)
}

/// A buffer that plaintext is written into and that never grows past the
/// length reserved for it: a growing vector moves to a new allocation and
/// frees the old one, plaintext and all, unwiped. What would not fit is
/// left out and remembered, and the seal refused.
pub(crate) struct Within<'b> {
    buffer: &'b mut Vec<u8>,
    end: usize,
    overflowed: bool,
}

impl<'b> Within<'b> {
    /// Writes into `buffer` up to `end` bytes in all, which its capacity
    /// holds.
    pub(crate) fn new(buffer: &'b mut Vec<u8>, end: usize) -> Within<'b> {
        debug_assert!(buffer.capacity() >= end, "the buffer is reserved whole");
        let overflowed = buffer.capacity() < end;
        Within {
            buffer,
            end,
            overflowed,
        }
    }

    /// Appends `bytes`, unless they would pass the end.
    pub(crate) fn extend_from_slice(&mut self, bytes: &[u8]) {
        match self.buffer.len().checked_add(bytes.len()) {
            Some(len) if len <= self.end && !self.overflowed => {
                self.buffer.extend_from_slice(bytes)
            }
            _ => self.overflowed = true,
        }
    }

    /// Appends `byte`, unless it would pass the end.
    pub(crate) fn push(&mut self, byte: u8) {
        self.extend_from_slice(&[byte]);
    }
}

/// Reads sealed JSON text as `S`, once it is authentic, within `limits`:
/// checked against them in one pass, then read by `serde_json` straight
/// into `S`, with no value in between. A flow reads the parts of its state
/// this way when it first needs them, with the limits of the ring that
/// opened it.
pub(crate) fn read_sealed_json<S: DeserializeOwned>(
    limits: &Limits,
    json: &[u8],
) -> Result<S, StateError> {
    let unreadable = |part| StateError::Unreadable(UnreadableState::new::<S>(part));
    limits.scan_json(json).map_err(|error| match error {
        JsonError::TooLarge(limit) => StateError::TooLarge(limit),
        JsonError::Syntax { .. } | JsonError::DuplicateKey { .. } => unreadable(Part::Json),
    })?;
    serde_json::from_slice(json).map_err(|error| {
        unreadable(match error.classify() {
            serde_json::error::Category::Data => Part::Shape,
            _ => Part::Json,
        })
    })
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use base64::Engine as _;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;

    use super::{HEADER_LEN, SMALLEST, TOKEN_PREFIX, base64url_len, secs_down, secs_up, time};
    use crate::state::{Binding, Deployment, Expiry, SealError, StateError, StateKey, StateKeys};

    fn keys() -> StateKeys {
        StateKeys::new(
            StateKey::from_bytes(core::array::from_fn(|i| (i as u8) ^ 0xa7)).unwrap(),
            Deployment::SINGLE,
        )
    }

    fn decoded(token: &str) -> Vec<u8> {
        URL_SAFE_NO_PAD
            .decode(token.strip_prefix(TOKEN_PREFIX).unwrap())
            .unwrap()
    }

    /// A buffer written within its end never grows: what would pass the
    /// end is left out (the buffer keeps its allocation) and remembered.
    #[test]
    fn within_never_grows_its_buffer() {
        let mut buffer = Vec::with_capacity(4);
        let address = buffer.as_ptr();
        let mut within = super::Within::new(&mut buffer, 4);
        within.extend_from_slice(b"abc");
        within.push(b'd');
        assert!(!within.overflowed);
        within.push(b'e');
        within.extend_from_slice(&[0; 100]);
        assert!(within.overflowed);
        assert_eq!(buffer, b"abcd");
        assert_eq!((buffer.as_ptr(), buffer.capacity()), (address, 4));
    }

    /// A payload written in place must be as long as reserved: a longer
    /// one would grow the buffer (leaving plaintext behind) and pass the
    /// token's length check unchecked, a shorter one would seal garbage.
    #[test]
    fn a_payload_written_in_place_keeps_its_length() {
        let keys = keys();
        let binding = Binding::tool("t", None);
        let now = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        let seal = |len, written: &'static [u8]| {
            keys.seal_written(super::Kind::State, &binding, 1, len, now, None, |out| {
                out.extend_from_slice(written)
            })
        };
        let token = seal(4, b"[42]").unwrap();
        assert_eq!(
            keys.open_at::<Vec<u8>>(&binding, &token, now)
                .unwrap()
                .state,
            [42]
        );
        for (len, written) in [(3, &b"[42]"[..]), (5, b"[42]"), (4, b"")] {
            let error = seal(len, written).unwrap_err();
            assert!(matches!(error, SealError::Unserializable(_)), "{error:?}");
        }
    }

    #[test]
    fn lays_out_the_token() {
        let keys = keys();
        let token = keys.seal(&Binding::tool("t", None), 7, &0u8).unwrap();
        let bytes = decoded(&token);
        assert_eq!(bytes.len(), SMALLEST);
        assert_eq!(bytes.len(), 8 + 24 + HEADER_LEN + 1 + 16);
        assert_eq!(&bytes[..8], keys.current_id().as_bytes());
        assert_eq!(token.len(), TOKEN_PREFIX.len() + base64url_len(bytes.len()));
        let longer = keys
            .seal(&Binding::tool("t", None), 7, &"twelve bytes")
            .unwrap();
        assert_eq!(decoded(&longer).len(), SMALLEST - 1 + 14);
    }

    #[test]
    fn counts_base64_without_padding() {
        for n in 0..50 {
            assert_eq!(base64url_len(n), URL_SAFE_NO_PAD.encode(vec![0; n]).len());
        }
    }

    #[test]
    fn rounds_times_to_whole_seconds() {
        let t = UNIX_EPOCH + Duration::new(100, 1);
        assert_eq!(secs_down(t), 100);
        assert_eq!(secs_up(t), 101);
        assert_eq!(secs_up(UNIX_EPOCH + Duration::from_secs(100)), 100);
        assert_eq!(secs_down(UNIX_EPOCH - Duration::from_secs(5)), 0);
        assert_eq!(time(u64::MAX), time(253_402_300_799));
    }

    #[test]
    fn a_huge_ttl_saturates() {
        let keys = keys().with_long_ttl(Duration::MAX);
        let binding = Binding::tool("t", None);
        let token = keys.seal(&binding, 1, &1u8).unwrap();
        let opened = keys.open::<u8>(&binding, &token).unwrap();
        assert_eq!(opened.expires_at, time(253_402_300_799));
    }

    #[test]
    fn a_zero_ttl_is_expired_at_once() {
        let keys = keys().with_ttl(Duration::ZERO);
        let binding = Binding::tool("t", None);
        let now = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let token = keys.seal_at(&binding, 1, &1u8, now).unwrap();
        assert_eq!(
            keys.open_at::<u8>(&binding, &token, now).unwrap_err(),
            StateError::Expired(Expiry::Passed)
        );
    }

    /// Every single byte of a token changed, each of its 8 bits in turn:
    /// each is refused, the key id as unknown, everything else as tampered.
    #[test]
    fn every_bit_is_authenticated() {
        let keys = keys();
        let binding = Binding::tool("t", None).for_principal("p");
        let token = keys.seal(&binding, 3, &"state").unwrap();
        let bytes = decoded(&token);
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut changed = bytes.clone();
                changed[i] ^= 1 << bit;
                let changed = format!("{TOKEN_PREFIX}{}", URL_SAFE_NO_PAD.encode(&changed));
                let error = keys.open::<String>(&binding, &changed).unwrap_err();
                let expected = if i < 8 {
                    StateError::UnknownKey
                } else {
                    StateError::Tampered
                };
                assert_eq!(error, expected, "byte {i}, bit {bit}");
            }
        }
        assert_eq!(
            keys.open::<String>(&binding, &token).unwrap().state,
            "state"
        );
    }
}
