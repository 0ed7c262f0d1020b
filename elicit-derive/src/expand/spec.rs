//! The `const` expression that builds a field's spec: the type's own spec,
//! then each attribute applied in order, each call spanned at its attribute
//! so a failed check points there.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::Type;
use syn::spanned::Spanned;

use crate::attr::{Attrs, ConstraintValue};

/// The type as the user wrote it, without the spaces tokens print with.
pub fn type_text(ty: &Type) -> String {
    let text = quote!(#ty).to_string();
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    for (i, ch) in chars.iter().enumerate() {
        if *ch == ' ' {
            let prev = i.checked_sub(1).and_then(|j| chars.get(j)).copied();
            let next = chars.get(i + 1).copied();
            let tight = matches!(prev, Some('<' | ':' | '&' | '(' | '[' | '\''))
                || matches!(next, Some('<' | '>' | ':' | ',' | ')' | ']'));
            if tight {
                continue;
            }
        }
        out.push(*ch);
    }
    out
}

/// The spec expression for a field (or newtype) of type `ty`, described as
/// `label` in messages.
pub fn chain(krate: &TokenStream, ty: &Type, label: &str, attrs: &Attrs) -> TokenStream {
    let private = quote!(#krate::__private);
    let base = quote_spanned!(ty.span()=> <#ty as #private::ElicitField>::SPEC);
    let mut steps = Vec::new();
    if let Some(title) = &attrs.title {
        steps.push(quote_spanned!(title.span()=> let spec = spec.title(#title);));
    }
    let description = attrs.description.as_ref().map(|d| d.value()).or_else(|| attrs.docs.clone());
    if let Some(description) = description {
        steps.push(quote!(let spec = spec.description(#description);));
    }
    let mut last_length: Option<Span> = None;
    let mut last_bound: Option<Span> = None;
    for c in &attrs.constraints {
        let key = c.key.to_string();
        let span = c.key.span();
        let step = match &c.value {
            ConstraintValue::Length(n) => {
                last_length = Some(span);
                let unfit = format!(
                    "`{key}` needs a string field, and {label} is not one: bound a number with `minimum` and `maximum` instead"
                );
                let method = syn::Ident::new(&key, span);
                quote_spanned!(span=> let spec = spec.#method(#n, #unfit);)
            }
            ConstraintValue::Format(variant) => {
                let unfit = format!("`format` needs a string field, and {label} is not one: remove `format`");
                let variant = syn::Ident::new(variant, span);
                quote_spanned!(span=> let spec = spec.format(#private::Format::#variant, #unfit);)
            }
            ConstraintValue::Bound(num) => {
                last_bound = Some(span);
                let written = format!("`{key} = {}`", num.text);
                let unfit = format!(
                    "`{key}` needs a number field, and {label} is not one: bound the length of a string with `{}_length` instead",
                    &key[..3]
                );
                let fraction = format!(
                    "{written} is not a whole number, and {label} is an integer field: use a whole bound"
                );
                let outside = format!(
                    "{written} is outside the range of {label}: use a bound the type can hold, or a wider integer type"
                );
                let value = num.to_tokens(krate);
                let method = syn::Ident::new(&key, span);
                quote_spanned!(span=> let spec = spec.#method(#value, #private::BoundMessages {
                    unfit: #unfit,
                    fraction: #fraction,
                    outside: #outside,
                });)
            }
            ConstraintValue::DefaultBool(b) => {
                let unfit = format!(
                    "`{}` needs a boolean field, and {label} is not one: in revision 2025-06-18 only boolean fields have a default",
                    c.written_key()
                );
                quote_spanned!(span=> let spec = spec.default_bool(#b, #unfit);)
            }
        };
        steps.push(step);
    }
    if let Some(span) = last_length {
        let message = format!(
            "`min_length` is greater than `max_length` for {label}: make the minimum at most the maximum"
        );
        steps.push(quote_spanned!(span=> let spec = spec.check_lengths(#message);));
    }
    if let Some(span) = last_bound {
        let message = format!(
            "`minimum` is greater than `maximum` for {label}: make the minimum at most the maximum"
        );
        steps.push(quote_spanned!(span=> let spec = spec.check_bounds(#message);));
    }
    quote!({
        let spec: #private::FieldSpec = #base;
        #(#steps)*
        spec
    })
}
