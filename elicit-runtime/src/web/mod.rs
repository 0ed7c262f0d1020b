//! Forms on the web (the `web` feature): for now, where hosted URL-mode
//! visits and their answers wait ([`store`]).
//!
//! A hosted URL-mode form goes like this: the flow creates a *visit* (an
//! unguessable id bound to the flow's request and user, the form's key and
//! an expiry), sends the user a link to `https://…/forms/{visit}`, the page
//! checks that the visitor is the visit's user and takes the submission,
//! and the tool reads the completed answer, once. The rendering of the page
//! and its router sit above this store and are not part of it yet.
pub mod store;
