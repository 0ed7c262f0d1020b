//! The places an attribute can be written; the keys each takes are in
//! `keys`.

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
