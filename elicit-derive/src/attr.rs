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
    "default",
];

impl Place {
    fn keys(self) -> Vec<&'static str> {
        let mut keys = match self {
            Place::Form => vec!["message", "rename_all", "deny_unknown_fields", "crate"],
            Place::Newtype => vec!["title", "description", "crate"],
            Place::Enum => vec!["title", "description", "rename_all", "crate"],
            Place::Field => vec!["title", "description", "rename", "not_secret"],
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
            "message" | "deny_unknown_fields" => "on the form struct",
            "rename_all" => "on the form struct or the enum",
            "rename" => "on a field or a variant",
            "not_secret" => "on a field",
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
#[derive(Debug, Clone)]
pub enum ConstraintValue {
    /// `min_length`, `max_length`.
    Length(u64),
    /// `minimum`, `maximum`.
    Bound(NumLit),
    /// `format`: the variant name of the runtime's `Format`.
    Format(&'static str),
    /// `default = true`.
    DefaultBool(bool),
}

/// A constraint key with its value, keeping the key for spans.
#[derive(Debug, Clone)]
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
    let written = quote!(#expr).to_string().replace("- ", "-");
    let value = match name.as_str() {
        "min_length" | "max_length" => match &expr {
            Expr::Lit(syn::ExprLit {
                lit: Lit::Int(lit), ..
            }) => match lit.base10_parse::<u64>() {
                Ok(n) => ConstraintValue::Length(n),
                Err(_) => {
                    cx.error(
                        lit.span(),
                        format!("`{name}` must be a whole number from 0 to 2^64-1"),
                    );
                    return Ok(None);
                }
            },
            other => {
                cx.error(
                    span_expr(other),
                    format!("`{name}` takes a whole number of characters, such as `{name} = 3`"),
                );
                return Ok(None);
            }
        },
        "minimum" | "maximum" => {
            match number(&expr) {
                Some(Ok(n)) => ConstraintValue::Bound(n),
                Some(Err(message)) => {
                    cx.error(span_expr(&expr), format!("`{name}` {message}"));
                    return Ok(None);
                }
                None => {
                    cx.error(
                    span_expr(&expr),
                    format!("`{name}` takes a number literal, such as `{name} = 0` or `{name} = 0.5`"),
                );
                    return Ok(None);
                }
            }
        }
        "format" => {
            let lit = match &expr {
                Expr::Lit(syn::ExprLit {
                    lit: Lit::Str(lit), ..
                }) => lit,
                other => {
                    cx.error(
                        span_expr(other),
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
        _ => match &expr {
            Expr::Lit(syn::ExprLit {
                lit: Lit::Bool(b), ..
            }) => ConstraintValue::DefaultBool(b.value),
            other => {
                cx.error(
                    span_expr(other),
                    "`default` takes `true` or `false`: in revision 2025-06-18 only boolean fields have a default",
                );
                return Ok(None);
            }
        },
    };
    Ok(Some(Constraint {
        key,
        value,
        written,
    }))
}

fn span_expr(expr: &Expr) -> Span {
    syn::spanned::Spanned::span(expr)
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
                return Some(Err("is too large: a bound must fit 128 bits"));
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
