//! The calls of a spec chain: one per attribute, then the checks that look
//! at several of them.

use proc_macro2::{Span, TokenStream};
use quote::quote;

use super::step::{Step, Subject};
use crate::ast::Narrowing;
use crate::attr::value::{DefaultValue, NumLit};
use crate::attr::{Constraint, ConstraintValue, End};
use crate::contract::Spec;
use crate::messages;
use crate::ty::{int_range, is_ident, type_text};

/// `title`, then `description` (or the doc comment).
pub fn annotations(narrowing: &Narrowing<'_>) -> Vec<Step> {
    let mut steps = Vec::new();
    if let Some(title) = narrowing.title {
        steps.push(Step::new(title.span(), Spec::Title, quote!(#title)));
    }
    if let Some(description) = &narrowing.description {
        steps.push(Step::new(
            Span::call_site(),
            Spec::Description,
            quote!(#description),
        ));
    }
    steps
}

/// `legacy_titles`, at its key.
pub fn legacy_titles(subject: &Subject<'_>, narrowing: &Narrowing<'_>) -> Option<Step> {
    let key = narrowing.legacy_titles?;
    let unfit = messages::legacy_titles_unfit(&subject.label);
    Some(Step::new(key.span(), Spec::LegacyTitles, quote!(#unfit)))
}

/// The call for one constraint, at its key, noting in `tally` what the
/// checks after the constraints need.
pub fn constraint(
    krate: &TokenStream,
    subject: &Subject<'_>,
    c: &Constraint,
    tally: &mut Tally,
) -> Step {
    let private = quote!(#krate::__private);
    let key = c.value.name();
    let span = c.span;
    let label = &subject.label;
    match &c.value {
        ConstraintValue::Length(end, n) => {
            tally
                .lengths
                .set(*end, span, messages::code(&format!("{key} = {n}")));
            let unfit = messages::length_unfit(key, label);
            let step = end.pick(Spec::MinLength, Spec::MaxLength);
            Step::new(span, step, quote!(#n, #unfit))
        }
        ConstraintValue::Items(end, n) => {
            tally
                .items
                .set(*end, span, messages::code(&format!("{key} = {n}")));
            let unfit = messages::items_unfit(key, label);
            let step = end.pick(Spec::MinItems, Spec::MaxItems);
            Step::new(span, step, quote!(#n, #unfit))
        }
        ConstraintValue::Format(variant) => {
            let unfit = messages::format_unfit(label);
            let variant = syn::Ident::new(variant, span);
            Step::new(
                span,
                Spec::Format,
                quote!(#private::Format::#variant, #unfit),
            )
        }
        ConstraintValue::Bound(end, num) => {
            let written = messages::code(&format!("{key} = {}", num.text));
            tally.bounds.set(*end, span, written.clone());
            Step::new(
                span,
                end.pick(Spec::Minimum, Spec::Maximum),
                bound_args(krate, subject, *end, key, num, &written),
            )
        }
        ConstraintValue::Default(value, written) => {
            tally.default = Some((span, value.clone(), written.clone()));
            default_step(
                krate,
                span,
                value,
                &messages::default_unfit(value.kind(), written, label),
            )
        }
    }
}

/// The arguments of `minimum` or `maximum`: the bound and the messages for
/// a field that is not a number, a fraction on an integer field, and a
/// bound outside the field's type.
fn bound_args(
    krate: &TokenStream,
    subject: &Subject<'_>,
    end: End,
    key: &str,
    num: &NumLit,
    written: &str,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let label = &subject.label;
    let unfit = messages::bound_unfit(key, label);
    let fraction = messages::fraction(written, key, label, whole_bound(end, num));
    let outside = outside(written, "bound", subject);
    let value = num.to_tokens(krate);
    quote!(#value, #private::BoundMessages {
        unfit: #unfit,
        fraction: #fraction,
        outside: #outside,
    })
}

/// The nearest whole bound that keeps the same values as a fractional one:
/// `minimum = 0.5` keeps them with `minimum = 1`.
fn whole_bound(end: End, num: &NumLit) -> Option<i64> {
    let value = num.text.parse::<f64>().ok()?;
    let whole = match end {
        End::Low => value.ceil(),
        End::High => value.floor(),
    };
    (whole.abs() < 1e18).then_some(whole as i64)
}

/// The call of `default`, by the kind of literal.
fn default_step(krate: &TokenStream, span: Span, value: &DefaultValue, unfit: &str) -> Step {
    let private = quote!(#krate::__private);
    match value {
        DefaultValue::Bool(b) => Step::new(span, Spec::DefaultBool, quote!(#b, #unfit)),
        DefaultValue::Str(s) => Step::new(span, Spec::DefaultStr, quote!(#s, #unfit)),
        DefaultValue::Num(num) => {
            let value = num.to_tokens(krate);
            Step::new(span, Spec::DefaultNum, quote!(#value, #unfit))
        }
        // A nested `const`, so the slice of `Cow`s is a `'static` constant
        // rather than a temporary.
        DefaultValue::List(list) => {
            let entries = list.iter().map(|s| quote!(#private::Cow::Borrowed(#s)));
            Step::new(
                span,
                Spec::DefaultList,
                quote!({
                    const DEFAULT: &[#private::Cow<'static, ::core::primitive::str>] =
                        &[#(#entries),*];
                    DEFAULT
                }, #unfit),
            )
        }
    }
}

/// The message for a bound or default outside the range of the field's
/// Rust type.
fn outside(written: &str, what: &str, subject: &Subject<'_>) -> String {
    messages::outside(
        written,
        what,
        &subject.label,
        int_range(subject.ty),
        is_ident(subject.ty, "f32"),
    )
}

/// What the constraints wrote that the checks after them look at.
#[derive(Default)]
pub struct Tally {
    lengths: Pair,
    bounds: Pair,
    items: Pair,
    /// The `default`: its key's span, its value and `key = value` as
    /// written.
    default: Option<(Span, DefaultValue, String)>,
}

impl Tally {
    /// Lengths, bounds and item counts against each other, at the key
    /// written last; then the `default` against all of them, at its key.
    pub fn checks(&self, subject: &Subject<'_>) -> Vec<Step> {
        let mut steps = Vec::new();
        let pairs = [
            (
                &self.lengths,
                "min_length",
                "max_length",
                Spec::CheckLengths,
            ),
            (&self.bounds, "minimum", "maximum", Spec::CheckBounds),
            (&self.items, "min_items", "max_items", Spec::CheckItems),
        ];
        for (pair, low, high, method) in pairs {
            if let Some((span, message)) = pair.contradiction(subject, low, high) {
                steps.push(Step::new(span, method, quote!(#message)));
            }
        }
        if let Some((span, value, written)) = &self.default {
            if let DefaultValue::Num(_) = value {
                let outside = outside(&messages::code(written), "default", subject);
                steps.push(Step::new(*span, Spec::CheckDefaultLimits, quote!(#outside)));
            }
            steps.push(Step::new(*span, Spec::CheckDefault, TokenStream::new()));
        }
        steps
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
    fn set(&mut self, end: End, span: Span, written: String) {
        match end {
            End::Low => self.low = Some(written),
            End::High => self.high = Some(written),
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
        let ty = type_text(subject.ty);
        let name = &subject.name;
        let message = match (&self.low, &self.high) {
            (Some(min), Some(max)) => messages::low_above_high(min, max, &subject.label, low, high),
            (None, Some(max)) => messages::high_below_type(max, low, high, &ty, name),
            (Some(min), None) => messages::low_above_type(min, low, high, &ty, name),
            (None, None) => return None,
        };
        Some((span, message))
    }
}
