//! The id of one sealed token, and a set of the ids already acted on.

use core::fmt;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::SystemTime;

use sha2::{Digest, Sha256};

use super::KeyId;
use super::key::Hex;

/// The label of the digest a token id is cut from: short enough that the
/// label, the key id and the nonce fill one block of SHA-256 (55 bytes at
/// most), so an id costs one compression.
const TOKEN_ID_LABEL: &[u8] = b"elicit/token-id/v3\0";

/// The id of one sealed token: the first 16 bytes of SHA-256 of a label,
/// the key id and the token's random nonce. The same token opens with the
/// same id every time, on every replica; every seal makes a new one. It
/// reveals nothing of the state, and is safe to log.
///
/// ```
/// use elicit_runtime::state::{Binding, Deployment, StateKey, StateKeys};
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let binding = Binding::tool("pay", None);
/// let token = keys.seal(&binding, 1, &"payee").unwrap();
/// let first = keys.open::<String>(&binding, &token).unwrap().token_id;
/// assert_eq!(first, keys.open::<String>(&binding, &token).unwrap().token_id);
/// let other = keys.seal(&binding, 1, &"payee").unwrap();
/// assert_ne!(first, keys.open::<String>(&binding, &other).unwrap().token_id);
/// assert_eq!(first.to_string().len(), 32);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenId([u8; 16]);

impl TokenId {
    pub(crate) fn of(key: KeyId, nonce: &[u8]) -> TokenId {
        let mut hasher = Sha256::new();
        hasher.update(TOKEN_ID_LABEL);
        hasher.update(key.as_bytes());
        hasher.update(nonce);
        let digest = hasher.finalize();
        let mut id = [0; 16];
        id.copy_from_slice(&digest[..16]);
        TokenId(id)
    }

    /// The id of these 16 bytes, as a sealed state carries it.
    pub(crate) fn from_bytes(bytes: [u8; 16]) -> TokenId {
        TokenId(bytes)
    }

    /// The 16 bytes.
    pub fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }
}

impl fmt::Display for TokenId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Hex(&self.0).fmt(f)
    }
}

impl fmt::Debug for TokenId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TokenId({})", Hex(&self.0))
    }
}

/// The tokens a server has already acted on, until they expire: a sealed
/// state is not single-use (replicas share no store), so a round whose
/// effect must happen once (a payment, a booking) records its token here
/// first, and refuses a token it has seen. In memory, for one process;
/// replicas that must agree keep the same record in a shared store, keyed
/// by the same [`TokenId`].
///
/// Bounded: past `capacity` live entries it refuses new ones
/// ([`Replay::Full`]) rather than forget one that has not expired, so a
/// flood cannot make it accept a replay.
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use elicit_runtime::state::{Binding, Deployment, Replay, SeenTokens, StateKey, StateKeys};
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let binding = Binding::tool("pay", None);
/// let token = keys.seal(&binding, 2, &"confirmed").unwrap();
/// let opened = keys.open::<String>(&binding, &token).unwrap();
///
/// let seen = SeenTokens::new(10_000);
/// assert_eq!(seen.first_use(opened.token_id, opened.expires_at), Ok(()));
/// // The same final round sent again: refused, the payment is not made twice.
/// assert_eq!(seen.first_use(opened.token_id, opened.expires_at), Err(Replay::Seen));
/// ```
#[derive(Debug)]
pub struct SeenTokens {
    capacity: usize,
    seen: Mutex<HashMap<TokenId, SystemTime>>,
}

/// Why a token is refused by [`SeenTokens::first_use`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Replay {
    /// The token was acted on before: this is a replay.
    Seen,
    /// The record holds `capacity` tokens that have not expired yet.
    Full,
}

impl fmt::Display for Replay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Replay::Seen => {
                "this `requestState` was already acted on: send the request again without \
                 `requestState` to start over"
            }
            Replay::Full => {
                "the server is holding too many recent requests to accept another now: try again \
                 later"
            }
        })
    }
}

impl std::error::Error for Replay {}

impl SeenTokens {
    /// An empty record of at most `capacity` live tokens.
    pub fn new(capacity: usize) -> SeenTokens {
        SeenTokens {
            capacity,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// Records `id` (of a token that opens until `expires_at`), unless it
    /// was recorded before.
    ///
    /// # Errors
    ///
    /// [`Replay::Seen`] for a token recorded before; [`Replay::Full`] when
    /// the record is full of tokens that have not expired.
    pub fn first_use(&self, id: TokenId, expires_at: SystemTime) -> Result<(), Replay> {
        self.first_use_at(id, expires_at, SystemTime::now())
    }

    /// [`SeenTokens::first_use`] as if the time were `now`.
    ///
    /// # Errors
    ///
    /// As [`SeenTokens::first_use`].
    pub fn first_use_at(
        &self,
        id: TokenId,
        expires_at: SystemTime,
        now: SystemTime,
    ) -> Result<(), Replay> {
        // A poisoned lock still holds a consistent map: each change is one
        // call that does not panic halfway.
        let mut seen = self
            .seen
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if seen.contains_key(&id) {
            return Err(Replay::Seen);
        }
        if seen.len() >= self.capacity {
            seen.retain(|_, expires| *expires > now);
            if seen.len() >= self.capacity {
                return Err(Replay::Full);
            }
        }
        seen.insert(id, expires_at);
        Ok(())
    }

    /// How many tokens are recorded (expired ones included until the
    /// record is next full).
    pub fn len(&self) -> usize {
        self.seen
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .len()
    }

    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::{KeyId, Replay, SeenTokens, TokenId};

    fn id(n: u8) -> TokenId {
        TokenId::of(KeyId::from_bytes([1; 8]), &[n; 24])
    }

    #[test]
    fn forgets_only_what_expired_and_never_overflows() {
        let now = UNIX_EPOCH + Duration::from_secs(1_000);
        let seen = SeenTokens::new(2);
        seen.first_use_at(id(1), now + Duration::from_secs(10), now)
            .unwrap();
        seen.first_use_at(id(2), now + Duration::from_secs(100), now)
            .unwrap();
        assert_eq!(seen.first_use_at(id(3), now, now), Err(Replay::Full));
        assert_eq!(seen.first_use_at(id(2), now, now), Err(Replay::Seen));
        let later = now + Duration::from_secs(11);
        seen.first_use_at(id(3), later + Duration::from_secs(5), later)
            .unwrap();
        assert_eq!(seen.len(), 2);
        // id(1) expired and was forgotten; it cannot open anyway.
        assert_eq!(seen.first_use_at(id(2), later, later), Err(Replay::Seen));
    }

    #[test]
    fn ids_differ_by_key_and_nonce() {
        let a = TokenId::of(KeyId::from_bytes([1; 8]), &[0; 24]);
        assert_ne!(a, TokenId::of(KeyId::from_bytes([2; 8]), &[0; 24]));
        assert_ne!(a, TokenId::of(KeyId::from_bytes([1; 8]), &[1; 24]));
        assert_eq!(format!("{a:?}"), format!("TokenId({a})"));
    }

    #[test]
    fn an_id_is_one_block_of_sha256() {
        assert!(super::TOKEN_ID_LABEL.len() + 8 + 24 <= 55);
    }
}
