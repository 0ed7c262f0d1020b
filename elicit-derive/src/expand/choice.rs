//! A unit enum: `impl ElicitChoice`, and `impl ElicitField` as a
//! single-select choice (a `Vec`, `BTreeSet` or `HashSet` of it is then a
//! multi-select, through the runtime's impls).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::ext::IdentExt;

use super::respan;
use crate::ast::{Input, Variant};
use crate::check;
use crate::ctxt::Ctxt;

pub fn expand(input: &Input<'_>, variants: &[Variant<'_>], cx: &mut Ctxt) -> TokenStream {
    let krate = &input.krate;
    let private = quote!(#krate::__private);
    check::unique_wire_names(
        variants.iter().map(|v| {
            let span = v
                .attrs
                .rename
                .as_ref()
                .or(v.attrs.serde.rename.as_ref())
                .map(|r| r.span())
                .unwrap_or_else(|| v.ident.span());
            (v.wire.as_str(), v.ident.unraw().to_string(), span)
        }),
        cx,
    );
    let options = variants.iter().map(|v| {
        let wire = &v.wire;
        let title = match &v.attrs.title {
            Some(t) => quote!(#private::Some(#t)),
            None => quote!(#private::None),
        };
        quote!(#private::EnumOption::new(#wire, #title))
    });
    let mut annotations = Vec::new();
    if let Some(title) = &input.attrs.title {
        annotations.push(quote_spanned!(title.span()=> .title(#title)));
    }
    let description = input
        .attrs
        .description
        .as_ref()
        .map(|d| d.value())
        .or_else(|| input.attrs.docs.clone());
    if let Some(description) = description {
        annotations.push(quote!(.description(#description)));
    }
    // `#[elicit(legacy_titles)]` on the enum: its titles are written as
    // `enumNames` on every revision, wherever it is a field.
    if let Some(key) = &input.attrs.legacy_titles {
        annotations
            .push(quote_spanned!(key.span()=> .legacy_titles("`legacy_titles` needs a unit enum")));
    }
    let from_arms = variants.iter().map(|v| {
        let wire = &v.wire;
        let ident = v.ident;
        quote!(#wire => #private::Some(Self::#ident),)
    });
    let value_arms = variants.iter().map(|v| {
        let wire = &v.wire;
        let ident = v.ident;
        quote!(Self::#ident => #wire,)
    });
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    // Evaluates the spec for a choice without type parameters, spanned at
    // the enum's name so that no error can point at the derive.
    let force = input.generics.params.is_empty().then(|| {
        quote_spanned!(ident.span()=> const _: () = #private::force(<#ident as #private::ElicitField>::SPEC);)
    });

    let trait_path = respan(quote!(#private::ElicitField), ident.span());
    let choice_path = respan(quote!(#private::ElicitChoice), ident.span());

    quote! {
        #[doc(hidden)]
        const _: () = {
            #[automatically_derived]
            impl #impl_generics #trait_path for #ident #ty_generics #where_clause {
                const SPEC: #private::FieldSpec = {
                    const OPTIONS: &[#private::EnumOption] = &[#(#options),*];
                    #private::FieldSpec::choice(OPTIONS) #(#annotations)*
                };

                fn read(
                    __value: &#private::Value,
                    __schema: &#private::PropertySchema,
                ) -> #private::Result<Self, ::std::vec::Vec<#private::Violation>> {
                    let __chosen = #private::read_choice(__value, __schema)?;
                    match <Self as #private::ElicitChoice>::from_value(__chosen) {
                        #private::Some(__variant) => #private::Ok(__variant),
                        #private::None => #private::Err(#private::not_an_option(__schema)),
                    }
                }
            }

            #[automatically_derived]
            impl #impl_generics #choice_path for #ident #ty_generics #where_clause {
                fn from_value(__value: &::core::primitive::str) -> #private::Option<Self> {
                    match __value {
                        #(#from_arms)*
                        _ => #private::None,
                    }
                }

                fn value(&self) -> &'static ::core::primitive::str {
                    match *self {
                        #(#value_arms)*
                    }
                }
            }
            #force
        };
    }
}
