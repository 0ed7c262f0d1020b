//! `#[elicit(...)]`, `#[serde(...)]` and doc comments, parsed into plain
//! data. Every key is checked against the place it is written in.

use std::collections::HashSet;

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::meta::ParseNestedMeta;
use syn::{Attribute, Expr, Ident, Lit, LitStr, Token};

use crate::case::RenameRule;
use crate::ctxt::Ctxt;
use crate::suggest;

/// Where an attribute is written; each place accepts its own keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// On a struct with named fields (a form).
    Form,
    /// On a one-field tuple struct (a reusable field type).
    Newtype,
    /// On a unit enum (a choice).
    Enum,
    /// On a field of a form.
    Field,
    /// On a variant of a choice.
    Variant,
}

const CONSTRAINTS: &[&str] = &[
    "min_length",
    "max_length",
    "minimum",
    "maximum",
    "format",
    "min_items",
    "max_items",
    "default",
];

impl Place {
    fn keys(self) -> Vec<&'static str> {
        let mut keys = match self {
            Place::Form => vec![
                "message",
                "rename_all",
                "deny_unknown_fields",
                "revision",
                "downlevel",
                "crate",
            ],
            Place::Newtype => vec!["title", "description", "legacy_titles", "crate"],
            Place::Enum => vec![
                "title",
                "description",
                "rename_all",
                "legacy_titles",
                "crate",
            ],
            Place::Field => vec![
                "title",
                "description",
                "rename",
                "legacy_titles",
                "not_secret",
            ],
            Place::Variant => vec!["rename", "title"],
        };
        if matches!(self, Place::Newtype | Place::Field) {
            keys.extend_from_slice(CONSTRAINTS);
        }
        keys
    }

    fn name(self) -> &'static str {
        match self {
            Place::Form => "a form struct",
            Place::Newtype => "a newtype",
            Place::Enum => "an enum",
            Place::Field => "a field",
            Place::Variant => "a variant",
        }
    }

    /// Where a key that does not belong here goes instead.
    fn home_of(key: &str) -> Option<&'static str> {
        Some(match key {
            "message" | "deny_unknown_fields" | "revision" => "on the form struct",
            "downlevel" => "on the form struct, beside `revision = \"2025-06-18\"`",
            "rename_all" => "on the form struct or the enum",
            "rename" => "on a field or a variant",
            "not_secret" => "on a field",
            "legacy_titles" => "on an enum, or on a field or newtype of an enum",
            "crate" => "on the struct or enum that derives `Elicitable`",
            "title" | "description" => "on a field, a newtype, an enum or (`title` only) a variant",
            k if CONSTRAINTS.contains(&k) => "on a field or a newtype",
            _ => return None,
        })
    }
}

/// A number written in an attribute: `18`, `-5`, `95.5`.
#[derive(Debug, Clone)]
pub struct NumLit {
    /// The number as the user wrote it, for messages.
    pub text: String,
    /// `true` for an integer literal.
    pub is_int: bool,
    tokens: TokenStream,
}

impl NumLit {
    /// A `const` expression building the runtime's `Num`.
    pub fn to_tokens(&self, krate: &TokenStream) -> TokenStream {
        let tokens = &self.tokens;
        if self.is_int {
            quote!(#krate::__private::int(#tokens))
        } else {
            quote!(#krate::__private::float(#tokens))
        }
    }
}

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

/// The value of `default`, by the kind of literal written.
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

/// Everything the attributes of one item say.
#[derive(Default)]
pub struct Attrs {
    pub message: Option<LitStr>,
    pub title: Option<LitStr>,
    pub description: Option<LitStr>,
    pub rename: Option<LitStr>,
    pub rename_all: Option<(LitStr, RenameRule)>,
    pub deny_unknown_fields: bool,
    pub krate: Option<syn::Path>,
    pub not_secret: bool,
    /// `legacy_titles`, keeping the key for spans.
    pub legacy_titles: Option<Ident>,
    /// `revision = "2025-06-18"` and the runtime's variant name.
    pub revision: Option<(LitStr, &'static str)>,
    /// `downlevel`, keeping the key for spans.
    pub downlevel: Option<Ident>,
    pub constraints: Vec<Constraint>,
    /// The doc comment, lines of a paragraph joined by spaces.
    pub docs: Option<String>,
    pub serde: SerdeAttrs,
}

/// What `#[serde(...)]` says about names, which must agree with ours.
#[derive(Default)]
pub struct SerdeAttrs {
    pub rename: Option<LitStr>,
    pub rename_all: Option<(LitStr, RenameRule)>,
}

/// The revisions a form may be pinned to, with the runtime's variant names.
const REVISIONS: &[(&str, &str)] = &[
    ("2025-06-18", "V2025_06_18"),
    ("2025-11-25", "V2025_11_25"),
    ("2026-07-28", "V2026_07_28"),
];

/// The four formats, with the runtime's variant names.
const FORMATS: &[(&str, &str)] = &[
    ("email", "Email"),
    ("uri", "Uri"),
    ("date", "Date"),
    ("date-time", "DateTime"),
];

impl Attrs {
    /// Parses the attributes of an item written at `place`.
    pub fn parse(attrs: &[Attribute], place: Place, cx: &mut Ctxt) -> Attrs {
        let mut out = Attrs {
            docs: docs(attrs),
            ..Attrs::default()
        };
        let mut seen = HashSet::new();
        for attr in attrs {
            if attr.path().is_ident("elicit") {
                let result = attr.parse_nested_meta(|meta| out.key(meta, place, &mut seen, cx));
                if let Err(error) = result {
                    cx.push(error);
                }
            } else if attr.path().is_ident("serde") {
                // Keys that do not touch the wire names are serde's business.
                let result = attr.parse_nested_meta(|meta| out.serde_key(meta, place, cx));
                if let Err(error) = result {
                    cx.push(error);
                }
            }
        }
        out
    }

    fn key(
        &mut self,
        meta: ParseNestedMeta<'_>,
        place: Place,
        seen: &mut HashSet<String>,
        cx: &mut Ctxt,
    ) -> syn::Result<()> {
        let ident = if meta.path.is_ident("crate") {
            Ident::new("crate", meta.path.segments[0].ident.span())
        } else {
            match meta.path.get_ident() {
                Some(ident) => ident.clone(),
                None => {
                    skip_value(&meta)?;
                    cx.error(
                        span_of(&meta.path),
                        "expected a single key such as `title`, not a path",
                    );
                    return Ok(());
                }
            }
        };
        let key = ident.to_string();
        let allowed = place.keys();
        if !allowed.contains(&key.as_str()) {
            skip_value(&meta)?;
            cx.error(ident.span(), unknown_key(&key, place, &allowed));
            return Ok(());
        }
        if !seen.insert(key.clone()) {
            skip_value(&meta)?;
            cx.error(
                ident.span(),
                format!("duplicate attribute `{key}`: keep only one `{key}`"),
            );
            return Ok(());
        }
        match key.as_str() {
            "message" => self.message = Some(string(&meta, &key)?),
            "title" => self.title = Some(string(&meta, &key)?),
            "description" => self.description = Some(string(&meta, &key)?),
            "rename" => self.rename = Some(string(&meta, &key)?),
            "rename_all" => {
                let lit = string(&meta, &key)?;
                match RenameRule::parse(&lit) {
                    Ok(rule) => self.rename_all = Some((lit, rule)),
                    Err(error) => cx.push(error),
                }
            }
            "crate" => {
                let lit = string(&meta, &key)?;
                match lit.parse::<syn::Path>() {
                    Ok(path) => self.krate = Some(path),
                    Err(_) => cx.error(
                        lit.span(),
                        "`crate` must name a path, such as `crate = \"my_reexport::elicit\"`",
                    ),
                }
            }
            "deny_unknown_fields" => {
                flag(&meta, &key)?;
                self.deny_unknown_fields = true;
            }
            "not_secret" => {
                flag(&meta, &key)?;
                self.not_secret = true;
            }
            "legacy_titles" => {
                flag(&meta, &key)?;
                self.legacy_titles = Some(ident);
            }
            // `downlevel` lets a form pinned to 2025-06-18 have
            // multi-selects, always sent as booleans.
            "downlevel" => {
                flag(&meta, &key)?;
                self.downlevel = Some(ident);
            }
            // `revision = "2025-06-18"` pins the form to a revision; any
            // other string than the three known ones is an error at it.
            "revision" => {
                let lit = string(&meta, &key)?;
                let wanted = lit.value();
                match REVISIONS.iter().find(|(name, _)| *name == wanted) {
                    Some((_, variant)) => self.revision = Some((lit, variant)),
                    None => cx.error(
                        lit.span(),
                        format!(
                            "unknown revision `{wanted}`: use one of `2025-06-18`, `2025-11-25` or `2026-07-28`, or remove `revision`"
                        ),
                    ),
                }
            }
            _ => {
                if let Some(constraint) = constraint(&meta, ident, cx)? {
                    self.constraints.push(constraint);
                }
            }
        }
        Ok(())
    }

    fn serde_key(
        &mut self,
        meta: ParseNestedMeta<'_>,
        place: Place,
        cx: &mut Ctxt,
    ) -> syn::Result<()> {
        let key = meta
            .path
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        match key.as_str() {
            "rename" | "rename_all" if meta.input.peek(syn::token::Paren) => {
                skip_value(&meta)?;
                cx.error(
                    span_of(&meta.path),
                    format!(
                        "`#[serde({key}(...))]` gives separate names per direction, and an elicitation form has one wire name: use `#[serde({key} = \"...\")]`"
                    ),
                );
            }
            "rename" => self.serde.rename = Some(string(&meta, "rename")?),
            "rename_all" => {
                let lit = string(&meta, "rename_all")?;
                match RenameRule::parse(&lit) {
                    Ok(rule) => self.serde.rename_all = Some((lit, rule)),
                    Err(error) => cx.push(error),
                }
            }
            "flatten" | "skip" | "skip_deserializing" | "untagged" | "tag" | "content"
                if place != Place::Variant =>
            {
                skip_value(&meta)?;
                cx.error(
                    span_of(&meta.path),
                    format!(
                        "`#[serde({key})]` changes the shape serde reads, and an elicitation form stays a flat object of its fields: remove `{key}`, or keep this type apart from the form"
                    ),
                );
            }
            _ => skip_value(&meta)?,
        }
        Ok(())
    }
}

fn unknown_key(key: &str, place: Place, allowed: &[&str]) -> String {
    if let Some(home) = Place::home_of(key) {
        return format!("`{key}` is not allowed on {}: it goes {home}", place.name());
    }
    let listed: Vec<String> = allowed.iter().map(|k| format!("`{k}`")).collect();
    match suggest::closest(key, allowed) {
        Some(best) => format!(
            "unknown attribute `{key}`: did you mean `{best}`? (expected one of {})",
            listed.join(", ")
        ),
        None => format!(
            "unknown attribute `{key}`: expected one of {}",
            listed.join(", ")
        ),
    }
}

fn span_of(path: &syn::Path) -> Span {
    path.segments
        .first()
        .map(|s| s.ident.span())
        .unwrap_or_else(Span::call_site)
}

/// Consumes whatever value a key has (`= expr` or `(...)`), so parsing can go
/// on after an error.
fn skip_value(meta: &ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(Token![=]) {
        meta.value()?.parse::<Expr>()?;
    } else if meta.input.peek(syn::token::Paren) {
        let content;
        syn::parenthesized!(content in meta.input);
        content.parse::<TokenStream>()?;
    }
    Ok(())
}

fn string(meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<LitStr> {
    let expr = value_expr(meta, key, "\"...\"")?;
    match expr {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(lit), ..
        }) => Ok(lit),
        other => Err(syn::Error::new_spanned(
            other,
            format!("`{key}` takes a string literal, such as `{key} = \"...\"`"),
        )),
    }
}

fn flag(meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<()> {
    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
        return Err(meta.error(format!("`{key}` takes no value: write `#[elicit({key})]`")));
    }
    Ok(())
}

fn value_expr(meta: &ParseNestedMeta<'_>, key: &str, example: &str) -> syn::Result<Expr> {
    if !meta.input.peek(Token![=]) {
        return Err(meta.error(format!(
            "`{key}` needs a value, such as `{key} = {example}`"
        )));
    }
    meta.value()?.parse::<Expr>()
}

fn constraint(
    meta: &ParseNestedMeta<'_>,
    key: Ident,
    cx: &mut Ctxt,
) -> syn::Result<Option<Constraint>> {
    let name = key.to_string();
    let example = match name.as_str() {
        "format" => "\"email\"",
        "default" => "true",
        "minimum" | "maximum" => "0",
        _ => "1",
    };
    let expr = value_expr(meta, &name, example)?;
    let mut written = quote!(#expr).to_string().replace("- ", "-");
    let value = match name.as_str() {
        "min_length" | "max_length" | "min_items" | "max_items" => {
            let unit = if name.ends_with("length") {
                "characters"
            } else {
                "values"
            };
            let Some(n) = count(&expr, &name, unit, cx) else {
                return Ok(None);
            };
            if name.ends_with("length") {
                ConstraintValue::Length(n)
            } else {
                ConstraintValue::Items(n)
            }
        }
        "minimum" | "maximum" => match number(&expr) {
            Some(Ok(n)) => ConstraintValue::Bound(n),
            Some(Err(message)) => {
                cx.error_spanned(&expr, format!("`{name}` {message}"));
                return Ok(None);
            }
            None => {
                cx.error_spanned(
                    &expr,
                    format!(
                        "`{name}` takes a number literal, such as `{name} = 0` or `{name} = 0.5`"
                    ),
                );
                return Ok(None);
            }
        },
        "format" => {
            let lit = match &expr {
                Expr::Lit(syn::ExprLit {
                    lit: Lit::Str(lit), ..
                }) => lit,
                other => {
                    cx.error_spanned(
                        other,
                        "`format` takes a string, such as `format = \"email\"`",
                    );
                    return Ok(None);
                }
            };
            let wanted = lit.value();
            match FORMATS.iter().find(|(wire, _)| *wire == wanted) {
                Some((_, variant)) => ConstraintValue::Format(variant),
                None => {
                    cx.error(
                        lit.span(),
                        format!(
                            "unsupported format `{wanted}`: use one of `email`, `uri`, `date` or `date-time`, the only formats elicitation allows, or remove `format`"
                        ),
                    );
                    return Ok(None);
                }
            }
        }
        _ => {
            let Some(value) = default_value(&expr, cx) else {
                return Ok(None);
            };
            if let DefaultValue::List(items) = &value {
                let items: Vec<String> = items.iter().map(|i| format!("{:?}", i.value())).collect();
                written = format!("[{}]", items.join(", "));
            }
            ConstraintValue::Default(value)
        }
    };
    Ok(Some(Constraint {
        key,
        value,
        written,
    }))
}

/// The whole number of `min_length = 3` or `max_items = 2`.
fn count(expr: &Expr, name: &str, unit: &str, cx: &mut Ctxt) -> Option<u64> {
    match expr {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(lit), ..
        }) => match lit.base10_parse::<u64>() {
            Ok(n) => Some(n),
            Err(_) => {
                cx.error(
                    lit.span(),
                    format!("`{name}` must be a whole number from 0 to 2^64-1"),
                );
                None
            }
        },
        other => {
            cx.error_spanned(
                other,
                format!("`{name}` takes a whole number of {unit}, such as `{name} = 3`"),
            );
            None
        }
    }
}

/// The value of `default`, by the literal written: `true`, `"Guest"`, `30`,
/// `-1.5` or `["red", "green"]`. Whether it fits the field is for the
/// field's type to say, in `const` evaluation.
///
/// `default = Colour::Red` is an error at `Colour::Red`: the default of an
/// enum field is the variant's wire value, `default = "red"`.
fn default_value(expr: &Expr, cx: &mut Ctxt) -> Option<DefaultValue> {
    match expr {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Bool(b), ..
        }) => return Some(DefaultValue::Bool(b.value)),
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(s), ..
        }) => return Some(DefaultValue::Str(s.clone())),
        Expr::Array(array) => {
            let mut items = Vec::new();
            let mut ok = true;
            for elem in &array.elems {
                match elem {
                    Expr::Lit(syn::ExprLit {
                        lit: Lit::Str(s), ..
                    }) => items.push(s.clone()),
                    other => {
                        ok = false;
                        cx.error_spanned(
                            other,
                            "a multi-select `default` lists wire values as strings, such as `default = [\"red\", \"green\"]`",
                        );
                    }
                }
            }
            return ok.then_some(DefaultValue::List(items));
        }
        _ => {}
    }
    match number(expr) {
        Some(Ok(n)) => Some(DefaultValue::Num(n)),
        Some(Err(message)) => {
            cx.error_spanned(expr, format!("`default` {message}"));
            None
        }
        None => {
            let message = match expr {
                Expr::Path(_) => {
                    "the `default` of an enum field is the wire value of a variant, written as a string, such as `default = \"red\"`"
                }
                _ => {
                    "`default` takes a literal: `true` or `false`, a string, a number, or a list of strings such as `[\"red\", \"green\"]` for a multi-select"
                }
            };
            cx.error_spanned(expr, message);
            None
        }
    }
}

/// Reads `18`, `-5`, `0.5`, `-1e3` into a [`NumLit`]; `None` if it is not a
/// number literal at all.
fn number(expr: &Expr) -> Option<Result<NumLit, &'static str>> {
    let (negative, lit) = match expr {
        Expr::Lit(syn::ExprLit { lit, .. }) => (false, lit),
        Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => match &**expr {
            Expr::Lit(syn::ExprLit { lit, .. }) => (true, lit),
            _ => return None,
        },
        _ => return None,
    };
    let sign = if negative { "-" } else { "" };
    match lit {
        Lit::Int(int) => {
            if !int.suffix().is_empty() {
                return Some(Err("takes a plain number, without a type suffix"));
            }
            let Ok(magnitude) = int.base10_parse::<i128>() else {
                return Some(Err("is too large: it must fit 128 bits"));
            };
            let value = if negative { -magnitude } else { magnitude };
            Some(Ok(NumLit {
                text: format!("{value}"),
                is_int: true,
                tokens: proc_macro2::Literal::i128_unsuffixed(value)
                    .into_token_stream_spanned(int.span()),
            }))
        }
        Lit::Float(float) => {
            if !float.suffix().is_empty() {
                return Some(Err("takes a plain number, without a type suffix"));
            }
            let Ok(magnitude) = float.base10_parse::<f64>() else {
                return Some(Err("is not a valid number"));
            };
            if !magnitude.is_finite() {
                return Some(Err("must be a finite number"));
            }
            let value = if negative { -magnitude } else { magnitude };
            Some(Ok(NumLit {
                text: format!("{sign}{}", float.base10_digits()),
                is_int: false,
                tokens: proc_macro2::Literal::f64_unsuffixed(value)
                    .into_token_stream_spanned(float.span()),
            }))
        }
        _ => None,
    }
}

trait SpannedLiteral {
    fn into_token_stream_spanned(self, span: Span) -> TokenStream;
}

impl SpannedLiteral for proc_macro2::Literal {
    fn into_token_stream_spanned(mut self, span: Span) -> TokenStream {
        self.set_span(span);
        quote::ToTokens::into_token_stream(self)
    }
}

/// The doc comment: lines of a paragraph joined with spaces, paragraphs with
/// a blank line, trimmed; `None` when there is none.
fn docs(attrs: &[Attribute]) -> Option<String> {
    let mut paragraphs: Vec<String> = Vec::new();
    let mut current = String::new();
    for attr in attrs {
        if !attr.path().is_ident("doc") {
            continue;
        }
        let syn::Meta::NameValue(nv) = &attr.meta else {
            continue;
        };
        let Expr::Lit(syn::ExprLit {
            lit: Lit::Str(lit), ..
        }) = &nv.value
        else {
            continue;
        };
        // An empty `///` line is an empty string, which has no lines, yet
        // it ends a paragraph.
        let value = lit.value();
        let lines: Vec<&str> = if value.trim().is_empty() {
            vec![""]
        } else {
            value.lines().collect()
        };
        for line in lines {
            let line = line.trim();
            if line.is_empty() {
                if !current.is_empty() {
                    paragraphs.push(std::mem::take(&mut current));
                }
            } else {
                if !current.is_empty() {
                    current.push(' ');
                }
                current.push_str(line);
            }
        }
    }
    if !current.is_empty() {
        paragraphs.push(current);
    }
    if paragraphs.is_empty() {
        None
    } else {
        Some(paragraphs.join("\n\n"))
    }
}
