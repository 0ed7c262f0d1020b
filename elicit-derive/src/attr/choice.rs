//! `#[elicit(...)]` on a unit enum: a choice.

use darling::FromDeriveInput;

use super::Forwarded;
use super::describe::{Describe, Described};
use super::value::{CratePath, Rule};

/// The keys of an enum: `title`, `description`, `rename_all`,
/// `legacy_titles`, `crate`.
#[derive(FromDeriveInput)]
#[darling(attributes(elicit), forward_attrs(doc, serde))]
pub struct ChoiceAttrs {
    #[darling(with = Forwarded::from_attrs)]
    pub attrs: Forwarded,
    rename_all: Option<Rule>,
    #[darling(rename = "crate")]
    krate: Option<CratePath>,
    #[darling(flatten)]
    describe: Describe,
}

impl ChoiceAttrs {
    pub fn rename_all(&self) -> Option<&Rule> {
        self.rename_all.as_ref()
    }

    pub fn krate(&self) -> Option<&syn::Path> {
        self.krate.as_ref().map(|path| &path.0)
    }
}

impl Described for ChoiceAttrs {
    fn described(&self) -> (&Describe, &Forwarded) {
        (&self.describe, &self.attrs)
    }
}
