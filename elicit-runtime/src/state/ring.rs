//! The keyring: the key that seals, the older keys that still open, and
//! the lifetime and limits of the states it seals.

use core::fmt;
use std::sync::Arc;
use std::time::Duration;

use chacha20poly1305::{Key, KeyInit, XChaCha20Poly1305};
use zeroize::Zeroizing;

use super::binding::Digest32;
use super::{DEFAULT_TTL, Deployment, KeyError, KeyId, StateKey};
use crate::limits::Limits;

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
/// # Deployment
///
/// Two deployments that share keys (staging and production given the same
/// secret, a copied configuration) would accept each other's states. So
/// every ring is made for a [`Deployment`], named explicitly: its name
/// (`ELICIT_STATE_CONTEXT` for [`StateKeys::from_env`], which requires it)
/// or [`Deployment::SINGLE`] for keys no other deployment holds. It is part
/// of what a token authenticates, so a state sealed in one deployment does
/// not open in another ([`StateError::Tampered`](super::StateError::Tampered)).
///
/// # Age
///
/// A state opens while it is younger than its own expiry *and* than the
/// opening ring's lifetime plus its leeway ([`StateKeys::with_leeway`],
/// one minute unless set), and when it was issued no later than now plus
/// the leeway: a replica with a longer lifetime, or a clock far ahead,
/// cannot make states that live longer than this ring allows. Lifetimes
/// are capped at [`StateKeys::MAX_TTL`] unless [`StateKeys::with_long_ttl`]
/// says otherwise.
///
/// # Rotation
///
/// To rotate without refusing states in flight: deploy the new key as
/// current with the old one after it (`NEW,OLD`); once every replica runs
/// with it and a lifetime has passed, drop the old one (`NEW`).
///
/// ```
/// use elicit_runtime::state::{Binding, Deployment, StateKey, StateKeys};
///
/// // In a real deployment each text comes from `openssl rand -base64 32`.
/// let old = StateKey::generate().unwrap().expose_base64();
/// let new = StateKey::generate().unwrap().expose_base64();
/// let (old, new) = (old.as_str(), new.as_str());
/// let binding = Binding::tool("book", None);
///
/// let shop = Deployment::named("shop-production");
/// let before = StateKeys::parse(old, shop.clone()).unwrap();
/// let token = before.seal(&binding, 1, &"in flight").unwrap();
///
/// let during = StateKeys::parse(&format!("{new},{old}"), shop.clone()).unwrap();
/// assert_eq!(during.current_id(), StateKey::parse(new).unwrap().id());
/// assert_eq!(during.open::<String>(&binding, &token).unwrap().state, "in flight");
///
/// let after = StateKeys::parse(new, shop).unwrap();
/// assert!(after.open::<String>(&binding, &token).is_err());
/// ```
#[derive(Clone)]
pub struct StateKeys {
    /// The current key first, then the older ones.
    pub(crate) keys: Arc<Vec<Entry>>,
    pub(crate) ttl: Duration,
    pub(crate) leeway: Duration,
    pub(crate) limits: Limits,
    /// The deployment, and its digest (in the associated data).
    pub(crate) deployment: Deployment,
    pub(crate) deployment_digest: Digest32,
}

impl StateKeys {
    /// The environment variable [`StateKeys::from_env`] reads:
    /// `ELICIT_STATE_KEYS`.
    pub const ENV: &'static str = "ELICIT_STATE_KEYS";

    /// The environment variable [`StateKeys::from_env`] reads the
    /// deployment's name from: `ELICIT_STATE_CONTEXT`.
    pub const CONTEXT_ENV: &'static str = "ELICIT_STATE_CONTEXT";

    /// The longest lifetime [`StateKeys::with_ttl`] sets: one day. Longer
    /// takes [`StateKeys::with_long_ttl`].
    pub const MAX_TTL: Duration = Duration::from_secs(24 * 60 * 60);

    /// How far the clocks of replicas may disagree unless
    /// [`StateKeys::with_leeway`] says otherwise: one minute.
    pub const DEFAULT_LEEWAY: Duration = Duration::from_secs(60);

    /// The lifetime of a sealed state unless [`StateKeys::with_ttl`] says
    /// otherwise: one hour ([`DEFAULT_TTL`]).
    pub const DEFAULT_TTL: Duration = DEFAULT_TTL;

    /// A ring of one key, which seals and opens, for `deployment` (its
    /// name, or [`Deployment::SINGLE`] for a key no other deployment
    /// holds); states live [`DEFAULT_TTL`] and open within
    /// [`Limits::DEFAULT`].
    ///
    /// ```
    /// use elicit_runtime::Limits;
    /// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
    ///
    /// let key = StateKey::generate().unwrap();
    /// let id = key.id();
    /// // A key made by this process: no other deployment holds it.
    /// let keys = StateKeys::new(key, Deployment::SINGLE);
    /// assert_eq!(keys.current_id(), id);
    /// assert_eq!(keys.ttl(), StateKeys::DEFAULT_TTL);
    /// assert_eq!(keys.limits(), Limits::DEFAULT);
    /// assert_eq!(keys.deployment(), &Deployment::SINGLE);
    /// ```
    pub fn new(current: StateKey, deployment: Deployment) -> StateKeys {
        StateKeys {
            keys: Arc::new(vec![Entry::new(&current)]),
            ttl: DEFAULT_TTL,
            leeway: StateKeys::DEFAULT_LEEWAY,
            limits: Limits::DEFAULT,
            deployment_digest: deployment.digest(),
            deployment,
        }
    }

    /// The same ring with an older key after the others: it opens what it
    /// sealed, and seals nothing.
    ///
    /// ```
    /// use elicit_runtime::state::{Binding, Deployment, StateKey, StateKeys};
    ///
    /// let binding = Binding::resource("file:///a");
    /// let (old, new) = (StateKey::generate().unwrap(), StateKey::generate().unwrap());
    /// let (old_id, new_id) = (old.id(), new.id());
    /// let before = StateKeys::new(StateKey::parse(&old.expose_base64()).unwrap(), Deployment::SINGLE);
    /// let token = before.seal(&binding, 1, &true).unwrap();
    ///
    /// let ring = StateKeys::new(new, Deployment::SINGLE).with_previous(old);
    /// assert!(ring.open::<bool>(&binding, &token).unwrap().state);
    /// assert_eq!(ring.current_id(), new_id);
    /// assert_eq!(ring.key_ids(), [new_id, old_id]);
    /// ```
    pub fn with_previous(mut self, older: StateKey) -> StateKeys {
        Arc::make_mut(&mut self.keys).push(Entry::new(&older));
        self
    }

    /// Reads a ring for `deployment` from text: keys separated by commas
    /// and/or whitespace, the current key first, each as
    /// [`StateKey::parse`] reads it (base64, standard or URL-safe, padded
    /// or not, or 64 hexadecimal digits).
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
    /// use elicit_runtime::state::{Deployment, KeyError, StateKey, StateKeys};
    ///
    /// let shop = Deployment::named("shop-production");
    /// let (new, old) = (StateKey::generate().unwrap(), StateKey::generate().unwrap());
    /// let text = format!("\n    {},\n    {}\n", new.expose_base64(), old.expose_base64());
    /// let keys = StateKeys::parse(&text, shop.clone()).unwrap();
    /// assert_eq!(keys.key_ids(), [new.id(), old.id()]);
    ///
    /// assert_eq!(StateKeys::parse(" , ", shop.clone()).unwrap_err(), KeyError::Empty);
    /// assert_eq!(
    ///     StateKeys::parse(&format!("{} AAAA", new.expose_base64()), shop).unwrap_err(),
    ///     KeyError::Length { position: Some(2), length: 3 }
    /// );
    /// ```
    pub fn parse(text: &str, deployment: Deployment) -> Result<StateKeys, KeyError> {
        let mut texts = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|part| !part.is_empty());
        let current = StateKey::parse_at(texts.next().ok_or(KeyError::Empty)?, Some(1))?;
        let mut keys = StateKeys::new(current, deployment);
        for (i, older) in texts.enumerate() {
            keys = keys.with_previous(StateKey::parse_at(older, Some(i + 2))?);
        }
        Ok(keys)
    }

    /// Reads a ring from the environment: the keys from [`StateKeys::ENV`]
    /// (`ELICIT_STATE_KEYS`), as [`StateKeys::parse`] reads them, for the
    /// deployment named in [`StateKeys::CONTEXT_ENV`]
    /// (`ELICIT_STATE_CONTEXT`), which is required: keys that come from
    /// configuration may be given to another deployment too, and the name
    /// keeps each from continuing the other's flows. A server whose keys no
    /// other deployment holds reads them with
    /// `StateKeys::from_env_var(StateKeys::ENV, Deployment::SINGLE)`.
    ///
    /// # Errors
    ///
    /// [`KeyError::Missing`] or [`KeyError::NotUnicode`] for the keys'
    /// variable, or the error of [`StateKeys::parse`]; then
    /// [`KeyError::NoDeployment`] when `ELICIT_STATE_CONTEXT` is not set or
    /// empty, [`KeyError::NotUnicode`] when it is not Unicode.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::{Deployment, KeyError, StateKeys};
    ///
    /// // ELICIT_STATE_KEYS="NEW_KEY_BASE64,OLD_KEY_BASE64"
    /// // ELICIT_STATE_CONTEXT="shop-production"
    /// match StateKeys::from_env() {
    ///     Ok(keys) => eprintln!("sealing with state key {}", keys.current_id()),
    ///     Err(KeyError::Missing { variable }) => assert_eq!(variable, "ELICIT_STATE_KEYS"),
    ///     Err(KeyError::NoDeployment { variable }) => assert_eq!(variable, "ELICIT_STATE_CONTEXT"),
    ///     Err(error) => panic!("{error}"),
    /// }
    /// ```
    pub fn from_env() -> Result<StateKeys, KeyError> {
        let keys = StateKeys::from_env_var(StateKeys::ENV, Deployment::SINGLE)?;
        let no_deployment = || KeyError::NoDeployment {
            variable: StateKeys::CONTEXT_ENV.to_owned(),
        };
        let name = match std::env::var(StateKeys::CONTEXT_ENV) {
            Ok(name) if name.trim().is_empty() => return Err(no_deployment()),
            Ok(name) => name,
            Err(std::env::VarError::NotPresent) => return Err(no_deployment()),
            Err(std::env::VarError::NotUnicode(_)) => {
                return Err(KeyError::NotUnicode {
                    variable: StateKeys::CONTEXT_ENV.to_owned(),
                });
            }
        };
        Ok(keys.for_deployment(Deployment::named(name)))
    }

    /// Reads a ring for `deployment` from the environment variable `name`,
    /// as [`StateKeys::parse`] does.
    ///
    /// # Errors
    ///
    /// [`KeyError::Missing`] or [`KeyError::NotUnicode`] for the variable,
    /// or the error of [`StateKeys::parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::state::{Deployment, KeyError, StateKeys};
    ///
    /// let shop = Deployment::named("shop-production");
    /// let error = StateKeys::from_env_var("ELICIT_DOCTEST_NO_SUCH_VARIABLE", shop).unwrap_err();
    /// assert_eq!(error, KeyError::Missing { variable: "ELICIT_DOCTEST_NO_SUCH_VARIABLE".into() });
    /// ```
    pub fn from_env_var(name: &str, deployment: Deployment) -> Result<StateKeys, KeyError> {
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
        StateKeys::parse(&text, deployment)
    }

    /// The id of the current key, the one that seals.
    ///
    /// ```
    /// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
    ///
    /// let (current, older) = (StateKey::generate().unwrap(), StateKey::generate().unwrap());
    /// let id = current.id();
    /// let keys = StateKeys::new(current, Deployment::SINGLE).with_previous(older);
    /// assert_eq!(keys.current_id(), id);
    /// ```
    pub fn current_id(&self) -> KeyId {
        self.keys[0].id
    }

    /// The ids of every key, the current one first: to log which keys a
    /// replica holds.
    ///
    /// ```
    /// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
    ///
    /// let (current, older) = (StateKey::generate().unwrap(), StateKey::generate().unwrap());
    /// let ids = [current.id(), older.id()];
    /// let keys = StateKeys::new(current, Deployment::SINGLE).with_previous(older);
    /// assert_eq!(keys.key_ids(), ids);
    /// ```
    pub fn key_ids(&self) -> Vec<KeyId> {
        self.keys.iter().map(|entry| entry.id).collect()
    }

    /// The same ring sealing states that live `ttl` (at least `ttl`, and
    /// less than a second more: times are kept in whole seconds), at most
    /// [`StateKeys::MAX_TTL`] (one day): a longer `ttl` is cut to it. The
    /// lifetime is also the oldest state the ring opens (plus the leeway),
    /// whatever expiry the state carries.
    ///
    /// ```
    /// use std::time::Duration;
    /// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE).with_ttl(Duration::from_secs(600));
    /// assert_eq!(keys.ttl(), Duration::from_secs(600));
    /// let capped = keys.with_ttl(Duration::from_secs(365 * 24 * 3600));
    /// assert_eq!(capped.ttl(), StateKeys::MAX_TTL);
    /// ```
    pub fn with_ttl(self, ttl: Duration) -> StateKeys {
        StateKeys {
            ttl: ttl.min(StateKeys::MAX_TTL),
            ..self
        }
    }

    /// The same ring sealing states that live `ttl`, beyond
    /// [`StateKeys::MAX_TTL`] if asked: for flows that wait days for a
    /// person, knowing that a leaked token opens as long.
    ///
    /// ```
    /// use std::time::Duration;
    /// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
    ///
    /// let week = Duration::from_secs(7 * 24 * 3600);
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE).with_long_ttl(week);
    /// assert_eq!(keys.ttl(), week);
    /// ```
    pub fn with_long_ttl(self, ttl: Duration) -> StateKeys {
        StateKeys { ttl, ..self }
    }

    /// The same ring allowing replicas' clocks to disagree by `leeway`: a
    /// state opens until its lifetime plus `leeway` has passed, and when
    /// it was issued no later than now plus `leeway`. The sealed expiry
    /// itself gets no leeway.
    ///
    /// ```
    /// use std::time::Duration;
    /// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE).with_leeway(Duration::from_secs(5));
    /// assert_eq!(keys.leeway(), Duration::from_secs(5));
    /// assert_eq!(StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE).leeway(), StateKeys::DEFAULT_LEEWAY);
    /// ```
    pub fn with_leeway(self, leeway: Duration) -> StateKeys {
        StateKeys { leeway, ..self }
    }

    /// How far replicas' clocks may disagree.
    pub fn leeway(&self) -> Duration {
        self.leeway
    }

    /// The same ring, for `deployment`.
    fn for_deployment(self, deployment: Deployment) -> StateKeys {
        StateKeys {
            deployment_digest: deployment.digest(),
            deployment,
            ..self
        }
    }

    /// The deployment the ring's states belong to.
    ///
    /// ```
    /// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::named("shop-staging"));
    /// assert_eq!(keys.deployment().name(), Some("shop-staging"));
    /// ```
    pub fn deployment(&self) -> &Deployment {
        &self.deployment
    }

    /// The same ring with other limits: a token longer than
    /// [`Limits::string_bytes`] is refused before it is decoded, and the
    /// state's JSON is read within the limits. Sealing refuses a state that
    /// would break them, so whatever a ring seals, a ring with the same
    /// limits opens.
    ///
    /// ```
    /// use elicit_runtime::Limits;
    /// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
    ///
    /// let limits = Limits::DEFAULT.max_string_bytes(64 << 10);
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE).with_limits(limits);
    /// assert_eq!(keys.limits(), limits);
    /// ```
    pub fn with_limits(self, limits: Limits) -> StateKeys {
        StateKeys { limits, ..self }
    }

    /// The lifetime of the states the ring seals.
    ///
    /// ```
    /// use std::time::Duration;
    /// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// assert_eq!(keys.ttl(), Duration::from_secs(3600));
    /// ```
    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    /// The limits states are sealed and opened within.
    ///
    /// ```
    /// use elicit_runtime::Limits;
    /// use elicit_runtime::state::{Deployment, StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
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
            .field("deployment", &self.deployment)
            .field("ttl", &self.ttl)
            .field("leeway", &self.leeway)
            .field("limits", &self.limits)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::{Deployment, KeyError, StateKey, StateKeys};

    // Two keys of scattered bytes (steps of 151 and 89 from 0x5c and 0x11).
    const A: &str = "XMtymQCv1n3kE7ohSPcehSxbwmmQP6bNdOMKsdhH7hU";
    const B: &str = "EUijGnWsB37ZMGvCPZTPJoH4U4rlXLfuSaAbcq0Ef9Y";

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
            let keys = StateKeys::parse(&text, Deployment::SINGLE).unwrap();
            assert_eq!(keys.key_ids(), [id(A), id(B)], "{text:?}");
        }
        assert_eq!(
            StateKeys::parse(B, Deployment::SINGLE).unwrap().key_ids(),
            [id(B)]
        );
    }

    #[test]
    fn refuses_bad_lists_by_position() {
        assert_eq!(
            StateKeys::parse("", Deployment::SINGLE).unwrap_err(),
            KeyError::Empty
        );
        assert_eq!(
            StateKeys::parse(" ,\n, ", Deployment::SINGLE).unwrap_err(),
            KeyError::Empty
        );
        assert_eq!(
            StateKeys::parse(&format!("{A},{B},{A}!"), Deployment::SINGLE).unwrap_err(),
            KeyError::Encoding { position: Some(3) }
        );
        assert_eq!(
            StateKeys::parse(&format!("AAECAwQF {A}"), Deployment::SINGLE).unwrap_err(),
            KeyError::Length {
                position: Some(1),
                length: 6
            }
        );
    }

    #[test]
    fn debug_shows_ids_only() {
        let keys = StateKeys::parse(&format!("{A},{B}"), Deployment::SINGLE).unwrap();
        let debug = format!("{keys:?}");
        assert!(debug.contains(&id(A).to_string()), "{debug}");
        assert!(debug.contains(&id(B).to_string()), "{debug}");
        assert!(!debug.contains(&A[..8]), "{debug}");
        // The bytes 0, 1, 2, ... of A as Rust would show an array
        assert!(!debug.contains("0, 1, 2, 3"), "{debug}");
    }

    #[test]
    fn clones_share_the_keys() {
        let keys = StateKeys::parse(A, Deployment::SINGLE).unwrap();
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
