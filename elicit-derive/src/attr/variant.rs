//! `#[elicit(...)]` on a variant of a choice.

use darling::FromVariant;
use syn::LitStr;

use super::Forwarded;
use super::value::Text;

/// The keys of a variant: `rename`, `title`.
#[derive(FromVariant)]
#[darling(attributes(elicit), forward_attrs(doc, serde))]
pub struct VariantAttrs {
    #[darling(with = Forwarded::from_attrs)]
    pub attrs: Forwarded,
    rename: Option<Text>,
    title: Option<Text>,
}

impl VariantAttrs {
    pub fn title(&self) -> Option<&LitStr> {
        self.title.as_ref().map(|text| &text.0)
    }

    /// `rename`: ours, else serde's.
    pub fn rename(&self) -> Option<&LitStr> {
        self.own_rename().or(self.attrs.serde.rename())
    }

    /// Our own `rename`, without serde's.
    pub fn own_rename(&self) -> Option<&LitStr> {
        self.rename.as_ref().map(|text| &text.0)
    }
}
