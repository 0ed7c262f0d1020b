//! `format = "email"`.

use darling::FromMeta;
use syn::Meta;

use super::{error_at, string_lit, value_of};
use crate::contract::FORMATS;
use crate::messages;

/// One of the formats elicitation allows, as the runtime's `Format`
/// variant name. `format = "uuid"` is an error at `"uuid"`.
pub struct Format(pub &'static str);

impl FromMeta for Format {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        let expr = value_of(meta, "\"email\"")?;
        let Some(lit) = string_lit(expr) else {
            return Err(error_at(expr, messages::FORMAT_NOT_A_STRING));
        };
        let wanted = lit.value();
        match FORMATS.iter().find(|(wire, _)| *wire == wanted) {
            Some((_, variant)) => Ok(Format(variant)),
            None => Err(error_at(lit, messages::unsupported_format(&wanted))),
        }
    }
}
