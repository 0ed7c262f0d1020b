//! The read path of a derived form: the content read field by field in the
//! form's order ([`Content`]), each field read with its type's reader and
//! the per-property read of the rules ([`read`], [`read_enum`]), and the
//! unknown properties of a form that denies them ([`deny_unknown`]). The
//! code `#[derive(Elicitable)]` generates calls these, through
//! `__private`.

use serde_json::{Map, Value};

use super::ElicitChoice;
use crate::rules::{self, Checked, ValidationErrors, Violation};
use crate::schema::{FormSchema, Kind, Property, PropertySchema};

/// The content of a form, read field by field in the form's order.
///
/// Clients usually send the properties in the order of the schema, so each
/// field is first looked for in the next entry of the content, with one
/// comparison of names and no hashing; a field found elsewhere, or absent,
/// is looked up by name. Either way each field costs at most one lookup, so
/// reading stays linear in the size of the form and of the content.
pub struct Content<'c> {
    map: &'c Map<String, Value>,
    next: serde_json::map::Iter<'c>,
    found: usize,
}

impl<'c> Content<'c> {
    /// A cursor at the first entry of `map`.
    pub fn new(map: &'c Map<String, Value>) -> Content<'c> {
        Content {
            map,
            next: map.iter(),
            found: 0,
        }
    }

    /// The value of the property `name`, if the content has it.
    #[inline]
    pub fn get(&mut self, name: &str) -> Option<&'c Value> {
        let mut ahead = self.next.clone();
        let found = match ahead.next() {
            Some((key, value)) if key == name => {
                self.next = ahead;
                Some(value)
            }
            _ => self.map.get(name),
        };
        self.found += usize::from(found.is_some());
        found
    }

    /// `true` when every entry of the content was a property asked for
    /// with [`Content::get`] (each name asked for once).
    pub fn all_found(&self) -> bool {
        self.found == self.map.len()
    }
}

/// Reads one field of a form from `content` with the field type's
/// `ElicitField::read` and `ElicitField::absent`, reporting a failure into
/// `errors`. An absent optional field with a `default` reads as the
/// default.
///
/// The two functions are passed in rather than named through a `T:
/// ElicitField` bound, so that a field type that is not `ElicitField` is
/// reported once, at the field's type, and not again at this call.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn read<T>(
    content: &mut Content<'_>,
    property: &Property,
    errors: &mut ValidationErrors,
    read: fn(&Value, &PropertySchema) -> Result<T, Vec<Violation>>,
    absent: fn() -> Option<T>,
) -> Option<T> {
    let found = content.get(property.name.as_ref());
    // An absent optional field with a default reads as the default.
    let default = match found {
        None if !property.required => property.schema.default_value(),
        _ => None,
    };
    rules::read_property(
        property,
        found.or(default.as_ref()),
        errors,
        |found| read(found, &property.schema),
        absent,
    )
}

/// Reports unknown properties when the form denies them, once every field
/// was read from `content`: when each entry was a field, there are none.
pub fn deny_unknown(schema: &FormSchema, content: &Content<'_>, errors: &mut ValidationErrors) {
    if !content.all_found() {
        rules::unknown_fields(schema, content.map, errors);
    }
}

/// Reads an enum field: a string that is one of the enum's values is
/// matched by the enum itself; anything else is checked against `schema`,
/// which names what is wrong.
#[inline]
pub fn read_enum<E: ElicitChoice>(
    value: &Value,
    schema: &PropertySchema,
) -> Result<E, Vec<Violation>> {
    match rules::choice_text(schema, value).and_then(E::from_value) {
        Some(variant) => Ok(variant),
        None => read_enum_checked(value, schema),
    }
}

/// Reads an enum field through the full check of `schema`.
#[cold]
#[inline(never)]
fn read_enum_checked<E: ElicitChoice>(
    value: &Value,
    schema: &PropertySchema,
) -> Result<E, Vec<Violation>> {
    let chosen = read_choice(value, schema)?;
    E::from_value(chosen).ok_or_else(|| not_an_option(schema))
}

/// The value of the chosen option of an enum field, checked against
/// `schema`.
fn read_choice<'v>(value: &'v Value, schema: &PropertySchema) -> Result<&'v str, Vec<Violation>> {
    match rules::value(schema, value)? {
        Checked::Choice(_) => match value {
            Value::String(s) => Ok(s),
            _ => Err(not_an_option(schema)),
        },
        _ => Err(not_an_option(schema)),
    }
}

/// The violation of a value that is none of the enum's options.
fn not_an_option(schema: &PropertySchema) -> Vec<Violation> {
    match &schema.kind {
        Kind::Enum(enum_rules) => {
            vec![rules::choice::not_an_option(&enum_rules.options)]
        }
        other => vec![Violation::Type {
            expected: other.describe(),
        }],
    }
}
