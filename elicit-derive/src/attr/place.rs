//! The places an attribute can be written; the keys each takes are in
//! `keys`.

use proc_macro2::Span;
use syn::Path;

use super::SerdeAttrs;
use crate::item::{Item, Kind};

/// Where an attribute is written; each place takes its own keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// On the item that derives `Elicitable`: a form struct, a newtype or
    /// an enum.
    Item(Kind),
    /// On a field of a form.
    Field,
    /// On a variant of a choice.
    Variant,
}

impl Place {
    /// On a struct with named fields (a form).
    pub const FORM: Place = Place::Item(Item::Form(()));
    /// On a one-field tuple struct (a reusable field type).
    pub const NEWTYPE: Place = Place::Item(Item::Newtype(()));
    /// On a unit enum (a choice).
    pub const ENUM: Place = Place::Item(Item::Choice(()));
}

/// What the attributes of one place wrote, for the checks that look at keys
/// alone: where each goes, and that none is written twice.
pub trait Written {
    /// Where these attributes were written.
    const PLACE: Place;

    /// Every key this place took, each time it was written.
    fn keys(&self) -> Vec<(String, Span)>;

    /// The keys this place does not take, as written.
    fn unclaimed(&self) -> &[Path];

    /// What `#[serde(...)]` says at this place.
    fn serde(&self) -> &SerdeAttrs;
}
