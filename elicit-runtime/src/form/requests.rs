//! Requests for derived forms: the protocol's builders asked for a form
//! type, written as the negotiated revision writes it.

use super::FormMode;
use crate::protocol::{CheckedRequest, Elicitor, FormRequest, InputRequiredBuilder, RequestError};
use crate::schema::FormSchema;

impl Elicitor {
    /// A form-mode request for `T` with `message`, the form written as
    /// [`Elicitable::wire_form`](super::Elicitable::wire_form) says: for 2025-06-18 (and on every revision
    /// for a form with [`Elicitable::DOWNLEVEL`](super::Elicitable::DOWNLEVEL)), each multi-select as one
    /// boolean per option. Read the answer with [`CheckedRequest::read`].
    ///
    /// # Errors
    ///
    /// [`RequestError::ModeNotDeclared`] when the client did not declare form
    /// mode.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::collections::BTreeSet;
    ///
    /// use elicit_runtime::protocol::{ElicitResult, ElicitationCapability, Elicitor, Revision};
    /// use elicit_runtime::{Elicitable, Elicitation};
    ///
    /// #[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Elicitable)]
    /// #[elicit(rename_all = "kebab-case")]
    /// enum Dietary {
    ///     Vegan,
    ///     GlutenFree,
    /// }
    ///
    /// /// Any dietary needs?
    /// #[derive(Debug, Elicitable)]
    /// struct Needs {
    ///     dietary: BTreeSet<Dietary>,
    /// }
    ///
    /// let elicitor = Elicitor::new(Revision::V2025_06_18, ElicitationCapability::legacy());
    /// let request = elicitor.form_default::<Needs>().unwrap();
    /// let schema = &request.to_json()["requestedSchema"];
    /// assert_eq!(schema["properties"]["dietary_gluten-free"]["type"], "boolean");
    ///
    /// let content = serde_json::json!({ "dietary_vegan": false, "dietary_gluten-free": true });
    /// let result = ElicitResult::accept(content.as_object().unwrap().clone());
    /// let needs = request.read::<Needs>(&result).unwrap().accepted().unwrap();
    /// assert_eq!(needs.dietary, BTreeSet::from([Dietary::GlutenFree]));
    /// ```
    pub fn form<T: FormMode>(
        &self,
        message: impl Into<String>,
    ) -> Result<CheckedRequest, RequestError> {
        self.wire_form::<T>(message.into(), |schema| schema)
    }

    /// A form-mode request for `T` with its own message ([`Elicitable::MESSAGE`](super::Elicitable::MESSAGE)).
    ///
    /// # Errors
    ///
    /// As [`Elicitor::form`].
    pub fn form_default<T: FormMode>(&self) -> Result<CheckedRequest, RequestError> {
        self.form::<T>(T::MESSAGE)
    }

    /// The request for `T` as this revision writes it (multi-selects as
    /// booleans for 2025-06-18), its schema passed through `adjust` first.
    pub(crate) fn wire_form<T: FormMode>(
        &self,
        message: String,
        adjust: impl FnOnce(FormSchema) -> FormSchema,
    ) -> Result<CheckedRequest, RequestError> {
        let (schema, groups) = T::wire_form(self.revision()).into_parts();
        let request = self.check(FormRequest::new(message, adjust(schema)))?;
        Ok(request.with_groups(groups))
    }
}

impl InputRequiredBuilder {
    /// Adds a form-mode request for `T` with `message` under `key`.
    ///
    /// # Errors
    ///
    /// The errors of [`Elicitor::form`], and
    /// [`RequestError::DuplicateKey`] when `key` is taken.
    pub fn form<T: FormMode>(
        self,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> Result<InputRequiredBuilder, RequestError> {
        let request = self.elicitor().form::<T>(message)?;
        self.push(key.into(), request.into_params())
    }

    /// Adds a form-mode request for `T` with [`Elicitable::MESSAGE`](super::Elicitable::MESSAGE) under
    /// `key`.
    ///
    /// # Errors
    ///
    /// As [`InputRequiredBuilder::form`].
    pub fn form_default<T: FormMode>(
        self,
        key: impl Into<String>,
    ) -> Result<InputRequiredBuilder, RequestError> {
        self.form::<T>(key, T::MESSAGE)
    }
}
