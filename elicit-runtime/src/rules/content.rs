//! The checks of a whole content object against a form schema.

use std::collections::HashSet;

use serde_json::{Map, Value};

use super::{FieldError, Received, ValidationErrors, Violation, value};
use crate::schema::{FormSchema, Property};

/// Checks one property of `content`: absent and required, or present and
/// broken. Returns the checked value when it passed.
pub(crate) fn property<'v>(
    property: &Property,
    content: &'v Map<String, Value>,
    errors: &mut ValidationErrors,
) -> Option<(&'v Value, super::Checked<'v>)> {
    let Some(found) = content.get(property.name.as_ref()) else {
        if property.required {
            errors.push(FieldError::new(
                property.name.as_ref(),
                Violation::Missing,
                Received::Nothing,
            ));
        }
        return None;
    };
    match value(&property.schema, found) {
        Ok(checked) => Some((found, checked)),
        Err(broken) => {
            report(errors, property, found, broken);
            None
        }
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
    for prop in schema.properties.iter() {
        property(prop, content, &mut errors);
    }
    if deny_unknown {
        unknown_fields(schema, content, &mut errors);
    }
    errors.into_result()
}
