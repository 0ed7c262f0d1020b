//! A unit enum: `impl ElicitChoice`, and `impl ElicitField` as a
//! single-select choice (a `Vec`, `BTreeSet` or `HashSet` of it is then a
//! multi-select, through the runtime's impls).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use super::respan;
use crate::ast::{Choice, Input};
use crate::attr::Described;
use crate::messages;

pub fn expand(input: &Input<'_>, choice: &Choice<'_>) -> TokenStream {
    let krate = &input.krate;
    let private = quote!(#krate::__private);
    let spec = spec(&private, choice);
    let wires: Vec<&str> = choice
        .variants
        .iter()
        .map(|v| v.wire.name.as_str())
        .collect();
    let idents: Vec<_> = choice.variants.iter().map(|v| v.ident).collect();
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
                const SPEC: #private::FieldSpec = #spec;

                #[inline]
                fn read(
                    __value: &#private::Value,
                    __schema: &#private::PropertySchema,
                ) -> #private::Result<Self, ::std::vec::Vec<#private::Violation>> {
                    #private::read_enum(__value, __schema)
                }
            }

            #[automatically_derived]
            impl #impl_generics #choice_path for #ident #ty_generics #where_clause {
                #[inline]
                fn from_value(__value: &::core::primitive::str) -> #private::Option<Self> {
                    match __value {
                        #(#wires => #private::Some(Self::#idents),)*
                        _ => #private::None,
                    }
                }

                fn value(&self) -> &'static ::core::primitive::str {
                    match *self {
                        #(Self::#idents => #wires,)*
                    }
                }
            }
            #force
        };
    }
}

/// The choice's spec: its options, then the enum's `title`, `description`
/// (or doc comment) and `legacy_titles`.
fn spec(private: &TokenStream, choice: &Choice<'_>) -> TokenStream {
    let options = choice.variants.iter().map(|v| {
        let wire = &v.wire.name;
        let title = match v.attrs.title() {
            Some(t) => quote!(#private::Some(#t)),
            None => quote!(#private::None),
        };
        quote!(#private::EnumOption::new(#wire, #title))
    });
    let mut annotations = Vec::new();
    if let Some(title) = choice.attrs.title() {
        annotations.push(quote_spanned!(title.span()=> .title(#title)));
    }
    if let Some(description) = choice.attrs.description() {
        annotations.push(quote!(.description(#description)));
    }
    // `#[elicit(legacy_titles)]` on the enum: its titles are written as
    // `enumNames` on every revision, wherever it is a field.
    if let Some(key) = choice.attrs.legacy_titles() {
        let mut unused = proc_macro2::Literal::string(messages::LEGACY_TITLES_ON_ENUM);
        unused.set_span(key.span());
        annotations.push(quote_spanned!(key.span()=> .legacy_titles(#unused)));
    }
    quote!({
        const OPTIONS: &[#private::EnumOption] = &[#(#options),*];
        #private::FieldSpec::choice(OPTIONS) #(#annotations)*
    })
}
