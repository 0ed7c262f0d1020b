//! The form-level trait: a struct whose fields make one elicitation form.

use serde_json::{Map, Value};

use crate::protocol::{FormRequest, Revision};
use std::sync::Arc;

use crate::schema::{FormSchema, RenderError};
use crate::validate::ValidationErrors;

/// A struct that can be asked of the user as one elicitation form.
///
/// Derive it: the schema is assembled at compile time from the fields, and
/// anything a `requestedSchema` cannot express is a compile error.
///
/// ```
/// use elicit_runtime::Elicitable;
///
/// /// Please provide your contact information
/// #[derive(Debug, Elicitable)]
/// struct Contact {
///     /// Your full name
///     name: String,
///     #[elicit(format = "email")]
///     email: String,
///     #[elicit(minimum = 18)]
///     age: Option<u8>,
/// }
///
/// assert_eq!(Contact::MESSAGE, "Please provide your contact information");
/// let content = serde_json::json!({ "name": "Ada", "email": "ada@example.com" });
/// let contact = Contact::from_content(content.as_object().unwrap()).unwrap();
/// assert_eq!(contact.age, None);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an elicitation form",
    label = "does not implement `Elicitable`",
    note = "add `#[derive(Elicitable)]` to a struct with named fields to make it a form"
)]
pub trait Elicitable: Sized {
    /// The form's `requestedSchema`, built at compile time.
    const SCHEMA: FormSchema;

    /// The message shown with the form unless another is given: the
    /// `#[elicit(message = "...")]` of the struct, else its doc comment.
    const MESSAGE: &'static str;

    /// Whether content with properties the form lacks is rejected.
    const DENY_UNKNOWN_FIELDS: bool = false;

    /// The revision the form is pinned to with `#[elicit(revision =
    /// "...")]`, if any: every field must then be expressible in that
    /// revision, or the form does not compile (a multi-select or a
    /// non-boolean `default` needs 2025-11-25 or later).
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::protocol::Revision;
    ///
    /// #[derive(Elicitable)]
    /// #[elicit(revision = "2025-06-18")]
    /// struct Rsvp {
    ///     name: String,
    ///     #[elicit(default = true)]
    ///     attending: bool,
    /// }
    ///
    /// #[derive(Elicitable)]
    /// struct Anywhere {
    ///     name: String,
    /// }
    ///
    /// assert_eq!(Rsvp::REVISION, Some(Revision::V2025_06_18));
    /// assert_eq!(Anywhere::REVISION, None);
    /// assert!(Rsvp::SCHEMA.render(Revision::V2025_06_18).is_ok());
    /// ```
    const REVISION: Option<Revision> = None;

    /// Validates accepted content against [`Self::SCHEMA`] and reads it, in
    /// one pass, reporting every failing field at once.
    fn from_content(content: &Map<String, Value>) -> Result<Self, ValidationErrors>;

    /// The form's `requestedSchema` as compact JSON text for `revision`,
    /// the same as `Self::SCHEMA.render(revision)?.to_json_string()`, written
    /// once per form and revision and then shared: the schema never changes,
    /// so a server asking often pays for writing it once.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::protocol::Revision;
    ///
    /// #[derive(Elicitable)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// let text = Name::schema_json(Revision::LATEST).unwrap();
    /// assert_eq!(
    ///     &*text,
    ///     r#"{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}"#
    /// );
    /// assert!(std::sync::Arc::ptr_eq(&text, &Name::schema_json(Revision::LATEST).unwrap()));
    /// ```
    ///
    /// # Errors
    ///
    /// A [`RenderError`] when the revision cannot express a field (a
    /// multi-select before 2025-11-25), as [`FormSchema::render`] returns.
    fn schema_json(revision: Revision) -> Result<Arc<str>, RenderError>
    where
        Self: 'static,
    {
        crate::schema::cache::schema_json::<Self>(revision)
    }

    /// The `elicitation/create` params for this form with `message`.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    ///
    /// #[derive(Elicitable)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// let params = Name::request("Who are you?");
    /// assert_eq!(serde_json::to_value(&params).unwrap()["message"], "Who are you?");
    /// ```
    fn request(message: impl Into<String>) -> FormRequest {
        FormRequest::new(message, Self::SCHEMA)
    }

    /// The `elicitation/create` params with [`Self::MESSAGE`].
    fn default_request() -> FormRequest {
        Self::request(Self::MESSAGE)
    }
}
