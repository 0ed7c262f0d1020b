//! Code generation: one file per kind of item.

mod choice;
mod form;
mod newtype;
mod spec;

use proc_macro2::TokenStream;
use syn::DeriveInput;

use crate::ast::{Body, Input};
use crate::ctxt::Ctxt;
use crate::fallback;

/// The whole output of `#[derive(Elicitable)]` on `input`.
pub fn derive(input: &DeriveInput) -> TokenStream {
    let mut cx = Ctxt::default();
    let Some(model) = Input::from_syn(input, &mut cx) else {
        return cx.into_compile_errors();
    };
    let tokens = match &model.body {
        Body::Form(fields) => form::expand(&model, fields, &mut cx),
        Body::Newtype(inner) => newtype::expand(&model, inner, &mut cx),
        Body::Choice(variants) => choice::expand(&model, variants, &mut cx),
    };
    if cx.is_ok() {
        tokens
    } else {
        let stub = fallback::expand(&model);
        let mut out = cx.into_compile_errors();
        out.extend(stub);
        out
    }
}

/// `true` when `ty` mentions one of the item's type parameters.
pub(crate) fn mentions_param(ty: &syn::Type, generics: &syn::Generics) -> bool {
    let params: Vec<String> = generics
        .type_params()
        .map(|p| p.ident.to_string())
        .collect();
    if params.is_empty() {
        return false;
    }
    let text = quote::quote!(#ty).to_string();
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|word| params.iter().any(|p| p == word))
}

/// `tokens` with every span set to `span`: the trait path of a generated
/// impl is spanned at the item's name, so that a note about the impl (such
/// as an unmet bound on a type parameter) points there and not at the
/// derive.
pub(crate) fn respan(tokens: TokenStream, span: proc_macro2::Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tree| {
            if let proc_macro2::TokenTree::Group(group) = &tree {
                let mut inner =
                    proc_macro2::Group::new(group.delimiter(), respan(group.stream(), span));
                inner.set_span(span);
                tree = proc_macro2::TokenTree::Group(inner);
            } else {
                tree.set_span(span);
            }
            tree
        })
        .collect()
}

/// A where clause with `bounds` added to the item's own.
pub(crate) fn where_with(generics: &syn::Generics, bounds: Vec<TokenStream>) -> TokenStream {
    let existing = generics
        .where_clause
        .as_ref()
        .map(|w| {
            w.predicates
                .iter()
                .map(|p| quote::quote!(#p))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    let all: Vec<TokenStream> = existing.into_iter().chain(bounds).collect();
    if all.is_empty() {
        TokenStream::new()
    } else {
        quote::quote!(where #(#all),*)
    }
}
