//! Typed MCP elicitation messages, serde-compatible with the wire.
//!
//! Parsing is lenient (unknown keys are ignored); serializing writes exactly
//! the keys the spec defines.

mod action;
mod capability;
mod id;
mod request;
mod result;
mod revision;

pub use action::Action;
pub use capability::ElicitationCapability;
pub use id::RequestId;
pub use request::{FormRequest, METHOD};
pub(crate) use result::ResultParts;
pub use result::{ElicitResult, ResultError};
pub use revision::{Revision, RevisionError};
