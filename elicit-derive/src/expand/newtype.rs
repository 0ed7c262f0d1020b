//! A one-field tuple struct: `impl ElicitField`, with the wrapped type's
//! spec narrowed by the struct's attributes.

use proc_macro2::TokenStream;
use quote::quote;
use syn::Type;

use super::spec::{chain, type_text};
use super::{mentions_param, where_with};
use crate::ast::Input;
use crate::ctxt::Ctxt;
use crate::types;

pub fn expand(input: &Input<'_>, inner: &Type, cx: &mut Ctxt) -> TokenStream {
    let krate = &input.krate;
    let private = quote!(#krate::__private);
    if let Some(error) = types::check(inner) {
        cx.push(error);
    }
    let ident = input.ident;
    let label = format!("`{}({})`", ident, type_text(inner));
    let spec = chain(krate, inner, &label, &input.attrs);
    let (impl_generics, ty_generics, _) = input.generics.split_for_impl();
    let bounds = if mentions_param(inner, input.generics) {
        vec![quote!(#inner: #private::ElicitField)]
    } else {
        Vec::new()
    };
    let where_clause = where_with(input.generics, bounds);
    let force = input
        .generics
        .params
        .is_empty()
        .then(|| quote!(const _: () = #private::force(<#ident as #private::ElicitField>::SPEC);));

    quote! {
        #[doc(hidden)]
        const _: () = {
            #[automatically_derived]
            impl #impl_generics #private::ElicitField for #ident #ty_generics #where_clause {
                const SPEC: #private::FieldSpec = #spec;
                const REQUIRED: bool = <#inner as #private::ElicitField>::REQUIRED;

                fn read(
                    __value: &#private::Value,
                    __schema: &#private::PropertySchema,
                ) -> #private::Result<Self, ::std::vec::Vec<#private::Violation>> {
                    #private::Result::map(
                        <#inner as #private::ElicitField>::read(__value, __schema),
                        Self,
                    )
                }

                fn absent() -> #private::Option<Self> {
                    #private::Option::map(<#inner as #private::ElicitField>::absent(), Self)
                }
            }
            #force
        };
    }
}
