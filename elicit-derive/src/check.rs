//! Rules that look across the whole form: wire names must be unique, and a
//! form must not ask for secrets.

use std::collections::HashMap;

use syn::ext::IdentExt;

use crate::ast::Field;
use crate::ctxt::Ctxt;

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

/// Words that name secrets: a form-mode elicitation must not ask for
/// passwords, keys, tokens or payment credentials; those go through URL mode.
const SECRET_WORDS: &[&str] = &[
    "password",
    "passwd",
    "pwd",
    "passphrase",
    "passcode",
    "secret",
    "token",
    "apikey",
    "privatekey",
    "credential",
    "credentials",
    "cvv",
    "cvc",
    "cvv2",
    "ssn",
    "pin",
    "otp",
    "totp",
    "mnemonic",
    "cardnumber",
    "iban",
];

/// Pairs of words that name secrets when they stand together.
const SECRET_PAIRS: &[(&str, &str)] = &[
    ("api", "key"),
    ("private", "key"),
    ("secret", "key"),
    ("access", "key"),
    ("signing", "key"),
    ("card", "number"),
    ("credit", "card"),
    ("security", "code"),
    ("social", "security"),
    ("seed", "phrase"),
    ("recovery", "phrase"),
    ("recovery", "code"),
    ("account", "number"),
    ("routing", "number"),
];

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

/// The secret word or pair in `text`, if any.
fn secret_word(text: &str) -> Option<String> {
    let words = words(text);
    for (i, word) in words.iter().enumerate() {
        if SECRET_WORDS.contains(&word.as_str()) {
            return Some(format!("`{word}`"));
        }
        if let Some(next) = words.get(i + 1)
            && SECRET_PAIRS.contains(&(word.as_str(), next.as_str()))
        {
            return Some(format!("`{word} {next}`"));
        }
    }
    None
}

/// Splits `snake_case`, `camelCase`, `kebab-case` and prose into lowercase
/// words.
fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut prev_lower = false;
    for ch in text.chars() {
        if !ch.is_alphanumeric() {
            if !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            prev_lower = false;
            continue;
        }
        if ch.is_uppercase() && prev_lower && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        prev_lower = ch.is_lowercase() || ch.is_ascii_digit();
        current.extend(ch.to_lowercase());
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::secret_word;

    #[test]
    fn finds_secrets_in_any_case_style() {
        for name in [
            "password",
            "userPassword",
            "db_passwd",
            "api_key",
            "apiKey",
            "API-KEY",
            "cardNumber",
            "card_number",
            "cvv",
            "ssn",
            "access_token",
            "Your secret",
            "private key",
        ] {
            assert!(secret_word(name).is_some(), "{name}");
        }
    }

    #[test]
    fn leaves_ordinary_fields_alone() {
        for name in [
            "username",
            "email",
            "keyboard_layout",
            "sort_key",
            "spinner",
            "tokenizer_name",
            "party_size",
            "notes",
        ] {
            assert!(secret_word(name).is_none(), "{name}");
        }
    }
}
