//! A form must not ask for secrets.

use proc_macro2::Span;
use syn::ext::IdentExt;

use crate::ast::Field;
use crate::attr::Annotated;
use crate::ctxt::Ctxt;
use crate::messages;
use crate::secret_words::secret_word;
use crate::ty::type_name;

/// A field whose name, wire name, title or type name reads like a secret is
/// an error, at the token that says so, unless it is marked
/// `#[elicit(not_secret)]`.
///
/// `password: String` is an error at `password`; `#[elicit(title = "Your
/// PIN")] code: String` at `"Your PIN"`; `#[elicit(rename = "cardNumber")]
/// digits: String` at `"cardNumber"`.
pub fn check(field: &Field<'_>, cx: &mut Ctxt) {
    if field.attrs.not_secret() {
        return;
    }
    let found = candidates(field)
        .into_iter()
        .find_map(|(text, span, what)| Some((secret_word(&text)?, span, what)));
    if let Some((hit, span, what)) = found {
        cx.error(span, messages::secret(&what, &hit));
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
