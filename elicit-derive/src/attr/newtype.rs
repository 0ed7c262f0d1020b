//! `#[elicit(...)]` on a one-field tuple struct: a field type that carries
//! constraints.

use darling::FromDeriveInput;

use super::Forwarded;
use super::constraint::{Constraints, Narrowing};
use super::describe::{Describe, Described};
use super::value::CratePath;

/// The keys of a newtype: `title`, `description`, `legacy_titles`, `crate`
/// and the constraints.
#[derive(FromDeriveInput)]
#[darling(attributes(elicit), forward_attrs(doc, serde))]
pub struct NewtypeAttrs {
    #[darling(with = Forwarded::from_attrs)]
    pub attrs: Forwarded,
    #[darling(rename = "crate")]
    krate: Option<CratePath>,
    #[darling(flatten)]
    narrowing: Narrowing,
}

impl NewtypeAttrs {
    pub fn krate(&self) -> Option<&syn::Path> {
        self.krate.as_ref().map(|path| &path.0)
    }

    /// The constraints, in the order written.
    pub fn constraints(&self) -> &Constraints {
        &self.narrowing.constraints
    }
}

impl Described for NewtypeAttrs {
    fn described(&self) -> (&Describe, &Forwarded) {
        (&self.narrowing.describe, &self.attrs)
    }
}
