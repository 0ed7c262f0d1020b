//! `#[elicit(...)]` on a variant of a choice.

use darling::FromVariant;
use syn::{LitStr, Path};

use super::keyed::{Keyed, Unclaimed, first};
use super::place::{Place, Written};
use super::value::Text;
use super::{Forwarded, SerdeAttrs};

/// The keys of a variant: `rename`, `title`.
#[derive(FromVariant)]
#[darling(attributes(elicit), forward_attrs(doc, serde))]
pub struct VariantAttrs {
    #[darling(with = Forwarded::from_attrs)]
    pub attrs: Forwarded,
    #[darling(multiple)]
    rename: Vec<Keyed<Text>>,
    #[darling(multiple)]
    title: Vec<Keyed<Text>>,
    #[darling(flatten)]
    unclaimed: Unclaimed,
}

impl VariantAttrs {
    pub fn title(&self) -> Option<&LitStr> {
        first(&self.title).map(|text| &text.0)
    }

    /// `rename`: ours, else serde's.
    pub fn rename(&self) -> Option<&LitStr> {
        self.own_rename().or(self.attrs.serde.rename())
    }

    /// Our own `rename`, without serde's.
    pub fn own_rename(&self) -> Option<&LitStr> {
        first(&self.rename).map(|text| &text.0)
    }
}

impl Written for VariantAttrs {
    const PLACE: Place = Place::Variant;

    fn keys(&self) -> Vec<(String, proc_macro2::Span)> {
        keys![self.rename, self.title]
    }

    fn unclaimed(&self) -> &[Path] {
        &self.unclaimed.0
    }

    fn serde(&self) -> &SerdeAttrs {
        &self.attrs.serde
    }
}
