//! Reading the answer to a form as it was sent: booleans back into the
//! multi-selects they stand for, then the form's own one-pass read.

use serde_json::{Map, Value};

mod booleans;

use booleans::{merge, restore};

use crate::form::Elicitable;
use crate::protocol::Revision;
use crate::rules::ValidationErrors;
use crate::wire::{BooleanGroup, Downlevel};

impl Downlevel<'_> {
    /// Reads accepted content of this form into `T`, the form it was
    /// rendered from: each group of booleans is turned back into its
    /// multi-select's value (a boolean left out reads as its default), then
    /// `T` validates and reads the content in one pass, reporting every
    /// failing field at once.
    ///
    /// Errors are told in terms of what the user saw: a boolean that is not
    /// `true` or `false` is a type error at its name; a multi-select's
    /// `min_items` or `max_items` broken is an error at its first boolean
    /// ([`Violation::TooFewTicked`], [`Violation::TooManyTicked`]) naming
    /// every boolean of the group. The multi-select's own name is not a
    /// property of the form that was sent: it is ignored, or refused as an
    /// unknown field when `T` denies unknown fields.
    ///
    /// Without booleans (a revision with multi-select) this is
    /// [`Elicitable::from_content`]. Read with the form this was rendered
    /// from: another form finds none of its multi-selects among the
    /// booleans.
    ///
    /// [`Violation::TooFewTicked`]: crate::rules::Violation::TooFewTicked
    /// [`Violation::TooManyTicked`]: crate::rules::Violation::TooManyTicked
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::protocol::Revision;
    /// use elicit_runtime::rules::Rule;
    ///
    /// #[derive(Debug, Elicitable)]
    /// #[elicit(rename_all = "lowercase")]
    /// enum Diet {
    ///     Vegan,
    ///     Halal,
    ///     Kosher,
    /// }
    ///
    /// #[derive(Debug, Elicitable)]
    /// struct Order {
    ///     #[elicit(max_items = 1)]
    ///     diet: Vec<Diet>,
    ///     guests: u8,
    /// }
    ///
    /// let schema = Order::SCHEMA;
    /// let form = schema.render_downlevel(Revision::V2025_06_18);
    /// let answer = serde_json::json!({ "diet_vegan": true, "diet_halal": "yes", "guests": 300 });
    /// let errors = form.read::<Order>(answer.as_object().unwrap()).unwrap_err();
    /// assert_eq!(
    ///     errors.to_string(),
    ///     "`diet_halal` must be `true` or `false` (received \"yes\")\n\
    ///      `guests` must be at most 255 (received 300)"
    /// );
    ///
    /// let answer = serde_json::json!({ "diet_vegan": true, "diet_kosher": true, "guests": 3 });
    /// let errors = form.read::<Order>(answer.as_object().unwrap()).unwrap_err();
    /// assert_eq!(errors.iter().next().unwrap().rule(), Rule::MaxItems);
    /// assert_eq!(
    ///     errors.to_string(),
    ///     "`diet_vegan`, `diet_halal` and `diet_kosher` have 2 ticked, and at most 1 may be: untick 1"
    /// );
    /// ```
    pub fn read<T: Elicitable>(&self, content: &Map<String, Value>) -> Result<T, ValidationErrors> {
        read_groups::<T>(self.groups(), content)
    }
}

/// Reads `content` of a form whose multi-selects `groups` were sent as
/// booleans.
pub(crate) fn read_groups<T: Elicitable>(
    groups: &[BooleanGroup],
    content: &Map<String, Value>,
) -> Result<T, ValidationErrors> {
    if groups.is_empty() {
        return T::from_content(content);
    }
    let restored = restore(groups, content, T::DENY_UNKNOWN_FIELDS);
    let read = T::from_content(&restored.content);
    let errors = match read {
        Ok(value) if restored.errors.is_empty() => return Ok(value),
        Ok(_) => None,
        Err(errors) => Some(errors),
    };
    let schema = T::SCHEMA;
    Err(merge(groups, &schema, content, restored, errors))
}

/// Reads content of `T` as `T` is sent when nothing says otherwise: from
/// booleans for a form with [`Elicitable::DOWNLEVEL`], which is always sent
/// so, else as declared.
pub(crate) fn read_content<T: Elicitable>(
    content: &Map<String, Value>,
) -> Result<T, ValidationErrors> {
    if T::DOWNLEVEL {
        read_groups::<T>(T::wire_form(Revision::LATEST).groups(), content)
    } else {
        T::from_content(content)
    }
}

#[cfg(feature = "request-state")]
/// Reads content of `T` as `T` is sent at `revision`: from booleans where
/// the revision has no multi-select (or the form is always down-levelled),
/// else as declared.
pub(crate) fn read_sent<T: Elicitable>(
    revision: Revision,
    content: &Map<String, Value>,
) -> Result<T, ValidationErrors> {
    if revision.has_extended_schemas() {
        return read_content::<T>(content);
    }
    read_groups::<T>(T::wire_form(revision).groups(), content)
}
