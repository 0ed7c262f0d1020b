//! Sealed, typed `requestState` for the input-required rounds of MCP
//! 2026-07-28 (the `request-state` feature).
//!
//! In 2026-07-28 a tool call, prompt or resource read that needs the user
//! returns an `InputRequiredResult { inputRequests, requestState }`; the
//! client asks, then sends the same request again with `inputResponses`
//! and the `requestState` unchanged. The state passes through the client,
//! which can read it and change it. A server that keeps what it learnt so
//! far in it, and no session of its own, is stateless: any replica behind a
//! load balancer continues any round. This module makes that safe:
//! [`StateKeys::seal`] turns a typed state into an encrypted, authenticated
//! token bound to the request and the user, and [`StateKeys::open`] gives
//! it back, or a [`StateError`] saying exactly why not.
//!
//! ```
//! use elicit_runtime::state::{Binding, Deployment, StateError, StateKey, StateKeys};
//! use serde::{Deserialize, Serialize};
//! use serde_json::json;
//!
//! /// What the tool learnt in the rounds so far.
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Booking { guest: String, nights: Option<u32> }
//!
//! // Every replica reads the same keys, from `ELICIT_STATE_KEYS` in a real server
//! // (`StateKeys::from_env`); here, a key made for the example.
//! let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::named("hotel-production"));
//!
//! // Round 1: `tools/call` of `book_hotel`, by the user the server authenticated.
//! let arguments = json!({ "hotel": "Avenida" });
//! let binding = Binding::tool("book_hotel", arguments.as_object()).for_principal("user-42");
//! let state = Booking { guest: "Monalisa Octocat".into(), nights: None };
//! let request_state = keys.seal(&binding, 1, &state).unwrap();
//! // ... returned in an `InputRequiredResult` beside the elicitation request.
//!
//! // Round 2, on any replica: the retry carries `requestState` back.
//! let opened = keys.open::<Booking>(&binding, &request_state).unwrap();
//! assert_eq!((opened.round, &opened.state), (1, &state));
//!
//! // The same state sent with another tool call is refused, with JSON-RPC -32602.
//! let other = Binding::tool("cancel_booking", arguments.as_object()).for_principal("user-42");
//! let error = keys.open::<Booking>(&other, &request_state).unwrap_err();
//! assert!(matches!(error, StateError::Mismatch(_)));
//! assert_eq!(error.to_jsonrpc(2)["error"]["code"], -32602);
//! ```
//!
//! # Decisions, and why
//!
//! - **Encrypted, not only signed.** The state may carry the user's earlier
//!   answers (personal data) and the server's internals; a signature (HMAC,
//!   as rmcp does) would keep them from being changed, not from being read
//!   by the client, or by whatever logs the client's traffic.
//! - **XChaCha20-Poly1305** (RustCrypto's `chacha20poly1305`), an AEAD. Its
//!   nonce has 192 bits, so a random nonce per state is safe however many
//!   states the replicas sharing a key seal, with no counter to coordinate
//!   between them. AES-GCM's 96-bit random nonce has a birthday bound (NIST
//!   limits a key to 2³² random-nonce messages), which a busy fleet reaches.
//!   ChaCha20 and Poly1305 are constant-time in software on every CPU, with
//!   no need for AES instructions.
//! - **Nonces from the operating system** through `getrandom`, as for
//!   [`ElicitationId`](crate::protocol::ElicitationId)s. Without random
//!   numbers nothing is sealed ([`SealError::Randomness`]): a predictable
//!   nonce would be worse than no state.
//! - **SHA-256** for the digests of the binding and for key ids, each with a
//!   label of its own (`elicit/request-state/arguments/v1`, ...), so a
//!   digest of one kind never stands for another.
//! - **base64url without padding**, decoded strictly (canonical trailing
//!   bits, no `=`): the token is plain text that survives JSON, URLs and
//!   headers, and each sealed state has exactly one text, so changing any
//!   character is noticed.
//! - **Keys wiped on drop** with `zeroize`; they show only their [`KeyId`].
//!   The buffers that hold the plaintext while sealing and opening are
//!   wiped too; the state's own values are the caller's.
//! - **The binding is inside the encrypted plaintext**, not only in the
//!   associated data: once a token is authentic, the age is checked
//!   before it, and each mismatch (request, arguments, user) is told apart
//!   for the server's logs ([`Mismatch::kind`]), while the client gets one
//!   message for all of them, so a token is no oracle for what it was
//!   sealed for. It is one digest of the whole binding, with 4 bytes of
//!   each part's digest beside it to tell which part differs, so the
//!   token carries 45 bytes of binding rather than three whole digests.
//! - **Age before binding.** After authentication the age is checked first
//!   ([`StateError::Expired`]): an expired token answers "expired" however
//!   it is tried. A state opens while it is before its sealed expiry, no
//!   older than the opening ring's lifetime plus its leeway, and not issued
//!   later than now plus the leeway, so a replica with a longer lifetime or
//!   a clock far ahead cannot make states that outlive this ring's rules.
//! - **Deployment and kind in the associated data.** The ring's
//!   [`Deployment`] (named, or explicitly the single one: every ring is
//!   made for one) and the kind of payload (an application's
//!   [`StateKeys::seal`], a flow's state) are authenticated with the
//!   token: deployments sharing a key, or a value sealed for another
//!   purpose, are refused as [`StateError::Tampered`].
//! - **Times in whole seconds**: `issued_at` rounded down, `expires_at`
//!   rounded up, so a state lives at least its lifetime and less than a
//!   second more. Replicas' clocks should agree to well within the
//!   lifetime.
//!
//! # The token
//!
//! `es3.` then base64url without padding of:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | [`KeyId`] of the key that sealed it |
//! | 24 | random nonce |
//! | n + 16 | the plaintext encrypted, then the Poly1305 tag |
//!
//! The plaintext is a fixed header of 59 bytes and then the payload:
//!
//! | bytes | what |
//! |---|---|
//! | 5 | issued at, seconds since the Unix epoch, big-endian (40 bits reach past 9999) |
//! | 5 | expires at, the same |
//! | 4 | round, big-endian |
//! | 32 | SHA-256 of the binding: a label, the digests of the request (method and name) and of the arguments, and the principal's flag and digest |
//! | 4 | the first 4 bytes of the request's digest |
//! | 4 | the first 4 bytes of the arguments' digest |
//! | 1 + 4 | 1 and the first 4 bytes of the principal's digest, or 0 and zeros |
//! | rest | the payload: the state as `serde_json` writes it for [`StateKeys::seal`]; a flow's own compact layout for a flow |
//!
//! A state opens only when the binding's digest is the opener's; the
//! 4-byte tags only tell the server's logs which part differs
//! ([`Mismatch::kind`]). The associated data is the label
//! `elicit/request-state`, the version (3), the kind of payload (1 for
//! [`StateKeys::seal`], 2 for a flow), the key id and SHA-256 of the ring's
//! deployment (a label, a flag for a named one, and its name). The smallest sealed state (a one-byte payload) is 108 bytes,
//! 148 characters of token: a token is 4 + 4/3 x (107 + payload)
//! characters. Its [`TokenId`] is cut from a digest of the key id and the
//! nonce.
//!
//! A state is checked against the ring's [`Limits`](crate::Limits) in one
//! pass over its JSON text, with nothing built, when sealed (what would
//! not open is refused then) and again when opened, before `serde_json`
//! reads it straight into its type: an authentic state too large or too
//! deep for the opening ring is refused, never read. A flow's state is
//! read in parts: the JSON of each answer and of the tool's values is
//! checked against the opening ring's limits when the flow first reads
//! it, and one a round never reads is neither checked nor parsed.
//!
//! # Binding
//!
//! A [`Binding`] names the request a state continues: method, name, a
//! digest of the arguments and, optionally, a digest of the principal.
//! The arguments digest is SHA-256 of their canonical JSON: no whitespace,
//! object members sorted by the bytes of their names (UTF-8, that is, by
//! code point; not RFC 8785, which sorts by UTF-16 code units), strings
//! and numbers as `serde_json` writes them. It is written straight into the
//! hasher with a stack of its own, so arguments nested however deep
//! neither overflow the call stack nor are copied out as text. No
//! arguments and `{}` are the same.
//!
//! # What it does not do
//!
//! - A sealed state is not single-use: until it expires, the same client
//!   can send the same round again, and get the same answer. Keep what a
//!   round does idempotent, or record what must happen once by its
//!   [`TokenId`] ([`SeenTokens`]); a flow records its own id, the
//!   [`TokenId`] of its first state (`Flow::once`).
//! - The principal must come from the server's own authentication of the
//!   request, never from the request's content; with
//!   [`Principal::UNBOUND`], any client holding a token can continue it.
//! - Nothing is revoked before it expires except by dropping its key from
//!   the ring ([`StateError::UnknownKey`]).
//! - The round number is the flow's own: it is sealed and returned; a flow
//!   checks only that it does not overflow. What binds an answer to its
//!   round is the flow's digest of each request of the round, in the
//!   state.
#![doc = include_str!("../../docs/state.md")]

mod binding;
pub(crate) mod canonical;
mod deployment;
mod error;
mod key;
mod ring;
pub(crate) mod seal;
mod token_id;

use std::time::Duration;

pub use binding::{Binding, Principal};
pub use deployment::Deployment;
pub(crate) use error::Part;
pub use error::{Expiry, KeyError, Mismatch, MismatchKind, SealError, StateError, UnreadableState};
pub use key::{KeyId, StateKey, Weakness};
pub use ring::StateKeys;
pub(crate) use seal::{Kind, Within, read_sealed_json};
pub use seal::{Opened, TOKEN_PREFIX};
pub use token_id::{Replay, SeenTokens, TokenId};

/// The lifetime of a sealed state unless [`StateKeys::with_ttl`] says
/// otherwise: one hour, long enough for a person to answer a form, short
/// enough that a leaked token soon stops opening.
///
/// ```
/// use std::time::Duration;
/// use elicit_runtime::state::{DEFAULT_TTL, StateKeys};
///
/// assert_eq!(DEFAULT_TTL, Duration::from_secs(3600));
/// assert_eq!(StateKeys::DEFAULT_TTL, DEFAULT_TTL);
/// ```
pub const DEFAULT_TTL: Duration = Duration::from_secs(60 * 60);
