//! One secret key, and the id that names it without revealing it.

use core::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD_PAD_INDIFFERENT, URL_SAFE_PAD_INDIFFERENT};
use sha2::{Digest, Sha256};
use zeroize::Zeroizing;

use super::KeyError;
use crate::protocol::{Purpose, RandomnessError};

/// The label of the digest a key id is cut from.
const KEY_ID_LABEL: &[u8] = b"elicit/request-state/key-id/v1";

/// The length of a key, in bytes.
pub(crate) const KEY_LEN: usize = 32;

/// A secret key that seals `requestState`: 32 bytes, for XChaCha20-Poly1305.
///
/// The bytes are wiped from memory when the key is dropped (with
/// `zeroize`; copies the compiler made while moving the key are beyond its
/// reach). `Debug` and `Display` show only the key's [`KeyId`], and the key
/// is not `Clone`: the bytes leave it only through
/// [`StateKey::expose_base64`], which says what it does.
///
/// Replicas of a server share keys: give each the same text, in the
/// environment variable [`StateKeys::ENV`](super::StateKeys::ENV), say.
///
/// ```
/// use elicit_runtime::state::StateKey;
///
/// let key = StateKey::parse("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8").unwrap();
/// let same = StateKey::parse("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f").unwrap();
/// assert_eq!(key.id(), same.id());
/// assert_eq!(format!("{key:?}"), format!("StateKey({})", key.id()));
/// assert_eq!(key.to_string(), key.id().to_string());
/// ```
pub struct StateKey {
    bytes: Zeroizing<[u8; KEY_LEN]>,
    id: KeyId,
}

impl StateKey {
    /// A key of these bytes. They must be secret and random: from
    /// [`StateKey::generate`], or `openssl rand -base64 32`.
    ///
    /// ```
    /// use elicit_runtime::state::StateKey;
    ///
    /// let key = StateKey::from_bytes([7; 32]);
    /// assert_eq!(key.id(), StateKey::from_slice(&[7; 32]).unwrap().id());
    /// ```
    pub fn from_bytes(bytes: [u8; KEY_LEN]) -> StateKey {
        StateKey::from_zeroizing(Zeroizing::new(bytes))
    }

    /// A key of these bytes, which must be exactly 32.
    ///
    /// # Errors
    ///
    /// [`KeyError::Length`] with the length given.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::{KeyError, StateKey};
    ///
    /// assert!(StateKey::from_slice(&[1; 32]).is_ok());
    /// assert_eq!(
    ///     StateKey::from_slice(&[1; 16]).unwrap_err(),
    ///     KeyError::Length { position: None, length: 16 }
    /// );
    /// ```
    pub fn from_slice(bytes: &[u8]) -> Result<StateKey, KeyError> {
        StateKey::from_slice_at(bytes, None)
    }

    /// Reads a key from text: base64 (the standard alphabet or the
    /// URL-safe one, padded or not) or 64 hexadecimal digits (either
    /// case). Whitespace around it is ignored. Text of 64 hexadecimal
    /// digits is read as hex (as base64 it would be 48 bytes, too long for
    /// a key anyway).
    ///
    /// # Errors
    ///
    /// [`KeyError::Encoding`] when the text is neither, [`KeyError::Length`]
    /// when it is not 32 bytes. Neither error holds or shows the text.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::{KeyError, StateKey};
    ///
    /// let padded = StateKey::parse(" AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=\n").unwrap();
    /// let hex = StateKey::parse("000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F").unwrap();
    /// assert_eq!(padded.id(), hex.id());
    /// assert_eq!(StateKey::parse("not a key!").unwrap_err(), KeyError::Encoding { position: None });
    /// assert_eq!(StateKey::parse("AAEC").unwrap_err(), KeyError::Length { position: None, length: 3 });
    /// ```
    pub fn parse(text: &str) -> Result<StateKey, KeyError> {
        StateKey::parse_at(text, None)
    }

    /// A fresh key: 32 bytes from the operating system's random number
    /// generator. Good for a single process, or to make the key that
    /// replicas then share (see [`StateKey::expose_base64`]).
    ///
    /// # Errors
    ///
    /// A [`RandomnessError`] when the operating system has no random
    /// numbers to give.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::StateKey;
    ///
    /// let key = StateKey::generate().unwrap();
    /// assert_ne!(key.id(), StateKey::generate().unwrap().id());
    /// ```
    pub fn generate() -> Result<StateKey, RandomnessError> {
        let mut bytes = Zeroizing::new([0u8; KEY_LEN]);
        getrandom::fill(bytes.as_mut_slice())
            .map_err(|error| RandomnessError::new(Purpose::StateKey, &error))?;
        Ok(StateKey::from_zeroizing(bytes))
    }

    /// The key's id: it names the key in a sealed state and in logs, and
    /// reveals nothing of the key.
    ///
    /// ```
    /// use elicit_runtime::state::StateKey;
    ///
    /// let key = StateKey::from_bytes([0; 32]);
    /// assert_eq!(key.id().to_string().len(), 16);
    /// assert_ne!(key.id(), StateKey::from_bytes([1; 32]).id());
    /// ```
    pub fn id(&self) -> KeyId {
        self.id
    }

    /// The secret bytes as standard base64 with padding (44 characters),
    /// the text [`StateKey::parse`] reads: to print a key made with
    /// [`StateKey::generate`] once, for the replicas' configuration. Keep
    /// it out of logs.
    ///
    /// ```
    /// use elicit_runtime::state::StateKey;
    ///
    /// let key = StateKey::generate().unwrap();
    /// let text = key.expose_base64();
    /// assert_eq!(text.len(), 44);
    /// assert_eq!(StateKey::parse(&text).unwrap().id(), key.id());
    /// ```
    pub fn expose_base64(&self) -> String {
        base64::engine::general_purpose::STANDARD.encode(self.bytes.as_slice())
    }

    /// The bytes, for the cipher.
    pub(crate) fn bytes(&self) -> &[u8; KEY_LEN] {
        &self.bytes
    }

    pub(crate) fn from_slice_at(
        bytes: &[u8],
        position: Option<usize>,
    ) -> Result<StateKey, KeyError> {
        let Ok(array) = <[u8; KEY_LEN]>::try_from(bytes) else {
            return Err(KeyError::Length {
                position,
                length: bytes.len(),
            });
        };
        Ok(StateKey::from_zeroizing(Zeroizing::new(array)))
    }

    /// [`StateKey::parse`], for the key at `position` of a list.
    pub(crate) fn parse_at(text: &str, position: Option<usize>) -> Result<StateKey, KeyError> {
        let text = text.trim();
        if text.len() == 2 * KEY_LEN && text.bytes().all(|b| b.is_ascii_hexdigit()) {
            let mut bytes = Zeroizing::new([0u8; KEY_LEN]);
            for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
                *byte = (hex_digit(pair[0]) << 4) | hex_digit(pair[1]);
            }
            return Ok(StateKey::from_zeroizing(bytes));
        }
        let engine = if text.contains(['+', '/']) {
            &STANDARD_PAD_INDIFFERENT
        } else {
            &URL_SAFE_PAD_INDIFFERENT
        };
        let mut bytes = Zeroizing::new(Vec::with_capacity(KEY_LEN + 3));
        engine
            .decode_vec(text, &mut bytes)
            .map_err(|_| KeyError::Encoding { position })?;
        StateKey::from_slice_at(&bytes, position)
    }

    fn from_zeroizing(bytes: Zeroizing<[u8; KEY_LEN]>) -> StateKey {
        let mut hasher = Sha256::new();
        hasher.update(KEY_ID_LABEL);
        hasher.update(bytes.as_slice());
        let digest = hasher.finalize();
        let mut id = [0u8; 8];
        id.copy_from_slice(&digest[..8]);
        StateKey {
            bytes,
            id: KeyId(id),
        }
    }
}

/// The value of an ASCII hexadecimal digit (checked before).
fn hex_digit(digit: u8) -> u8 {
    match digit {
        b'0'..=b'9' => digit - b'0',
        b'a'..=b'f' => digit - b'a' + 10,
        b'A'..=b'F' => digit - b'A' + 10,
        _ => 0,
    }
}

/// Shows the id only.
impl fmt::Debug for StateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StateKey({})", self.id)
    }
}

/// Shows the id only.
impl fmt::Display for StateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.id, f)
    }
}

/// The id of a [`StateKey`]: the first 8 bytes of
/// SHA-256(`elicit/request-state/key-id/v1` ‖ key). A sealed state starts
/// with the id of the key that sealed it, so a ring of several keys opens
/// it with the right one. It reveals nothing of the key, and is safe to
/// log; `Display` and `Debug` write it as 16 hexadecimal digits.
///
/// ```
/// use elicit_runtime::state::StateKey;
///
/// let id = StateKey::from_bytes([0; 32]).id();
/// assert!(id.to_string().bytes().all(|b| b.is_ascii_hexdigit()));
/// assert_eq!(format!("{id:?}"), format!("KeyId({id})"));
/// assert_eq!(id.as_bytes().len(), 8);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyId([u8; 8]);

impl KeyId {
    /// The 8 bytes, as they start a sealed state.
    ///
    /// ```
    /// use elicit_runtime::state::StateKey;
    ///
    /// let id = StateKey::from_bytes([5; 32]).id();
    /// let hex: String = id.as_bytes().iter().map(|b| format!("{b:02x}")).collect();
    /// assert_eq!(hex, id.to_string());
    /// ```
    pub fn as_bytes(&self) -> &[u8; 8] {
        &self.0
    }

    pub(crate) fn from_bytes(bytes: [u8; 8]) -> KeyId {
        KeyId(bytes)
    }
}

impl fmt::Display for KeyId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Hex(&self.0).fmt(f)
    }
}

impl fmt::Debug for KeyId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KeyId({})", Hex(&self.0))
    }
}

/// Bytes written as lowercase hexadecimal digits.
pub(crate) struct Hex<'a>(pub(crate) &'a [u8]);

impl fmt::Display for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    use super::{KEY_ID_LABEL, KeyError, StateKey};

    const HEX: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    fn counting() -> [u8; 32] {
        core::array::from_fn(|i| i as u8)
    }

    #[test]
    fn id_is_the_labelled_digest() {
        let key = StateKey::from_bytes(counting());
        let mut hasher = Sha256::new();
        hasher.update(KEY_ID_LABEL);
        hasher.update(counting());
        let digest = hasher.finalize();
        assert_eq!(key.id().as_bytes(), &digest[..8]);
        let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(key.id().to_string(), hex);
    }

    #[test]
    fn reads_every_encoding() {
        let id = StateKey::from_bytes(counting()).id();
        for text in [
            HEX,
            &HEX.to_uppercase(),
            "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
            "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
            "\t AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=\r\n",
        ] {
            assert_eq!(StateKey::parse(text).unwrap().id(), id, "{text}");
        }
        // Bytes whose base64 holds `+` and `/`, or `-` and `_`.
        let high = StateKey::from_bytes([0xfb; 32]);
        let standard = high.expose_base64();
        assert!(standard.contains('+') || standard.contains('/'));
        let url = standard.replace('+', "-").replace('/', "_");
        assert_eq!(StateKey::parse(&standard).unwrap().id(), high.id());
        assert_eq!(StateKey::parse(&url).unwrap().id(), high.id());
        assert_eq!(
            StateKey::parse(url.trim_end_matches('=')).unwrap().id(),
            high.id()
        );
    }

    #[test]
    fn refuses_bad_text_without_showing_it() {
        let mixed = "-+ECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
        for (text, error) in [
            (
                "",
                KeyError::Length {
                    position: None,
                    length: 0,
                },
            ),
            ("%%%%", KeyError::Encoding { position: None }),
            (mixed, KeyError::Encoding { position: None }),
            // 63 hex digits: not hex, and not canonical base64 either
            (&HEX[1..], KeyError::Encoding { position: None }),
            (
                "AAECAwQFBgcICQoLDA0ODw==",
                KeyError::Length {
                    position: None,
                    length: 16,
                },
            ),
            (
                "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8A",
                KeyError::Length {
                    position: None,
                    length: 33,
                },
            ),
        ] {
            let found = StateKey::parse(text).unwrap_err();
            assert_eq!(found, error, "{text:?}");
            if text.len() > 4 {
                assert!(!found.to_string().contains(&text[..5]));
                assert!(!format!("{found:?}").contains(&text[..5]));
            }
        }
    }

    #[test]
    fn shows_only_the_id() {
        let key = StateKey::from_bytes([0xab; 32]);
        for shown in [format!("{key:?}"), key.to_string(), format!("{key:#?}")] {
            assert!(!shown.contains("abab"), "{shown}");
            assert!(shown.contains(&key.id().to_string()), "{shown}");
        }
    }
}
