//! `#[elicit(...)]` on a field of a form.

use darling::FromField;
use syn::{Ident, LitStr};

use super::Forwarded;
use super::constraint::{Constraints, Narrowing};
use super::describe::{Describe, Described};
use super::value::{Flag, Text};

/// The keys of a field: `title`, `description`, `rename`, `legacy_titles`,
/// `secret`, `not_secret` and the constraints.
#[derive(FromField)]
#[darling(attributes(elicit), forward_attrs(doc, serde))]
pub struct FieldAttrs {
    #[darling(with = Forwarded::from_attrs)]
    pub attrs: Forwarded,
    rename: Option<Text>,
    secret: Option<Flag>,
    not_secret: Option<Flag>,
    #[darling(flatten)]
    narrowing: Narrowing,
}

impl FieldAttrs {
    /// `rename`: ours, else serde's.
    pub fn rename(&self) -> Option<&LitStr> {
        self.own_rename().or(self.attrs.serde.rename())
    }

    /// Our own `rename`, without serde's.
    pub fn own_rename(&self) -> Option<&LitStr> {
        self.rename.as_ref().map(|text| &text.0)
    }

    /// `secret`, keeping the key for spans.
    pub fn secret(&self) -> Option<&Ident> {
        self.secret.as_ref().map(|flag| &flag.0)
    }

    /// `not_secret`, keeping the key for spans.
    pub fn not_secret(&self) -> Option<&Ident> {
        self.not_secret.as_ref().map(|flag| &flag.0)
    }

    /// The constraints, in the order written.
    pub fn constraints(&self) -> &Constraints {
        &self.narrowing.constraints
    }
}

impl Described for FieldAttrs {
    fn described(&self) -> (&Describe, &Forwarded) {
        (&self.narrowing.describe, &self.attrs)
    }
}
