//! Forms that look like they ask for secrets.

use core::fmt;

use super::FormView;
use crate::excerpt::Excerpt;
use crate::secret_words::secret_word;

/// A field of a form whose name or title reads like a secret (a password,
/// an API key, a token, a card number, ...): the spec forbids servers to
/// ask for such data in form mode, so a client should warn the user, and
/// may decline for them.
///
/// The words are those the derive refuses at compile time on the server
/// side: one list serves both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecretWarning {
    field: String,
    word: String,
    in_title: bool,
}

impl SecretWarning {
    /// The wire name of the field.
    pub fn field(&self) -> &str {
        &self.field
    }

    /// The secret word found, in backticks (`` `password` ``, `` `api key` ``).
    pub fn word(&self) -> &str {
        &self.word
    }

    /// `true` when the word is in the field's title, `false` when in its
    /// name.
    pub fn in_title(&self) -> bool {
        self.in_title
    }
}

impl fmt::Display for SecretWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = if self.in_title { "title" } else { "name" };
        write!(
            f,
            "the field `{}` looks like it asks for a secret ({} in its {place}): servers must not \
             ask for passwords, keys, tokens or payment data in a form; decline unless you are \
             sure it holds no secret",
            Excerpt(&self.field),
            self.word
        )
    }
}

/// The fields of `form` whose name or title reads like a secret, in form
/// order, at most one warning per field (the name is looked at first).
///
/// ```
/// use elicit_runtime::client::{FormView, secret_warnings};
/// use serde_json::json;
///
/// let form = FormView::from_request(&json!({
///     "message": "Connect your database",
///     "requestedSchema": { "type": "object", "properties": {
///         "username": { "type": "string" },
///         "dbPassword": { "type": "string" },
///         "code": { "type": "string", "title": "Your PIN" }
///     } }
/// }))
/// .unwrap();
/// let warnings = secret_warnings(&form);
/// let found: Vec<(&str, &str)> = warnings.iter().map(|w| (w.field(), w.word())).collect();
/// assert_eq!(found, [("dbPassword", "`password`"), ("code", "`pin`")]);
/// assert!(warnings[1].to_string().starts_with("the field `code` looks like it asks for a secret (`pin` in its title)"));
/// ```
pub fn secret_warnings(form: &FormView) -> Vec<SecretWarning> {
    form.fields()
        .iter()
        .filter_map(|field| {
            let (word, in_title) = match secret_word(&field.name) {
                Some(word) => (word, false),
                None => (secret_word(field.schema.title.as_deref()?)?, true),
            };
            Some(SecretWarning {
                field: field.name.to_string(),
                word,
                in_title,
            })
        })
        .collect()
}
