//! A form-mode request as the client shows it: who asks for what, field by
//! field, in the server's order.

use serde_json::{Map, Value};

use super::{Answer, FormError};
use crate::protocol::{ElicitRequestParams, FormRequest};
use crate::schema::{FormSchema, Property};
use crate::wire::SchemaWarning;

/// A form-mode `elicitation/create`, read for display: the message, the
/// fields in the server's order (each a [`Property`] with its kind,
/// constraints, title, description, default and whether it is required),
/// and what the schema reader tolerated.
///
/// It is read by the same parser as every schema ([`FormSchema::parse`]),
/// for every revision, with or without `mode`; answers are checked by the
/// same validator the server side uses.
///
/// ```
/// use elicit_runtime::client::FormView;
/// use elicit_runtime::schema::Kind;
/// use serde_json::json;
///
/// let form = FormView::from_request(&json!({
///     "mode": "form",
///     "message": "Please provide your contact information",
///     "requestedSchema": {
///         "$schema": "https://json-schema.org/draft/2020-12/schema",
///         "type": "object",
///         "title": "Contact",
///         "properties": {
///             "name": { "type": "string", "description": "Your full name" },
///             "age": { "type": "integer", "minimum": 18, "default": 30 }
///         },
///         "required": ["name"]
///     }
/// }))
/// .unwrap();
/// assert_eq!(form.message(), "Please provide your contact information");
/// let names: Vec<&str> = form.fields().iter().map(|f| &*f.name).collect();
/// assert_eq!(names, ["name", "age"]);
/// assert!(form.fields()[0].required);
/// assert!(matches!(form.fields()[1].schema.kind, Kind::Number(_)));
/// // The top-level `title` is tolerated, with a warning.
/// assert_eq!(form.warnings()[0].path(), "/title");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct FormView {
    request: FormRequest,
    warnings: Vec<SchemaWarning>,
}

impl FormView {
    /// Reads the params of a form-mode `elicitation/create` (in 2026-07-28,
    /// the `params` of an input request).
    ///
    /// # Errors
    ///
    /// [`FormError::Schema`] when the `requestedSchema` is outside the
    /// subset (see [`FormSchema::parse`] for what is an error and what a
    /// warning), [`FormError::Params`] when the params are malformed, and
    /// [`FormError::UrlMode`] for a URL-mode request.
    pub fn from_request(params: &Value) -> Result<FormView, FormError> {
        match ElicitRequestParams::read(params)? {
            (ElicitRequestParams::Form(request), warnings) => {
                Ok(FormView::with_warnings(request, warnings))
            }
            (ElicitRequestParams::Url(_), _) => Err(FormError::UrlMode),
        }
    }

    pub(super) fn with_warnings(request: FormRequest, warnings: Vec<SchemaWarning>) -> FormView {
        FormView { request, warnings }
    }

    /// The message the server shows with the form.
    pub fn message(&self) -> &str {
        &self.request.message
    }

    /// The fields, in the server's order.
    pub fn fields(&self) -> &[Property] {
        &self.request.requested_schema.properties
    }

    /// The field with wire name `name`.
    pub fn field(&self, name: &str) -> Option<&Property> {
        self.request.requested_schema.property(name)
    }

    /// The whole schema, for the validator.
    pub fn schema(&self) -> &FormSchema {
        &self.request.requested_schema
    }

    /// What the schema reader tolerated and ignored, in document order: a
    /// client may log these, or refuse a schema with any.
    pub fn warnings(&self) -> &[SchemaWarning] {
        &self.warnings
    }

    /// The request's `_meta`, untouched.
    pub fn meta(&self) -> Option<&Map<String, Value>> {
        self.request.meta.as_ref()
    }

    /// The typed request, for [`Elicitor::check`](crate::protocol::Elicitor::check)
    /// (does it use a mode the client declared?) or to pass on.
    pub fn request(&self) -> &FormRequest {
        &self.request
    }

    /// An empty answer to fill in: see [`Answer`].
    pub fn answer(&self) -> Answer<'_> {
        Answer::new(self)
    }
}

/// A typed request, already read, as a form (without warnings).
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::client::FormView;
///
/// #[derive(Elicitable)]
/// struct Name {
///     name: String,
/// }
///
/// let form = FormView::from(Name::request("Who are you?"));
/// assert_eq!(form.fields()[0].name, "name");
/// ```
impl From<FormRequest> for FormView {
    fn from(request: FormRequest) -> FormView {
        FormView::with_warnings(request, Vec::new())
    }
}
