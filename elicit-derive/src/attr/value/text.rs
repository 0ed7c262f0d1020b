//! `title = "Age"`: a string.

use darling::FromMeta;
use syn::{LitStr, Meta};

use super::{error_at, key_of, string_lit, value_of};
use crate::messages;

/// A string value: `title`, `description`, `rename`, `message`.
pub struct Text(pub LitStr);

impl FromMeta for Text {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        let expr = value_of(meta, "\"...\"")?;
        match string_lit(expr) {
            Some(lit) => Ok(Text(lit.clone())),
            None => Err(error_at(
                expr,
                messages::takes_string(&key_of(meta.path()).to_string()),
            )),
        }
    }
}
