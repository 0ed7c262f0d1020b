//! `min_length = 3`, `max_items = 2`: a count.

use darling::FromMeta;
use syn::{Expr, Lit, Meta};

use super::{error_at, key_of, value_of};
use crate::messages;

/// A whole number of characters (`min_length`, `max_length`) or of chosen
/// values (`min_items`, `max_items`).
pub struct Count(pub u64);

impl FromMeta for Count {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        let key = key_of(meta.path()).to_string();
        let expr = value_of(meta, "1")?;
        match expr {
            Expr::Lit(syn::ExprLit {
                lit: Lit::Int(lit), ..
            }) => lit
                .base10_parse::<u64>()
                .map(Count)
                .map_err(|_| error_at(lit, messages::count_too_large(&key))),
            other => {
                let unit = if key.ends_with("length") {
                    "characters"
                } else {
                    "values"
                };
                Err(error_at(other, messages::takes_count(&key, unit)))
            }
        }
    }
}
