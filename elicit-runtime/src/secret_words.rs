//! The words that make a field read like a secret: one list for the derive,
//! which refuses such fields at compile time, and for the runtime, which
//! warns a client when a server asks for one in form mode.
//!
//! This file is compiled into both crates (`elicit-derive` holds a link to
//! it), so it uses nothing but `std`.

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

/// The secret word or pair in `text`, if any.
pub(crate) fn secret_word(text: &str) -> Option<String> {
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
