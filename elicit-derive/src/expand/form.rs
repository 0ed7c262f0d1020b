//! A struct with named fields: `impl Elicitable`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use super::spec::{Pin, Subject, chain};
use super::{mentions_param, respan, where_with};
use crate::ast::{Field, Input};
use crate::attr::{ConstraintValue, DefaultValue};
use crate::check;
use crate::ctxt::Ctxt;
use crate::types::{self, type_text};

/// The message used when the struct has neither `message` nor a doc comment.
const FALLBACK_MESSAGE: &str = "Please provide the requested information";

pub fn expand(input: &Input<'_>, fields: &[Field<'_>], cx: &mut Ctxt) -> TokenStream {
    let krate = &input.krate;
    let private = quote!(#krate::__private);
    for field in fields {
        if let Some(error) = types::check(field.ty) {
            cx.push(error);
        }
        check::no_secrets(field, cx);
    }
    check::downlevel_needs_pin(&input.attrs, cx);
    check::unique_wire_names(
        fields
            .iter()
            .map(|f| (f.wire.as_str(), f.ident.unraw().to_string(), wire_span(f))),
        cx,
    );

    // Without type parameters each field's spec is a `const` item of its
    // own, which rustc evaluates by itself: a failed check is reported at the
    // attribute, and nothing else points at the derive.
    let standalone = input.generics.params.is_empty();
    let mut items = Vec::new();
    let properties: Vec<TokenStream> = fields
        .iter()
        .map(|f| {
            let ty = f.ty;
            let subject = Subject {
                label: format!("the field `{}: {}`", f.ident, type_text(ty)),
                name: format!("the field `{}`", f.ident),
                ty,
            };
            let downlevel = input.attrs.downlevel.is_some();
            let pin = input.attrs.revision.as_ref().map(|(lit, variant)| Pin {
                variant,
                downlevel,
                message: pin_message(f, &lit.value(), downlevel),
            });
            let mut spec = chain(krate, &subject, &f.attrs, pin.as_ref());
            if standalone {
                let name = format_ident!("{}_spec", f.ident.unraw());
                items.push(quote! {
                    #[allow(non_upper_case_globals)]
                    const #name: #private::FieldSpec = #spec;
                });
                spec = quote!(#name);
            }
            let wire = &f.wire;
            let required = quote_spanned!(ty.span()=> <#ty as #private::ElicitField>::REQUIRED);
            quote!(#private::FieldSpec::into_property(#spec, #wire, #required))
        })
        .collect();
    let vars: Vec<_> = (0..fields.len())
        .map(|i| format_ident!("__f{}", i))
        .collect();
    let reads = fields.iter().zip(&vars).enumerate().map(|(i, (f, var))| {
        // Every use of the field's type is spanned at the type, so a type that
        // is not `ElicitField` gives one error there, not one per use.
        let ty = f.ty;
        let read = quote_spanned!(ty.span()=> <#ty as #private::ElicitField>::read);
        let absent = quote_spanned!(ty.span()=> <#ty as #private::ElicitField>::absent);
        quote! {
            let #var = #private::read(
                &mut __cursor,
                &__schema.properties[#i],
                &mut __errors,
                #read,
                #absent,
            );
        }
    });
    let idents = fields.iter().map(|f| f.ident);
    let deny = input.attrs.deny_unknown_fields;
    let deny_check =
        deny.then(|| quote!(#private::deny_unknown(&__schema, &__cursor, &mut __errors);));
    let message = input
        .attrs
        .message
        .as_ref()
        .map(|m| m.value())
        .or_else(|| input.attrs.docs.clone())
        .unwrap_or_else(|| FALLBACK_MESSAGE.to_owned());

    let ident = input.ident;
    let (impl_generics, ty_generics, _) = input.generics.split_for_impl();
    let bounds = fields
        .iter()
        .filter(|f| mentions_param(f.ty, input.generics))
        .map(|f| {
            let ty = f.ty;
            quote_spanned!(ty.span()=> #ty: #private::ElicitField)
        })
        .collect();
    let where_clause = where_with(input.generics, bounds);

    let trait_path = respan(quote!(#private::Elicitable), ident.span());
    let revision = input.attrs.revision.as_ref().map(|(lit, variant)| {
        let variant = syn::Ident::new(variant, lit.span());
        quote! {
            const REVISION: #private::Option<#private::Revision> =
                #private::Some(#private::Revision::#variant);
        }
    });
    let downlevel = input.attrs.downlevel.as_ref().map(|_| {
        quote!(
            const DOWNLEVEL: ::core::primitive::bool = true;
        )
    });

    quote! {
        #[doc(hidden)]
        const _: () = {
            #(#items)*

            #[automatically_derived]
            impl #impl_generics #trait_path for #ident #ty_generics #where_clause {
                const SCHEMA: #private::FormSchema = #private::FormSchema {
                    properties: #private::Cow::Borrowed(&[#(#properties),*]),
                };
                const MESSAGE: &'static ::core::primitive::str = #message;
                const DENY_UNKNOWN_FIELDS: ::core::primitive::bool = #deny;
                #revision
                #downlevel

                fn from_content(
                    __content: &#private::Map<::std::string::String, #private::Value>,
                ) -> #private::Result<Self, #private::ValidationErrors> {
                    let mut __errors = #private::ValidationErrors::new();
                    let __schema = <Self as #private::Elicitable>::SCHEMA;
                    #[allow(unused_mut, unused_variables)]
                    let mut __cursor = #private::Content::new(__content);
                    #(#reads)*
                    #deny_check
                    match (#(#vars,)*) {
                        (#(#private::Some(#vars),)*) if __errors.is_empty() => {
                            #private::Ok(Self { #(#idents: #vars),* })
                        }
                        _ => #private::Err(__errors),
                    }
                }
            }
        };
    }
}

/// Where to point at a field's wire name: its `rename` (ours or serde's),
/// else its ident.
fn wire_span(field: &Field<'_>) -> proc_macro2::Span {
    field
        .attrs
        .rename
        .as_ref()
        .or(field.attrs.serde.rename.as_ref())
        .map(|r| r.span())
        .unwrap_or_else(|| field.ident.span())
}

/// The message when a form pinned to `revision` has a field that revision
/// cannot express, naming what the field has that the revision lacks.
///
/// `#[elicit(revision = "2025-06-18")]` with `tags: Vec<Tag>` is an error at
/// `Vec<Tag>`: 2025-06-18 has no multi-select, unless the form adds
/// `downlevel` to send it as booleans. With `downlevel`, only a
/// non-boolean `default` is left to fail.
fn pin_message(field: &Field<'_>, revision: &str, downlevel: bool) -> String {
    let label = format!("the field `{}: {}`", field.ident, type_text(field.ty));
    let pinned = format!("the form pins that revision with `revision = \"{revision}\"`");
    let unpin = "remove the pin to require 2025-11-25 or later";
    let default = field.attrs.constraints.iter().find_map(|c| match &c.value {
        ConstraintValue::Default(value) => Some((value, c.written_key())),
        _ => None,
    });
    let multi =
        types::is_multi_select(field.ty) || matches!(default, Some((DefaultValue::List(_), _)));
    match default {
        _ if multi && !downlevel => format!(
            "{label} is a multi-select, which revision {revision} cannot express, and {pinned}: add `downlevel` to send it as one boolean per option (`#[elicit(revision = \"{revision}\", downlevel)]`), ask for the choices in separate fields, or {unpin}"
        ),
        Some((DefaultValue::Str(_) | DefaultValue::Num(_), written)) => format!(
            "{label} has `{written}`, which revision {revision} cannot express (it allows a default only on a boolean), and {pinned}: remove the `default`, or {unpin}"
        ),
        _ if downlevel => format!(
            "the type of {label} carries a non-boolean `default`, which revision {revision} cannot express, and {pinned}: remove that from `{}`, or {unpin}",
            type_text(field.ty)
        ),
        _ => format!(
            "the type of {label} is a multi-select or carries a non-boolean `default`, which revision {revision} cannot express, and {pinned}: remove that from `{}`, add `downlevel` if it is a multi-select, or {unpin}",
            type_text(field.ty)
        ),
    }
}
