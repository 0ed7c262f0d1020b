//! The keys that narrow a field's schema, kept in the order written:
//! `min_length`, `max_length`, `minimum`, `maximum`, `format`, `min_items`,
//! `max_items` and `default`.

use darling::FromMeta;
use darling::ast::NestedMeta;
use quote::quote;
use syn::{Expr, ExprPath, Ident, Meta};

use super::keyed::{Keyed, Unclaimed, path_of};
use super::place::CONSTRAINT_KEYS;
use super::value::{Count, DefaultValue, Format, NumLit, key_of};

/// The value of a constraint key.
#[derive(Clone)]
pub enum ConstraintValue {
    /// `min_length`, `max_length`.
    Length(u64),
    /// `min_items`, `max_items`.
    Items(u64),
    /// `minimum`, `maximum`.
    Bound(NumLit),
    /// `format`: the variant name of the runtime's `Format`.
    Format(&'static str),
    /// `default = ...`.
    Default(DefaultValue),
}

/// A constraint key with its value, keeping the key for spans.
#[derive(Clone)]
pub struct Constraint {
    /// The key as written.
    pub key: Ident,
    /// The parsed value.
    pub value: ConstraintValue,
    /// The value as written, for messages (`maximum = 300`).
    pub written: String,
}

impl Constraint {
    /// `key = value` as written, for messages.
    pub fn written_key(&self) -> String {
        format!("{} = {}", self.key, self.written)
    }
}

impl FromMeta for Constraint {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        let key = key_of(meta.path());
        let value = match key.to_string().as_str() {
            "min_length" | "max_length" => ConstraintValue::Length(Count::from_meta(meta)?.0),
            "min_items" | "max_items" => ConstraintValue::Items(Count::from_meta(meta)?.0),
            "minimum" | "maximum" => ConstraintValue::Bound(NumLit::from_meta(meta)?),
            "format" => ConstraintValue::Format(Format::from_meta(meta)?.0),
            _ => ConstraintValue::Default(DefaultValue::from_meta(meta)?),
        };
        let written = match (&value, meta) {
            (ConstraintValue::Default(DefaultValue::List(items)), _) => {
                let items: Vec<String> = items.iter().map(|i| format!("{:?}", i.value())).collect();
                format!("[{}]", items.join(", "))
            }
            (_, Meta::NameValue(nv)) => {
                let expr = &nv.value;
                quote!(#expr).to_string().replace("- ", "-")
            }
            _ => String::new(),
        };
        Ok(Constraint {
            key,
            value,
            written,
        })
    }
}

/// The constraints of a field or newtype in the order written, which is
/// the order the spec applies them in, and the keys it does not take.
///
/// `default = Colour::Red` is kept apart: it names a variant where the
/// wire value belongs, which the check stage reports under the whole path.
#[derive(Default)]
pub struct Constraints {
    pub list: Vec<Constraint>,
    pub variant_defaults: Vec<Keyed<ExprPath>>,
    pub unclaimed: Unclaimed,
}

impl FromMeta for Constraints {
    fn from_list(items: &[NestedMeta]) -> darling::Result<Self> {
        let mut errors = darling::Error::accumulator();
        let mut out = Constraints::default();
        for item in items {
            let Some(path) = path_of(item) else {
                continue;
            };
            let is_constraint = path
                .get_ident()
                .is_some_and(|ident| CONSTRAINT_KEYS.contains(&ident.to_string().as_str()));
            if !is_constraint {
                out.unclaimed.0.push(path.clone());
            } else if let Some(variant) = variant_default(item) {
                out.variant_defaults.push(variant);
            } else if let Some(constraint) = errors.handle(Constraint::from_nested_meta(item)) {
                out.list.push(constraint);
            }
        }
        errors.finish_with(out)
    }
}

/// `default = Colour::Red`.
fn variant_default(item: &NestedMeta) -> Option<Keyed<ExprPath>> {
    let NestedMeta::Meta(Meta::NameValue(nv)) = item else {
        return None;
    };
    let mut value = &nv.value;
    while let Expr::Group(group) = value {
        value = &group.expr;
    }
    match value {
        Expr::Path(path) if nv.path.is_ident("default") => Some(Keyed {
            key: key_of(&nv.path),
            value: path.clone(),
        }),
        _ => None,
    }
}

impl Constraints {
    /// Every constraint key written, in order.
    pub fn keys(&self) -> impl Iterator<Item = &Ident> {
        self.list
            .iter()
            .map(|constraint| &constraint.key)
            .chain(self.variant_defaults.iter().map(|keyed| &keyed.key))
    }
}
