//! Asking again after an invalid answer: the same form, a message that
//! says what was wrong, and the valid answers offered back as defaults.

use core::fmt::Write as _;

use serde_json::{Map, Value};

use super::FormMode;
use crate::excerpt::Escaped;
use crate::protocol::{CheckedRequest, Elicitor, RequestError};
use crate::rules::ValidationErrors;

impl Elicitor {
    /// The form `T` asked again after the user's `content` failed it with
    /// `errors`: the message is `message` followed by every failing field in
    /// the validator's words, and each valid answer comes back as its
    /// field's `default` ([`FormSchema::prefilled`]) so the user fixes only
    /// what was wrong. 2025-06-18 carries only boolean defaults; the others
    /// are dropped there. The form is the one [`Elicitor::form`] writes for
    /// the revision (multi-selects as booleans for 2025-06-18), as the
    /// answer and its errors are.
    ///
    /// [`FormSchema::prefilled`]: crate::schema::FormSchema::prefilled
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::protocol::{ElicitationCapability, Elicitor, Revision};
    /// use serde_json::json;
    ///
    /// #[derive(Debug, Elicitable)]
    /// struct Booking {
    ///     name: String,
    ///     #[elicit(minimum = 1, maximum = 12)]
    ///     party_size: u8,
    /// }
    ///
    /// let elicitor = Elicitor::new(Revision::V2025_11_25, ElicitationCapability::form_only());
    /// let content = json!({ "name": "Ada", "party_size": 20 });
    /// let content = content.as_object().unwrap();
    /// let errors = Booking::from_content(content).unwrap_err();
    ///
    /// let again = elicitor.form_again::<Booking>("Book a table", content, &errors).unwrap();
    /// let params = again.to_json();
    /// assert_eq!(
    ///     params["message"],
    ///     "Book a table.\n\nPlease correct this answer:\n- `party_size` must be at most 12 (received 20)."
    /// );
    /// // A host that collapses line breaks still shows sentences, each error its own.
    /// let collapsed: Vec<&str> = params["message"].as_str().unwrap().split_whitespace().collect();
    /// assert_eq!(
    ///     collapsed.join(" "),
    ///     "Book a table. Please correct this answer: - `party_size` must be at most 12 (received 20)."
    /// );
    /// assert_eq!(params["requestedSchema"]["properties"]["name"]["default"], "Ada");
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Elicitor::form`].
    pub fn form_again<T: FormMode>(
        &self,
        message: &str,
        content: &Map<String, Value>,
        errors: &ValidationErrors,
    ) -> Result<CheckedRequest, RequestError> {
        // The answer came for the form as it was sent: on 2025-06-18 its
        // multi-selects were booleans, and the errors name those.
        self.wire_form::<T>(again_message(message, errors), |schema| {
            schema.prefilled(content, errors)
        })
    }
}

impl Elicitor {
    /// The form `T` asked with the values `arguments` gives its fields (a
    /// tool's arguments: what a model or a host's tool form filled in) as
    /// their defaults, for the user to check, complete and send: the
    /// arguments prefill the form, they do not answer it.
    ///
    /// A value that breaks its field is not offered back, and the message
    /// says what was wrong with it, as [`Elicitor::form_again`] does; a
    /// field the arguments leave out is simply asked, with no word of it.
    /// Arguments that are not fields of the form are ignored, as is a
    /// secret field's.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::protocol::{ElicitationCapability, Elicitor, Revision};
    /// use serde_json::json;
    ///
    /// #[derive(Debug, Elicitable)]
    /// struct Booking {
    ///     #[elicit(format = "date")]
    ///     date: String,
    ///     #[elicit(minimum = 1, maximum = 12)]
    ///     party_size: u8,
    ///     #[elicit(default = false)]
    ///     newsletter: bool,
    /// }
    ///
    /// let elicitor = Elicitor::new(Revision::V2025_11_25, ElicitationCapability::form_only());
    ///
    /// // A host's tool form sent the defaults, a model a party of 40.
    /// let arguments = json!({ "newsletter": true, "party_size": 40, "restaurant": "Chez Ada" });
    /// let asked = elicitor.form_prefilled::<Booking>("Book a table", arguments.as_object().unwrap()).unwrap();
    /// let params = asked.to_json();
    /// assert_eq!(params["requestedSchema"]["properties"]["newsletter"]["default"], true);
    /// assert!(params["requestedSchema"]["properties"]["party_size"].get("default").is_none());
    /// assert_eq!(
    ///     params["message"],
    ///     "Book a table.\n\nPlease correct this answer:\n- `party_size` must be at most 12 (received 40)."
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Elicitor::form`].
    pub fn form_prefilled<T: FormMode>(
        &self,
        message: &str,
        arguments: &Map<String, Value>,
    ) -> Result<CheckedRequest, RequestError> {
        let errors = T::from_content(arguments).err().unwrap_or_default();
        let mut given = ValidationErrors::new();
        for error in errors
            .iter()
            .filter(|error| arguments.contains_key(error.field()))
        {
            given.push(error.clone());
        }
        let message = match given.is_empty() {
            true => message.to_owned(),
            false => again_message(message, &given),
        };
        self.wire_form::<T>(message, |schema| schema.prefilled(arguments, &errors))
    }
}

/// `message`, then a line per failing field, as the user reads it again.
///
/// Written to read the same where a host shows it as Markdown (a list) and
/// where it collapses line breaks into spaces (one paragraph): the message
/// ends as a sentence, and each failing field is a sentence of its own,
/// after a dash: "Book a table. Please correct these 2 answers: -
/// `party_size` must be at most 12 (received 20). - `email` ...".
///
/// The field errors come from the client's own content, so their text is
/// escaped: a value cannot add lines of its own or reorder the message.
pub(crate) fn again_message(message: &str, errors: &ValidationErrors) -> String {
    let mut text = String::with_capacity(message.len() + 64 * errors.len());
    text.push_str(message.trim_end());
    if !text.ends_with(['.', '?', '!', ':', '\u{2026}']) && !text.is_empty() {
        text.push('.');
    }
    match errors.len() {
        1 => text.push_str("\n\nPlease correct this answer:"),
        n => {
            let _ = write!(text, "\n\nPlease correct these {n} answers:");
        }
    }
    for error in errors {
        let _ = write!(text, "\n- {}.", Escaped(&error.to_string()));
    }
    text
}
