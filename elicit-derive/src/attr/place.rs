//! The places an attribute can be written, and the keys each takes.

use syn::{Ident, Path};

use super::SerdeAttrs;

/// Where an attribute is written; each place takes its own keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// On a struct with named fields (a form).
    Form,
    /// On a one-field tuple struct (a reusable field type).
    Newtype,
    /// On a unit enum (a choice).
    Enum,
    /// On a field of a form.
    Field,
    /// On a variant of a choice.
    Variant,
}

/// The keys that narrow a field's schema, taken by a field and a newtype,
/// in the order they are applied when written together.
pub const CONSTRAINT_KEYS: &[&str] = &[
    "min_length",
    "max_length",
    "minimum",
    "maximum",
    "format",
    "min_items",
    "max_items",
    "default",
];

impl Place {
    /// The keys this place takes, in the order messages list them. The
    /// attribute struct of each place declares the same keys (a test holds
    /// them together).
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            Place::Form => &[
                "message",
                "rename_all",
                "deny_unknown_fields",
                "revision",
                "downlevel",
                "crate",
            ],
            Place::Newtype => &[
                "title",
                "description",
                "legacy_titles",
                "crate",
                "min_length",
                "max_length",
                "minimum",
                "maximum",
                "format",
                "min_items",
                "max_items",
                "default",
            ],
            Place::Enum => &[
                "title",
                "description",
                "rename_all",
                "legacy_titles",
                "crate",
            ],
            Place::Field => &[
                "title",
                "description",
                "rename",
                "legacy_titles",
                "not_secret",
                "min_length",
                "max_length",
                "minimum",
                "maximum",
                "format",
                "min_items",
                "max_items",
                "default",
            ],
            Place::Variant => &["rename", "title"],
        }
    }
}

/// What the attributes of one place wrote, for the checks that look at keys
/// alone: where each goes, and that none is written twice.
pub trait Written {
    /// Where these attributes were written.
    const PLACE: Place;

    /// Every key this place took, each time it was written.
    fn keys(&self) -> Vec<&Ident>;

    /// The keys this place does not take, as written.
    fn unclaimed(&self) -> &[Path];

    /// What `#[serde(...)]` says at this place.
    fn serde(&self) -> &SerdeAttrs;
}
