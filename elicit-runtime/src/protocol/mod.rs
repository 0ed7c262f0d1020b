//! Typed MCP elicitation messages, serde-compatible with the wire.
//!
//! Parsing is lenient (unknown keys are ignored); serializing writes exactly
//! the keys the spec defines.

mod action;
mod capability;
mod request;
mod result;
mod revision;

pub use action::Action;
pub use capability::ElicitationCapability;
pub use request::{ElicitRequestParams, METHOD};
pub use result::ElicitResult;
pub use revision::{Revision, RevisionError};
