//! Reading the client's result to a request built for a form: the answer
//! to the form as it was sent.

use super::Elicitation;
use crate::answer::{read_content, read_groups};
use crate::error::ElicitError;
use crate::form::Elicitable;
use crate::limits::Limits;
use crate::protocol::{CheckedRequest, ElicitResult};

impl CheckedRequest {
    /// Reads the client's result to this request into `T`, the form the
    /// request was built for by [`Elicitor::form`](crate::protocol::Elicitor::form): content sent as
    /// booleans is turned back into the multi-selects, then validated and
    /// read as by [`Elicitation::from_result`], every failing field at
    /// once, named as the client saw it (see
    /// [`Downlevel::read`](crate::wire::Downlevel::read)). Content is
    /// first checked against [`Limits::DEFAULT`].
    ///
    /// # Errors
    ///
    /// [`ElicitError::InvalidContent`] when accepted content breaks the
    /// form; [`ElicitError::MalformedResult`] when it breaks the limits.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::protocol::{ElicitResult, ElicitationCapability, Elicitor, Revision};
    /// use elicit_runtime::{Elicitable, Elicitation};
    ///
    /// #[derive(Debug, PartialEq, Elicitable)]
    /// enum Day {
    ///     Saturday,
    ///     Sunday,
    /// }
    ///
    /// #[derive(Debug, PartialEq, Elicitable)]
    /// struct Visit {
    ///     #[elicit(min_items = 1)]
    ///     days: Vec<Day>,
    /// }
    ///
    /// let elicitor = Elicitor::new(Revision::V2025_06_18, ElicitationCapability::legacy());
    /// let request = elicitor.form::<Visit>("When?").unwrap();
    /// assert!(request.is_downlevelled());
    ///
    /// let none = serde_json::json!({ "days_Saturday": false, "days_Sunday": false });
    /// let error = request
    ///     .read::<Visit>(&ElicitResult::accept(none.as_object().unwrap().clone()))
    ///     .unwrap_err();
    /// assert_eq!(
    ///     error.validation_errors().unwrap().to_string(),
    ///     "`days_Saturday` and `days_Sunday` have 0 ticked, and at least 1 must be: tick 1 more"
    /// );
    /// assert_eq!(request.read::<Visit>(&ElicitResult::decline()).unwrap(), Elicitation::Decline);
    /// ```
    pub fn read<T: Elicitable>(
        &self,
        result: &ElicitResult,
    ) -> Result<Elicitation<T>, ElicitError> {
        self.read_with(result, &Limits::DEFAULT)
    }

    /// [`CheckedRequest::read`] within `limits`.
    ///
    /// # Errors
    ///
    /// As [`CheckedRequest::read`].
    pub fn read_with<T: Elicitable>(
        &self,
        result: &ElicitResult,
        limits: &Limits,
    ) -> Result<Elicitation<T>, ElicitError> {
        let content = result.content.as_ref();
        Elicitation::read_parts(result.action, content, limits, |content| {
            if self.groups().is_empty() {
                read_content::<T>(content)
            } else {
                read_groups::<T>(self.groups(), content)
            }
        })
    }
}
