//! One step of a field's spec, and what the spec is built for: the unit
//! that the attribute steps (`steps`) write and the chain (`spec`) joins.

use proc_macro2::{Delimiter, Group, Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::Type;

use super::respan;
use crate::contract::Spec;

/// What a spec is built for, as messages name it.
pub struct Subject<'a> {
    /// The whole item, such as "the field `age: u8`" or "`Age(u8)`".
    pub label: String,
    /// The item alone, such as "the field `age`" or "`Age`".
    pub name: String,
    /// The type whose spec the attributes narrow.
    pub ty: &'a Type,
}

/// One call of the chain: `FieldSpec::<method>(spec, <args>)`, spanned at
/// the attribute it applies.
pub struct Step {
    span: Span,
    /// The span of the call's parentheses: where the call ends.
    pub end: Span,
    method: syn::Ident,
    args: TokenStream,
}

impl Step {
    pub fn new(span: Span, method: Spec, args: TokenStream) -> Step {
        Step {
            span,
            end: span,
            method: syn::Ident::new(method.name(), span),
            args,
        }
    }

    /// The call, applied to `spec`.
    pub fn call(self, private: &TokenStream, spec: TokenStream) -> TokenStream {
        let Step {
            span,
            end,
            method,
            args,
        } = self;
        let path = respan(quote!(#private::FieldSpec::#method), span);
        let inner = if args.is_empty() {
            quote_spanned!(span=> #spec)
        } else {
            quote_spanned!(span=> #spec, #args)
        };
        let mut call = Group::new(Delimiter::Parenthesis, inner);
        call.set_span(end);
        quote!(#path #call)
    }
}
