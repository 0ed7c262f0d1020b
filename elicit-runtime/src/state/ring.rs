//! The keyring: the key that seals, the older keys that still open, and
//! the lifetime and limits of the states it seals.

use core::fmt;
use std::sync::Arc;
use std::time::Duration;

use chacha20poly1305::{Key, KeyInit, XChaCha20Poly1305};
use zeroize::Zeroizing;

use super::{DEFAULT_TTL, KeyError, KeyId, StateKey};
use crate::Limits;

/// One key of the ring, ready to use: its id and its cipher (which wipes
/// its copy of the key when dropped).
#[derive(Clone)]
pub(crate) struct Entry {
    pub(crate) id: KeyId,
    pub(crate) cipher: XChaCha20Poly1305,
}

impl Entry {
    fn new(key: &StateKey) -> Entry {
        Entry {
            id: key.id(),
            cipher: XChaCha20Poly1305::new(<&Key>::from(key.bytes())),
        }
    }
}

/// The keyring that seals and opens `requestState`: one current key, which
/// seals, and older keys, which still open what they sealed, for rotation.
/// It also holds the lifetime of a sealed state ([`StateKeys::with_ttl`])
/// and the [`Limits`] a state is opened with ([`StateKeys::with_limits`]).
///
/// Cloning a ring shares its keys (behind an [`Arc`]) rather than copying
/// them. `Debug` shows the key ids only.
///
/// # Rotation
///
/// To rotate without refusing states in flight: deploy the new key as
/// current with the old one after it (`NEW,OLD`); once every replica runs
/// with it and a lifetime has passed, drop the old one (`NEW`).
///
/// ```
/// use elicit_runtime::state::{Binding, StateKey, StateKeys};
///
/// let old = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
/// let new = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8";
/// let binding = Binding::tool("book", None);
///
/// let before = StateKeys::parse(old).unwrap();
/// let token = before.seal(&binding, 1, &"in flight").unwrap();
///
/// let during = StateKeys::parse(&format!("{new},{old}")).unwrap();
/// assert_eq!(during.current_id(), StateKey::parse(new).unwrap().id());
/// assert_eq!(during.open::<String>(&binding, &token).unwrap().state, "in flight");
///
/// let after = StateKeys::parse(new).unwrap();
/// assert!(after.open::<String>(&binding, &token).is_err());
/// ```
#[derive(Clone)]
pub struct StateKeys {
    /// The current key first, then the older ones.
    pub(crate) keys: Arc<Vec<Entry>>,
    pub(crate) ttl: Duration,
    pub(crate) limits: Limits,
}

impl StateKeys {
    /// The environment variable [`StateKeys::from_env`] reads:
    /// `ELICIT_STATE_KEYS`.
    pub const ENV: &'static str = "ELICIT_STATE_KEYS";

    /// The lifetime of a sealed state unless [`StateKeys::with_ttl`] says
    /// otherwise: one hour ([`DEFAULT_TTL`]).
    pub const DEFAULT_TTL: Duration = DEFAULT_TTL;

    /// A ring of one key, which seals and opens; states live
    /// [`DEFAULT_TTL`] and open within [`Limits::DEFAULT`].
    ///
    /// ```
    /// use elicit_runtime::Limits;
    /// use elicit_runtime::state::{StateKey, StateKeys};
    ///
    /// let key = StateKey::generate().unwrap();
    /// let id = key.id();
    /// let keys = StateKeys::new(key);
    /// assert_eq!(keys.current_id(), id);
    /// assert_eq!(keys.ttl(), StateKeys::DEFAULT_TTL);
    /// assert_eq!(keys.limits(), Limits::DEFAULT);
    /// ```
    pub fn new(current: StateKey) -> StateKeys {
        StateKeys {
            keys: Arc::new(vec![Entry::new(&current)]),
            ttl: DEFAULT_TTL,
            limits: Limits::DEFAULT,
        }
    }

    /// The same ring with an older key after the others: it opens what it
    /// sealed, and seals nothing.
    ///
    /// ```
    /// use elicit_runtime::state::{Binding, StateKey, StateKeys};
    ///
    /// let binding = Binding::resource("file:///a");
    /// let old = StateKeys::new(StateKey::from_bytes([1; 32]));
    /// let token = old.seal(&binding, 1, &true).unwrap();
    ///
    /// let ring = StateKeys::new(StateKey::from_bytes([2; 32])).with_previous(StateKey::from_bytes([1; 32]));
    /// assert!(ring.open::<bool>(&binding, &token).unwrap().state);
    /// assert_eq!(ring.current_id(), StateKey::from_bytes([2; 32]).id());
    /// ```
    pub fn with_previous(mut self, older: StateKey) -> StateKeys {
        Arc::make_mut(&mut self.keys).push(Entry::new(&older));
        self
    }

    /// Reads a ring from text: keys separated by commas and/or whitespace,
    /// the current key first, each as [`StateKey::parse`] reads it
    /// (base64, standard or URL-safe, padded or not, or 64 hexadecimal
    /// digits).
    ///
    /// # Errors
    ///
    /// [`KeyError::Empty`] when there is no key; [`KeyError::Encoding`] or
    /// [`KeyError::Length`] with the position (from 1) of the first key
    /// that is wrong. No error holds or shows the text.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::{KeyError, StateKey, StateKeys};
    ///
    /// let text = "
    ///     ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8,
    ///     000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
    /// ";
    /// let keys = StateKeys::parse(text).unwrap();
    /// assert_eq!(keys.current_id(), StateKey::parse("ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8").unwrap().id());
    /// assert_eq!(keys.key_ids().len(), 2);
    ///
    /// assert_eq!(StateKeys::parse(" , ").unwrap_err(), KeyError::Empty);
    /// assert_eq!(
    ///     StateKeys::parse("ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8 AAAA").unwrap_err(),
    ///     KeyError::Length { position: Some(2), length: 3 }
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<StateKeys, KeyError> {
        let mut texts = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|part| !part.is_empty());
        let current = StateKey::parse_at(texts.next().ok_or(KeyError::Empty)?, Some(1))?;
        let mut keys = StateKeys::new(current);
        for (i, older) in texts.enumerate() {
            keys = keys.with_previous(StateKey::parse_at(older, Some(i + 2))?);
        }
        Ok(keys)
    }

    /// Reads a ring from the environment variable [`StateKeys::ENV`]
    /// (`ELICIT_STATE_KEYS`), as [`StateKeys::parse`] does.
    ///
    /// # Errors
    ///
    /// [`KeyError::Missing`] or [`KeyError::NotUnicode`] for the variable,
    /// or the error of [`StateKeys::parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::{KeyError, StateKeys};
    ///
    /// // ELICIT_STATE_KEYS="NEW_KEY_BASE64,OLD_KEY_BASE64"
    /// match StateKeys::from_env() {
    ///     Ok(keys) => eprintln!("sealing with state key {}", keys.current_id()),
    ///     Err(KeyError::Missing { variable }) => assert_eq!(variable, "ELICIT_STATE_KEYS"),
    ///     Err(error) => panic!("{error}"),
    /// }
    /// ```
    pub fn from_env() -> Result<StateKeys, KeyError> {
        StateKeys::from_env_var(StateKeys::ENV)
    }

    /// Reads a ring from the environment variable `name`, as
    /// [`StateKeys::parse`] does.
    ///
    /// # Errors
    ///
    /// [`KeyError::Missing`] or [`KeyError::NotUnicode`] for the variable,
    /// or the error of [`StateKeys::parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::{KeyError, StateKeys};
    ///
    /// let error = StateKeys::from_env_var("ELICIT_DOCTEST_NO_SUCH_VARIABLE").unwrap_err();
    /// assert_eq!(error, KeyError::Missing { variable: "ELICIT_DOCTEST_NO_SUCH_VARIABLE".into() });
    /// ```
    pub fn from_env_var(name: &str) -> Result<StateKeys, KeyError> {
        let text = match std::env::var(name) {
            Ok(text) => Zeroizing::new(text),
            Err(std::env::VarError::NotPresent) => {
                return Err(KeyError::Missing {
                    variable: name.to_owned(),
                });
            }
            Err(std::env::VarError::NotUnicode(text)) => {
                drop(Zeroizing::new(text.into_encoded_bytes()));
                return Err(KeyError::NotUnicode {
                    variable: name.to_owned(),
                });
            }
        };
        StateKeys::parse(&text)
    }

    /// The id of the current key, the one that seals.
    ///
    /// ```
    /// use elicit_runtime::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::from_bytes([2; 32])).with_previous(StateKey::from_bytes([1; 32]));
    /// assert_eq!(keys.current_id(), StateKey::from_bytes([2; 32]).id());
    /// ```
    pub fn current_id(&self) -> KeyId {
        self.keys[0].id
    }

    /// The ids of every key, the current one first: to log which keys a
    /// replica holds.
    ///
    /// ```
    /// use elicit_runtime::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::from_bytes([2; 32])).with_previous(StateKey::from_bytes([1; 32]));
    /// assert_eq!(keys.key_ids(), [StateKey::from_bytes([2; 32]).id(), StateKey::from_bytes([1; 32]).id()]);
    /// ```
    pub fn key_ids(&self) -> Vec<KeyId> {
        self.keys.iter().map(|entry| entry.id).collect()
    }

    /// The same ring sealing states that live `ttl` (at least `ttl`, and
    /// less than a second more: times are kept in whole seconds). The
    /// expiry is sealed into the state, so a state lives as long as the
    /// ring that sealed it said, whatever the ring that opens it says.
    ///
    /// ```
    /// use std::time::Duration;
    /// use elicit_runtime::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap()).with_ttl(Duration::from_secs(600));
    /// assert_eq!(keys.ttl(), Duration::from_secs(600));
    /// ```
    pub fn with_ttl(self, ttl: Duration) -> StateKeys {
        StateKeys { ttl, ..self }
    }

    /// The same ring with other limits: a token longer than
    /// [`Limits::string_bytes`] is refused before it is decoded, and the
    /// state's JSON is read within the limits. Sealing refuses a state that
    /// would break them, so whatever a ring seals, a ring with the same
    /// limits opens.
    ///
    /// ```
    /// use elicit_runtime::Limits;
    /// use elicit_runtime::state::{StateKey, StateKeys};
    ///
    /// let limits = Limits::DEFAULT.max_string_bytes(64 << 10);
    /// let keys = StateKeys::new(StateKey::generate().unwrap()).with_limits(limits);
    /// assert_eq!(keys.limits(), limits);
    /// ```
    pub fn with_limits(self, limits: Limits) -> StateKeys {
        StateKeys { limits, ..self }
    }

    /// The lifetime of the states the ring seals.
    ///
    /// ```
    /// use std::time::Duration;
    /// use elicit_runtime::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::from_bytes([1; 32]));
    /// assert_eq!(keys.ttl(), Duration::from_secs(3600));
    /// ```
    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    /// The limits states are sealed and opened within.
    ///
    /// ```
    /// use elicit_runtime::Limits;
    /// use elicit_runtime::state::{StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::from_bytes([1; 32]));
    /// assert_eq!(keys.limits().string_bytes(), Limits::DEFAULT.string_bytes());
    /// ```
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The key of this id, if the ring holds it.
    pub(crate) fn find(&self, id: KeyId) -> Option<&Entry> {
        self.keys.iter().find(|entry| entry.id == id)
    }
}

/// Shows the key ids, never the keys.
impl fmt::Debug for StateKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StateKeys")
            .field("current", &self.keys[0].id)
            .field(
                "previous",
                &self.keys[1..]
                    .iter()
                    .map(|entry| entry.id)
                    .collect::<Vec<_>>(),
            )
            .field("ttl", &self.ttl)
            .field("limits", &self.limits)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::{KeyError, StateKey, StateKeys};

    const A: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8";
    const B: &str = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8";

    fn id(text: &str) -> super::KeyId {
        StateKey::parse(text).unwrap().id()
    }

    #[test]
    fn parses_lists_with_any_separators() {
        for text in [
            format!("{A},{B}"),
            format!("{A}, {B}"),
            format!(" {A}\n{B}\n"),
            format!(",,{A} ,\t, {B},"),
        ] {
            let keys = StateKeys::parse(&text).unwrap();
            assert_eq!(keys.key_ids(), [id(A), id(B)], "{text:?}");
        }
        assert_eq!(StateKeys::parse(B).unwrap().key_ids(), [id(B)]);
    }

    #[test]
    fn refuses_bad_lists_by_position() {
        assert_eq!(StateKeys::parse("").unwrap_err(), KeyError::Empty);
        assert_eq!(StateKeys::parse(" ,\n, ").unwrap_err(), KeyError::Empty);
        assert_eq!(
            StateKeys::parse(&format!("{A},{B},{A}!")).unwrap_err(),
            KeyError::Encoding { position: Some(3) }
        );
        assert_eq!(
            StateKeys::parse(&format!("AAECAwQF {A}")).unwrap_err(),
            KeyError::Length {
                position: Some(1),
                length: 6
            }
        );
    }

    #[test]
    fn debug_shows_ids_only() {
        let keys = StateKeys::parse(&format!("{A},{B}")).unwrap();
        let debug = format!("{keys:?}");
        assert!(debug.contains(&id(A).to_string()), "{debug}");
        assert!(debug.contains(&id(B).to_string()), "{debug}");
        assert!(!debug.contains(&A[..8]), "{debug}");
        // The bytes 0, 1, 2, ... of A as Rust would show an array
        assert!(!debug.contains("0, 1, 2, 3"), "{debug}");
    }

    #[test]
    fn clones_share_the_keys() {
        let keys = StateKeys::parse(A).unwrap();
        let clone = keys.clone();
        assert!(std::sync::Arc::ptr_eq(&keys.keys, &clone.keys));
        let grown = clone.with_previous(StateKey::parse(B).unwrap());
        assert_eq!(keys.key_ids(), [id(A)]);
        assert_eq!(grown.key_ids(), [id(A), id(B)]);
    }

    #[test]
    fn is_shared_across_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<StateKeys>();
        send_sync::<StateKey>();
    }
}
