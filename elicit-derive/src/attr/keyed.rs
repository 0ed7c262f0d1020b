//! A value with the key it was written under, and the keys a place leaves
//! unclaimed.

use darling::FromMeta;
use darling::ast::{MetaNameValueInvalidExpr, NestedMeta};
use syn::{Ident, Meta, Path};

use super::value::key_of;

/// The value of one key, keeping the key for spans: `title = "Age"` keeps
/// `title`, where a duplicate or a misplaced key is reported.
///
/// Every key of an attribute struct is a `Vec<Keyed<T>>` (darling's
/// `multiple`), so that a key written twice reaches the check stage, which
/// reports it at the second key with the fix.
pub struct Keyed<T> {
    pub key: Ident,
    pub value: T,
}

impl<T: FromMeta> FromMeta for Keyed<T> {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        Ok(Keyed {
            key: key_of(meta.path()),
            value: T::from_meta(meta)?,
        })
    }

    fn from_invalid_expr(meta: &MetaNameValueInvalidExpr) -> darling::Result<Self> {
        Ok(Keyed {
            key: key_of(&meta.path),
            value: T::from_invalid_expr(meta)?,
        })
    }
}

/// The value of the first time a key was written; a second time is an
/// error of the check stage.
pub fn first<T>(values: &[Keyed<T>]) -> Option<&T> {
    values.first().map(|keyed| &keyed.value)
}

/// The keys written at a place that does not take them, in order: darling
/// hands them to this `flatten` field, and the check stage says where each
/// goes.
#[derive(Default)]
pub struct Unclaimed(pub Vec<Path>);

impl FromMeta for Unclaimed {
    fn from_list(items: &[NestedMeta]) -> darling::Result<Self> {
        Ok(Unclaimed(
            items.iter().filter_map(path_of).cloned().collect(),
        ))
    }
}

/// The key of a nested meta item; `None` for a bare literal, which darling
/// reports before it gets here.
pub fn path_of(item: &NestedMeta) -> Option<&Path> {
    match item {
        NestedMeta::Meta(meta) => Some(meta.path()),
        NestedMeta::NameValueInvalidExpr(meta) => Some(&meta.path),
        NestedMeta::Lit(_) => None,
    }
}
