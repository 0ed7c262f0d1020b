//! `#[derive(Elicitable)]`: MCP elicitation forms whose `requestedSchema` is
//! built and checked at compile time.
//!
//! Use it through `elicit-runtime`, which re-exports it. This crate knows
//! syntax only; everything that needs the type of a field is checked by the
//! runtime's traits and `const` evaluation.
//!
//! The stages, each in its own module: `attr` parses the attributes of
//! every place with darling, `ast` builds the model, `check` runs every
//! rule, `expand` writes the code, and `fallback` writes a stub impl when
//! there were errors. `messages` holds every error text.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod ast;
mod attr;
mod check;
mod contract;
mod ctxt;
mod expand;
mod fallback;
mod item;
mod keys;
mod messages;
mod place;
mod secret_words;
mod ty;

use proc_macro::TokenStream;

/// Derives `Elicitable` for a struct with named fields (a form),
/// `ElicitField` and `ElicitChoice` for a unit enum (a choice, and with
/// `Vec`, `BTreeSet` or `HashSet` a multi-select), or `ElicitField` for a
/// one-field tuple struct (a field type that carries constraints).
///
/// Use it as `elicit_runtime::Elicitable`, which re-exports it.
//
// The reference below is `attributes.md`; its examples use
// `elicit_runtime`, so they run as doc tests of `elicit-runtime`, which
// includes the same file on its re-export, and not here.
#[cfg_attr(not(doctest), doc = "")]
#[cfg_attr(not(doctest), doc = include_str!("../attributes.md"))]
#[proc_macro_derive(Elicitable, attributes(elicit))]
pub fn derive_elicitable(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    derive(&input).into()
}

/// Parse, check, expand; on errors, the errors and a stub impl.
fn derive(input: &syn::DeriveInput) -> proc_macro2::TokenStream {
    let parts = match ast::parts(input) {
        Ok(parts) => parts,
        Err(error) => return error.to_compile_error(),
    };
    let mut cx = ctxt::Ctxt::default();
    let stub = match ast::Input::from_syn(input, parts, &mut cx) {
        Ok(model) => {
            check::run(&model, &mut cx);
            if cx.is_ok() {
                return expand::expand(&model);
            }
            model.stub()
        }
        Err(stub) => stub,
    };
    let mut out = cx.finish().err().unwrap_or_default();
    out.extend(fallback::expand(&stub));
    out
}
