//! Unit enums as choices, and `Vec`/`BTreeSet`/`HashSet` of them as
//! multi-select fields (from revision 2025-11-25).

use std::collections::{BTreeSet, HashSet};
use std::hash::Hash;

use serde_json::Value;

use super::{ElicitField, read_checked};
use crate::builders::{FieldSpec, KindSpec};
use crate::rules::{self, Checked, Violation};
use crate::schema::PropertySchema;

/// A unit enum whose variants are the options of a choice.
///
/// `#[derive(Elicitable)]` on a unit enum implements it, with
/// [`ElicitField`] for a single choice; a `Vec`, `BTreeSet` or `HashSet`
/// of the enum is then a multi-select field.
///
/// ```
/// use elicit_runtime::{ElicitChoice, Elicitable};
///
/// #[derive(Debug, PartialEq, Elicitable)]
/// #[elicit(rename_all = "lowercase")]
/// enum Topping {
///     Cheese,
///     Olives,
/// }
///
/// assert_eq!(Topping::from_value("olives"), Some(Topping::Olives));
/// assert_eq!(Topping::Cheese.value(), "cheese");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a choice among fixed values, so it cannot be the item of a multi-select",
    label = "a multi-select needs a unit enum that derives `Elicitable`",
    note = "a multi-select field is a `Vec`, `BTreeSet` or `HashSet` of a unit enum that derives `Elicitable` (from revision 2025-11-25); a list of free values cannot be expressed in a `requestedSchema`, so use separate fields instead"
)]
pub trait ElicitChoice: ElicitField {
    /// The variant whose wire value is `value`.
    fn from_value(value: &str) -> Option<Self>;

    /// The wire value of this variant.
    fn value(&self) -> &'static str;
}

impl FieldSpec {
    /// The multi-select spec of a choice's spec: the same options, title
    /// and description, as `type: array`.
    pub const fn multi_select_of(choice: FieldSpec) -> FieldSpec {
        let KindSpec::Enum { options, .. } = choice.kind else {
            panic!("a multi-select needs a unit enum that derives `Elicitable`")
        };
        FieldSpec {
            kind: FieldSpec::multi_select(options).kind,
            ..choice
        }
    }
}

/// Reads the chosen values of a multi-select, in the order they were sent:
/// entries of the right shape are matched by the enum itself; anything else
/// is checked against `schema`, which names what is wrong.
#[inline]
fn read_all<E: ElicitChoice>(
    value: &Value,
    schema: &PropertySchema,
) -> Result<Vec<E>, Vec<Violation>> {
    let matched = rules::choice_list(schema, value).and_then(|entries| {
        entries
            .iter()
            .map(|entry| entry.as_str().and_then(E::from_value))
            .collect::<Option<Vec<E>>>()
    });
    match matched {
        Some(chosen) => Ok(chosen),
        None => read_all_checked(value, schema),
    }
}

/// Reads a multi-select through the full check of `schema`.
#[cold]
#[inline(never)]
fn read_all_checked<E: ElicitChoice>(
    value: &Value,
    schema: &PropertySchema,
) -> Result<Vec<E>, Vec<Violation>> {
    read_checked(value, schema, |checked| match checked {
        Checked::Choices(_) => {
            // Every entry passed the schema, so each is a string naming an
            // option; the enum maps it to its variant.
            let entries = value.as_array()?;
            let mut chosen = Vec::with_capacity(entries.len());
            for entry in entries {
                let variant = entry.as_str().and_then(E::from_value)?;
                chosen.push(variant);
            }
            Some(Ok(chosen))
        }
        _ => None,
    })
}

impl<E: ElicitChoice> ElicitField for Vec<E> {
    const SPEC: FieldSpec = FieldSpec::multi_select_of(E::SPEC);

    fn read(value: &Value, schema: &PropertySchema) -> Result<Vec<E>, Vec<Violation>> {
        read_all(value, schema)
    }
}

impl<E: ElicitChoice + Ord> ElicitField for BTreeSet<E> {
    const SPEC: FieldSpec = FieldSpec::multi_select_of(E::SPEC);

    fn read(value: &Value, schema: &PropertySchema) -> Result<BTreeSet<E>, Vec<Violation>> {
        read_all(value, schema).map(|v: Vec<E>| v.into_iter().collect())
    }
}

impl<E: ElicitChoice + Eq + Hash> ElicitField for HashSet<E> {
    const SPEC: FieldSpec = FieldSpec::multi_select_of(E::SPEC);

    fn read(value: &Value, schema: &PropertySchema) -> Result<HashSet<E>, Vec<Violation>> {
        read_all(value, schema).map(|v: Vec<E>| v.into_iter().collect())
    }
}
