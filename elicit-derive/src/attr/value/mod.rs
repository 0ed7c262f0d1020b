//! The values of keys, each read by its own `FromMeta` type with the key at
//! hand, so that an error names the key and shows a value that works. An
//! error is at the offending token: `title = 42` at `42`.

mod count;
mod default;
mod flag;
mod format;
mod krate;
mod number;
mod rename_rule;
mod revision;
mod serde_name;
mod text;

use std::fmt::Display;

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Expr, Ident, Lit, LitStr, Meta, Path};

pub use count::Count;
pub use default::DefaultValue;
pub use flag::Flag;
pub use format::Format;
pub use krate::CratePath;
pub use number::NumLit;
pub use rename_rule::{RenameRule, Rule};
pub use revision::Revision;
pub use serde_name::SerdeName;
pub use text::Text;

use crate::messages;

/// The key of `key = value` as written; `crate` too, which is a keyword.
pub fn key_of(path: &Path) -> Ident {
    match path.segments.first() {
        Some(segment) => segment.ident.clone(),
        None => Ident::new("_", Span::call_site()),
    }
}

/// The expression of `key = value`. A key without a value, or with a list,
/// is an error at the key that shows how to write one: `key = example`.
fn value_of<'m>(meta: &'m Meta, example: &str) -> darling::Result<&'m Expr> {
    match meta {
        Meta::NameValue(nv) => Ok(ungroup(&nv.value)),
        Meta::Path(_) | Meta::List(_) => {
            let key = key_of(meta.path());
            Err(error_at(
                &key,
                messages::needs_value(&key.to_string(), example),
            ))
        }
    }
}

/// The expression inside the invisible group a `macro_rules!` fragment
/// (`$value:expr`) arrives in.
fn ungroup(expr: &Expr) -> &Expr {
    match expr {
        Expr::Group(group) => ungroup(&group.expr),
        other => other,
    }
}

/// The string literal `expr` is, if it is one.
fn string_lit(expr: &Expr) -> Option<&LitStr> {
    match expr {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(lit), ..
        }) => Some(lit),
        _ => None,
    }
}

/// An error at `node` (its first token).
fn error_at(node: &impl Spanned, message: impl Display) -> darling::Error {
    darling::Error::custom(message).with_span(node)
}
