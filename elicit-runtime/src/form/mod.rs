//! The form-level trait: a struct whose fields make one elicitation form.

mod again;
pub(crate) mod arguments;
mod cache;
mod mode;
mod requests;

use arguments::ArgumentsError;
pub use mode::FormMode;

use serde_json::{Map, Value};

use std::sync::Arc;

use crate::limits::Limits;
use crate::protocol::{FormRequest, Revision};
use crate::rules::ValidationErrors;
use crate::schema::FormSchema;
use crate::wire::{Downlevel, Portability, RenderError};

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

    /// The key a flow asks the form under, and a hosted form is served
    /// under, unless another is given: the derived struct's name
    /// (`Booking`); `"form"` for an impl written by hand that does not set
    /// it, so two such forms asked in one flow need keys of their own. One
    /// name, one question: a tool that asks the same form
    /// twice for different things gives each ask a key of its own.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    ///
    /// #[derive(Elicitable)]
    /// struct Booking {
    ///     party_size: u8,
    /// }
    ///
    /// assert_eq!(Booking::KEY, "Booking");
    /// ```
    const KEY: &'static str = "form";

    /// Whether content with properties the form lacks is rejected.
    const DENY_UNKNOWN_FIELDS: bool = false;

    /// The revision the form is pinned to with `#[elicit(revision =
    /// "...")]`, if any: every field must then be expressible in that
    /// revision, or the form does not compile (a multi-select or a
    /// non-boolean `default` needs 2025-11-25 or later; with
    /// [`Elicitable::DOWNLEVEL`], a multi-select is sent as booleans and
    /// compiles).
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

    /// Whether the form is always sent down-levelled, each multi-select as
    /// one boolean per option, on every revision:
    /// `#[elicit(revision = "2025-06-18", downlevel)]`, which lets a form
    /// pinned to 2025-06-18 have multi-selects. Other forms are
    /// down-levelled only for a client of 2025-06-18 (see
    /// [`FormSchema::render_downlevel`]).
    ///
    /// Such a form is written as [`Elicitable::wire_form`] says by an
    /// [`Elicitor`](crate::protocol::Elicitor) and by
    /// [`Elicitable::request`], and its answers are read from booleans by
    /// [`Elicitation`](crate::Elicitation)'s readers;
    /// [`Elicitable::from_content`] still reads the form's own content, an
    /// array for each multi-select.
    ///
    /// ```
    /// use elicit_runtime::{Elicitable, Elicitation};
    /// use elicit_runtime::protocol::Revision;
    ///
    /// #[derive(Debug, PartialEq, Elicitable)]
    /// #[elicit(rename_all = "lowercase")]
    /// enum Day {
    ///     Saturday,
    ///     Sunday,
    /// }
    ///
    /// #[derive(Debug, Elicitable)]
    /// #[elicit(revision = "2025-06-18", downlevel)]
    /// struct Weekend {
    ///     #[elicit(min_items = 1)]
    ///     days: Vec<Day>,
    /// }
    ///
    /// assert!(Weekend::DOWNLEVEL);
    /// let sent = Weekend::wire_form(Revision::V2025_11_25).to_json();
    /// assert_eq!(sent["properties"]["days_sunday"]["type"], "boolean");
    ///
    /// let answer = serde_json::json!({
    ///     "action": "accept",
    ///     "content": { "days_saturday": false, "days_sunday": true }
    /// });
    /// let weekend = Elicitation::<Weekend>::from_json(&answer).unwrap().accepted().unwrap();
    /// assert_eq!(weekend.days, [Day::Sunday]);
    /// ```
    const DOWNLEVEL: bool = false;

    /// Validates accepted content against [`Self::SCHEMA`] and reads it, in
    /// one pass, reporting every failing field at once.
    fn from_content(content: &Map<String, Value>) -> Result<Self, ValidationErrors>;

    /// [`Elicitable::from_content`], then wipes the value of every secret
    /// field (`#[elicit(secret)]`) from `content`, whether the form was read
    /// or not: its text is zeroed and the property removed, so the content
    /// left holds no secret, and can be shown again (a form prefilled after
    /// an error) without one. The secrets read live only in the form's
    /// [`Secret`](crate::Secret)s, which zero them when dropped. What lies
    /// beyond reach (the request body, the parser's buffers, a clone of the
    /// content) is listed on [`Secret`](crate::Secret).
    ///
    /// ```
    /// use elicit_runtime::{Elicitable, Secret};
    ///
    /// #[derive(Debug, Elicitable)]
    /// struct ApiAccess {
    ///     account: String,
    ///     #[elicit(secret, min_length = 20)]
    ///     api_key: Secret,
    /// }
    ///
    /// let answer = serde_json::json!({ "account": "ada", "api_key": "too-short" });
    /// let mut content = answer.as_object().unwrap().clone();
    /// let errors = ApiAccess::from_content_wiping(&mut content).unwrap_err();
    /// // The error names the field and the rule, never the value.
    /// assert!(!errors.to_string().contains("too-short"));
    /// assert_eq!(content, *serde_json::json!({ "account": "ada" }).as_object().unwrap());
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Elicitable::from_content`], with [`Received::Hidden`] in place
    /// of a secret's value.
    ///
    /// [`Received::Hidden`]: crate::rules::Received::Hidden
    fn from_content_wiping(content: &mut Map<String, Value>) -> Result<Self, ValidationErrors> {
        let read = Self::from_content(content);
        crate::secret::wipe(&Self::SCHEMA, content);
        read
    }

    /// Reads the form from a tool's `arguments`, for a client that cannot
    /// show it: the model asked the user and passed the answers as
    /// arguments ([`fallback`](crate::fallback)). The same checks as an
    /// elicitation's content, within [`Limits::DEFAULT`]: the form's fields
    /// are checked against the limits, then validated and read by
    /// [`Elicitable::from_content`], every failing field reported at once.
    ///
    /// The tool's other arguments are not the form's: they are ignored,
    /// also by a form with `#[elicit(deny_unknown_fields)]`, which would
    /// otherwise refuse every tool that takes an argument of its own. (In
    /// content, an unknown property is the client sending what the form
    /// did not ask for; in arguments, it is the tool's input schema at
    /// work.)
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    ///
    /// #[derive(Debug, PartialEq, Elicitable)]
    /// #[elicit(deny_unknown_fields)]
    /// struct Party {
    ///     #[elicit(minimum = 1, maximum = 12)]
    ///     size: u8,
    ///     terrace: Option<bool>,
    /// }
    ///
    /// // `restaurant` is the tool's own argument, not the form's.
    /// let arguments = serde_json::json!({ "restaurant": "chez-ada", "size": 4 });
    /// let party = Party::from_arguments(arguments.as_object().unwrap()).unwrap();
    /// assert_eq!(party, Party { size: 4, terrace: None });
    ///
    /// let arguments = serde_json::json!({ "size": 0, "terrace": "yes" });
    /// let error = Party::from_arguments(arguments.as_object().unwrap()).unwrap_err();
    /// assert_eq!(error.validation_errors().unwrap().len(), 2);
    /// ```
    ///
    /// # Errors
    ///
    /// [`ArgumentsError::TooLarge`] when the form's fields break the
    /// limits; [`ArgumentsError::Invalid`] with every failing field.
    fn from_arguments(arguments: &Map<String, Value>) -> Result<Self, ArgumentsError>
    where
        Self: FormMode,
    {
        Self::from_arguments_with(arguments, &Limits::DEFAULT)
    }

    /// [`Elicitable::from_arguments`] within `limits`.
    ///
    /// ```
    /// use elicit_runtime::fallback::ArgumentsError;
    /// use elicit_runtime::limits::LimitError;
    /// use elicit_runtime::{Elicitable, Limits};
    ///
    /// #[derive(Debug, Elicitable)]
    /// struct Note {
    ///     text: String,
    /// }
    ///
    /// let arguments = serde_json::json!({ "text": "x".repeat(100) });
    /// let small = Limits::DEFAULT.max_string_bytes(64);
    /// assert!(matches!(
    ///     Note::from_arguments_with(arguments.as_object().unwrap(), &small),
    ///     Err(ArgumentsError::TooLarge(LimitError::StringBytes { limit: 64, actual: 100 }))
    /// ));
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Elicitable::from_arguments`].
    fn from_arguments_with(
        arguments: &Map<String, Value>,
        limits: &Limits,
    ) -> Result<Self, ArgumentsError>
    where
        Self: FormMode,
    {
        arguments::read::<Self>(arguments, limits)
    }

    /// Whether a tool's `arguments` carry an answer to this form: `true`
    /// when any of its fields is among them. A tool reads the form from
    /// its arguments when they do ([`Elicitable::from_arguments`]), and
    /// asks for it when they do not.
    ///
    /// A form whose every field is optional is read from the arguments only
    /// once at least one of its fields is given.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    ///
    /// #[derive(Elicitable)]
    /// struct Party {
    ///     size: u8,
    ///     terrace: Option<bool>,
    /// }
    ///
    /// let own_only = serde_json::json!({ "restaurant": "chez-ada" });
    /// assert!(!Party::arguments_present(own_only.as_object().unwrap()));
    /// let answered = serde_json::json!({ "restaurant": "chez-ada", "terrace": true });
    /// assert!(Party::arguments_present(answered.as_object().unwrap()));
    /// ```
    fn arguments_present(arguments: &Map<String, Value>) -> bool {
        arguments::present(&Self::SCHEMA, arguments)
    }

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
        Self: FormMode + 'static,
    {
        cache::schema_json::<Self>(revision)
    }

    /// The form as it is sent to a client of `revision`: each multi-select
    /// as one boolean per option where the revision has no multi-select
    /// (2025-06-18), or on every revision for a form with
    /// [`Elicitable::DOWNLEVEL`]; otherwise the form as declared. See
    /// [`FormSchema::render_downlevel`] for what is written, and
    /// [`Downlevel::read`] to read the answer.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::protocol::Revision;
    ///
    /// #[derive(Elicitable)]
    /// enum Colour {
    ///     Red,
    ///     Blue,
    /// }
    ///
    /// #[derive(Elicitable)]
    /// struct Paint {
    ///     colours: Vec<Colour>,
    /// }
    ///
    /// let old = Paint::wire_form(Revision::V2025_06_18);
    /// assert_eq!(old.group("colours").unwrap().names().collect::<Vec<_>>(), ["colours_Red", "colours_Blue"]);
    /// assert!(!Paint::wire_form(Revision::V2025_11_25).is_downlevelled());
    /// ```
    fn wire_form(revision: Revision) -> Downlevel<'static> {
        let schema = Self::SCHEMA;
        schema.downlevel(revision, Self::DOWNLEVEL).into_owned()
    }

    /// What happens to this form on each revision it may be sent in:
    /// multi-selects sent as booleans (with their names), defaults a
    /// revision cannot carry, titles sent as the legacy `enumNames`, long
    /// option lists and long forms. See [`Portability`] for an example.
    ///
    /// Use it in a test to keep a form portable:
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    ///
    /// #[derive(Elicitable)]
    /// struct Contact {
    ///     name: String,
    ///     #[elicit(default = true)]
    ///     newsletter: bool,
    /// }
    ///
    /// assert!(Contact::portability().is_unchanged(), "{}", Contact::portability());
    /// ```
    fn portability() -> Portability {
        Portability::new(&Self::SCHEMA, Self::DOWNLEVEL)
    }

    /// The `elicitation/create` params for this form with `message`: the
    /// form as declared, or down-levelled for a form with
    /// [`Elicitable::DOWNLEVEL`].
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
    fn request(message: impl Into<String>) -> FormRequest
    where
        Self: FormMode,
    {
        if Self::DOWNLEVEL {
            let (schema, _) = Self::wire_form(Revision::LATEST).into_parts();
            FormRequest::new(message, schema)
        } else {
            FormRequest::new(message, Self::SCHEMA)
        }
    }

    /// The `elicitation/create` params with [`Self::MESSAGE`].
    fn default_request() -> FormRequest
    where
        Self: FormMode,
    {
        Self::request(Self::MESSAGE)
    }
}
