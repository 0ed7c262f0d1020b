//! A one-field tuple struct: `impl ElicitField`, with the wrapped type's
//! spec narrowed by the struct's attributes.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::bounds::where_clause;
use super::respan;
use super::spec::chain;
use super::step::Subject;
use crate::ast::{Input, Newtype};
use crate::messages;
use crate::ty::type_text;

pub fn expand(input: &Input<'_>, newtype: &Newtype<'_>) -> TokenStream {
    let krate = &input.krate;
    let private = quote!(#krate::__private);
    let inner = newtype.ty;
    let ident = input.ident;
    let subject = Subject {
        label: messages::newtype_label(ident, &type_text(inner)),
        name: messages::newtype_name(ident),
        ty: inner,
    };
    let mut spec = chain(krate, &subject, &newtype.narrowing(), None, None);
    // Without type parameters the spec is a `const` item of its own, which
    // rustc evaluates by itself: a failed check is reported at the attribute.
    let standalone = input.generics.params.is_empty().then(|| {
        let name = format_ident!("{}_spec", ident);
        let item = quote! {
            #[allow(non_upper_case_globals)]
            const #name: #private::FieldSpec = #spec;
        };
        spec = quote!(#name);
        item
    });
    let (impl_generics, ty_generics, _) = input.generics.split_for_impl();
    let where_clause = where_clause(&private, input.generics, std::iter::once(inner));
    // Every use of the wrapped type is spanned at it, so a type that is not
    // `ElicitField` gives one error there.
    let field =
        |item: TokenStream| quote_spanned!(inner.span()=> <#inner as #private::ElicitField>::#item);
    let required = field(quote!(REQUIRED));
    let read = field(quote!(read));
    let absent = field(quote!(absent));

    let trait_path = respan(quote!(#private::ElicitField), ident.span());

    quote! {
        #[doc(hidden)]
        const _: () = {
            #standalone

            #[automatically_derived]
            impl #impl_generics #trait_path for #ident #ty_generics #where_clause {
                const SPEC: #private::FieldSpec = #spec;
                const REQUIRED: ::core::primitive::bool = #required;

                #[inline]
                fn read(
                    __value: &#private::Value,
                    __schema: &#private::PropertySchema,
                ) -> #private::Result<Self, ::std::vec::Vec<#private::Violation>> {
                    #private::Result::map(#read(__value, __schema), Self)
                }

                fn absent() -> #private::Option<Self> {
                    #private::Option::map(#absent(), Self)
                }
            }
        };
    }
}
