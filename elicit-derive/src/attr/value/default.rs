//! `default = ...`, of every kind.

use darling::FromMeta;
use syn::{Expr, LitStr, Meta};

use super::{NumLit, error_at, string_lit, value_of};
use crate::messages::{self, DefaultKind};

/// The value of `default`, by the kind of literal written. Whether it fits
/// the field is for the field's type to say, in `const` evaluation.
#[derive(Clone)]
pub enum DefaultValue {
    /// `default = true`.
    Bool(bool),
    /// `default = "Guest"`: a string, or the wire value of an enum variant.
    Str(LitStr),
    /// `default = 30`, `default = -1.5`.
    Num(NumLit),
    /// `default = ["red", "green"]`: the wire values of a multi-select.
    List(Vec<LitStr>),
}

impl DefaultValue {
    /// The kind of literal, as messages name it.
    pub fn kind(&self) -> DefaultKind {
        match self {
            DefaultValue::Bool(_) => DefaultKind::Bool,
            DefaultValue::Str(_) => DefaultKind::Str,
            DefaultValue::Num(_) => DefaultKind::Num,
            DefaultValue::List(_) => DefaultKind::List,
        }
    }
}

/// `true`, `"Guest"`, `30`, `-1.5` or `["red", "green"]`. A list of
/// anything but strings is an error at each entry that is not one. A path
/// (`default = Colour::Red`) never gets here: the constraints keep it for
/// the check stage, which says to write the variant's wire value.
impl FromMeta for DefaultValue {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        let expr = value_of(meta, "true")?;
        match expr {
            Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Bool(b),
                ..
            }) => return Ok(DefaultValue::Bool(b.value)),
            Expr::Array(array) => return list(array),
            _ => {}
        }
        if let Some(lit) = string_lit(expr) {
            return Ok(DefaultValue::Str(lit.clone()));
        }
        match (NumLit::read(expr, "default"), expr) {
            (Some(number), _) => number.map(DefaultValue::Num),
            (None, Expr::Path(_)) => Err(error_at(expr, messages::DEFAULT_IS_A_VARIANT)),
            (None, _) => Err(error_at(expr, messages::DEFAULT_NOT_A_LITERAL)),
        }
    }
}

/// `["red", "green"]`.
fn list(array: &syn::ExprArray) -> darling::Result<DefaultValue> {
    let mut errors = darling::Error::accumulator();
    let mut items = Vec::new();
    for elem in &array.elems {
        match string_lit(elem) {
            Some(lit) => items.push(lit.clone()),
            None => errors.push(error_at(elem, messages::LIST_DEFAULT_NOT_STRINGS)),
        }
    }
    errors.finish_with(DefaultValue::List(items))
}
