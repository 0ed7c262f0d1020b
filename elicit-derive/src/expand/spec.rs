//! The `const` expression that builds a field's spec: the type's own spec,
//! then each attribute applied in order, each call spanned at its attribute
//! so a failed check points there.

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use quote::{ToTokens, quote, quote_spanned};
use syn::Type;
use syn::spanned::Spanned;

use super::respan;
use crate::attr::{Attrs, ConstraintValue, DefaultValue, NumLit};
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

/// A form's `revision = "..."` pin, checked against every field.
pub struct Pin {
    /// The runtime's `Revision` variant, such as `V2025_06_18`.
    pub variant: &'static str,
    /// The form has `downlevel`: its multi-selects are sent as booleans,
    /// so only the other fields are checked.
    pub downlevel: bool,
    /// The message when the field needs a later revision.
    pub message: String,
}

/// The spec expression for a field (or newtype) of type `subject.ty`.
///
/// `#[elicit(title = "Age", minimum = 18)] age: u8` becomes
/// `FieldSpec::minimum(FieldSpec::title(<u8 as ElicitField>::SPEC, "Age"), 18, ...)`:
/// each call is spanned at its attribute, so a failed check in `const`
/// evaluation is reported there, with a message naming `age: u8`. The calls
/// nest rather than go through `let` bindings, so that no name of the
/// caller's scope (a `const spec`, say) can capture a binding.
///
/// The checks that look at several attributes come last: lengths, bounds
/// and item counts against each other, then the `default` against all of
/// them (at the `default` key), then the form's `revision` pin (at the
/// field's type).
pub fn chain(
    krate: &TokenStream,
    subject: &Subject<'_>,
    attrs: &Attrs,
    pin: Option<&Pin>,
) -> TokenStream {
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
    let mut items = Pair::default();
    let mut default = None;
    for c in &attrs.constraints {
        let key = c.key.to_string();
        let span = c.key.span();
        let (method, args) = match &c.value {
            ConstraintValue::Length(n) => {
                lengths.set(&key, span, format!("`{key} = {n}`"));
                let unfit = format!(
                    "`{key}` needs a string field, and {label} is not one: remove `{key}`, or bound a number with `minimum` and `maximum` instead"
                );
                (key.as_str(), quote!(#n, #unfit))
            }
            ConstraintValue::Items(n) => {
                items.set(&key, span, format!("`{key} = {n}`"));
                let unfit = format!(
                    "`{key}` needs a multi-select field, a `Vec`, `BTreeSet` or `HashSet` of a unit enum, and {label} is not one: remove `{key}`, or bound the length of a string with `{}_length` instead",
                    &key[..3]
                );
                (key.as_str(), quote!(#n, #unfit))
            }
            ConstraintValue::Format(variant) => {
                let unfit = format!(
                    "`format` needs a string field, and {label} is not one: remove `format`"
                );
                let variant = syn::Ident::new(variant, span);
                (key.as_str(), quote!(#private::Format::#variant, #unfit))
            }
            ConstraintValue::Bound(num) => {
                let written = format!("`{key} = {}`", num.text);
                bounds.set(&key, span, written.clone());
                let unfit = format!(
                    "`{key}` needs a number field, and {label} is not one: remove `{key}`, or bound the length of a string with `{}_length` instead",
                    &key[..3]
                );
                let fraction = fraction_message(&key, num, label);
                let outside = outside_message(&written, "bound", ty, label);
                let value = num.to_tokens(krate);
                (
                    key.as_str(),
                    quote!(#value, #private::BoundMessages {
                        unfit: #unfit,
                        fraction: #fraction,
                        outside: #outside,
                    }),
                )
            }
            ConstraintValue::Default(value) => {
                default = Some((span, value, c.written_key()));
                let unfit = default_unfit(value, &c.written_key(), label);
                match value {
                    DefaultValue::Bool(b) => ("default_bool", quote!(#b, #unfit)),
                    DefaultValue::Str(s) => ("default_str", quote!(#s, #unfit)),
                    DefaultValue::Num(num) => {
                        let value = num.to_tokens(krate);
                        ("default_num", quote!(#value, #unfit))
                    }
                    // A nested `const`, so the slice of `Cow`s is a
                    // `'static` constant rather than a temporary.
                    DefaultValue::List(list) => {
                        let entries = list.iter().map(|s| quote!(#private::Cow::Borrowed(#s)));
                        (
                            "default_list",
                            quote!({
                                const DEFAULT: &[#private::Cow<'static, ::core::primitive::str>] =
                                    &[#(#entries),*];
                                DEFAULT
                            }, #unfit),
                        )
                    }
                }
            }
        };
        steps.push(Step::new(span, method, args));
    }
    if let Some(key) = &attrs.legacy_titles {
        let unfit = format!(
            "`legacy_titles` writes the titles of a single-select enum as the legacy `enumNames`, and {label} is not a single-select enum field: remove `legacy_titles`"
        );
        steps.push(Step::new(key.span(), "legacy_titles", quote!(#unfit)));
    }
    if let Some((span, message)) = lengths.contradiction(subject, "min_length", "max_length") {
        steps.push(Step::new(span, "check_lengths", quote!(#message)));
    }
    if let Some((span, message)) = bounds.contradiction(subject, "minimum", "maximum") {
        steps.push(Step::new(span, "check_bounds", quote!(#message)));
    }
    if let Some((span, message)) = items.contradiction(subject, "min_items", "max_items") {
        steps.push(Step::new(span, "check_items", quote!(#message)));
    }
    if let Some((span, value, written)) = default {
        if let DefaultValue::Num(_) = value {
            let outside = outside_message(&format!("`{written}`"), "default", ty, label);
            steps.push(Step::new(span, "check_default_limits", quote!(#outside)));
        }
        steps.push(Step::new(span, "check_default", TokenStream::new()));
    }
    if let Some(pin) = pin {
        let (first, last) = ends(ty);
        let variant = syn::Ident::new(pin.variant, first);
        let message = &pin.message;
        let check = if pin.downlevel {
            "check_revision_downlevel"
        } else {
            "check_revision"
        };
        let mut step = Step::new(first, check, quote!(#private::Revision::#variant, #message));
        // The call runs from the type's first token to its last, so the
        // error is under the whole type, `Vec<Colour>`, not only `Vec`.
        step.end = last;
        steps.push(step);
    }
    let base = quote_spanned!(ty.span()=> <#ty as #private::ElicitField>::SPEC);
    steps.into_iter().fold(base, |spec, step| {
        let Step {
            span,
            end,
            method,
            args,
        } = step;
        let path = respan(quote!(#private::FieldSpec::#method), span);
        let inner = if args.is_empty() {
            quote_spanned!(span=> #spec)
        } else {
            quote_spanned!(span=> #spec, #args)
        };
        let mut call = Group::new(Delimiter::Parenthesis, inner);
        call.set_span(end);
        quote!(#path #call)
    })
}

/// The spans of the first and last token of `tokens`.
fn ends(tokens: &impl ToTokens) -> (Span, Span) {
    let mut trees = tokens.to_token_stream().into_iter();
    let first = trees
        .next()
        .map(|t| t.span())
        .unwrap_or_else(Span::call_site);
    let last = trees.last().map(|t| match t {
        TokenTree::Group(g) => g.span_close(),
        other => other.span(),
    });
    (first, last.unwrap_or(first))
}

/// The message for a `default` whose literal is of another kind than the
/// field: `default = "5"` on a `u8`. It lists the literals of the other
/// kinds, since one of them is what the field takes.
fn default_unfit(value: &DefaultValue, written: &str, label: &str) -> String {
    let (what, field) = match value {
        DefaultValue::Bool(_) => ("a boolean", "is not a boolean field"),
        DefaultValue::Str(_) => (
            "a string",
            "is neither a string nor a single-select enum field",
        ),
        DefaultValue::Num(_) => ("a number", "is not a number field"),
        DefaultValue::List(_) => (
            "a list",
            "is not a multi-select field (a `Vec`, `BTreeSet` or `HashSet` of a unit enum)",
        ),
    };
    let kinds = [
        (
            matches!(value, DefaultValue::Bool(_)),
            "`true` or `false` for a boolean",
        ),
        (
            matches!(value, DefaultValue::Num(_)),
            "a number such as `0`",
        ),
        (
            matches!(value, DefaultValue::Str(_)),
            "a string such as `\"text\"` for a string or an enum",
        ),
        (
            matches!(value, DefaultValue::List(_)),
            "a list such as `[\"value\"]` for a multi-select",
        ),
    ];
    let others: Vec<&str> = kinds
        .iter()
        .filter(|(written, _)| !written)
        .map(|(_, text)| *text)
        .collect();
    format!(
        "`{written}` is {what}, and {label} {field}: write the default the field's kind takes ({}, or {}), or remove `default`",
        others[..others.len() - 1].join(", "),
        others[others.len() - 1]
    )
}

/// The message for a bound or default that leaves the range of the field's
/// Rust type.
fn outside_message(written: &str, what: &str, ty: &Type, label: &str) -> String {
    match int_range(ty) {
        Some((low, high)) => format!(
            "{written} is outside the range of {label}, `{low}` to `{high}`: use a {what} in that range, or a wider integer type"
        ),
        None if is_ident(ty, "f32") => format!(
            "{written} is outside the range of {label}, about `-3.4e38` to `3.4e38`: use a {what} in that range, or `f64`"
        ),
        None => format!(
            "{written} is outside the range of {label}: use a {what} its type can hold, or a wider type"
        ),
    }
}

/// One call of the chain: `FieldSpec::<method>(spec, <args>)`, spanned at
/// the attribute it applies.
struct Step {
    span: Span,
    /// The span of the call's parentheses: where the call ends.
    end: Span,
    method: syn::Ident,
    args: TokenStream,
}

impl Step {
    fn new(span: Span, method: &str, args: TokenStream) -> Step {
        Step {
            span,
            end: span,
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
