//! When the input has errors, an impl is still emitted, so the user sees the
//! errors that matter and not a cascade of "trait not implemented" after
//! them. The build fails on the errors either way; this code never runs.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Body, Input};

pub fn expand(input: &Input<'_>) -> TokenStream {
    let krate = &input.krate;
    let private = quote!(#krate::__private);
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    match input.body {
        Body::Form(_) => quote! {
            const _: () = {
                impl #impl_generics #private::Elicitable for #ident #ty_generics #where_clause {
                    const SCHEMA: #private::FormSchema = #private::FormSchema {
                        properties: #private::Cow::Borrowed(&[]),
                    };
                    const MESSAGE: &'static str = "";
                    fn from_content(
                        _: &#private::Map<::std::string::String, #private::Value>,
                    ) -> #private::Result<Self, #private::ValidationErrors> {
                        #private::Err(#private::ValidationErrors::new())
                    }
                }
            };
        },
        Body::Newtype(_) | Body::Choice(_) => quote! {
            const _: () = {
                impl #impl_generics #private::ElicitField for #ident #ty_generics #where_clause {
                    const SPEC: #private::FieldSpec = #private::FieldSpec::STRING;
                    fn read(
                        _: &#private::Value,
                        _: &#private::PropertySchema,
                    ) -> #private::Result<Self, ::std::vec::Vec<#private::Violation>> {
                        #private::Err(::std::vec::Vec::new())
                    }
                }
            };
        },
    }
}
