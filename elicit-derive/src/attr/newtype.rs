//! `#[elicit(...)]` on a one-field tuple struct: a field type that carries
//! constraints.

use darling::FromDeriveInput;
use syn::Path;

use super::keyed::{Keyed, first};
use super::place::{Place, Written};
use super::value::{CratePath, Flag, Text};
use super::{Constraints, Forwarded, SerdeAttrs};

/// The keys of a newtype: `title`, `description`, `legacy_titles`, `crate`
/// and the constraints.
#[derive(FromDeriveInput)]
#[darling(attributes(elicit), forward_attrs(doc, serde))]
pub struct NewtypeAttrs {
    #[darling(with = Forwarded::from_attrs)]
    pub attrs: Forwarded,
    #[darling(multiple)]
    title: Vec<Keyed<Text>>,
    #[darling(multiple)]
    description: Vec<Keyed<Text>>,
    #[darling(multiple)]
    legacy_titles: Vec<Keyed<Flag>>,
    #[darling(multiple, rename = "crate")]
    krate: Vec<Keyed<CratePath>>,
    #[darling(flatten)]
    pub constraints: Constraints,
}

impl NewtypeAttrs {
    pub fn krate(&self) -> Option<&syn::Path> {
        first(&self.krate).map(|path| &path.0)
    }
}

annotated!(NewtypeAttrs);

impl Written for NewtypeAttrs {
    const PLACE: Place = Place::NEWTYPE;

    fn keys(&self) -> Vec<(String, proc_macro2::Span)> {
        let mut keys = keys![self.title, self.description, self.legacy_titles, self.krate];
        keys.extend(
            self.constraints
                .keys()
                .map(|(name, span)| (name.to_owned(), span)),
        );
        keys
    }

    fn unclaimed(&self) -> &[Path] {
        &self.constraints.unclaimed.0
    }

    fn serde(&self) -> &SerdeAttrs {
        &self.attrs.serde
    }
}
