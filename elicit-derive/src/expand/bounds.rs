//! The where clause of a generated impl: a type parameter that appears in a
//! field's type must be a field type itself.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Generics, Type};

/// The item's where clause, with `T: ElicitField` for each of `types` that
/// mentions a type parameter, spanned at that type.
pub fn where_clause<'a>(
    private: &TokenStream,
    generics: &Generics,
    types: impl Iterator<Item = &'a Type>,
) -> TokenStream {
    let bounds = types
        .filter(|ty| mentions_param(ty, generics))
        .map(|ty| quote_spanned!(ty.span()=> #ty: #private::ElicitField))
        .collect();
    where_with(generics, bounds)
}

/// `true` when `ty` mentions one of the item's type parameters.
fn mentions_param(ty: &Type, generics: &Generics) -> bool {
    let params: Vec<String> = generics
        .type_params()
        .map(|p| p.ident.to_string())
        .collect();
    if params.is_empty() {
        return false;
    }
    let text = quote!(#ty).to_string();
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|word| params.iter().any(|p| p == word))
}

/// A where clause with `bounds` added to the item's own.
fn where_with(generics: &Generics, bounds: Vec<TokenStream>) -> TokenStream {
    let existing = generics
        .where_clause
        .as_ref()
        .map(|w| w.predicates.iter().map(|p| quote!(#p)).collect::<Vec<_>>())
        .unwrap_or_default();
    let all: Vec<TokenStream> = existing.into_iter().chain(bounds).collect();
    if all.is_empty() {
        TokenStream::new()
    } else {
        quote!(where #(#all),*)
    }
}
