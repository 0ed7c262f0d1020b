//! The `const` expression that builds a field's spec: the type's own spec,
//! then each attribute applied in order, each call spanned at its attribute
//! so a failed check points there.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{ToTokens, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, Type};

use super::step::{Step, Subject};
use super::steps;
use crate::ast::Narrowing;
use crate::contract::Spec;
use crate::messages;

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

/// A form field's `secret` mark, held against its type's spec: the key
/// when written, else `None`. A newtype has none: it passes its type's
/// secret on to the fields that use it.
pub struct SecretMark<'a> {
    pub key: Option<&'a Ident>,
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
/// field's type), then a form field's `secret` mark against its type (at
/// `secret`, else at the type).
pub fn chain(
    krate: &TokenStream,
    subject: &Subject<'_>,
    narrowing: &Narrowing<'_>,
    pin: Option<&Pin>,
    secret: Option<&SecretMark<'_>>,
) -> TokenStream {
    let private = quote!(#krate::__private);
    let mut all = steps::annotations(narrowing);
    let mut tally = steps::Tally::default();
    for constraint in narrowing.constraints {
        all.push(steps::constraint(krate, subject, constraint, &mut tally));
    }
    all.extend(steps::legacy_titles(subject, narrowing));
    all.extend(tally.checks(subject));
    if let Some(pin) = pin {
        all.push(pin_step(&private, subject.ty, pin));
    }
    if let Some(mark) = secret {
        all.push(secret_step(subject, mark));
    }
    let ty = subject.ty;
    let base = quote_spanned!(ty.span()=> <#ty as #private::ElicitField>::SPEC);
    all.into_iter()
        .fold(base, |spec, step| step.call(&private, spec))
}

/// The check of the form's pin. The call runs from the type's first token
/// to its last, so the error is under the whole type, `Vec<Colour>`, not
/// only `Vec`.
fn pin_step(private: &TokenStream, ty: &Type, pin: &Pin) -> Step {
    let (first, last) = ends(ty);
    let variant = syn::Ident::new(pin.variant, first);
    let message = &pin.message;
    let check = if pin.downlevel {
        Spec::CheckRevisionDownlevel
    } else {
        Spec::CheckRevision
    };
    let mut step = Step::new(first, check, quote!(#private::Revision::#variant, #message));
    step.end = last;
    step
}

/// The check of a form field's `secret` mark against its type: a marked
/// field must have a secret type (the error at `secret`), and a field of a
/// secret type must be marked (the error under the whole type).
fn secret_step(subject: &Subject<'_>, mark: &SecretMark<'_>) -> Step {
    match mark.key {
        Some(key) => {
            let message = messages::secret_unfit(&subject.label);
            Step::new(key.span(), Spec::CheckSecret, quote!(true, #message))
        }
        None => {
            let (first, last) = ends(subject.ty);
            let message = messages::secret_unmarked(&subject.label);
            let mut step = Step::new(first, Spec::CheckSecret, quote!(false, #message));
            step.end = last;
            step
        }
    }
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
