//! The derive's model of the input: a form, a newtype or a choice, each node
//! keeping the syn node it came from for spans, beside its parsed attributes
//! and its name on the wire.

use darling::{FromDeriveInput, FromField, FromVariant};
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::ext::IdentExt;
use syn::spanned::Spanned;
use syn::{Data, DataEnum, DeriveInput, Fields, FieldsNamed, Generics, Ident, LitStr, Type};

use crate::attr::value::{RenameRule, Rule};
use crate::attr::{
    ChoiceAttrs, Constraint, Described, FieldAttrs, FormAttrs, NewtypeAttrs, VariantAttrs,
};
use crate::attr::{rejected, syntax};
use crate::ctxt::Ctxt;
use crate::item::{Item, Kind};
use crate::messages;
use crate::place::Place;

/// The syn nodes of each kind of item: a form's named fields, a newtype's
/// one field, a choice's enum.
pub type Parts<'a> = Item<&'a FieldsNamed, &'a syn::Field, &'a DataEnum>;

/// What kind of item `input` is, with its parts. A union, a unit struct and
/// a tuple struct of other than one field are none; each is an error at the
/// token that shows why.
///
/// `struct Point(i32, i32);` is an error at the second field: a form needs
/// names, a field type wraps exactly one type.
pub fn parts(input: &DeriveInput) -> Result<Parts<'_>, syn::Error> {
    let ident = &input.ident;
    let error = |span: Span, message: String| Err(syn::Error::new(span, message));
    match &input.data {
        Data::Struct(s) => match &s.fields {
            Fields::Named(named) => Ok(Item::Form(named)),
            Fields::Unnamed(unnamed) => match unnamed.unnamed.len() {
                1 => Ok(Item::Newtype(&unnamed.unnamed[0])),
                0 => error(ident.span(), messages::empty_tuple_struct(ident)),
                n => error(unnamed.unnamed[1].span(), messages::tuple_struct(ident, n)),
            },
            Fields::Unit => error(ident.span(), messages::unit_struct(ident)),
        },
        Data::Enum(data) => Ok(Item::Choice(data)),
        Data::Union(u) => error(u.union_token.span, messages::UNION.to_owned()),
    }
}

/// The whole derive input.
pub struct Input<'a> {
    pub ident: &'a Ident,
    pub generics: &'a Generics,
    /// The path to the runtime crate (`::elicit_runtime` unless `crate = ...`).
    pub krate: TokenStream,
    /// The item, parsed.
    pub body: Item<Form<'a>, Newtype<'a>, Choice<'a>>,
}

/// A struct with named fields.
pub struct Form<'a> {
    pub attrs: FormAttrs,
    pub fields: Vec<Field<'a>>,
}

/// One field of a form.
pub struct Field<'a> {
    pub ident: &'a Ident,
    pub ty: &'a Type,
    pub attrs: FieldAttrs,
    pub wire: Wire,
}

/// A one-field tuple struct.
pub struct Newtype<'a> {
    /// The wrapped type.
    pub ty: &'a Type,
    pub attrs: NewtypeAttrs,
}

/// A unit enum.
pub struct Choice<'a> {
    pub attrs: ChoiceAttrs,
    pub variants: Vec<Variant<'a>>,
}

/// One variant of a choice.
pub struct Variant<'a> {
    pub original: &'a syn::Variant,
    pub ident: &'a Ident,
    pub attrs: VariantAttrs,
    pub wire: Wire,
}

/// A name on the wire: a field's property name, a variant's value.
pub struct Wire {
    pub name: String,
    /// Where to point at it: its `rename` (ours or serde's), else the ident.
    pub span: Span,
}

/// What the attributes of a field or a newtype say about its spec.
pub struct Narrowing<'a> {
    pub title: Option<&'a LitStr>,
    /// `description`, else the doc comment.
    pub description: Option<String>,
    /// In the order written.
    pub constraints: &'a [Constraint],
    /// `legacy_titles`, keeping the key for spans.
    pub legacy_titles: Option<&'a Ident>,
}

/// What the stub impl of a derive that failed needs.
pub struct Stub<'a> {
    pub ident: &'a Ident,
    pub generics: &'a Generics,
    pub krate: TokenStream,
    pub kind: Kind,
}

impl<'a> Input<'a> {
    /// Parses the attributes of every place with darling, recording every
    /// value that cannot be read in `cx`; then `Err` holds what a stub impl
    /// needs.
    pub fn from_syn(
        input: &'a DeriveInput,
        parts: Parts<'a>,
        cx: &mut Ctxt,
    ) -> Result<Input<'a>, Stub<'a>> {
        let kind = parts.kind();
        if !syntax::check(input, cx) {
            return Err(Stub {
                ident: &input.ident,
                generics: &input.generics,
                krate: krate(None),
                kind,
            });
        }
        let (krate, body) = match parts {
            Item::Form(named) => {
                let (krate, form) = form(input, named, cx);
                (krate, form.map(Item::Form))
            }
            Item::Newtype(field) => {
                let attrs = parse(NewtypeAttrs::from_derive_input(input), Place::NEWTYPE, cx);
                let krate = krate(attrs.as_ref().and_then(NewtypeAttrs::krate));
                let newtype = attrs.map(|attrs| Newtype {
                    ty: &field.ty,
                    attrs,
                });
                (krate, newtype.map(Item::Newtype))
            }
            Item::Choice(data) => {
                let (krate, choice) = choice(input, data, cx);
                (krate, choice.map(Item::Choice))
            }
        };
        match body {
            Some(body) => Ok(Input {
                ident: &input.ident,
                generics: &input.generics,
                krate,
                body,
            }),
            None => Err(Stub {
                ident: &input.ident,
                generics: &input.generics,
                krate,
                kind,
            }),
        }
    }

    /// What the stub impl needs, for a derive that fails its checks.
    pub fn stub(&self) -> Stub<'a> {
        Stub {
            ident: self.ident,
            generics: self.generics,
            krate: self.krate.clone(),
            kind: self.body.kind(),
        }
    }
}

/// The path to the runtime crate.
fn krate(path: Option<&syn::Path>) -> TokenStream {
    match path {
        Some(path) => path.to_token_stream(),
        None => quote!(::elicit_runtime),
    }
}

/// The value darling parsed from the attributes at `place`, or `None` with
/// its errors in `cx`, each at its own span; a key darling rejects is said
/// in the derive's words.
fn parse<T>(result: darling::Result<T>, place: Place, cx: &mut Ctxt) -> Option<T> {
    result
        .map_err(|error| {
            for error in error.flatten() {
                match rejected::reword(&error, place) {
                    Some(message) => cx.error(error.span(), message),
                    None => cx.push(syn::Error::from(error)),
                }
            }
        })
        .ok()
}

/// Each member (field or variant) with its attributes, or `None` when any
/// of them failed to parse; every member is read, so every failure is in
/// `cx`.
fn members<'a, M: 'a, A>(
    members: impl IntoIterator<Item = &'a M>,
    read: impl Fn(&M) -> darling::Result<A>,
    place: Place,
    cx: &mut Ctxt,
) -> Option<Vec<(&'a M, A)>> {
    let all: Vec<_> = members
        .into_iter()
        .map(|member| Some((member, parse(read(member), place, cx)?)))
        .collect();
    all.into_iter().collect()
}

/// A form: its attributes, then every field's, each field named on the wire
/// by its `rename`, else the form's `rename_all`.
fn form<'a>(
    input: &'a DeriveInput,
    named: &'a FieldsNamed,
    cx: &mut Ctxt,
) -> (TokenStream, Option<Form<'a>>) {
    let attrs = parse(FormAttrs::from_derive_input(input), Place::FORM, cx);
    let krate = krate(attrs.as_ref().and_then(FormAttrs::krate));
    let fields = members(&named.named, FieldAttrs::from_field, Place::Field, cx);
    let (Some(attrs), Some(fields)) = (attrs, fields) else {
        return (krate, None);
    };
    let rule = rule(attrs.rename_all(), attrs.attrs.serde.rename_all());
    let fields = fields
        .into_iter()
        .filter_map(|(original, attrs)| {
            let ident = original.ident.as_ref()?;
            let wire = wire(
                ident,
                attrs.rename(),
                rule.map(|rule| rule.apply_to_field(&ident.unraw().to_string())),
            );
            Some(Field {
                ident,
                ty: &original.ty,
                attrs,
                wire,
            })
        })
        .collect();
    (krate, Some(Form { attrs, fields }))
}

/// A choice: its attributes, then every variant's, each variant named on
/// the wire by its `rename`, else the enum's `rename_all`.
fn choice<'a>(
    input: &'a DeriveInput,
    data: &'a DataEnum,
    cx: &mut Ctxt,
) -> (TokenStream, Option<Choice<'a>>) {
    let attrs = parse(ChoiceAttrs::from_derive_input(input), Place::ENUM, cx);
    let krate = krate(attrs.as_ref().and_then(ChoiceAttrs::krate));
    let variants = members(
        &data.variants,
        VariantAttrs::from_variant,
        Place::Variant,
        cx,
    );
    let (Some(attrs), Some(variants)) = (attrs, variants) else {
        return (krate, None);
    };
    let rule = rule(attrs.rename_all(), attrs.attrs.serde.rename_all());
    let variants = variants
        .into_iter()
        .map(|(original, attrs)| {
            let ident = &original.ident;
            let wire = wire(
                ident,
                attrs.rename(),
                rule.map(|rule| rule.apply_to_variant(&ident.unraw().to_string())),
            );
            Variant {
                original,
                ident,
                attrs,
                wire,
            }
        })
        .collect();
    (krate, Some(Choice { attrs, variants }))
}

/// The container's rename rule: ours, else serde's (the check stage makes
/// sure they agree when both are written).
fn rule(ours: Option<&Rule>, serde: Option<&Rule>) -> Option<RenameRule> {
    ours.or(serde).map(|rule| rule.rule)
}

/// The wire name: an explicit `rename` first, then the container's
/// `rename_all` (`renamed_all`), else the Rust name.
fn wire(ident: &Ident, rename: Option<&LitStr>, renamed_all: Option<String>) -> Wire {
    match rename {
        Some(lit) => Wire {
            name: lit.value(),
            span: lit.span(),
        },
        None => Wire {
            name: renamed_all.unwrap_or_else(|| ident.unraw().to_string()),
            span: ident.span(),
        },
    }
}

impl Field<'_> {
    pub fn narrowing(&self) -> Narrowing<'_> {
        Narrowing {
            title: self.attrs.title(),
            description: self.attrs.description(),
            constraints: &self.attrs.constraints().list,
            legacy_titles: self.attrs.legacy_titles(),
        }
    }
}

impl Newtype<'_> {
    pub fn narrowing(&self) -> Narrowing<'_> {
        Narrowing {
            title: self.attrs.title(),
            description: self.attrs.description(),
            constraints: &self.attrs.constraints().list,
            legacy_titles: self.attrs.legacy_titles(),
        }
    }
}
