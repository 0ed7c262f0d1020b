//! What `#[serde(...)]` says about names and shape, which must agree with
//! the form. Keys that touch neither are serde's business.

use darling::FromMeta;
use darling::ast::NestedMeta;
use syn::{Attribute, LitStr, Meta, Path};

use super::value::{Rule, SerdeName, Text};

/// `#[serde(rename = "...")]`, `#[serde(rename_all = "...")]`, and every
/// other key, which the check stage looks through for the ones that change
/// the shape serde reads (`flatten`, `skip`, ...).
#[derive(Default, FromMeta)]
pub struct SerdeAttrs {
    #[darling(multiple)]
    rename: Vec<SerdeName<Text>>,
    #[darling(multiple)]
    rename_all: Vec<SerdeName<Rule>>,
    #[darling(flatten)]
    pub others: Others,
}

/// The keys of `#[serde(...)]` other than the names, as written: darling
/// hands them to this `flatten` field.
#[derive(Default)]
pub struct Others(pub Vec<Path>);

impl FromMeta for Others {
    fn from_list(items: &[NestedMeta]) -> darling::Result<Self> {
        Ok(Others(
            items
                .iter()
                .filter_map(|item| match item {
                    NestedMeta::Meta(meta) => Some(meta.path().clone()),
                    NestedMeta::NameValueInvalidExpr(meta) => Some(meta.path.clone()),
                    NestedMeta::Lit(_) => None,
                })
                .collect(),
        ))
    }
}

impl SerdeAttrs {
    /// Reads every `#[serde(...)]` of an item as one list.
    pub fn from_attrs(attrs: &[Attribute]) -> darling::Result<SerdeAttrs> {
        let mut errors = darling::Error::accumulator();
        let mut items = Vec::new();
        for attr in attrs.iter().filter(|attr| attr.path().is_ident("serde")) {
            if let Meta::List(list) = &attr.meta
                && let Some(parsed) = errors.handle(
                    NestedMeta::parse_meta_list(list.tokens.clone()).map_err(darling::Error::from),
                )
            {
                // A literal is serde's to report.
                items.extend(
                    parsed
                        .into_iter()
                        .filter(|item| !matches!(item, NestedMeta::Lit(_))),
                );
            }
        }
        let serde = errors.handle(SerdeAttrs::from_list(&items));
        errors.finish_with(serde.unwrap_or_default())
    }

    /// The name serde gives; serde lets the last one written count.
    pub fn rename(&self) -> Option<&LitStr> {
        self.rename.last().map(|name| &name.0.0)
    }

    /// The case serde renames with; the last one written counts.
    pub fn rename_all(&self) -> Option<&Rule> {
        self.rename_all.last().map(|name| &name.0)
    }
}
