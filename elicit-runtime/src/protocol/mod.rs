//! Typed MCP elicitation messages for every revision, serde-compatible with
//! the wire.
//!
//! Parsing is lenient (unknown keys are ignored); writing produces exactly
//! the keys the revision defines, in the order the spec shows them.
//!
//! | message | 2025-06-18 | 2025-11-25 | 2026-07-28 |
//! |---|---|---|---|
//! | capability | [`ElicitationCapability`] `{}` | `{form?, url?}` | same, in each request's `_meta` |
//! | ask | [`ElicitRequestParams`] in `elicitation/create` | + [`UrlRequest`], `mode` | inside an [`InputRequiredResult`] |
//! | answer | [`ElicitResult`] | same; [`UrlConsent`](crate::UrlConsent) for URL mode | in the retry's [`InputResponses`] |
//! | URL mode extras | none | [`ElicitationCompleteNotification`], [`UrlElicitationRequired`] | removed |
//!
//! A server builds requests through an [`Elicitor`], which refuses a mode
//! the client did not declare or the revision does not have. A URL-mode
//! request a server builds must lead to an `https` page ([`UrlPolicy`]:
//! `http` only to a loopback host, and only when chosen); one read from the
//! wire may hold any absolute URI, and the client decides whether to open
//! it ([`UrlView::is_openable`](crate::client::UrlView::is_openable)).
#![doc = include_str!("../../docs/policies.md")]

mod action;
mod capability;
mod complete;
mod elicitation_id;
mod elicitor;
mod error;
mod id;
mod input;
pub(crate) mod jsonrpc;
mod request;
mod result;
mod url_policy;
mod url_required;

pub use crate::mode::Mode;
pub use crate::revision::{Revision, RevisionError};
pub use action::Action;
pub use capability::{CLIENT_CAPABILITIES_META_KEY, ElicitationCapability};
pub use complete::ElicitationCompleteNotification;
#[cfg(feature = "request-state")]
pub(crate) use elicitation_id::Purpose;
pub use elicitation_id::{ElicitationId, RandomnessError};
pub use elicitor::{CheckedRequest, Elicitor};
pub use error::RequestError;
pub use id::RequestId;
pub use input::{
    InputRequest, InputRequests, InputRequiredBuilder, InputRequiredResult, InputResponses,
    RetryParams,
};
pub use jsonrpc::MessageError;
pub(crate) use request::ReadError;
pub use request::{ElicitRequestParams, FormRequest, METHOD, RenderedRequest, UrlRequest};
pub(crate) use result::ResultParts;
pub use result::{ElicitResult, ResultError};
pub use url_policy::UrlPolicy;
pub use url_required::UrlElicitationRequired;
