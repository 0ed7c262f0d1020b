//! `#[elicit(...)]` on a unit enum: a choice.

use darling::FromDeriveInput;
use syn::Path;

use super::keyed::{Keyed, Unclaimed, first};
use super::place::{Place, Written};
use super::value::{CratePath, Flag, Rule, Text};
use super::{Forwarded, SerdeAttrs};

/// The keys of an enum: `title`, `description`, `rename_all`,
/// `legacy_titles`, `crate`.
#[derive(FromDeriveInput)]
#[darling(attributes(elicit), forward_attrs(doc, serde))]
pub struct ChoiceAttrs {
    #[darling(with = Forwarded::from_attrs)]
    pub attrs: Forwarded,
    #[darling(multiple)]
    title: Vec<Keyed<Text>>,
    #[darling(multiple)]
    description: Vec<Keyed<Text>>,
    #[darling(multiple)]
    rename_all: Vec<Keyed<Rule>>,
    #[darling(multiple)]
    legacy_titles: Vec<Keyed<Flag>>,
    #[darling(multiple, rename = "crate")]
    krate: Vec<Keyed<CratePath>>,
    #[darling(flatten)]
    unclaimed: Unclaimed,
}

impl ChoiceAttrs {
    pub fn rename_all(&self) -> Option<&Rule> {
        first(&self.rename_all)
    }

    pub fn krate(&self) -> Option<&syn::Path> {
        first(&self.krate).map(|path| &path.0)
    }
}

annotated!(ChoiceAttrs);

impl Written for ChoiceAttrs {
    const PLACE: Place = Place::ENUM;

    fn keys(&self) -> Vec<(String, proc_macro2::Span)> {
        keys![
            self.title,
            self.description,
            self.rename_all,
            self.legacy_titles,
            self.krate,
        ]
    }

    fn unclaimed(&self) -> &[Path] {
        &self.unclaimed.0
    }

    fn serde(&self) -> &SerdeAttrs {
        &self.attrs.serde
    }
}
