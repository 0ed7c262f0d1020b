//! One secret key, and the id that names it without revealing it.

use core::fmt;

use base64_simd::{Out, STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
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
/// Keys anyone could know are refused ([`KeyError::Weak`]): 32 equal bytes,
/// and the keys printed in this crate's earlier documentation. A key must
/// come from a random source: [`StateKey::generate`], or
/// `openssl rand -base64 32`.
///
/// ```
/// use elicit_runtime::state::StateKey;
///
/// let key = StateKey::generate().unwrap();
/// let same = StateKey::parse(&key.expose_base64()).unwrap();
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
    /// # Errors
    ///
    /// [`KeyError::Weak`] for 32 equal bytes, or a key printed in this
    /// crate's documentation.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::{KeyError, StateKey, Weakness};
    ///
    /// let bytes: [u8; 32] = core::array::from_fn(|i| (i as u8).wrapping_mul(151) ^ 0x5c);
    /// let key = StateKey::from_bytes(bytes).unwrap();
    /// assert_eq!(key.id(), StateKey::from_slice(&bytes).unwrap().id());
    ///
    /// assert_eq!(
    ///     StateKey::from_bytes([7; 32]).unwrap_err(),
    ///     KeyError::Weak { position: None, weakness: Weakness::Repeated }
    /// );
    /// ```
    pub fn from_bytes(bytes: [u8; KEY_LEN]) -> Result<StateKey, KeyError> {
        StateKey::checked(Zeroizing::new(bytes), None)
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
    /// let bytes: Vec<u8> = (0..32u8).map(|i| i.wrapping_mul(151) ^ 0x5c).collect();
    /// assert!(StateKey::from_slice(&bytes).is_ok());
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
    /// when it is not 32 bytes, [`KeyError::Weak`] for a key anyone could
    /// know. No error holds or shows the text.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::{KeyError, StateKey};
    ///
    /// let key = StateKey::generate().unwrap();
    /// let padded = StateKey::parse(&format!(" {}\n", key.expose_base64())).unwrap();
    /// assert_eq!(padded.id(), key.id());
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
    /// let key = StateKey::generate().unwrap();
    /// assert_eq!(key.id().to_string().len(), 16);
    /// assert_ne!(key.id(), StateKey::generate().unwrap().id());
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
        STANDARD.encode_to_string(self.bytes.as_slice())
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
        StateKey::checked(Zeroizing::new(array), position)
    }

    /// [`StateKey::parse`], for the key at `position` of a list.
    pub(crate) fn parse_at(text: &str, position: Option<usize>) -> Result<StateKey, KeyError> {
        let text = text.trim();
        if text.len() == 2 * KEY_LEN && text.bytes().all(|b| b.is_ascii_hexdigit()) {
            let mut bytes = Zeroizing::new([0u8; KEY_LEN]);
            for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
                *byte = (hex_digit(pair[0]) << 4) | hex_digit(pair[1]);
            }
            return StateKey::checked(bytes, position);
        }
        // Either alphabet, padded or not (a padded text is held to its
        // padding).
        let engine = match (text.contains(['+', '/']), text.ends_with('=')) {
            (true, true) => STANDARD,
            (true, false) => STANDARD_NO_PAD,
            (false, true) => URL_SAFE,
            (false, false) => URL_SAFE_NO_PAD,
        };
        let encoding = |_| KeyError::Encoding { position };
        let length = engine.decoded_length(text.as_bytes()).map_err(encoding)?;
        let mut bytes = Zeroizing::new(vec![0; length]);
        engine
            .decode(text.as_bytes(), Out::from_slice(&mut bytes))
            .map_err(encoding)?;
        StateKey::from_slice_at(&bytes, position)
    }

    /// A key of `bytes`, unless anyone could know them.
    fn checked(
        bytes: Zeroizing<[u8; KEY_LEN]>,
        position: Option<usize>,
    ) -> Result<StateKey, KeyError> {
        match Weakness::of(&bytes) {
            Some(weakness) => Err(KeyError::Weak { position, weakness }),
            None => Ok(StateKey::from_zeroizing(bytes)),
        }
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

/// Why a key's bytes are known to others, so that it seals nothing.
///
/// ```
/// use elicit_runtime::state::{KeyError, StateKey, Weakness};
///
/// let published: [u8; 32] = core::array::from_fn(|i| i as u8);
/// assert!(matches!(
///     StateKey::from_bytes(published),
///     Err(KeyError::Weak { weakness: Weakness::Published, .. })
/// ));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Weakness {
    /// All 32 bytes are the same (all zeros, say): a placeholder, not a key.
    Repeated,
    /// The key was printed in this crate's documentation (the bytes 0 to
    /// 31, or 32 to 63, in order).
    Published,
}

impl Weakness {
    /// The keys printed in earlier documentation: each counts up by one
    /// from its first byte.
    const PUBLISHED_STARTS: [u8; 2] = [0, 32];

    fn of(bytes: &[u8; KEY_LEN]) -> Option<Weakness> {
        if bytes.iter().all(|&byte| byte == bytes[0]) {
            return Some(Weakness::Repeated);
        }
        let counting = bytes
            .iter()
            .enumerate()
            .all(|(i, &byte)| usize::from(byte) == usize::from(bytes[0]) + i);
        (counting && Weakness::PUBLISHED_STARTS.contains(&bytes[0])).then_some(Weakness::Published)
    }
}

impl fmt::Display for Weakness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Weakness::Repeated => "its 32 bytes are all the same",
            Weakness::Published => "it is printed in elicit's documentation",
        })
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
/// let id = StateKey::generate().unwrap().id();
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
    /// let id = StateKey::generate().unwrap().id();
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
    use base64::Engine as _;
    use sha2::{Digest, Sha256};

    use super::{KEY_ID_LABEL, KeyError, StateKey, Weakness};

    /// Bytes no one publishes: each byte a step of 151 from the last.
    fn scattered() -> [u8; 32] {
        core::array::from_fn(|i| (i as u8).wrapping_mul(151) ^ 0x5c)
    }

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn id_is_the_labelled_digest() {
        let key = StateKey::from_bytes(scattered()).unwrap();
        let mut hasher = Sha256::new();
        hasher.update(KEY_ID_LABEL);
        hasher.update(scattered());
        let digest = hasher.finalize();
        assert_eq!(key.id().as_bytes(), &digest[..8]);
        assert_eq!(key.id().to_string(), hex(&digest[..8]));
    }

    #[test]
    fn reads_every_encoding() {
        let id = StateKey::from_bytes(scattered()).unwrap().id();
        let hex = hex(&scattered());
        let base64 = base64::engine::general_purpose::STANDARD.encode(scattered());
        let url = base64.replace('+', "-").replace('/', "_");
        for text in [
            hex.clone(),
            hex.to_uppercase(),
            base64.clone(),
            base64.trim_end_matches('=').to_owned(),
            url.clone(),
            url.trim_end_matches('=').to_owned(),
            format!("\t {base64}\r\n"),
        ] {
            assert_eq!(StateKey::parse(&text).unwrap().id(), id, "{text}");
        }
        // Bytes whose base64 holds `+` and `/`, or `-` and `_`.
        let high: [u8; 32] = core::array::from_fn(|i| 0xfb ^ (i as u8 & 1));
        let high = StateKey::from_bytes(high).unwrap();
        let standard = high.expose_base64();
        assert!(standard.contains('+') || standard.contains('/'));
        let url = standard.replace('+', "-").replace('/', "_");
        assert_eq!(StateKey::parse(&standard).unwrap().id(), high.id());
        assert_eq!(StateKey::parse(&url).unwrap().id(), high.id());
    }

    #[test]
    fn refuses_bad_text_without_showing_it() {
        let hex = hex(&scattered());
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
            (&hex[1..], KeyError::Encoding { position: None }),
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

    /// Keys anyone could know are refused whichever way they come in, and
    /// the message says how to make a real one.
    #[test]
    fn refuses_weak_keys() {
        let counting: [u8; 32] = core::array::from_fn(|i| i as u8);
        let second: [u8; 32] = core::array::from_fn(|i| 32 + i as u8);
        for (bytes, weakness) in [
            ([0; 32], Weakness::Repeated),
            ([0xff; 32], Weakness::Repeated),
            ([9; 32], Weakness::Repeated),
            (counting, Weakness::Published),
            (second, Weakness::Published),
        ] {
            let weak = KeyError::Weak {
                position: None,
                weakness,
            };
            assert_eq!(StateKey::from_bytes(bytes).unwrap_err(), weak);
            assert_eq!(StateKey::from_slice(&bytes).unwrap_err(), weak);
            let base64 = base64::engine::general_purpose::STANDARD.encode(bytes);
            assert_eq!(StateKey::parse(&base64).unwrap_err(), weak);
            assert_eq!(StateKey::parse(&hex(&bytes)).unwrap_err(), weak);
            let message = weak.to_string();
            assert!(message.contains("openssl rand -base64 32"), "{message}");
            assert!(!message.contains(&base64[..8]), "{message}");
        }
        // The keys the documentation once printed, as text.
        for text in [
            "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
            "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8",
        ] {
            assert!(matches!(
                StateKey::parse(text),
                Err(KeyError::Weak {
                    weakness: Weakness::Published,
                    ..
                })
            ));
        }
        // Counting from elsewhere, or one byte off, is just bytes.
        let from_seven: [u8; 32] = core::array::from_fn(|i| 7 + i as u8);
        assert!(StateKey::from_bytes(from_seven).is_ok());
        let mut off = counting;
        off[31] = 0;
        assert!(StateKey::from_bytes(off).is_ok());
    }

    #[test]
    fn shows_only_the_id() {
        let key = StateKey::from_bytes(core::array::from_fn(|i| 0xab ^ (i as u8 & 1))).unwrap();
        for shown in [format!("{key:?}"), key.to_string(), format!("{key:#?}")] {
            assert!(!shown.contains("abaa"), "{shown}");
            assert!(shown.contains(&key.id().to_string()), "{shown}");
        }
    }
}
