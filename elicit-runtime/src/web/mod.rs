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
//!
//! What a production server plugs in: its real identity check of the
//! browser (a [`Visitor`] over its session cookie, `SameSite=Lax` or
//! `Strict`, `HttpOnly`, `Secure`), the `https` URL the browser reaches the
//! router at, a shared store ([`store::RedisStore`] with the `redis`
//! feature) when it runs several replicas, and its managed state keys.

mod forms;
mod pages;
mod router;
pub mod store;
mod visitor;

pub use forms::{WebError, WebForms};
pub use visitor::{FromExtensions, Visitor};
