//! MCP elicitation on [`rmcp`](https://docs.rs/rmcp), the official Rust
//! MCP SDK: the forms of `elicit-runtime` asked from rmcp's tools, prompts
//! and clients, on every revision.
//!
//! - [`ServerElicitation`], on rmcp's server [`Peer`](rmcp::service::Peer)
//!   and [`RequestContext`](rmcp::service::RequestContext): one call asks
//!   for a derived form and returns the validated answer
//!   (`context.elicit_form::<T>(message).await`), after checking the
//!   client's capability and rendering the form for the negotiated
//!   revision.
//! - [`ServerFlow`]: a tool, prompt or resource asks for forms, URL visits,
//!   sampled messages and roots in as many steps as it likes, the same code
//!   on every revision: input-required rounds with sealed state from
//!   2026-07-28, requests sent on the peer before, `tasks/update` in a task;
//!   invalid answers asked again with the valid ones as defaults.
//! - Conversions between this crate's messages and rmcp's elicitation
//!   types, lossless (property order, titles, defaults, enum styles) or an
//!   error, rmcp's request types built field by field without JSON:
//!   [`request_to_rmcp`], [`request_from_rmcp`],
//!   [`result_to_rmcp`], [`result_from_rmcp`], [`capability_from_rmcp`],
//!   [`capability_to_rmcp`], [`input_required_to_rmcp`],
//!   [`retry_from_rmcp`].
//! - [`ServerFlow::form_or_arguments`], for every client: the form asked
//!   for when the client can show it, read from the tool's arguments when
//!   the model passed the answers, and otherwise a tool result that tells
//!   the model what to ask the user ([`fallback`](elicit_runtime::fallback));
//!   [`tool_with_form`] lists the form's fields among the tool's arguments;
//!   with feature `app`, `FormApps` and `tool_with_app` declare the form's
//!   MCP App on the tool and serve it, and `ServerFlow::with_app` shows it
//!   to hosts of the apps extension ([`apps_of`]); a page router mounted
//!   with [`ServerFlow::with_web_pages`] ([`WebPageRoute`]; with feature
//!   `web`, `elicit-web`'s `WebForms`) comes next: URL mode where the
//!   client takes it, else the page's link in the tool's result.
//! - [`ElicitationClient`], an rmcp client handler that answers requests
//!   through a [`Responder`] (a callback, or `TerminalResponder` with
//!   feature `terminal`) with the client-side guards on: declared modes
//!   only, schemas inside the subset, a rate limit per server, secret
//!   warnings, and accepted content checked before it is sent; it
//!   discovers 2026-07-28 servers and falls back to `initialize` for older
//!   ones ([`ElicitationClient::connect`]), and [`Rounds`] answers a
//!   request's input-required rounds until it completes.
//!
//! See [`ServerFlow`] for a tool that asks on every revision.
#![doc = include_str!("../docs/rmcp.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "app")]
mod app;
#[cfg(feature = "app")]
mod app_token;
mod ask;
mod client;
mod convert;
mod error;
mod fallback;
mod flow;
mod flows;
mod halt;
mod listing;
mod log;
#[cfg(feature = "web")]
mod related;
mod responses;
mod rounds;
mod routers;
mod routes;
mod scope;
mod server;
mod shared;
mod to_rmcp;
mod transcode;

#[cfg(feature = "app")]
pub use app::{FormApps, contents, resource, tool_with_app};
pub use ask::Ask;
#[cfg(feature = "terminal")]
pub use client::TerminalResponder;
pub use client::{DEFAULT_MAX_ROUNDS, ElicitationClient, Incoming, RATE_LIMITED_CODE, Responder};
pub use convert::{
    capability_from_rmcp, capability_to_rmcp, input_required_to_rmcp, request_from_rmcp,
    request_to_rmcp, result_from_rmcp, result_to_rmcp, retry_from_rmcp,
};
#[doc(hidden)]
pub use convert::{
    input_required_to_rmcp_via_json, request_to_rmcp_via_json, result_from_rmcp_via_json,
    retry_from_rmcp_via_json,
};
pub use error::{ConversionError, RmcpElicitError};
pub use flow::{Continued, ServerFlow, principal_of, revision_of, support_of};
pub use flows::Flows;
pub use halt::Halt;
#[cfg(feature = "web")]
pub use listing::visit_arguments;
#[cfg(feature = "app")]
pub use listing::{app_arguments, app_meta};
pub use listing::{form_arguments, form_arguments_with, tool_with_form, try_form_arguments_with};
#[cfg(feature = "web")]
pub use listing::{tool_with_visit_argument, tool_with_web_form};
#[cfg(feature = "web")]
pub use related::RelatedStreams;
pub use responses::{FlowErrorExt, InstructionsExt, StopExt};
pub use rounds::{RoundError, Rounds};
pub use routers::{FlowPrompts, FlowTools};
pub use routes::{Host, RoutePolicy, WebPageForm, WebPageRoute, apps_of};
pub use server::ServerElicitation;
