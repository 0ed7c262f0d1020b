//! Forms on the web: hosted URL-mode forms of MCP elicitation, served by
//! the server itself, on axum. [`WebForms`] holds what they need (the [`store`]
//! where visits and answers wait, the keys that seal the answers, the
//! public URL of the pages, the forms, the identity check of the visitors);
//! [`WebForms::router`] serves the pages in axum, beside the MCP service.
//!
//! A hosted URL-mode form goes like this: the flow makes a *visit* (an
//! unguessable id bound to the flow's request and user, the form's key and
//! an expiry, [`WebForms::create`]), sends the user a link to
//! `https://…/forms/{visit}`, the page checks that the visitor is the
//! visit's user ([`Visitor`]) and takes the submission (its token checked,
//! once, sealed), and the tool reads the completed answer, once
//! ([`WebForms::answer`]).
#![doc = include_str!("../docs/web.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod body;
mod flow;
mod forms;
mod link;
mod log;
mod open_visit;
mod origin;
mod pages;
mod router;
pub mod store;
mod visiting;
mod visitor;

pub use flow::{Prefer, WEB_FORM_ASKS, WebFlow};
pub use forms::{WebError, WebForms};
pub use link::VISIT_ARGUMENT;

/// What `elicit-rmcp` uses beyond the public API; not for applications.
#[doc(hidden)]
#[path = "integration.rs"]
pub mod __integration;

pub use visitor::{FromExtensions, OneUser, Visitor, VisitorName};
