//! `#[elicit(...)]` on a struct with named fields: a form.

use darling::FromDeriveInput;
use syn::Ident;

use super::Forwarded;
use super::value::{CratePath, Flag, Revision, Rule, Text};

/// The keys of a form: `message`, `rename_all`, `deny_unknown_fields`,
/// `revision`, `downlevel`, `crate`.
#[derive(FromDeriveInput)]
#[darling(attributes(elicit), forward_attrs(doc, serde))]
pub struct FormAttrs {
    #[darling(with = Forwarded::from_attrs)]
    pub attrs: Forwarded,
    message: Option<Text>,
    rename_all: Option<Rule>,
    deny_unknown_fields: Option<Flag>,
    revision: Option<Revision>,
    downlevel: Option<Flag>,
    #[darling(rename = "crate")]
    krate: Option<CratePath>,
}

impl FormAttrs {
    /// The default message: `message`, else the doc comment.
    pub fn message(&self) -> Option<String> {
        self.message
            .as_ref()
            .map(|text| text.0.value())
            .or_else(|| self.attrs.docs.clone())
    }

    pub fn rename_all(&self) -> Option<&Rule> {
        self.rename_all.as_ref()
    }

    pub fn deny_unknown_fields(&self) -> bool {
        self.deny_unknown_fields.is_some()
    }

    pub fn revision(&self) -> Option<&Revision> {
        self.revision.as_ref()
    }

    /// `downlevel`, keeping the key for spans.
    pub fn downlevel(&self) -> Option<&Ident> {
        self.downlevel.as_ref().map(|flag| &flag.0)
    }

    pub fn krate(&self) -> Option<&syn::Path> {
        self.krate.as_ref().map(|path| &path.0)
    }
}
