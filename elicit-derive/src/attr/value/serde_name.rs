//! `#[serde(rename = "...")]` and `#[serde(rename_all = "...")]`.

use darling::FromMeta;
use syn::Meta;

use super::{error_at, key_of};
use crate::messages;

/// A name serde gives for both directions. `#[serde(rename(deserialize =
/// "..."))]` is an error at `rename`: a form has one wire name.
pub struct SerdeName<T>(pub T);

impl<T: FromMeta> FromMeta for SerdeName<T> {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        if let Meta::List(list) = meta {
            let key = key_of(&list.path);
            return Err(error_at(
                &key,
                messages::serde_per_direction(&key.to_string()),
            ));
        }
        T::from_meta(meta).map(SerdeName)
    }
}
