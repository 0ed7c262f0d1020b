//! The keys darling rejects, in the derive's words: darling finds a key a
//! place does not take (with the closest one it takes) and a key written
//! twice; the message says where a key that goes elsewhere belongs, lists
//! the keys the place takes, and names the fix.

use crate::messages;
use crate::place::Place;

/// The derive's message for `error` at `place`, when darling rejected a key;
/// `None` for any other error, whose message is the derive's own already.
///
/// darling's words are read back from its `Display` (`` Unknown field:
/// `colour` ``, with `` . Did you mean `title`? `` when one is close, and
/// `` Duplicate field `title` ``); a test below holds them to the version
/// in use.
pub fn reword(error: &darling::Error, place: Place) -> Option<String> {
    let text = error.to_string();
    if let Some(rest) = text.strip_prefix("Unknown field: `") {
        let (key, rest) = rest.split_once('`')?;
        if key.contains("::") {
            return Some(messages::KEY_IS_A_PATH.to_owned());
        }
        let suggestion = rest
            .strip_prefix(". Did you mean `")
            .and_then(|rest| rest.split_once('`'))
            .map(|(best, _)| best);
        return Some(match messages::home_of(key) {
            Some(home) => messages::misplaced_key(key, place, home),
            None => messages::unknown_key(key, suggestion, &place.keys()),
        });
    }
    let rest = text.strip_prefix("Duplicate field `")?;
    let (key, _) = rest.split_once('`')?;
    Some(messages::duplicate_key(key))
}

#[cfg(test)]
mod tests {
    use darling::FromField;
    use syn::parse::Parser;

    use super::reword;
    use crate::attr::FieldAttrs;
    use crate::place::Place;

    /// The derive's messages for the errors of `#[elicit(...)]` on a field.
    fn field(keys: &str) -> Vec<String> {
        let tokens: proc_macro2::TokenStream = format!("#[elicit({keys})] a: u8").parse().unwrap();
        let field = syn::Field::parse_named.parse2(tokens).unwrap();
        let Err(error) = FieldAttrs::from_field(&field) else {
            return Vec::new();
        };
        error
            .flatten()
            .into_iter()
            .map(|error| reword(&error, Place::Field).unwrap_or_else(|| error.to_string()))
            .collect()
    }

    #[test]
    fn darling_finds_each_rejected_key() {
        assert_eq!(
            field("message = \"x\""),
            ["`message` is not allowed on a field: it goes on the form struct"]
        );
        let typo = &field("min_lenght = 3")[0];
        assert!(
            typo.starts_with("unknown attribute `min_lenght`: did you mean `min_length`? (expected one of `title`, "),
            "{typo}"
        );
        let unknown = &field("colour = 3")[0];
        assert!(
            unknown.starts_with("unknown attribute `colour`: expected one of `title`, "),
            "{unknown}"
        );
        assert_eq!(
            field("title = \"a\", title = \"b\""),
            ["duplicate attribute `title`: keep only one `title`"]
        );
        assert_eq!(
            field("min_length = 1, min_length = 2"),
            ["duplicate attribute `min_length`: keep only one `min_length`"]
        );
        assert_eq!(
            field("a::b = 1"),
            ["expected a single key such as `title`, not a path"]
        );
        assert!(field("title = \"a\", min_length = 1, secret").is_empty());
    }
}
