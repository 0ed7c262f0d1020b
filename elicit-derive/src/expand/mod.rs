//! Code generation from a checked model: one file per kind of item. Nothing
//! here fails; every rule ran before.

mod bounds;
mod choice;
mod form;
mod newtype;
mod spec;
mod step;
mod steps;

use proc_macro2::TokenStream;

use crate::ast::Input;
use crate::item::Item;

/// The whole output of `#[derive(Elicitable)]` for a checked input.
pub fn expand(input: &Input<'_>) -> TokenStream {
    match &input.body {
        Item::Form(form) => form::expand(input, form),
        Item::Newtype(newtype) => newtype::expand(input, newtype),
        Item::Choice(choice) => choice::expand(input, choice),
    }
}

/// `tokens` with every span set to `span`: the trait path of a generated
/// impl is spanned at the item's name, so that a note about the impl (such
/// as an unmet bound on a type parameter) points there and not at the
/// derive.
fn respan(tokens: TokenStream, span: proc_macro2::Span) -> TokenStream {
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
