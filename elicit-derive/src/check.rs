//! Rules that look across the whole form: wire names must be unique, a
//! form must not ask for secrets, and `downlevel` goes with a 2025-06-18
//! pin.

use std::collections::HashMap;

use syn::ext::IdentExt;

use crate::ast::Field;
use crate::attr::Attrs;
use crate::ctxt::Ctxt;
use crate::secret_words::secret_word;

/// Two fields (or variants) may not share a wire name, whatever renames
/// made it.
///
/// `#[elicit(rename = "name")] full_name: String, name: String` is an error
/// at the second `name`, naming both fields.
pub fn unique_wire_names<'a>(
    names: impl Iterator<Item = (&'a str, String, proc_macro2::Span)>,
    cx: &mut Ctxt,
) {
    let mut seen: HashMap<&str, String> = HashMap::new();
    for (wire, rust, span) in names {
        if let Some(first) = seen.get(wire) {
            cx.error(
                span,
                format!(
                    "`{wire}` is the wire name of both `{first}` and `{rust}`: give one of them another `rename`"
                ),
            );
        } else {
            seen.insert(wire, rust);
        }
    }
}

/// A field whose name, wire name, title or type name reads like a secret is
/// an error, at the token that says so, unless it is marked
/// `#[elicit(not_secret)]`.
///
/// `password: String` is an error at `password`; `#[elicit(title = "Your
/// PIN")] code: String` at `"Your PIN"`; `#[elicit(rename = "cardNumber")]
/// digits: String` at `"cardNumber"`.
pub fn no_secrets(field: &Field<'_>, cx: &mut Ctxt) {
    if field.attrs.not_secret {
        return;
    }
    let rust = field.ident.unraw().to_string();
    let wire_span = field
        .attrs
        .rename
        .as_ref()
        .or(field.attrs.serde.rename.as_ref())
        .map(|lit| lit.span())
        .unwrap_or_else(|| field.ident.span());
    let mut candidates = vec![
        (
            rust.clone(),
            field.ident.span(),
            format!("the field `{rust}`"),
        ),
        (
            field.wire.clone(),
            wire_span,
            format!("the field `{}`", field.wire),
        ),
    ];
    if let Some(title) = &field.attrs.title {
        candidates.push((
            title.value(),
            title.span(),
            format!("the title `{}` of the field `{rust}`", title.value()),
        ));
    }
    // `value: Password` asks for a password as much as `password: String`;
    // `Option<Password>` too.
    if let Some(name) = type_name(field.ty) {
        candidates.push((
            name.to_string(),
            name.span(),
            format!("the type `{name}` of the field `{rust}`"),
        ));
    }
    let Some((hit, span, what)) = candidates
        .into_iter()
        .find_map(|(text, span, what)| Some((secret_word(&text)?, span, what)))
    else {
        return;
    };
    cx.error(
        span,
        format!(
            "{what} looks like it asks for a secret ({hit}), and form-mode elicitation must not ask for passwords, keys, tokens or payment data: collect it through URL mode, or add `#[elicit(not_secret)]` if it holds no secret"
        ),
    );
}

/// The name of the field's type, through `Option`: `Password` for
/// `Option<Password>`.
fn type_name(ty: &syn::Type) -> Option<&syn::Ident> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if last.ident == "Option"
        && let syn::PathArguments::AngleBracketed(args) = &last.arguments
        && let Some(syn::GenericArgument::Type(inner)) = args.args.first()
    {
        return type_name(inner);
    }
    Some(&last.ident)
}

/// `downlevel` lets a form pinned to 2025-06-18 have multi-selects, sent as
/// booleans; without that pin it has nothing to do, since an unpinned form
/// is sent as booleans to a 2025-06-18 client anyway.
///
/// `#[elicit(downlevel)] struct Form { .. }` is an error at `downlevel`, as
/// is `#[elicit(revision = "2025-11-25", downlevel)]`.
pub fn downlevel_needs_pin(attrs: &Attrs, cx: &mut Ctxt) {
    let Some(key) = &attrs.downlevel else {
        return;
    };
    match &attrs.revision {
        Some((_, "V2025_06_18")) => {}
        Some((lit, _)) => cx.error(
            key.span(),
            format!(
                "`downlevel` sends multi-selects as booleans for a form pinned to 2025-06-18, and this form is pinned to {}, which has multi-selects: remove `downlevel`",
                lit.value()
            ),
        ),
        None => cx.error(
            key.span(),
            "`downlevel` sends multi-selects as booleans for a form pinned to 2025-06-18, and this form is not pinned: add `revision = \"2025-06-18\"`, or remove `downlevel` (a client of 2025-06-18 gets booleans without it)",
        ),
    }
}
