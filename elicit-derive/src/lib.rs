//! `#[derive(Elicitable)]`: MCP elicitation forms whose `requestedSchema` is
//! built and checked at compile time.
//!
//! Use it through `elicit-runtime`, which re-exports it. This crate knows
//! syntax only; everything that needs the type of a field is checked by the
//! runtime's traits and `const` evaluation.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod ast;
mod attr;
mod case;
mod check;
mod ctxt;
mod expand;
mod fallback;
mod secret_words;
mod suggest;
mod types;

use proc_macro::TokenStream;

/// Derives `Elicitable` for a struct with named fields (a form),
/// `ElicitField` and `ElicitChoice` for a unit enum (a choice, and with
/// `Vec`, `BTreeSet` or `HashSet` a multi-select), or `ElicitField` for a
/// one-field tuple struct (a field type that carries constraints).
///
/// See the `elicit-runtime` documentation for the attributes.
#[proc_macro_derive(Elicitable, attributes(elicit))]
pub fn derive_elicitable(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
