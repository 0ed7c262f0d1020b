//! Building the answer to a form: values checked as they are set, defaults
//! filled in, the `ElicitResult` written.

use serde_json::{Map, Value};

use super::{FormView, value_from_text};
use crate::field::FieldValue;
use crate::protocol::ElicitResult;
use crate::rules::{self, FieldError, Received, ValidationErrors, Violation};
use crate::schema::Property;

/// The answer to a [`FormView`], being filled in.
///
/// Each value is checked when it is set, by the validator the server side
/// uses ([`rules::value`]); a value that fails is not kept, and the
/// errors say why, in words fit to show the user. [`Answer::finish`] fills
/// the default of every field left out, checks the whole content once more
/// (a required field without a value or default fails there) and writes
/// the `accept` result. `decline` and `cancel` carry no content: send
/// [`ElicitResult::decline`] or [`ElicitResult::cancel`].
///
/// ```
/// use elicit_runtime::client::FormView;
/// use elicit_runtime::protocol::Action;
/// use serde_json::json;
///
/// let form = FormView::from_request(&json!({
///     "message": "Please provide your contact information",
///     "requestedSchema": { "type": "object", "properties": {
///         "name": { "type": "string" },
///         "age": { "type": "integer", "minimum": 18 },
///         "newsletter": { "type": "boolean", "default": false }
///     }, "required": ["name", "age"] }
/// }))
/// .unwrap();
///
/// let mut answer = form.answer();
/// answer.set("name", "Ada")?;
/// // Text a person typed is read per field kind, then checked.
/// let error = answer.set_text("age", "12").unwrap_err();
/// assert_eq!(error.to_string(), "`age` must be at least 18 (received 12)");
/// answer.set_text("age", "36")?;
///
/// let result = answer.finish()?;
/// assert_eq!(result.action, Action::Accept);
/// // The omitted `newsletter` gets its default.
/// assert_eq!(
///     serde_json::to_value(&result)?,
///     json!({ "action": "accept", "content": { "name": "Ada", "age": 36, "newsletter": false } })
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Answer<'f> {
    form: &'f FormView,
    values: Map<String, Value>,
}

impl<'f> Answer<'f> {
    pub(super) fn new(form: &'f FormView) -> Answer<'f> {
        Answer {
            form,
            values: Map::new(),
        }
    }

    /// The form this answers.
    pub fn form(&self) -> &'f FormView {
        self.form
    }

    /// Sets field `name` to `value`, once the validator accepts it.
    ///
    /// # Errors
    ///
    /// Every rule `value` breaks, as [`ValidationErrors`] of this field
    /// (with [`Violation::Unknown`] for a name the form does not have); the
    /// field keeps its previous value.
    pub fn set(
        &mut self,
        name: &str,
        value: impl Into<Value>,
    ) -> Result<&mut Answer<'f>, ValidationErrors> {
        let value = value.into();
        let property = self.property(name, &value)?;
        check_value(property, &value)?;
        self.values.insert(name.to_owned(), value);
        Ok(self)
    }

    /// Sets field `name` to a typed value, written as JSON by
    /// [`FieldValue`] and then checked as [`Answer::set`] checks: an
    /// `IpAddr`, a `char`, a `NonZero` integer, and with their features a
    /// `uuid::Uuid`, a `url::Url` or a date, without writing the text by
    /// hand.
    ///
    /// ```
    /// use std::net::{IpAddr, Ipv4Addr};
    ///
    /// use elicit_runtime::client::FormView;
    /// use serde_json::json;
    ///
    /// let form = FormView::from_request(&json!({
    ///     "message": "Where is the server?",
    ///     "requestedSchema": { "type": "object", "properties": {
    ///         "address": { "type": "string", "minLength": 7, "maxLength": 15 }
    ///     } }
    /// }))
    /// .unwrap();
    /// let mut answer = form.answer();
    /// answer.set_typed("address", &IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)))?;
    /// assert_eq!(answer.get("address"), Some(&json!("192.0.2.1")));
    /// # Ok::<(), elicit_runtime::rules::ValidationErrors>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Answer::set`].
    pub fn set_typed(
        &mut self,
        name: &str,
        value: &impl FieldValue,
    ) -> Result<&mut Answer<'f>, ValidationErrors> {
        self.set(name, value.to_value())
    }

    /// Sets field `name` from text a person typed, read per field kind by
    /// [`value_from_text`] and then checked as [`Answer::set`] checks; empty
    /// text leaves the field out (its default then applies). To send an
    /// empty string, [`set`](Answer::set) it.
    ///
    /// # Errors
    ///
    /// As [`Answer::set`], and the error of [`value_from_text`] for text
    /// that is not of the field's kind.
    pub fn set_text(
        &mut self,
        name: &str,
        text: &str,
    ) -> Result<&mut Answer<'f>, ValidationErrors> {
        let shown = Value::String(text.to_owned());
        let property = self.property(name, &shown)?;
        match read_text(property, text)? {
            Some(value) => {
                self.values.insert(name.to_owned(), value);
            }
            None => {
                self.values.remove(name);
            }
        }
        Ok(self)
    }

    /// Leaves field `name` out again, returning the value it had.
    pub fn clear(&mut self, name: &str) -> Option<Value> {
        self.values.remove(name)
    }

    /// The value set for field `name`, if any (not its default).
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values.get(name)
    }

    /// What field `name` will send: the value set, else its default.
    pub fn effective(&self, name: &str) -> Option<Value> {
        self.values
            .get(name)
            .cloned()
            .or_else(|| self.form.field(name)?.schema.default_value())
    }

    /// The content to send, in form order: each value set, and the default
    /// of each field left out that has one; checked as a whole.
    ///
    /// # Errors
    ///
    /// Every failing field, such as a required field with neither a value
    /// nor a default ([`Violation::Missing`]).
    pub fn content(&self) -> Result<Map<String, Value>, ValidationErrors> {
        let mut content = Map::new();
        for field in self.form.fields() {
            if let Some(value) = self.effective(&field.name) {
                content.insert(field.name.to_string(), value);
            }
        }
        rules::content(self.form.schema(), &content, true)?;
        Ok(content)
    }

    /// The `accept` result with [`Answer::content`].
    ///
    /// # Errors
    ///
    /// As [`Answer::content`].
    pub fn finish(&self) -> Result<ElicitResult, ValidationErrors> {
        self.content().map(ElicitResult::accept)
    }

    fn property(&self, name: &str, shown: &Value) -> Result<&'f Property, ValidationErrors> {
        self.form.field(name).ok_or_else(|| {
            one(FieldError::new(
                name,
                Violation::Unknown,
                Received::of(shown),
            ))
        })
    }
}

/// Checks `value` for `property` with the validator.
///
/// # Errors
///
/// Every rule `value` breaks, as errors of this field.
pub fn check_value(property: &Property, value: &Value) -> Result<(), ValidationErrors> {
    match rules::value(&property.schema, value) {
        Ok(_) => Ok(()),
        Err(broken) => {
            let mut errors = ValidationErrors::new();
            rules::report(&mut errors, property, value, broken);
            Err(errors)
        }
    }
}

/// Reads and checks `text` typed for `property`: `Ok(None)` for empty text,
/// which leaves the field out; an error for empty text only where the field
/// is required and has no default, since the answer could not be sent.
///
/// This is what [`Answer::set_text`] does, for a UI that checks each entry
/// before keeping it (as a prompt's validator).
///
/// ```
/// use elicit_runtime::client::{FormView, read_text};
/// use serde_json::json;
///
/// let form = FormView::from_request(&json!({
///     "message": "Party",
///     "requestedSchema": { "type": "object", "properties": {
///         "guests": { "type": "integer", "minimum": 1, "maximum": 8 }
///     }, "required": ["guests"] }
/// }))
/// .unwrap();
/// let guests = &form.fields()[0];
/// assert_eq!(read_text(guests, "4").unwrap(), Some(json!(4)));
/// assert_eq!(read_text(guests, "").unwrap_err().to_string(), "`guests` is required");
/// assert_eq!(read_text(guests, "2.5").unwrap_err().to_string(), "`guests` must be a whole number (received 2.5)");
/// ```
///
/// # Errors
///
/// As [`value_from_text`] and [`check_value`], and [`Violation::Missing`] for
/// empty text on a required field without a default.
pub fn read_text(property: &Property, text: &str) -> Result<Option<Value>, ValidationErrors> {
    let shown = Value::String(text.to_owned());
    match value_from_text(&property.schema, text) {
        Ok(Some(value)) => {
            check_value(property, &value)?;
            Ok(Some(value))
        }
        Ok(None) if property.required && property.schema.default_value().is_none() => {
            Err(one(FieldError::missing(property.name.as_ref())))
        }
        Ok(None) => Ok(None),
        Err(violation) => Err(one(FieldError::new(
            property.name.as_ref(),
            violation,
            Received::of(&shown),
        ))),
    }
}

fn one(error: FieldError) -> ValidationErrors {
    let mut errors = ValidationErrors::new();
    errors.push(error);
    errors
}
