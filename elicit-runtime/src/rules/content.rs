//! The checks of a whole content object against a form schema.

use std::collections::HashSet;

use serde_json::{Map, Value};

use super::{FieldError, Received, ValidationErrors, Violation, value};
use crate::schema::{FormSchema, Property};

/// Reads one property of a form from `found`, the value the content has
/// for it (`None` when absent), reporting a failure into `errors`: the
/// per-property read shared by the readers the derive generates (through
/// [`field::read`](crate::field::read::read)) and by [`content()`].
///
/// An absent property reads as what `absent` gives; when that is nothing,
/// the property is missing. A present one reads with `read`, whose broken
/// rules are each reported with an excerpt of what was found.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn read_property<'v, T>(
    property: &Property,
    found: Option<&'v Value>,
    errors: &mut ValidationErrors,
    read: impl FnOnce(&'v Value) -> Result<T, Vec<Violation>>,
    absent: impl FnOnce() -> Option<T>,
) -> Option<T> {
    match found {
        None => {
            let absent = absent();
            if absent.is_none() {
                errors.push(FieldError::missing(property.name.as_ref()));
            }
            absent
        }
        Some(found) => match read(found) {
            Ok(value) => Some(value),
            Err(broken) => {
                report(errors, property, found, broken);
                None
            }
        },
    }
}

/// Adds one error per broken rule of `property`, with an excerpt of what
/// was found, but never of a secret's value ([`Received::Hidden`]).
pub(crate) fn report(
    errors: &mut ValidationErrors,
    property: &Property,
    found: &Value,
    broken: Vec<Violation>,
) {
    for violation in broken {
        let received = if property.secret {
            Received::Hidden
        } else {
            Received::of(found)
        };
        errors.push(FieldError::new(property.name.as_ref(), violation, received));
    }
}

/// Adds an error for every property of `content` the form does not have.
pub(crate) fn unknown_fields(
    schema: &FormSchema,
    content: &Map<String, Value>,
    errors: &mut ValidationErrors,
) {
    // Many properties against a large form: look names up in a set, so the
    // cost stays linear in the size of the content and of the form.
    let names: Option<HashSet<&str>> = (content.len() > 16 && schema.properties.len() > 16)
        .then(|| schema.properties.iter().map(|p| p.name.as_ref()).collect());
    let known = |name: &str| match &names {
        Some(names) => names.contains(name),
        None => schema.property(name).is_some(),
    };
    for (name, found) in content {
        if !known(name) {
            errors.push(FieldError::new(
                name.as_str(),
                Violation::Unknown,
                Received::of(found),
            ));
        }
    }
}

/// Checks a whole content object against `schema`, reporting every failing
/// field at once. Unknown properties are ignored unless `deny_unknown`.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::rules;
///
/// #[derive(Elicitable)]
/// struct Contact {
///     #[elicit(format = "email")]
///     email: String,
///     age: Option<u8>,
/// }
///
/// let bad = serde_json::json!({ "email": "nobody", "age": -1 });
/// let errors = rules::content(&Contact::SCHEMA, bad.as_object().unwrap(), false).unwrap_err();
/// assert_eq!(errors.len(), 2);
/// ```
pub fn content(
    schema: &FormSchema,
    content: &Map<String, Value>,
    deny_unknown: bool,
) -> Result<(), ValidationErrors> {
    let mut errors = ValidationErrors::new();
    for property in schema.properties.iter() {
        // An absent optional property is left out, with no default read.
        read_property(
            property,
            content.get(property.name.as_ref()),
            &mut errors,
            |found| value(&property.schema, found).map(drop),
            || (!property.required).then_some(()),
        );
    }
    if deny_unknown {
        unknown_fields(schema, content, &mut errors);
    }
    errors.into_result()
}
