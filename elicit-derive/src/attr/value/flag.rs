//! `not_secret`: a key written alone.

use darling::FromMeta;
use darling::ast::MetaNameValueInvalidExpr;
use syn::{Ident, Meta, Path};

use super::{error_at, key_of};
use crate::messages;

/// A key that takes no value, kept for spans: `deny_unknown_fields`,
/// `secret`, `not_secret`, `legacy_titles`, `downlevel`. `downlevel = true`
/// is an error at `downlevel`.
pub struct Flag(pub Ident);

impl FromMeta for Flag {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        match meta {
            Meta::Path(path) => Ok(Flag(key_of(path))),
            _ => Err(takes_no_value(meta.path())),
        }
    }

    fn from_invalid_expr(meta: &MetaNameValueInvalidExpr) -> darling::Result<Self> {
        Err(takes_no_value(&meta.path))
    }
}

fn takes_no_value(path: &Path) -> darling::Error {
    let key = key_of(path);
    error_at(&key, messages::takes_no_value(&key.to_string()))
}
