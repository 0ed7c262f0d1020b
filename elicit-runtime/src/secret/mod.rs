//! Secret fields: [`Secret`], the text of a password, a key or a card
//! number, held so that it is not shown, not copied and wiped when dropped;
//! and the wiping of a form's secrets from the content they were read from
//! ([`Elicitable::from_content_wiping`](crate::Elicitable::from_content_wiping)).
//!
//! A form with a secret field (`#[elicit(secret)]`) is asked only as a web
//! form, never in form mode, where MCP forbids secrets: such a form does
//! not implement [`FormMode`](crate::FormMode), and every form-mode entry
//! point requires it.

mod compare;
mod wipe;

pub use compare::constant_time_eq;
pub(crate) use wipe::wipe;
pub use wipe::zero_all;

use core::fmt;

use zeroize::Zeroize;

/// The text of a secret field: a password, a key, a card number.
///
/// A field of this type (or `Option<Secret>`) is written
/// `#[elicit(secret)]`; it makes the form a web form only, never asked in
/// form mode. The value is never written by `Debug`, never sent back to a
/// client in an error, has no `Clone`, `Display` or `Serialize`, and its
/// bytes are zeroed when it is dropped. Read it with [`Secret::expose`].
///
/// What is wiped, and what is not: the text a `Secret` (or a
/// `secrecy::SecretString`) holds is zeroed when it is dropped, and
/// [`from_content_wiping`](crate::Elicitable::from_content_wiping) zeroes
/// the secret's text in the content it read. Copies made before the form
/// was read are beyond reach: the bytes of the request body and the
/// buffers of the transport and of the JSON parser that read it, and any
/// clone of the content the caller made. A number or a boolean sent in a
/// secret's place cannot be zeroed in place (`serde_json` keeps them
/// inline); it is removed from the content.
///
/// ```
/// use elicit_runtime::{Elicitable, Secret};
///
/// /// Sign in
/// #[derive(Debug, Elicitable)]
/// struct SignIn {
///     email: String,
///     #[elicit(secret, min_length = 8)]
///     password: Secret,
/// }
///
/// let mut content = serde_json::json!({ "email": "ada@example.com", "password": "correct horse" })
///     .as_object()
///     .unwrap()
///     .clone();
/// let sign_in = SignIn::from_content_wiping(&mut content).unwrap();
/// assert_eq!(sign_in.password.expose(), "correct horse");
/// assert!(!format!("{sign_in:?}").contains("horse"));
/// // The content no longer holds the password.
/// assert!(content.get("password").is_none());
/// assert!(SignIn::SCHEMA.properties[1].secret);
/// ```
pub struct Secret(Box<str>);

impl Secret {
    /// The secret's text, for the code that uses it (to check a password,
    /// to call an API with a key). Keep what it returns no longer than
    /// needed, and copy it nowhere.
    ///
    /// ```
    /// use elicit_runtime::Secret;
    ///
    /// let key = Secret::from(String::from("sk-123"));
    /// assert_eq!(key.expose(), "sk-123");
    /// ```
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether `candidate` (a password or token someone sent) is this
    /// secret, compared in constant time: the time depends on the lengths
    /// only, never on how much of `candidate` is right.
    ///
    /// ```
    /// use elicit_runtime::Secret;
    ///
    /// let token = Secret::from(String::from("a1ice-token-0123456789"));
    /// assert!(token.matches("a1ice-token-0123456789"));
    /// assert!(!token.matches("a1ice-token-012345678X"));
    /// assert!(!token.matches("X1ice-token-0123456789"));
    /// assert!(!token.matches("a1ice"));
    /// ```
    pub fn matches(&self, candidate: &str) -> bool {
        constant_time_eq(self.0.as_bytes(), candidate.as_bytes())
    }
}

impl From<String> for Secret {
    /// Takes the text in `text`'s own buffer, without a copy that would be
    /// left unwiped.
    fn from(text: String) -> Secret {
        Secret(exact_box(text))
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([REDACTED])")
    }
}

impl Drop for Secret {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

/// `text` as a box of exactly its length. `String::into_boxed_str` moves
/// the text when the buffer is exact, and otherwise reallocates, freeing
/// the old buffer unwiped; here a longer buffer is copied from and zeroed.
pub(crate) fn exact_box(mut text: String) -> Box<str> {
    if text.len() == text.capacity() {
        return text.into_boxed_str();
    }
    let boxed = Box::from(text.as_str());
    text.zeroize();
    boxed
}

#[cfg(test)]
mod tests {
    use super::{Secret, exact_box};

    #[test]
    fn debug_writes_no_text() {
        let secret = Secret::from(String::from("hunter2"));
        assert_eq!(format!("{secret:?}"), "Secret([REDACTED])");
        assert_eq!(format!("{:?}", Some(&secret)), "Some(Secret([REDACTED]))");
    }

    #[test]
    fn an_exact_buffer_is_moved_not_copied() {
        let text = String::from("hunter2");
        let at = text.as_ptr();
        let boxed = exact_box(text);
        assert_eq!(boxed.as_ptr(), at);
    }

    #[test]
    fn a_longer_buffer_is_copied_exactly() {
        let mut text = String::with_capacity(64);
        text.push_str("hunter2");
        let boxed = exact_box(text);
        assert_eq!(&*boxed, "hunter2");
        assert_eq!(boxed.len(), 7);
    }
}
