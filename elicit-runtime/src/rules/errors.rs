//! Every failing field of a response, collected in one error.

use core::fmt;

use serde_json::Value;

use super::{Rule, Violation};
use crate::excerpt::{Excerpt, plural};
use crate::rules::choice::list_names;

/// What was received for a field, kept short: errors must stay small even
/// when the content is hostile (a 64 MiB string keeps 40 characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Received {
    /// The field was absent.
    Nothing,
    /// A JSON value, shown as compact JSON, cut to a short excerpt.
    Value(String),
    /// The value of a secret field (`#[elicit(secret)]`), never shown:
    /// not in the error's `Display`, nor its `Debug`, nor a prefilled form.
    Hidden,
}

impl Received {
    /// A short excerpt of `value`.
    ///
    /// ```
    /// use elicit_runtime::rules::Received;
    ///
    /// let long = serde_json::Value::String("x".repeat(1000));
    /// let Received::Value(text) = Received::of(&long) else { unreachable!() };
    /// assert!(text.chars().count() < 50);
    /// ```
    pub fn of(value: &Value) -> Received {
        Received::Value(match value {
            Value::String(s) => format!("\"{}\"", Excerpt(s)),
            Value::Array(items) => format!("an array of {}", plural(items.len() as u64, "item")),
            Value::Object(map) => format!("an object with {}", plural(map.len() as u64, "key")),
            other => other.to_string(),
        })
    }
}

impl fmt::Display for Received {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Received::Nothing => f.write_str("nothing"),
            Received::Value(text) => f.write_str(text),
            Received::Hidden => f.write_str("a secret, not shown"),
        }
    }
}

/// One failing field: its wire name, the rule it broke and what came.
///
/// Its `Display` is fit to show a user: "`age`: must be at least 18 (received 12)".
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    field: String,
    violation: Violation,
    received: Received,
}

impl FieldError {
    /// An error for `field`.
    pub fn new(field: impl Into<String>, violation: Violation, received: Received) -> FieldError {
        FieldError {
            field: field.into(),
            violation,
            received,
        }
    }

    /// The error of a required field the content does not have, and that
    /// has no default: the one place it is built.
    pub(crate) fn missing(field: &str) -> FieldError {
        FieldError::new(field, Violation::Missing, Received::Nothing)
    }

    /// The field's name on the wire.
    pub fn field(&self) -> &str {
        &self.field
    }

    /// The rule that failed.
    pub fn rule(&self) -> Rule {
        self.violation.rule()
    }

    /// The broken rule with its details.
    pub fn violation(&self) -> &Violation {
        &self.violation
    }

    /// What a valid value would have been, in words.
    pub fn expected(&self) -> String {
        self.violation.expected()
    }

    /// What was received, as a short excerpt.
    pub fn received(&self) -> &Received {
        &self.received
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // An error about a multi-select sent as booleans names them all:
        // they are what the user saw.
        match self.violation.booleans() {
            Some(names) if !names.is_empty() => list_names(f, names)?,
            _ => write!(f, "`{}`", Excerpt(&self.field))?,
        }
        write!(f, " {}", self.violation)?;
        match &self.received {
            Received::Nothing | Received::Hidden => Ok(()),
            Received::Value(text) => write!(f, " (received {text})"),
        }
    }
}

impl std::error::Error for FieldError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.violation {
            Violation::Format(error) => Some(error),
            _ => None,
        }
    }
}

/// Every failing field of one response, in form order.
///
/// ```
/// use elicit_runtime::{Elicitable, rules::Rule};
///
/// #[derive(Debug, Elicitable)]
/// struct Signup {
///     #[elicit(min_length = 3)]
///     username: String,
///     age: u8,
/// }
///
/// let content = serde_json::json!({ "username": "al", "age": 300 });
/// let errors = Signup::from_content(content.as_object().unwrap()).unwrap_err();
/// let rules: Vec<_> = errors.iter().map(|e| (e.field(), e.rule())).collect();
/// assert_eq!(rules, [("username", Rule::MinLength), ("age", Rule::Maximum)]);
/// assert_eq!(
///     errors.to_string(),
///     "`username` must have at least 3 characters, has 2 (received \"al\")\n\
///      `age` must be at most 255 (received 300)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ValidationErrors {
    errors: Vec<FieldError>,
}

impl ValidationErrors {
    /// No errors yet.
    pub const fn new() -> ValidationErrors {
        ValidationErrors { errors: Vec::new() }
    }

    /// Adds one error.
    pub fn push(&mut self, error: FieldError) {
        self.errors.push(error);
    }

    /// `true` when no field failed.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// How many errors there are.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// The errors, in form order.
    pub fn iter(&self) -> core::slice::Iter<'_, FieldError> {
        self.errors.iter()
    }

    /// The errors of one field.
    pub fn field<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a FieldError> + 'a {
        self.errors.iter().filter(move |e| e.field == name)
    }

    /// The failing fields' names, each once, in form order, never what was
    /// received: what a log may say of an invalid answer.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    ///
    /// #[derive(Debug, Elicitable)]
    /// struct Pin {
    ///     #[elicit(min_length = 4)]
    ///     code: String,
    /// }
    ///
    /// let content = serde_json::json!({ "code": "123" });
    /// let errors = Pin::from_content(content.as_object().unwrap()).unwrap_err();
    /// assert_eq!(errors.field_names().to_string(), "`code`");
    /// assert!(errors.to_string().contains("123"));
    /// ```
    pub fn field_names(&self) -> FieldNames<'_> {
        FieldNames(self)
    }

    /// `Ok(())` when empty, `Err(self)` otherwise.
    pub fn into_result(self) -> Result<(), ValidationErrors> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }
}

impl IntoIterator for ValidationErrors {
    type Item = FieldError;
    type IntoIter = std::vec::IntoIter<FieldError>;

    fn into_iter(self) -> Self::IntoIter {
        self.errors.into_iter()
    }
}

impl<'a> IntoIterator for &'a ValidationErrors {
    type Item = &'a FieldError;
    type IntoIter = core::slice::Iter<'a, FieldError>;

    fn into_iter(self) -> Self::IntoIter {
        self.errors.iter()
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ValidationErrors {}

/// The names of the failing fields of [`ValidationErrors`], each once, in
/// backticks and separated by commas ([`ValidationErrors::field_names`]).
#[derive(Debug, Clone, Copy)]
pub struct FieldNames<'a>(&'a ValidationErrors);

impl fmt::Display for FieldNames<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut previous = None;
        for error in &self.0.errors {
            let name = error.field.as_str();
            if previous == Some(name) {
                continue;
            }
            let separator = if previous.is_none() { "" } else { ", " };
            write!(f, "{separator}`{}`", Excerpt(name))?;
            previous = Some(name);
        }
        Ok(())
    }
}
