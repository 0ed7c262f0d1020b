//! `#[elicit(...)]`, `#[serde(...)]` and doc comments, parsed with darling
//! into one struct per place an attribute can be written: the form struct,
//! a newtype, an enum (`FromDeriveInput`), a field (`FromField`) and a
//! variant (`FromVariant`), each taking exactly its own keys (listed in
//! `keys`), and each value read by its own `FromMeta` type (`value/`).
//!
//! darling rejects a key that a place does not take, with the closest one
//! it takes, and a key written twice; `rejected` says both in the derive's
//! words, and where a key that goes elsewhere belongs. Parsing also fails
//! on an attribute that is not a list of keys (`syntax`), and on a value
//! that cannot be read (`title = 42`, `format = "uuid"`); every such error
//! of the item is reported at once.

mod choice;
mod constraint;
mod describe;
mod docs;
mod field;
mod form;
mod forwarded;
mod newtype;
pub mod rejected;
mod serde;
pub mod syntax;
pub mod value;
mod variant;

pub use choice::ChoiceAttrs;
pub use constraint::{Constraint, ConstraintValue, Constraints, End};
pub use describe::Described;
pub use field::FieldAttrs;
pub use form::FormAttrs;
pub use forwarded::Forwarded;
pub use newtype::NewtypeAttrs;
pub use serde::SerdeAttrs;
pub use variant::VariantAttrs;
