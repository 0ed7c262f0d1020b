//! The derive's model of the input: a form, a newtype or a choice, each node
//! keeping the syn node it came from for spans.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Fields, Generics, Ident, LitStr, Type};

use crate::attr::{Attrs, Place};
use crate::case::RenameRule;
use crate::ctxt::Ctxt;

/// The whole derive input.
pub struct Input<'a> {
    pub ident: &'a Ident,
    pub generics: &'a Generics,
    pub attrs: Attrs,
    /// The path to the runtime crate (`::elicit_runtime` unless `crate = ...`).
    pub krate: TokenStream,
    pub body: Body<'a>,
}

/// What kind of item derives `Elicitable`.
pub enum Body<'a> {
    /// A struct with named fields: a form.
    Form(Vec<Field<'a>>),
    /// A one-field tuple struct: a field type carrying constraints.
    Newtype(&'a Type),
    /// A unit enum: a choice.
    Choice(Vec<Variant<'a>>),
}

/// One field of a form.
pub struct Field<'a> {
    pub ident: &'a Ident,
    pub ty: &'a Type,
    pub attrs: Attrs,
    /// The name on the wire.
    pub wire: String,
}

/// One variant of a choice.
pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub attrs: Attrs,
    /// The value on the wire.
    pub wire: String,
}

impl<'a> Input<'a> {
    /// Builds the model, recording every structural mistake in `cx`.
    pub fn from_syn(input: &'a DeriveInput, cx: &mut Ctxt) -> Option<Input<'a>> {
        let place = match &input.data {
            Data::Struct(s) => match &s.fields {
                Fields::Named(_) => Place::Form,
                _ => Place::Newtype,
            },
            Data::Enum(_) => Place::Enum,
            Data::Union(u) => {
                cx.error(
                    u.union_token.span,
                    "a union cannot be elicited: use a struct with named fields for a form, or a unit enum for a choice",
                );
                return None;
            }
        };
        let attrs = Attrs::parse(&input.attrs, place, cx);
        let krate = match &attrs.krate {
            Some(path) => path.to_token_stream(),
            None => quote!(::elicit_runtime),
        };
        let rules = input_rules(&attrs, cx);
        let body = match &input.data {
            Data::Struct(s) => match &s.fields {
                Fields::Named(named) => {
                    if named.named.is_empty() {
                        cx.error(
                            input.ident.span(),
                            format!(
                                "the form `{}` has no fields: add the fields the user should fill in",
                                input.ident
                            ),
                        );
                    }
                    let fields = named
                        .named
                        .iter()
                        .filter_map(|f| Some((f.ident.as_ref()?, f)))
                        .map(|(ident, f)| {
                            let attrs = Attrs::parse(&f.attrs, Place::Field, cx);
                            let wire = wire_name(
                                &ident.unraw().to_string(),
                                &attrs,
                                &rules,
                                RenameRule::apply_to_field,
                                cx,
                            );
                            Field {
                                ident,
                                ty: &f.ty,
                                attrs,
                                wire,
                            }
                        })
                        .collect();
                    Body::Form(fields)
                }
                Fields::Unnamed(unnamed) if unnamed.unnamed.len() == 1 => {
                    Body::Newtype(&unnamed.unnamed[0].ty)
                }
                // `struct Point(i32, i32);` is an error at the second field:
                // a form needs names, a field type wraps exactly one type.
                Fields::Unnamed(unnamed) => {
                    let ident = &input.ident;
                    match unnamed.unnamed.len() {
                        0 => cx.error(
                            ident.span(),
                            format!(
                                "the tuple struct `{ident}` has no fields to ask for: give it named fields to make a form, or wrap a single type to make a field type"
                            ),
                        ),
                        n => cx.error(
                            unnamed.unnamed[1].span(),
                            format!(
                                "the tuple struct `{ident}` has {n} unnamed fields, and a form needs a name for each: name its fields to make a form, or wrap a single type to make a field type"
                            ),
                        ),
                    }
                    return None;
                }
                Fields::Unit => {
                    cx.error(
                        input.ident.span(),
                        format!(
                            "the unit struct `{}` has no fields to ask for: give it named fields to make a form",
                            input.ident
                        ),
                    );
                    return None;
                }
            },
            Data::Enum(e) => {
                if e.variants.is_empty() {
                    cx.error(
                        input.ident.span(),
                        format!(
                            "the enum `{}` has no variants, so there is nothing to choose: add unit variants",
                            input.ident
                        ),
                    );
                }
                let variants = e
                    .variants
                    .iter()
                    .map(|v| {
                        if !matches!(v.fields, Fields::Unit) {
                            cx.error(
                                v.fields.span(),
                                format!(
                                    "the variant `{}` carries data, and an enum field is a choice among plain values: make `{}` a unit variant, and ask for its data in separate fields of the form",
                                    v.ident, v.ident
                                ),
                            );
                        }
                        let attrs = Attrs::parse(&v.attrs, Place::Variant, cx);
                        let wire = wire_name(
                            &v.ident.unraw().to_string(),
                            &attrs,
                            &rules,
                            RenameRule::apply_to_variant,
                            cx,
                        );
                        Variant {
                            ident: &v.ident,
                            attrs,
                            wire,
                        }
                    })
                    .collect();
                Body::Choice(variants)
            }
            Data::Union(_) => return None,
        };
        Some(Input {
            ident: &input.ident,
            generics: &input.generics,
            attrs,
            krate,
            body,
        })
    }
}

/// The container's rename rules, ours and serde's.
struct Rules {
    ours: Option<(LitStr, RenameRule)>,
    serde: Option<(LitStr, RenameRule)>,
}

/// `#[elicit(rename_all)]` and `#[serde(rename_all)]` must agree when both
/// are written: the wire names must never silently differ.
fn input_rules(attrs: &Attrs, cx: &mut Ctxt) -> Rules {
    let rules = Rules {
        ours: attrs.rename_all.clone(),
        serde: attrs.serde.rename_all.clone(),
    };
    if let (Some((ours, a)), Some((theirs, b))) = (&rules.ours, &rules.serde)
        && a != b
    {
        cx.error(
            ours.span(),
            format!(
                "`rename_all = \"{}\"` disagrees with `#[serde(rename_all = \"{}\")]`: the form and serde would use different names; keep one of them",
                ours.value(),
                theirs.value()
            ),
        );
    }
    rules
}

/// The wire name of a field or variant: an explicit `rename` first, then the
/// container's `rename_all`. `#[serde(rename)]` is honoured too and must
/// agree with ours.
fn wire_name(
    rust: &str,
    attrs: &Attrs,
    rules: &Rules,
    apply: fn(RenameRule, &str) -> String,
    cx: &mut Ctxt,
) -> String {
    let renamed = match (&attrs.rename, &attrs.serde.rename) {
        (Some(ours), Some(theirs)) => {
            if ours.value() != theirs.value() {
                cx.error(
                    ours.span(),
                    format!(
                        "`rename = \"{}\"` disagrees with `#[serde(rename = \"{}\")]`: the form and serde would use different names; keep one of them",
                        ours.value(),
                        theirs.value()
                    ),
                );
            }
            Some(ours.value())
        }
        (Some(one), None) | (None, Some(one)) => Some(one.value()),
        (None, None) => None,
    };
    renamed.unwrap_or_else(|| match rules.ours.as_ref().or(rules.serde.as_ref()) {
        Some((_, rule)) => apply(*rule, rust),
        None => rust.to_owned(),
    })
}
