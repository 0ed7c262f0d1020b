//! `#[elicit(...)]`, `#[serde(...)]` and doc comments, parsed with darling
//! into one struct per place an attribute can be written: the form struct,
//! a newtype, an enum (`FromDeriveInput`), a field (`FromField`) and a
//! variant (`FromVariant`), each taking exactly its own keys, and each value
//! read by its own `FromMeta` type (`value/`).
//!
//! Parsing fails only on an attribute that is not a list of keys
//! (`syntax`), and on a value that cannot be read (`title = 42`,
//! `format = "uuid"`); every such error of the item is reported at once. A
//! key that a place does not take, or that is written twice, is kept with
//! its span for the check stage, which says where it goes, or which key was
//! meant.

/// Every key of the listed `Vec<Keyed<_>>` fields, each time it was
/// written.
macro_rules! keys {
    ($($list:expr),* $(,)?) => {{
        let mut keys: Vec<(String, proc_macro2::Span)> = Vec::new();
        $(keys.extend($list.iter().map(|keyed| (keyed.key.to_string(), keyed.key.span())));)*
        keys
    }};
}

#[macro_use]
mod annotated;
mod choice;
mod constraint;
mod docs;
mod field;
mod form;
mod forwarded;
mod keyed;
pub mod keys;
mod newtype;
mod place;
mod serde;
pub mod syntax;
pub mod value;
mod variant;

pub use annotated::Annotated;
pub use choice::ChoiceAttrs;
pub use constraint::{Constraint, ConstraintValue, Constraints, End};
pub use field::FieldAttrs;
pub use form::FormAttrs;
pub use forwarded::Forwarded;
pub use newtype::NewtypeAttrs;
pub use place::{Place, Written};
pub use serde::SerdeAttrs;
pub use variant::VariantAttrs;
