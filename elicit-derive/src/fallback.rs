//! When the input has errors, an impl is still emitted, so the user sees the
//! errors that matter and not a cascade of "trait not implemented" after
//! them. The build fails on the errors either way; this code never runs.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Stub;
use crate::item::Item;

pub fn expand(stub: &Stub<'_>) -> TokenStream {
    match stub.kind {
        Item::Form(()) => form(stub),
        Item::Newtype(()) | Item::Choice(()) => field(stub),
    }
}

fn form(stub: &Stub<'_>) -> TokenStream {
    let krate = &stub.krate;
    let private = quote!(#krate::__private);
    let ident = stub.ident;
    let (impl_generics, ty_generics, where_clause) = stub.generics.split_for_impl();
    quote! {
        const _: () = {
            impl #impl_generics #private::Elicitable for #ident #ty_generics #where_clause {
                const SCHEMA: #private::FormSchema = #private::FormSchema {
                    properties: #private::Cow::Borrowed(&[]),
                };
                const MESSAGE: &'static ::core::primitive::str = "";
                fn from_content(
                    _: &#private::Map<::std::string::String, #private::Value>,
                ) -> #private::Result<Self, #private::ValidationErrors> {
                    #private::Err(#private::ValidationErrors::new())
                }
            }
            impl #impl_generics #private::FormMode for #ident #ty_generics #where_clause {}
        };
    }
}

/// A newtype or a choice. A choice also stands in as `ElicitChoice`, so
/// that a multi-select of it reports nothing more.
fn field(stub: &Stub<'_>) -> TokenStream {
    let krate = &stub.krate;
    let private = quote!(#krate::__private);
    let ident = stub.ident;
    let (impl_generics, ty_generics, where_clause) = stub.generics.split_for_impl();
    let is_choice = matches!(stub.kind, Item::Choice(()));
    let choice = is_choice.then(|| {
        quote! {
            impl #impl_generics #private::ElicitChoice for #ident #ty_generics #where_clause {
                fn from_value(_: &::core::primitive::str) -> #private::Option<Self> {
                    #private::None
                }
                fn value(&self) -> &'static ::core::primitive::str {
                    ""
                }
            }
        }
    });
    let spec = if is_choice {
        quote!(#private::FieldSpec::choice(&[]))
    } else {
        quote!(#private::FieldSpec::STRING)
    };
    quote! {
        const _: () = {
            impl #impl_generics #private::ElicitField for #ident #ty_generics #where_clause {
                const SPEC: #private::FieldSpec = #spec;
                fn read(
                    _: &#private::Value,
                    _: &#private::PropertySchema,
                ) -> #private::Result<Self, ::std::vec::Vec<#private::Violation>> {
                    #private::Err(::std::vec::Vec::new())
                }
            }
            #choice
        };
    }
}
