//! Collects every error of one derive, so the user sees all of them at once.

use std::fmt::Display;

use proc_macro2::{Span, TokenStream};

/// The errors found so far. They are kept as `syn` errors, which can lie
/// under several tokens (a whole path or type), where darling's lie under
/// one.
#[derive(Default)]
pub struct Ctxt {
    errors: Vec<syn::Error>,
}

impl Ctxt {
    /// Records an error at `span`.
    pub fn error(&mut self, span: Span, message: impl Display) {
        self.errors.push(syn::Error::new(span, message));
    }

    /// Records an error under all of `tokens` (a whole path or expression,
    /// not only its first token).
    pub fn error_spanned(&mut self, tokens: impl quote::ToTokens, message: impl Display) {
        self.errors.push(syn::Error::new_spanned(tokens, message));
    }

    /// Records a parse error.
    pub fn push(&mut self, error: syn::Error) {
        self.errors.push(error);
    }

    /// `true` when nothing was recorded.
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    /// Every error as `compile_error!` invocations, or `Ok` when nothing
    /// was recorded.
    pub fn finish(self) -> Result<(), TokenStream> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(self
                .errors
                .into_iter()
                .map(|e| e.to_compile_error())
                .collect())
        }
    }
}
