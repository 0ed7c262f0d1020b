//! The `const` expression that builds a field's spec: the type's own spec,
//! then each attribute applied in order, each call spanned at its attribute
//! so a failed check points there.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::Type;
use syn::spanned::Spanned;

use super::respan;
use crate::attr::{Attrs, ConstraintValue, NumLit};
use crate::types::type_text;

/// What a spec is built for, as messages name it.
pub struct Subject<'a> {
    /// The whole item, such as "the field `age: u8`" or "`Age(u8)`".
    pub label: String,
    /// The item alone, such as "the field `age`" or "`Age`".
    pub name: String,
    /// The type whose spec the attributes narrow.
    pub ty: &'a Type,
}

/// The spec expression for a field (or newtype) of type `subject.ty`.
///
/// `#[elicit(title = "Age", minimum = 18)] age: u8` becomes
/// `FieldSpec::minimum(FieldSpec::title(<u8 as ElicitField>::SPEC, "Age"), 18, ...)`:
/// each call is spanned at its attribute, so a failed check in `const`
/// evaluation is reported there, with a message naming `age: u8`. The calls
/// nest rather than go through `let` bindings, so that no name of the
/// caller's scope (a `const spec`, say) can capture a binding.
pub fn chain(krate: &TokenStream, subject: &Subject<'_>, attrs: &Attrs) -> TokenStream {
    let private = quote!(#krate::__private);
    let ty = subject.ty;
    let label = &subject.label;
    let mut steps: Vec<Step> = Vec::new();
    if let Some(title) = &attrs.title {
        steps.push(Step::new(title.span(), "title", quote!(#title)));
    }
    let description = attrs
        .description
        .as_ref()
        .map(|d| d.value())
        .or_else(|| attrs.docs.clone());
    if let Some(description) = description {
        steps.push(Step::new(
            Span::call_site(),
            "description",
            quote!(#description),
        ));
    }
    let mut lengths = Pair::default();
    let mut bounds = Pair::default();
    for c in &attrs.constraints {
        let key = c.key.to_string();
        let span = c.key.span();
        let args = match &c.value {
            ConstraintValue::Length(n) => {
                lengths.set(&key, span, format!("`{key} = {n}`"));
                let unfit = format!(
                    "`{key}` needs a string field, and {label} is not one: remove `{key}`, or bound a number with `minimum` and `maximum` instead"
                );
                quote!(#n, #unfit)
            }
            ConstraintValue::Format(variant) => {
                let unfit = format!(
                    "`format` needs a string field, and {label} is not one: remove `format`"
                );
                let variant = syn::Ident::new(variant, span);
                quote!(#private::Format::#variant, #unfit)
            }
            ConstraintValue::Bound(num) => {
                let written = format!("`{key} = {}`", num.text);
                bounds.set(&key, span, written.clone());
                let unfit = format!(
                    "`{key}` needs a number field, and {label} is not one: remove `{key}`, or bound the length of a string with `{}_length` instead",
                    &key[..3]
                );
                let fraction = fraction_message(&key, num, label);
                let outside = match int_range(ty) {
                    Some((low, high)) => format!(
                        "{written} is outside the range of {label}, `{low}` to `{high}`: use a bound in that range, or a wider integer type"
                    ),
                    None if is_ident(ty, "f32") => format!(
                        "{written} is outside the range of {label}, about `-3.4e38` to `3.4e38`: use a bound in that range, or `f64`"
                    ),
                    None => format!(
                        "{written} is outside the range of {label}: use a bound its type can hold, or a wider type"
                    ),
                };
                let value = num.to_tokens(krate);
                quote!(#value, #private::BoundMessages {
                    unfit: #unfit,
                    fraction: #fraction,
                    outside: #outside,
                })
            }
            ConstraintValue::DefaultBool(b) => {
                let unfit = format!(
                    "`{}` needs a boolean field, and {label} is not one: remove `default`, since in revision 2025-06-18 only boolean fields have a default",
                    c.written_key()
                );
                quote!(#b, #unfit)
            }
        };
        let method = match &c.value {
            ConstraintValue::DefaultBool(_) => "default_bool",
            _ => key.as_str(),
        };
        steps.push(Step::new(span, method, args));
    }
    if let Some((span, message)) = lengths.contradiction(subject, "min_length", "max_length") {
        steps.push(Step::new(span, "check_lengths", quote!(#message)));
    }
    if let Some((span, message)) = bounds.contradiction(subject, "minimum", "maximum") {
        steps.push(Step::new(span, "check_bounds", quote!(#message)));
    }
    let base = quote_spanned!(ty.span()=> <#ty as #private::ElicitField>::SPEC);
    steps.into_iter().fold(base, |spec, step| {
        let Step { span, method, args } = step;
        let path = respan(quote!(#private::FieldSpec::#method), span);
        quote_spanned!(span=> #path(#spec, #args))
    })
}

/// One call of the chain: `FieldSpec::<method>(spec, <args>)`, spanned at
/// the attribute it applies.
struct Step {
    span: Span,
    method: syn::Ident,
    args: TokenStream,
}

impl Step {
    fn new(span: Span, method: &str, args: TokenStream) -> Step {
        Step {
            span,
            method: syn::Ident::new(method, span),
            args,
        }
    }
}

/// The lower and upper constraint of one kind (`min_length`/`max_length`,
/// `minimum`/`maximum`) as the attributes wrote them.
#[derive(Default)]
struct Pair {
    low: Option<String>,
    high: Option<String>,
    /// The key written last, where a contradiction is reported.
    last: Option<Span>,
}

impl Pair {
    fn set(&mut self, key: &str, span: Span, written: String) {
        if key.starts_with("min") {
            self.low = Some(written);
        } else {
            self.high = Some(written);
        }
        self.last = Some(span);
    }

    /// The check that the lower constraint is at most the upper one, with
    /// its message, when the attributes set either of them. A constraint the
    /// attributes leave alone comes from the type, so the message says so.
    fn contradiction(
        &self,
        subject: &Subject<'_>,
        low: &str,
        high: &str,
    ) -> Option<(Span, String)> {
        let span = self.last?;
        let label = &subject.label;
        let name = &subject.name;
        let ty = type_text(subject.ty);
        let message = match (&self.low, &self.high) {
            (Some(min), Some(max)) => {
                format!("{min} is greater than {max} for {label}: make `{low}` at most `{high}`")
            }
            (None, Some(max)) => format!(
                "{max} is less than the `{low}` that `{ty}` sets, so {name} accepts no value: raise `{high}`, or lower the `{low}` of `{ty}`"
            ),
            (Some(min), None) => format!(
                "{min} is greater than the `{high}` that `{ty}` sets, so {name} accepts no value: lower `{low}`, or raise the `{high}` of `{ty}`"
            ),
            (None, None) => return None,
        };
        Some((span, message))
    }
}

/// The message for a fractional bound on an integer field, suggesting the
/// nearest whole bound that keeps the same values.
fn fraction_message(key: &str, num: &NumLit, label: &str) -> String {
    let written = format!("`{key} = {}`", num.text);
    let whole = num.text.parse::<f64>().ok().map(|v| {
        if key == "minimum" {
            v.ceil()
        } else {
            v.floor()
        }
    });
    match whole {
        Some(whole) if whole.abs() < 1e18 => format!(
            "{written} is not a whole number, and {label} is an integer field: use `{key} = {}`, or a float field",
            whole as i64
        ),
        _ => format!(
            "{written} is not a whole number, and {label} is an integer field: use a whole bound, or a float field"
        ),
    }
}

/// The range of a primitive integer type written by name, through `Option`:
/// `u8` and `Option<u8>` give `(0, 255)`. `usize` and `isize` are left out:
/// their range is the target's, not the one this macro runs on.
fn int_range(ty: &Type) -> Option<(String, String)> {
    let Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident == "Option" {
        let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
            return None;
        };
        return args.args.iter().find_map(|arg| match arg {
            syn::GenericArgument::Type(inner) => int_range(inner),
            _ => None,
        });
    }
    if path.path.segments.len() != 1 {
        return None;
    }
    macro_rules! ranges {
        ($($int:ident),*) => {
            match last.ident.to_string().as_str() {
                $(stringify!($int) => Some(($int::MIN.to_string(), $int::MAX.to_string())),)*
                _ => None,
            }
        };
    }
    ranges!(u8, u16, u32, u64, u128, i8, i16, i32, i64, i128)
}

/// `true` when `ty` is the bare path `name`.
fn is_ident(ty: &Type, name: &str) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none() && p.path.is_ident(name))
}
