//! Why a state cannot be opened or sealed, and why keys cannot be read.
//!
//! No message holds anything of the state, its binding, a key or the
//! token: a message goes back to the client, and into logs.

use core::fmt;

use serde_json::Value;

use crate::excerpt::Excerpt;
use crate::limits::LimitError;
use crate::protocol::{RandomnessError, RequestId};

/// The fix every refusal ends with: the client starts the request over.
const START_OVER: &str = "send the request again without `requestState` to start over";

/// Why a `requestState` does not open.
///
/// Each refusal has its own variant, in the order [`StateKeys::open`]
/// checks them. A server answers any of them with the JSON-RPC error
/// [`StateError::JSONRPC_CODE`] (`-32602`, invalid params), which
/// [`StateError::to_jsonrpc`] writes whole. The message says what is wrong
/// and how the client starts over; it never holds anything of the state,
/// its binding, a key or the token, and names the request only as the
/// client sent it.
///
/// [`StateKeys::open`]: super::StateKeys::open
///
/// ```
/// use elicit_runtime::state::{Binding, Deployment, StateError, StateKey, StateKeys};
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let error = keys.open::<u32>(&Binding::tool("book", None), "es3.AAAA").unwrap_err();
/// assert_eq!(error, StateError::Truncated);
/// assert_eq!(error.to_jsonrpc(3)["error"]["code"], -32602);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateError {
    /// The token is longer than [`Limits::string_bytes`](crate::Limits::string_bytes)
    /// (checked before anything else), or the state inside it breaks one
    /// of the [`Limits`](crate::Limits).
    TooLarge(LimitError),
    /// Not a sealed state of this format: the prefix (`es1.`, with the
    /// version) is missing or another, or the rest is not base64url
    /// without padding.
    Malformed,
    /// Shorter than the smallest sealed state: cut short on the way.
    Truncated,
    /// Sealed with a key that is not in the ring: rotated out, or another
    /// server's.
    UnknownKey,
    /// The authentication failed: the token was changed after it was
    /// sealed (or made up).
    Tampered,
    /// Authentic, but no longer current: past its expiry, older than this
    /// server's maximum age, or issued in the future. Checked before the
    /// binding, so an old token tells nothing of what it was sealed for.
    /// The client's message is the same for each; [`Expiry`] (the
    /// [`source`](std::error::Error::source)) says which, for the logs.
    Expired(Expiry),
    /// Authentic and current, but sealed for another request, other
    /// arguments or another user. The client's message is the same for
    /// each, so a token is no oracle for what it was sealed for;
    /// [`Mismatch`] (the [`source`](std::error::Error::source)) says which,
    /// for the server's logs.
    Mismatch(Mismatch),
    /// Authentic and current, but its content does not read as the state
    /// type asked for: sealed by another version of the server.
    Unreadable(UnreadableState),
}

impl StateError {
    /// JSON-RPC "invalid params": `-32602`, the code of every refusal.
    pub const JSONRPC_CODE: i64 = -32602;

    /// The JSON-RPC error code, [`StateError::JSONRPC_CODE`].
    ///
    /// ```
    /// use elicit_runtime::state::StateError;
    ///
    /// assert_eq!(StateError::Tampered.code(), -32602);
    /// ```
    pub fn code(&self) -> i64 {
        StateError::JSONRPC_CODE
    }

    /// The JSON-RPC error code, [`StateError::JSONRPC_CODE`] (the same as
    /// [`StateError::code`]).
    ///
    /// ```
    /// use elicit_runtime::state::StateError;
    ///
    /// assert_eq!(StateError::Tampered.jsonrpc_code(), -32602);
    /// ```
    pub fn jsonrpc_code(&self) -> i64 {
        StateError::JSONRPC_CODE
    }

    /// The JSON-RPC error object: `{"code": -32602, "message": ...}`.
    ///
    /// ```
    /// use elicit_runtime::state::StateError;
    ///
    /// let error = StateError::Truncated.to_error();
    /// assert_eq!(error["code"], -32602);
    /// assert_eq!(error["message"], StateError::Truncated.to_string());
    /// ```
    pub fn to_error(&self) -> Value {
        crate::protocol::jsonrpc::error(StateError::JSONRPC_CODE, &self.to_string(), None)
    }

    /// The whole JSON-RPC error response to the request `id`.
    ///
    /// ```
    /// use elicit_runtime::state::StateError;
    /// use serde_json::json;
    ///
    /// assert_eq!(
    ///     StateError::Tampered.to_jsonrpc("call-7"),
    ///     json!({
    ///         "jsonrpc": "2.0",
    ///         "id": "call-7",
    ///         "error": { "code": -32602, "message": StateError::Tampered.to_string() }
    ///     })
    /// );
    /// ```
    pub fn to_jsonrpc(&self, id: impl Into<RequestId>) -> Value {
        crate::protocol::jsonrpc::error_response(id.into(), self.to_error())
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::TooLarge(limit) => {
                f.write_str("the `requestState` ")?;
                match limit {
                    LimitError::StringBytes { limit, actual } => write!(
                        f,
                        "has {actual} bytes, and this server reads at most {limit}"
                    )?,
                    LimitError::Bytes { limit, actual } => write!(
                        f,
                        "holds {actual} bytes of JSON, and this server reads at most {limit}"
                    )?,
                    LimitError::Depth { limit } => write!(
                        f,
                        "holds JSON nested deeper than the {limit} levels this server reads"
                    )?,
                    LimitError::Properties { limit } => write!(
                        f,
                        "holds an object of more than the {limit} members this server reads"
                    )?,
                }
                write!(f, ": {START_OVER}")
            }
            StateError::Malformed => write!(
                f,
                "the `requestState` is not a state this server sealed (`es1.` and base64url): \
                 send it back exactly as the server gave it, or {START_OVER}"
            ),
            StateError::Truncated => write!(
                f,
                "the `requestState` is shorter than any sealed state, so it was cut short: send \
                 it back whole, or {START_OVER}"
            ),
            StateError::UnknownKey => write!(
                f,
                "the `requestState` was sealed with a key this server does not hold (rotated \
                 out, or another server's): {START_OVER}"
            ),
            StateError::Tampered => write!(
                f,
                "the `requestState` does not authenticate here (changed after it was sealed, or \
                 sealed by another deployment or for another purpose): {START_OVER}"
            ),
            StateError::Mismatch(_) => write!(
                f,
                "the `requestState` does not belong to this request: send each request only the \
                 `requestState` it returned, with the same arguments, or {START_OVER}"
            ),
            StateError::Expired(_) => write!(f, "the `requestState` has expired: {START_OVER}"),
            StateError::Unreadable(_) => write!(
                f,
                "the `requestState` is authentic but this server cannot read it (it was sealed \
                 by another version of the server): {START_OVER}"
            ),
        }
    }
}

impl std::error::Error for StateError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StateError::TooLarge(limit) => Some(limit),
            StateError::Unreadable(unreadable) => Some(unreadable),
            StateError::Expired(expiry) => Some(expiry),
            StateError::Mismatch(mismatch) => Some(mismatch),
            _ => None,
        }
    }
}

/// Why an authentic state is no longer current: for the server's logs
/// (the client's message, [`StateError::Expired`]'s, is the same for each).
///
/// ```
/// use std::error::Error as _;
/// use std::time::{Duration, SystemTime};
/// use elicit_runtime::state::{Binding, Deployment, Expiry, StateError, StateKey, StateKeys};
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE).with_ttl(Duration::from_secs(60));
/// let binding = Binding::tool("book", None);
/// let now = SystemTime::now();
/// let token = keys.seal_at(&binding, 1, &0u8, now).unwrap();
/// let error = keys.open_at::<u8>(&binding, &token, now + Duration::from_secs(61)).unwrap_err();
/// assert_eq!(error, StateError::Expired(Expiry::Passed));
/// assert_eq!(error.source().unwrap().to_string(), "the state is past the expiry sealed into it");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Expiry {
    /// Past the expiry sealed into it.
    Passed,
    /// Issued longer ago than the opening ring's lifetime plus its leeway
    /// ([`StateKeys::with_ttl`](super::StateKeys::with_ttl),
    /// [`StateKeys::with_leeway`](super::StateKeys::with_leeway)), whatever
    /// expiry it carries: sealed by a ring with a longer lifetime.
    TooOld,
    /// Issued later than now plus the leeway: sealed by a replica whose
    /// clock runs ahead.
    IssuedInFuture,
}

impl fmt::Display for Expiry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expiry::Passed => "the state is past the expiry sealed into it",
            Expiry::TooOld => {
                "the state is older than this server's lifetime plus leeway: check the lifetime \
                 each replica seals with"
            }
            Expiry::IssuedInFuture => {
                "the state was issued later than now plus the leeway: check the clocks of the \
                 replicas"
            }
        })
    }
}

impl std::error::Error for Expiry {}

/// What an authentic, current state was sealed for that this request is
/// not: for the server's logs (the client's message,
/// [`StateError::Mismatch`]'s, is the same for each).
///
/// ```
/// use std::error::Error as _;
/// use elicit_runtime::state::{Binding, Deployment, MismatchKind, StateError, StateKey, StateKeys};
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let token = keys.seal(&Binding::tool("pay", None).for_principal("alice"), 1, &0u8).unwrap();
/// let bob = Binding::tool("pay", None).for_principal("bob");
/// let StateError::Mismatch(mismatch) = keys.open::<u8>(&bob, &token).unwrap_err() else { panic!() };
/// assert_eq!(mismatch.kind(), MismatchKind::User);
/// assert_eq!(mismatch.to_string(), "the state was sealed for another user of `tools/call` of `pay`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    kind: MismatchKind,
    method: String,
    name: String,
}

/// Which part of the binding differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MismatchKind {
    /// Another method, tool, prompt or resource.
    Request,
    /// The same request with other arguments.
    Arguments,
    /// Another principal, or a principal on one side only.
    User,
}

impl Mismatch {
    pub(crate) fn new(kind: MismatchKind, method: &str, name: &str) -> Mismatch {
        Mismatch {
            kind,
            method: method.to_owned(),
            name: name.to_owned(),
        }
    }

    /// Which part of the binding differs.
    pub fn kind(&self) -> MismatchKind {
        self.kind
    }

    /// The method of the request that sent the state.
    pub fn method(&self) -> &str {
        &self.method
    }

    /// The tool or prompt name, or resource URI, of the request that sent
    /// the state.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            MismatchKind::Request => "another request than",
            MismatchKind::Arguments => "other arguments of",
            MismatchKind::User => "another user of",
        };
        write!(
            f,
            "the state was sealed for {what} `{}` of `{}`",
            Excerpt(&self.method),
            Excerpt(&self.name)
        )
    }
}

impl std::error::Error for Mismatch {}

/// Why an authentic state does not read as the type asked for: for the
/// server's logs (the client's message, [`StateError`]'s, leaves it out).
/// It names the Rust type expected and what failed, never the content.
///
/// ```
/// use elicit_runtime::state::{Binding, Deployment, StateError, StateKey, StateKeys};
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let binding = Binding::tool("book", None);
/// let token = keys.seal(&binding, 1, &"a string").unwrap();
/// let Err(StateError::Unreadable(unreadable)) = keys.open::<u32>(&binding, &token) else {
///     panic!("a string read as a number");
/// };
/// assert_eq!(unreadable.expected(), "u32");
/// assert_eq!(
///     unreadable.to_string(),
///     "the opened `requestState` does not read as `u32`: its JSON has another shape"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreadableState {
    expected: &'static str,
    part: Part,
}

/// What of an authentic state could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    /// The fixed header, of another layout.
    Header,
    /// The state's text is not JSON this crate reads (not UTF-8, or a name
    /// given twice).
    Json,
    /// The JSON does not have the shape of the type.
    Shape,
}

impl UnreadableState {
    pub(crate) fn new<S>(part: Part) -> UnreadableState {
        UnreadableState {
            expected: core::any::type_name::<S>(),
            part,
        }
    }

    /// The Rust type the state was opened as (from
    /// [`core::any::type_name`]).
    ///
    /// ```
    /// use elicit_runtime::state::{Binding, Deployment, StateError, StateKey, StateKeys};
    ///
    /// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    /// let binding = Binding::tool("t", None);
    /// let token = keys.seal(&binding, 1, &[1, 2]).unwrap();
    /// let Err(StateError::Unreadable(unreadable)) = keys.open::<bool>(&binding, &token) else {
    ///     panic!("an array read as a boolean");
    /// };
    /// assert_eq!(unreadable.expected(), "bool");
    /// ```
    pub fn expected(&self) -> &'static str {
        self.expected
    }
}

impl fmt::Display for UnreadableState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let expected = self.expected;
        let what = match self.part {
            Part::Header => "its header has another layout",
            Part::Json => "its text is not JSON this version reads",
            Part::Shape => "its JSON has another shape",
        };
        write!(
            f,
            "the opened `requestState` does not read as `{expected}`: {what}"
        )
    }
}

impl std::error::Error for UnreadableState {}

/// Why a state cannot be sealed.
///
/// ```
/// use std::collections::HashMap;
/// use elicit_runtime::Limits;
/// use elicit_runtime::state::{Binding, Deployment, SealError, StateKey, StateKeys};
///
/// let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
/// let binding = Binding::tool("book", None);
///
/// let not_json = HashMap::from([((1, 2), "a map with tuple keys")]);
/// assert!(matches!(keys.seal(&binding, 1, &not_json), Err(SealError::Unserializable(_))));
///
/// let small = keys.with_limits(Limits::DEFAULT.max_string_bytes(200));
/// let error = small.seal(&binding, 1, &"x".repeat(200)).unwrap_err();
/// assert!(matches!(error, SealError::TooLarge(_)));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum SealError {
    /// The state does not serialize to JSON (a map with keys that are not
    /// strings, a `Serialize` that fails, ...), or serializes to JSON that
    /// names a member twice in one object, which would not read back.
    Unserializable(serde_json::Error),
    /// The state, or the token it would make, breaks one of the
    /// [`Limits`](crate::Limits) the ring opens with: it would never open.
    TooLarge(LimitError),
    /// No random numbers for the nonce.
    Randomness(RandomnessError),
}

impl fmt::Display for SealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SealError::Unserializable(_) => f.write_str(
                "the state does not serialize to JSON that reads back: give it a `Serialize` \
                 that writes string keys and each name once",
            ),
            SealError::TooLarge(limit) => write!(
                f,
                "the sealed state would be too large to open ({limit}): keep less in the \
                 state, or raise the limits given to `StateKeys::with_limits`"
            ),
            SealError::Randomness(error) => fmt::Display::fmt(error, f),
        }
    }
}

impl std::error::Error for SealError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SealError::Unserializable(error) => Some(error),
            SealError::TooLarge(limit) => Some(limit),
            SealError::Randomness(error) => Some(error),
        }
    }
}

/// Why keys cannot be read. No variant holds or shows the key text.
///
/// ```
/// use elicit_runtime::state::{Deployment, KeyError, StateKeys};
///
/// let key = elicit_runtime::state::StateKey::generate().unwrap().expose_base64();
/// let error = StateKeys::parse(&format!("{key}, secret?"), Deployment::SINGLE).unwrap_err();
/// assert_eq!(error, KeyError::Encoding { position: Some(2) });
/// assert!(!error.to_string().contains("secret"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum KeyError {
    /// The environment variable is not set.
    Missing {
        /// The variable's name.
        variable: String,
    },
    /// The environment variable is not valid Unicode.
    NotUnicode {
        /// The variable's name.
        variable: String,
    },
    /// The environment variable that names the deployment
    /// (`ELICIT_STATE_CONTEXT`, read by
    /// [`StateKeys::from_env`](super::StateKeys::from_env)) is not set, or
    /// empty.
    NoDeployment {
        /// The variable's name.
        variable: String,
    },
    /// The list holds no key.
    Empty,
    /// A key is neither base64 nor 64 hexadecimal digits.
    Encoding {
        /// Where the key is in the list, from 1; `None` for a key read
        /// alone.
        position: Option<usize>,
    },
    /// A key anyone could know: 32 equal bytes, or a key printed in this
    /// crate's documentation.
    Weak {
        /// Where the key is in the list, from 1; `None` for a key read
        /// alone.
        position: Option<usize>,
        /// Why it is known.
        weakness: super::Weakness,
    },
    /// A key is not 32 bytes long.
    Length {
        /// Where the key is in the list, from 1; `None` for a key read
        /// alone.
        position: Option<usize>,
        /// The length found, in bytes.
        length: usize,
    },
}

/// `the key` or `the key at position 2 of the list`.
struct Which(Option<usize>);

impl fmt::Display for Which {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            None => f.write_str("the key"),
            Some(position) => write!(f, "the key at position {position} of the list"),
        }
    }
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::Missing { variable } => write!(
                f,
                "the environment variable `{}` is not set: set it to the state keys, the current \
                 one first (make one with `openssl rand -base64 32`)",
                Excerpt(variable)
            ),
            KeyError::NotUnicode { variable } => write!(
                f,
                "the environment variable `{}` is not valid Unicode: write the keys as base64 or \
                 hexadecimal digits, and the deployment's name as text",
                Excerpt(variable)
            ),
            KeyError::NoDeployment { variable } => write!(
                f,
                "the environment variable `{}` is not set, or empty: set it to this deployment's \
                 name (such as `shop-production`), the same on its replicas and another for \
                 every other deployment given these keys, so that none continues another's \
                 flows; for keys no other deployment holds, read them with \
                 `StateKeys::from_env_var(StateKeys::ENV, Deployment::SINGLE)`",
                Excerpt(variable)
            ),
            KeyError::Empty => f.write_str(
                "the list of state keys is empty: give at least one, the current key first \
                 (make one with `openssl rand -base64 32`)",
            ),
            KeyError::Encoding { position } => write!(
                f,
                "{} is neither base64 nor 64 hexadecimal digits: write each key as base64 \
                 (standard or URL-safe) or hex, keys separated by commas or spaces",
                Which(*position)
            ),
            KeyError::Weak { position, weakness } => write!(
                f,
                "{} is no secret ({weakness}): make a random one with `openssl rand -base64 32` \
                 or `StateKey::generate`",
                Which(*position)
            ),
            KeyError::Length { position, length } => write!(
                f,
                "{} has {length} bytes, but a state key has 32: make one with `openssl rand \
                 -base64 32`",
                Which(*position)
            ),
        }
    }
}

impl std::error::Error for KeyError {}

#[cfg(test)]
mod tests {
    use std::error::Error as _;

    use super::{
        Expiry, KeyError, LimitError, Mismatch, MismatchKind, Part, StateError, UnreadableState,
    };

    fn every_state_error() -> Vec<StateError> {
        vec![
            StateError::TooLarge(LimitError::StringBytes {
                limit: 10,
                actual: 11,
            }),
            StateError::Malformed,
            StateError::Truncated,
            StateError::UnknownKey,
            StateError::Tampered,
            StateError::Mismatch(Mismatch::new(
                MismatchKind::Request,
                "tools/call",
                "book\u{1b}[2J",
            )),
            StateError::Mismatch(Mismatch::new(
                MismatchKind::Arguments,
                "prompts/get",
                "plan",
            )),
            StateError::Mismatch(Mismatch::new(MismatchKind::User, "tools/call", "pay")),
            StateError::Expired(Expiry::Passed),
            StateError::Expired(Expiry::TooOld),
            StateError::Expired(Expiry::IssuedInFuture),
            StateError::Unreadable(UnreadableState::new::<Vec<u8>>(Part::Shape)),
        ]
    }

    #[test]
    fn messages_follow_the_house_style() {
        for error in every_state_error() {
            let message = error.to_string();
            assert!(message.starts_with("the `requestState` "), "{message}");
            assert!(
                message.ends_with("without `requestState` to start over"),
                "{message}"
            );
            assert!(!message.contains('\u{1b}'), "{message}");
            assert_eq!(error.code(), -32602);
            assert_eq!(error.to_jsonrpc(1)["error"]["message"], message.as_str());
        }
        for error in [
            KeyError::Missing {
                variable: "KEYS".into(),
            },
            KeyError::NotUnicode {
                variable: "KEYS".into(),
            },
            KeyError::NoDeployment {
                variable: "CONTEXT".into(),
            },
            KeyError::Empty,
            KeyError::Encoding { position: Some(3) },
            KeyError::Length {
                position: None,
                length: 31,
            },
        ] {
            let message = error.to_string();
            assert!(message.starts_with("the "), "{message}");
            assert!(!message.ends_with('.'), "{message}");
        }
    }

    /// Every mismatch, and every kind of expiry, reads the same to the
    /// client; the detail is in the source, for the logs.
    #[test]
    fn tells_the_client_nothing_of_the_binding() {
        let errors = every_state_error();
        let mismatches: Vec<_> = errors
            .iter()
            .filter(|error| matches!(error, StateError::Mismatch(_)))
            .collect();
        assert_eq!(mismatches.len(), 3);
        for error in &mismatches {
            assert_eq!(error.to_string(), mismatches[0].to_string());
            assert!(!error.to_string().contains("book"));
        }
        assert_eq!(
            mismatches[1].source().unwrap().to_string(),
            "the state was sealed for other arguments of `prompts/get` of `plan`"
        );
        let expired: Vec<_> = errors
            .iter()
            .filter(|error| matches!(error, StateError::Expired(_)))
            .collect();
        assert_eq!(expired.len(), 3);
        for error in &expired {
            assert_eq!(error.to_string(), expired[0].to_string());
            assert!(error.source().is_some());
        }
    }

    #[test]
    fn names_the_key_by_position() {
        assert!(
            KeyError::Length {
                position: Some(2),
                length: 16
            }
            .to_string()
            .starts_with("the key at position 2 of the list has 16 bytes")
        );
    }

    #[test]
    fn wraps_its_sources() {
        let unreadable = StateError::Unreadable(UnreadableState::new::<u8>(Part::Header));
        assert!(!unreadable.to_string().contains("u8"));
        assert_eq!(
            unreadable.source().unwrap().to_string(),
            "the opened `requestState` does not read as `u8`: its header has another layout"
        );
        assert!(StateError::Tampered.source().is_none());
        assert!(every_state_error()[0].source().is_some());
    }
}
