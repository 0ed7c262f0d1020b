//! `#[elicit(...)]` on a field of a form.

use darling::FromField;
use syn::{Ident, LitStr, Path};

use super::keyed::{Keyed, first};
use super::place::{Place, Written};
use super::value::{Flag, Text};
use super::{Constraints, Forwarded, SerdeAttrs};

/// The keys of a field: `title`, `description`, `rename`, `legacy_titles`,
/// `secret`, `not_secret` and the constraints.
#[derive(FromField)]
#[darling(attributes(elicit), forward_attrs(doc, serde))]
pub struct FieldAttrs {
    #[darling(with = Forwarded::from_attrs)]
    pub attrs: Forwarded,
    #[darling(multiple)]
    title: Vec<Keyed<Text>>,
    #[darling(multiple)]
    description: Vec<Keyed<Text>>,
    #[darling(multiple)]
    rename: Vec<Keyed<Text>>,
    #[darling(multiple)]
    legacy_titles: Vec<Keyed<Flag>>,
    #[darling(multiple)]
    secret: Vec<Keyed<Flag>>,
    #[darling(multiple)]
    not_secret: Vec<Keyed<Flag>>,
    #[darling(flatten)]
    pub constraints: Constraints,
}

impl FieldAttrs {
    /// `rename`: ours, else serde's.
    pub fn rename(&self) -> Option<&LitStr> {
        self.own_rename().or(self.attrs.serde.rename())
    }

    /// Our own `rename`, without serde's.
    pub fn own_rename(&self) -> Option<&LitStr> {
        first(&self.rename).map(|text| &text.0)
    }

    /// `secret`, keeping the key for spans.
    pub fn secret(&self) -> Option<&Ident> {
        self.secret.first().map(|keyed| &keyed.key)
    }

    /// `not_secret`, keeping the key for spans.
    pub fn not_secret(&self) -> Option<&Ident> {
        self.not_secret.first().map(|keyed| &keyed.key)
    }
}

annotated!(FieldAttrs);

impl Written for FieldAttrs {
    const PLACE: Place = Place::Field;

    fn keys(&self) -> Vec<(String, proc_macro2::Span)> {
        let mut keys = keys![
            self.title,
            self.description,
            self.rename,
            self.legacy_titles,
            self.secret,
            self.not_secret,
        ];
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
