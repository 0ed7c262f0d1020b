//! Typed, validated MCP elicitation.
//!
//! Derive [`Elicitable`] on a struct to get its `requestedSchema` at compile
//! time, with a compile error for anything the protocol's restricted schema
//! cannot express; read the client's answer into [`Elicitation<T>`], with
//! every failing field reported at once.
//!
//! ```
//! use elicit_runtime::{Elicitable, Elicitation};
//!
//! /// Please provide your contact information
//! #[derive(Debug, Elicitable)]
//! struct Contact {
//!     /// Your full name
//!     name: String,
//!     /// Your email address
//!     #[elicit(format = "email")]
//!     email: String,
//!     /// Your age
//!     #[elicit(minimum = 18)]
//!     age: Option<u32>,
//! }
//!
//! let params = Contact::default_request();
//! println!("{}", serde_json::to_string_pretty(&params).unwrap());
//!
//! let answer = serde_json::json!({
//!     "action": "accept",
//!     "content": { "name": "Monalisa Octocat", "email": "octocat@github.com", "age": 30 }
//! });
//! match Elicitation::<Contact>::from_json(&answer) {
//!     Ok(Elicitation::Accept(contact)) => assert_eq!(contact.age, Some(30)),
//!     Ok(other) => panic!("unexpected {other:?}"),
//!     Err(error) => panic!("{error}"),
//! }
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod answer;
mod builders;
mod consent;
mod error;
mod excerpt;
mod field;
mod form;
mod mode;
mod outcome;
mod revision;
mod secret;
mod secret_words;

#[cfg(feature = "app")]
pub mod app;
pub mod client;
pub mod fallback;
#[cfg(feature = "request-state")]
pub mod flow;
pub mod format;
#[cfg(feature = "html")]
pub mod html;
pub mod limits;
pub mod protocol;
pub mod rules;
pub mod schema;
#[cfg(feature = "request-state")]
pub mod state;
pub mod wire;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

#[doc(hidden)]
#[path = "integration.rs"]
pub mod __integration;

pub use consent::UrlConsent;
pub use error::ElicitError;
pub use field::{ElicitChoice, ElicitField, FieldValue};
pub use form::{Elicitable, FormMode};
pub use limits::Limits;
pub use outcome::{Elicitation, InputResponseError};
pub use secret::Secret;

/// Derives [`Elicitable`] for a struct (a form) or [`ElicitField`] for a
/// unit enum or a newtype (a reusable field type).
// The attribute reference is the derive's own documentation, shown after
// this; its examples run as doc tests of the member `elicit-tests`, where
// `elicit_runtime` is in scope.
#[cfg(feature = "derive")]
pub use elicit_derive::Elicitable;
