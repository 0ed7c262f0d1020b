//! A form asks for secrets only through fields marked `#[elicit(secret)]`,
//! which make it a web form only.

use proc_macro2::Span;
use syn::ext::IdentExt;

use crate::ast::Field;
use crate::attr::{ConstraintValue, Described};
use crate::ctxt::Ctxt;
use crate::messages;
use crate::secret_words::secret_word;
use crate::ty::type_name;

/// A field whose name, wire name, title or type name reads like a secret is
/// an error, at the token that says so, unless it is marked
/// `#[elicit(secret)]` (a secret, asked only on a web form) or
/// `#[elicit(not_secret)]` (no secret after all).
///
/// `password: String` is an error at `password`; `#[elicit(title = "Your
/// PIN")] code: String` at `"Your PIN"`; `#[elicit(rename = "cardNumber")]
/// digits: String` at `"cardNumber"`.
///
/// A field marked `secret` takes neither `not_secret` (an error there) nor
/// a `default` (an error at `default`). Whether its type keeps the value
/// secret is known only to the runtime: the spec's `check_secret` step
/// holds the mark and the type together at compile time.
pub fn check(field: &Field<'_>, cx: &mut Ctxt) {
    if field.attrs.secret().is_some() {
        marked(field, cx);
        return;
    }
    if field.attrs.not_secret().is_some() {
        return;
    }
    let found = candidates(field)
        .into_iter()
        .find_map(|(text, span, what)| Some((secret_word(&text)?, span, what)));
    if let Some((hit, span, what)) = found {
        cx.error(span, messages::secret(&what, &hit));
    }
}

/// The keys a field marked `secret` must not have beside it.
fn marked(field: &Field<'_>, cx: &mut Ctxt) {
    if let Some(not_secret) = field.attrs.not_secret() {
        cx.error(
            not_secret.span(),
            messages::SECRET_AND_NOT_SECRET.to_owned(),
        );
    }
    let default = field
        .attrs
        .constraints()
        .list
        .iter()
        .find(|c| matches!(c.value, ConstraintValue::Default(..)));
    if let Some(default) = default {
        cx.error(default.span, messages::SECRET_DEFAULT.to_owned());
    }
}

/// The texts that name a field, in the order they are looked at, each with
/// its span and how messages name it.
fn candidates(field: &Field<'_>) -> Vec<(String, Span, String)> {
    let rust = field.ident.unraw().to_string();
    let mut candidates = vec![
        (
            rust.clone(),
            field.ident.span(),
            messages::secret_field(&rust),
        ),
        (
            field.wire.name.clone(),
            field.wire.span,
            messages::secret_field(&field.wire.name),
        ),
    ];
    if let Some(title) = field.attrs.title() {
        candidates.push((
            title.value(),
            title.span(),
            messages::secret_title(&title.value(), &rust),
        ));
    }
    // `value: Password` asks for a password as much as `password: String`;
    // `Option<Password>` too.
    if let Some(name) = type_name(field.ty) {
        candidates.push((
            name.to_string(),
            name.span(),
            messages::secret_type(name, &rust),
        ));
    }
    candidates
}
