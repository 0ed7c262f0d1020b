//! `#[elicit(...)]` on a struct with named fields: a form.

use darling::FromDeriveInput;
use syn::{Ident, Path};

use super::keyed::{Keyed, Unclaimed, first};
use super::place::{Place, Written};
use super::value::{CratePath, Flag, Revision, Rule, Text};
use super::{Forwarded, SerdeAttrs};

/// The keys of a form: `message`, `rename_all`, `deny_unknown_fields`,
/// `revision`, `downlevel`, `crate`.
#[derive(FromDeriveInput)]
#[darling(attributes(elicit), forward_attrs(doc, serde))]
pub struct FormAttrs {
    #[darling(with = Forwarded::from_attrs)]
    pub attrs: Forwarded,
    #[darling(multiple)]
    message: Vec<Keyed<Text>>,
    #[darling(multiple)]
    rename_all: Vec<Keyed<Rule>>,
    #[darling(multiple)]
    deny_unknown_fields: Vec<Keyed<Flag>>,
    #[darling(multiple)]
    revision: Vec<Keyed<Revision>>,
    #[darling(multiple)]
    downlevel: Vec<Keyed<Flag>>,
    #[darling(multiple, rename = "crate")]
    krate: Vec<Keyed<CratePath>>,
    #[darling(flatten)]
    unclaimed: Unclaimed,
}

impl FormAttrs {
    /// The default message: `message`, else the doc comment.
    pub fn message(&self) -> Option<String> {
        first(&self.message)
            .map(|text| text.0.value())
            .or_else(|| self.attrs.docs.clone())
    }

    pub fn rename_all(&self) -> Option<&Rule> {
        first(&self.rename_all)
    }

    pub fn deny_unknown_fields(&self) -> bool {
        !self.deny_unknown_fields.is_empty()
    }

    pub fn revision(&self) -> Option<&Revision> {
        first(&self.revision)
    }

    /// `downlevel`, keeping the key for spans.
    pub fn downlevel(&self) -> Option<&Ident> {
        self.downlevel.first().map(|keyed| &keyed.key)
    }

    pub fn krate(&self) -> Option<&syn::Path> {
        first(&self.krate).map(|path| &path.0)
    }
}

impl Written for FormAttrs {
    const PLACE: Place = Place::FORM;

    fn keys(&self) -> Vec<(String, proc_macro2::Span)> {
        keys![
            self.message,
            self.rename_all,
            self.deny_unknown_fields,
            self.revision,
            self.downlevel,
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
