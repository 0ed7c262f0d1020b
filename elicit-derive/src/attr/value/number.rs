//! `minimum = -5`, `maximum = 95.5`: a number literal.

use darling::FromMeta;
use proc_macro2::{Literal, Span, TokenStream};
use quote::quote;
use syn::{Expr, Lit, Meta};

use super::{error_at, key_of, value_of};
use crate::messages::{self, NumberProblem};

/// A number written in an attribute: `18`, `-5`, `95.5`.
#[derive(Debug, Clone)]
pub struct NumLit {
    /// The number as the user wrote it, for messages.
    pub text: String,
    /// `true` for an integer literal.
    pub is_int: bool,
    tokens: TokenStream,
}

impl NumLit {
    /// A `const` expression building the runtime's `Num`.
    pub fn to_tokens(&self, krate: &TokenStream) -> TokenStream {
        let tokens = &self.tokens;
        if self.is_int {
            quote!(#krate::__private::int(#tokens))
        } else {
            quote!(#krate::__private::float(#tokens))
        }
    }

    /// Reads `18`, `-5`, `0.5`, `-1e3`; `None` if `expr` is not a number
    /// literal at all. An unreadable literal (`1u8`) is an error at it,
    /// after `key`.
    pub fn read(expr: &Expr, key: &str) -> Option<darling::Result<NumLit>> {
        let (negative, lit) = match expr {
            Expr::Lit(syn::ExprLit { lit, .. }) => (false, lit),
            Expr::Unary(syn::ExprUnary {
                op: syn::UnOp::Neg(_),
                expr,
                ..
            }) => match &**expr {
                Expr::Lit(syn::ExprLit { lit, .. }) => (true, lit),
                _ => return None,
            },
            _ => return None,
        };
        let problem = |problem| Err(error_at(lit, messages::bad_number(key, problem)));
        match lit {
            Lit::Int(int) => {
                if !int.suffix().is_empty() {
                    return Some(problem(NumberProblem::Suffix));
                }
                let Ok(magnitude) = int.base10_parse::<i128>() else {
                    return Some(problem(NumberProblem::TooLarge));
                };
                let value = if negative { -magnitude } else { magnitude };
                Some(Ok(NumLit {
                    text: format!("{value}"),
                    is_int: true,
                    tokens: spanned(Literal::i128_unsuffixed(value), int.span()),
                }))
            }
            Lit::Float(float) => {
                if !float.suffix().is_empty() {
                    return Some(problem(NumberProblem::Suffix));
                }
                let Ok(magnitude) = float.base10_parse::<f64>() else {
                    return Some(problem(NumberProblem::Invalid));
                };
                if !magnitude.is_finite() {
                    return Some(problem(NumberProblem::Infinite));
                }
                let value = if negative { -magnitude } else { magnitude };
                let sign = if negative { "-" } else { "" };
                Some(Ok(NumLit {
                    text: format!("{sign}{}", float.base10_digits()),
                    is_int: false,
                    tokens: spanned(Literal::f64_unsuffixed(value), float.span()),
                }))
            }
            _ => None,
        }
    }
}

/// `minimum` and `maximum`. `minimum = "0"` is an error at `"0"`.
impl FromMeta for NumLit {
    fn from_meta(meta: &Meta) -> darling::Result<Self> {
        let key = key_of(meta.path()).to_string();
        let expr = value_of(meta, "0")?;
        NumLit::read(expr, &key)
            .unwrap_or_else(|| Err(error_at(expr, messages::takes_number(&key))))
    }
}

fn spanned(mut literal: Literal, span: Span) -> TokenStream {
    literal.set_span(span);
    quote::ToTokens::into_token_stream(literal)
}
