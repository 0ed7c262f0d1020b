//! Forms on the web (the `web` feature): hosted URL-mode forms, served by
//! the server itself. [`WebForms`] holds what they need (the [`store`]
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
#![doc = include_str!("../../docs/web.md")]

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

pub use flow::WEB_FORM_ASKS;
#[cfg(feature = "rmcp")]
pub(crate) use flow::web_error;
pub use forms::{WebError, WebForms};
#[cfg(feature = "rmcp")]
pub(crate) use link::LinkToken;
pub use link::VISIT_ARGUMENT;
pub(crate) use open_visit::OpenVisit;

/// Where a form without secrets is asked when both are possible
/// (`Flow::form_or_page`): in the client's own form (form mode), as
/// without hosted forms, or on the server's page (URL mode). Either way,
/// a client with only one of the two modes gets that one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Prefer {
    /// The client's form when it has form mode.
    #[default]
    Form,
    /// The server's page when the client has URL mode.
    Page,
}
pub use visitor::{FromExtensions, OneUser, Visitor, VisitorName};
