//! The attributes darling forwards to each place: doc comments and
//! `#[serde(...)]`.

use syn::Attribute;

use super::SerdeAttrs;
use super::docs::docs;

/// Doc comments and `#[serde(...)]`, read from the attributes darling
/// forwards.
pub struct Forwarded {
    /// The doc comment, lines of a paragraph joined by spaces.
    pub docs: Option<String>,
    pub serde: SerdeAttrs,
}

impl Forwarded {
    /// darling's `with` for the forwarded attributes.
    pub fn from_attrs(attrs: Vec<Attribute>) -> darling::Result<Forwarded> {
        Ok(Forwarded {
            docs: docs(&attrs),
            serde: SerdeAttrs::from_attrs(&attrs)?,
        })
    }
}
