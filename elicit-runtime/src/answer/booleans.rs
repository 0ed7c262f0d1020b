//! The answer to a form whose multi-selects were sent as booleans: the
//! booleans turned back into each multi-select's value, and the errors of
//! the form told in terms of the booleans the user saw.

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::rules::{FieldError, Received, ValidationErrors, Violation};
use crate::schema::{BooleanRules, FormSchema, Kind};
use crate::wire::BooleanGroup;

/// Content with each group of booleans turned back into its multi-select,
/// and the errors of the booleans themselves.
pub(crate) struct Restored {
    /// The content the form itself reads.
    pub(crate) content: Map<String, Value>,
    /// Booleans that are not booleans; a multi-select's own name in a form
    /// that denies unknown fields.
    pub(crate) errors: ValidationErrors,
    /// The groups, by index, that had a boolean of the wrong type: their
    /// count is unknown, so it is not checked.
    broken: Vec<bool>,
}

/// What a name of the content is to a down-levelled form.
#[derive(Clone, Copy)]
enum Slot {
    /// The boolean of option `option` of group `group`.
    Boolean { group: usize, option: usize },
    /// The multi-select's own name, which the written form does not have.
    Own,
}

/// Turns the booleans of each group back into its multi-select's array,
/// the ticked options in the options' order.
///
/// A boolean left out reads as its default (unticked without one). When
/// none of a group's booleans is sent, an optional multi-select is left
/// out, so it reads as its own default, which is what the booleans'
/// defaults say; a required one reads as the booleans' defaults, since the
/// booleans are not required. A multi-select's own name in the content is
/// not a property of the form that was sent: it is dropped, and refused
/// when `deny_unknown`. A boolean that is not `true` or `false` is a type
/// error at its name.
pub(crate) fn restore(
    groups: &[BooleanGroup],
    content: &Map<String, Value>,
    deny_unknown: bool,
) -> Restored {
    let mut slots: HashMap<&str, Slot> = HashMap::new();
    for (g, group) in groups.iter().enumerate() {
        slots.insert(group.field(), Slot::Own);
        for (i, name) in group.names().enumerate() {
            slots.insert(
                name,
                Slot::Boolean {
                    group: g,
                    option: i,
                },
            );
        }
    }
    let mut ticked: Vec<Vec<Option<bool>>> = groups
        .iter()
        .map(|g| vec![None; g.booleans().len()])
        .collect();
    let mut sent = vec![false; groups.len()];
    let mut broken = vec![false; groups.len()];
    let mut restored = Map::with_capacity(content.len());
    let mut errors = ValidationErrors::new();
    for (name, value) in content {
        match slots.get(name.as_str()) {
            Some(&Slot::Boolean { group, option }) => {
                sent[group] = true;
                match value {
                    Value::Bool(b) => ticked[group][option] = Some(*b),
                    other => {
                        broken[group] = true;
                        let expected = Kind::Boolean(BooleanRules::default()).describe();
                        errors.push(FieldError::new(
                            name.as_str(),
                            Violation::Type { expected },
                            Received::of(other),
                        ));
                    }
                }
            }
            Some(Slot::Own) => {
                if deny_unknown {
                    errors.push(FieldError::new(
                        name.as_str(),
                        Violation::Unknown,
                        Received::of(value),
                    ));
                }
            }
            None => {
                restored.insert(name.clone(), value.clone());
            }
        }
    }
    for (g, group) in groups.iter().enumerate() {
        if !sent[g] && !group.required() {
            continue;
        }
        let chosen = group
            .booleans()
            .iter()
            .zip(&ticked[g])
            .filter(|(boolean, ticked)| ticked.unwrap_or(boolean.default))
            .map(|(boolean, _)| Value::String(boolean.value.to_string()))
            .collect();
        restored.insert(group.field().to_owned(), Value::Array(chosen));
    }
    Restored {
        content: restored,
        errors,
        broken,
    }
}

/// The errors of reading restored content, told in terms of what the user
/// saw, merged with the errors of the booleans: in the order of the form
/// (`schema`, the form the groups came from), the booleans of a group at
/// its place, unknown names last in the order of `content`.
///
/// An item count broken by a multi-select becomes a
/// [`Violation::TooFewTicked`] or [`Violation::TooManyTicked`] at the
/// group's first boolean, naming them all; it is left out when a boolean of
/// the group had the wrong type, as the count is then unknown.
pub(crate) fn merge(
    groups: &[BooleanGroup],
    schema: &FormSchema,
    content: &Map<String, Value>,
    restored: Restored,
    read: Option<ValidationErrors>,
) -> ValidationErrors {
    let Restored { errors, broken, .. } = restored;
    let mut order: HashMap<&str, usize> = HashMap::new();
    for (i, property) in schema.properties.iter().enumerate() {
        order.insert(property.name.as_ref(), i);
    }
    let group_of = |field: &str| groups.iter().position(|g| g.field() == field);
    let mut all: Vec<FieldError> = errors.into_iter().collect();
    for error in read.into_iter().flatten() {
        match group_of(error.field()) {
            Some(g) if error.violation() != &Violation::Unknown => {
                if let Some(told) = told_as_booleans(&groups[g], &error)
                    && !broken[g]
                {
                    all.push(told);
                }
            }
            _ => all.push(error),
        }
    }
    // Where each error goes: a property of the form at its place, a
    // boolean at its group's place after the options before it, unknown
    // names after every property in the order of the content.
    let place = |field: &str| -> Option<(usize, usize)> {
        if let Some(&i) = order.get(field) {
            return Some((i, 0));
        }
        groups.iter().find_map(|group| {
            let option = group.names().position(|name| name == field)?;
            Some((*order.get(group.field())?, option))
        })
    };
    let mut positions: Option<HashMap<&str, usize>> = None;
    let mut key = |error: &FieldError| -> (usize, usize) {
        if error.violation() != &Violation::Unknown {
            return place(error.field()).unwrap_or((usize::MAX - 1, 0));
        }
        let positions = positions.get_or_insert_with(|| {
            content
                .keys()
                .enumerate()
                .map(|(i, name)| (name.as_str(), i))
                .collect()
        });
        let at = positions.get(error.field()).copied();
        (usize::MAX, at.unwrap_or(usize::MAX))
    };
    let mut keyed: Vec<((usize, usize), FieldError)> =
        all.into_iter().map(|e| (key(&e), e)).collect();
    keyed.sort_by_key(|(key, _)| *key);
    let mut merged = ValidationErrors::new();
    for (_, error) in keyed {
        merged.push(error);
    }
    merged
}

/// An error of a multi-select in the terms of its booleans: an item count
/// as ticked booleans at the first of them. Other errors cannot come from
/// restored content, which holds only options, each once.
fn told_as_booleans(group: &BooleanGroup, error: &FieldError) -> Option<FieldError> {
    let booleans: Vec<String> = group.names().map(str::to_owned).collect();
    let violation = match *error.violation() {
        Violation::MinItems { min, actual } => Violation::TooFewTicked {
            min,
            actual,
            booleans,
        },
        Violation::MaxItems { max, actual } => Violation::TooManyTicked {
            max,
            actual,
            booleans,
        },
        _ => return Some(error.clone()),
    };
    let field = group.names().next().unwrap_or(group.field());
    Some(FieldError::new(field, violation, Received::Nothing))
}
