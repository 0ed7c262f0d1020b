//! A struct with named fields: `impl Elicitable`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use super::bounds::where_clause;
use super::respan;
use super::spec::{Pin, SecretMark, chain};
use super::step::Subject;
use crate::ast::{Field, Form, Input};
use crate::attr::ConstraintValue;
use crate::attr::value::DefaultValue;
use crate::messages::{self, PinMiss};
use crate::ty::{is_multi_select, type_text};

/// The message used when the struct has neither `message` nor a doc comment.
const FALLBACK_MESSAGE: &str = "Please provide the requested information";

pub fn expand(input: &Input<'_>, form: &Form<'_>) -> TokenStream {
    let krate = &input.krate;
    let private = quote!(#krate::__private);
    let (items, properties) = properties(input, form);
    let vars: Vec<_> = (0..form.fields.len())
        .map(|i| format_ident!("__f{}", i))
        .collect();
    let reads = reads(&private, form, &vars);
    let idents = form.fields.iter().map(|f| f.ident);
    let deny = form.attrs.deny_unknown_fields();
    let deny_check =
        deny.then(|| quote!(#private::deny_unknown(&__schema, &__cursor, &mut __errors);));
    let message = form
        .attrs
        .message()
        .unwrap_or_else(|| FALLBACK_MESSAGE.to_owned());

    let ident = input.ident;
    let key = ident.to_string();
    let (impl_generics, ty_generics, _) = input.generics.split_for_impl();
    let where_clause = where_clause(&private, input.generics, form.fields.iter().map(|f| f.ty));
    let trait_path = respan(quote!(#private::Elicitable), ident.span());
    let pinned = pinned(&private, form);
    // A form with a secret field is asked only as a web form: it does not
    // implement `FormMode`, which every form-mode entry point requires.
    let form_mode = form
        .fields
        .iter()
        .all(|f| f.attrs.secret().is_none())
        .then(|| {
            let mode_path = respan(quote!(#private::FormMode), ident.span());
            quote! {
                #[automatically_derived]
                impl #impl_generics #mode_path for #ident #ty_generics #where_clause {}
            }
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
                const KEY: &'static ::core::primitive::str = #key;
                const DENY_UNKNOWN_FIELDS: ::core::primitive::bool = #deny;
                #pinned

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

            #form_mode
        };
    }
}

/// Each field's property, and, without type parameters, the `const` items
/// its spec is evaluated in: rustc evaluates each by itself, so a failed
/// check is reported at the attribute, and nothing else points at the
/// derive.
fn properties(input: &Input<'_>, form: &Form<'_>) -> (Vec<TokenStream>, Vec<TokenStream>) {
    let krate = &input.krate;
    let private = quote!(#krate::__private);
    let standalone = input.generics.params.is_empty();
    let mut items = Vec::new();
    let properties = form
        .fields
        .iter()
        .map(|f| {
            let ty = f.ty;
            let subject = Subject {
                label: messages::field_label(f.ident, &type_text(ty)),
                name: messages::field_name(f.ident),
                ty,
            };
            let pin = pin(form, f);
            let secret = SecretMark {
                key: f.attrs.secret(),
            };
            let mut spec = chain(krate, &subject, &f.narrowing(), pin.as_ref(), Some(&secret));
            if standalone {
                let name = format_ident!("{}_spec", f.ident.unraw());
                items.push(quote! {
                    #[allow(non_upper_case_globals)]
                    const #name: #private::FieldSpec = #spec;
                });
                spec = quote!(#name);
            }
            let wire = &f.wire.name;
            let required = quote_spanned!(ty.span()=> <#ty as #private::ElicitField>::REQUIRED);
            quote!(#private::FieldSpec::into_property(#spec, #wire, #required))
        })
        .collect();
    (items, properties)
}

/// The reads of the fields, into `vars`. Every use of the field's type is
/// spanned at the type, so a type that is not `ElicitField` gives one error
/// there, not one per use.
fn reads(private: &TokenStream, form: &Form<'_>, vars: &[syn::Ident]) -> Vec<TokenStream> {
    form.fields
        .iter()
        .zip(vars)
        .enumerate()
        .map(|(i, (f, var))| {
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
        })
        .collect()
}

/// `REVISION` and `DOWNLEVEL`, for a form that pins a revision.
fn pinned(private: &TokenStream, form: &Form<'_>) -> TokenStream {
    let revision = form.attrs.revision().map(|revision| {
        let variant = syn::Ident::new(revision.variant, revision.lit.span());
        quote! {
            const REVISION: #private::Option<#private::Revision> =
                #private::Some(#private::Revision::#variant);
        }
    });
    let downlevel = form.attrs.downlevel().map(|_| {
        quote!(
            const DOWNLEVEL: ::core::primitive::bool = true;
        )
    });
    quote!(#revision #downlevel)
}

/// The form's pin, as the spec of `field` checks it.
fn pin(form: &Form<'_>, field: &Field<'_>) -> Option<Pin> {
    let downlevel = form.attrs.downlevel().is_some();
    form.attrs.revision().map(|revision| Pin {
        variant: revision.variant,
        downlevel,
        message: pin_message(field, &revision.lit.value(), downlevel),
    })
}

/// The message when a form pinned to `revision` has a field that revision
/// cannot express, naming what the field has that the revision lacks.
///
/// `#[elicit(revision = "2025-06-18")]` with `tags: Vec<Tag>` is an error at
/// `Vec<Tag>`: 2025-06-18 has no multi-select, unless the form adds
/// `downlevel` to send it as booleans. With `downlevel`, only a
/// non-boolean `default` is left to fail.
fn pin_message(field: &Field<'_>, revision: &str, downlevel: bool) -> String {
    let default = field
        .attrs
        .constraints()
        .list
        .iter()
        .find_map(|c| match &c.value {
            ConstraintValue::Default(value, written) => Some((value, written.clone())),
            _ => None,
        });
    let multi = is_multi_select(field.ty) || matches!(default, Some((DefaultValue::List(_), _)));
    let miss = match &default {
        _ if multi && !downlevel => PinMiss::MultiSelect,
        Some((DefaultValue::Str(_) | DefaultValue::Num(_), written)) => PinMiss::Default(written),
        _ if downlevel => PinMiss::TypeDefault,
        _ => PinMiss::TypeAny,
    };
    let label = messages::field_label(field.ident, &type_text(field.ty));
    messages::pin(&label, &type_text(field.ty), revision, miss)
}
