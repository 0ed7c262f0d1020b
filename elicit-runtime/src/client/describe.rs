//! Words for a person: a field's label, its constraints and a value, as a
//! client shows them next to the input.
//!
//! The same words tell a model what to ask when a client cannot show a form
//! ([`fallback::Instructions`](crate::fallback::Instructions)), so a form
//! reads alike in both places.

pub use crate::schema::describe::{constraints, label, value};
