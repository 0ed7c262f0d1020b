//! The keys that narrow a field's schema, kept in the order written:
//! `min_length`, `max_length`, `minimum`, `maximum`, `format`, `min_items`,
//! `max_items` and `default`.

use std::collections::HashSet;

use darling::FromMeta;
use darling::ast::NestedMeta;
use proc_macro2::Span;
use quote::quote;
use syn::{Expr, ExprPath, Ident, Meta, Path};

use super::describe::Describe;
use super::value::{Count, DefaultValue, Format, NumLit, key_of};
use crate::keys;

/// Which end of a range a constraint sets.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// `min_length`, `minimum`, `min_items`.
    Low,
    /// `max_length`, `maximum`, `max_items`.
    High,
}

/// A constraint key and its value.
#[derive(Clone)]
pub enum ConstraintValue {
    /// `min_length`, `max_length`: a count of characters.
    Length(End, u64),
    /// `minimum`, `maximum`.
    Bound(End, NumLit),
    /// `format`: the variant name of the runtime's `Format`.
    Format(&'static str),
    /// `min_items`, `max_items`: a count of selected values.
    Items(End, u64),
    /// `default = ...`, with `default = value` as written, for messages.
    Default(DefaultValue, String),
}

/// A constraint as written: its key's span, and which key with its value.
#[derive(Clone)]
pub struct Constraint {
    /// Where the key is written.
    pub span: Span,
    pub value: ConstraintValue,
}

impl ConstraintValue {
    /// The key.
    pub fn name(&self) -> &'static str {
        match self {
            ConstraintValue::Length(End::Low, _) => "min_length",
            ConstraintValue::Length(End::High, _) => "max_length",
            ConstraintValue::Bound(End::Low, _) => "minimum",
            ConstraintValue::Bound(End::High, _) => "maximum",
            ConstraintValue::Format(_) => "format",
            ConstraintValue::Items(End::Low, _) => "min_items",
            ConstraintValue::Items(End::High, _) => "max_items",
            ConstraintValue::Default(..) => "default",
        }
    }
}

impl End {
    /// `low` for the low end, else `high`.
    pub fn pick<T>(self, low: T, high: T) -> T {
        match self {
            End::Low => low,
            End::High => high,
        }
    }
}

impl FromMeta for Constraint {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        let key: Ident = key_of(meta.path());
        let count = || Count::from_meta(meta).map(|count| count.0);
        let value = match key.to_string().as_str() {
            "min_length" => ConstraintValue::Length(End::Low, count()?),
            "max_length" => ConstraintValue::Length(End::High, count()?),
            "minimum" => ConstraintValue::Bound(End::Low, NumLit::from_meta(meta)?),
            "maximum" => ConstraintValue::Bound(End::High, NumLit::from_meta(meta)?),
            "format" => ConstraintValue::Format(Format::from_meta(meta)?.0),
            "min_items" => ConstraintValue::Items(End::Low, count()?),
            "max_items" => ConstraintValue::Items(End::High, count()?),
            _ => {
                let value = DefaultValue::from_meta(meta)?;
                let written = written(&value, meta);
                ConstraintValue::Default(value, format!("{key} = {written}"))
            }
        };
        Ok(Constraint {
            span: key.span(),
            value,
        })
    }
}

/// A `default`'s value as written, for messages: `["red", "green"]`, `-1.5`.
fn written(value: &DefaultValue, meta: &Meta) -> String {
    match (value, meta) {
        (DefaultValue::List(items), _) => {
            let items: Vec<String> = items.iter().map(|i| format!("{:?}", i.value())).collect();
            format!("[{}]", items.join(", "))
        }
        (_, Meta::NameValue(nv)) => {
            let expr = &nv.value;
            quote!(#expr).to_string().replace("- ", "-")
        }
        _ => String::new(),
    }
}

/// The keys of a field or newtype that narrow its spec: the describing
/// keys and the constraints, read from the keys the place does not take
/// itself (darling's `flatten`). A key that is neither is darling's
/// unknown field, with every key of the place as an alternative.
#[derive(Default)]
pub struct Narrowing {
    pub describe: Describe,
    pub constraints: Constraints,
}

impl FromMeta for Narrowing {
    fn from_list(items: &[NestedMeta]) -> darling::Result<Self> {
        let (constraints, others): (Vec<NestedMeta>, Vec<NestedMeta>) =
            items.iter().cloned().partition(|item| {
                path_of(item)
                    .and_then(Path::get_ident)
                    .is_some_and(|ident| keys::is_constraint(&ident.to_string()))
            });
        let mut errors = darling::Error::accumulator();
        let constraint_keys = keys::KEYS
            .iter()
            .filter(|key| key.constraint)
            .map(|key| key.name);
        let describe = errors.handle(Describe::from_list(&others).map_err(|error| {
            error.add_sibling_alts_for_unknown_field(&constraint_keys.collect::<Vec<_>>())
        }));
        let constraints = errors.handle(Constraints::from_list(&constraints));
        errors.finish_with(Narrowing {
            describe: describe.unwrap_or_default(),
            constraints: constraints.unwrap_or_default(),
        })
    }
}

/// The constraints of a field or newtype in the order written, which is
/// the order the spec applies them in. A key written twice is darling's
/// duplicate field, at the second.
///
/// `default = Colour::Red` is kept apart: it names a variant where the
/// wire value belongs, which the check stage reports under the whole path.
#[derive(Default)]
pub struct Constraints {
    pub list: Vec<Constraint>,
    pub variant_defaults: Vec<ExprPath>,
}

impl FromMeta for Constraints {
    fn from_list(items: &[NestedMeta]) -> darling::Result<Self> {
        let mut errors = darling::Error::accumulator();
        let mut out = Constraints::default();
        let mut seen = HashSet::new();
        for item in items {
            let Some(path) = path_of(item) else {
                continue;
            };
            let name = darling::util::path_to_string(path);
            if !seen.insert(name.clone()) {
                errors.push(darling::Error::duplicate_field(&name).with_span(item));
            } else if let Some(variant) = variant_default(item) {
                out.variant_defaults.push(variant);
            } else if let Some(constraint) = errors.handle(Constraint::from_nested_meta(item)) {
                out.list.push(constraint);
            }
        }
        errors.finish_with(out)
    }
}

/// The key of a nested meta item; `None` for a bare literal, which the
/// syntax check reports before darling reads the attribute.
fn path_of(item: &NestedMeta) -> Option<&Path> {
    match item {
        NestedMeta::Meta(meta) => Some(meta.path()),
        NestedMeta::NameValueInvalidExpr(meta) => Some(&meta.path),
        NestedMeta::Lit(_) => None,
    }
}

/// `default = Colour::Red`.
fn variant_default(item: &NestedMeta) -> Option<ExprPath> {
    let NestedMeta::Meta(Meta::NameValue(nv)) = item else {
        return None;
    };
    let mut value = &nv.value;
    while let Expr::Group(group) = value {
        value = &group.expr;
    }
    match value {
        Expr::Path(path) if nv.path.is_ident("default") => Some(path.clone()),
        _ => None,
    }
}
