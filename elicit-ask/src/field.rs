//! One field, asked with the prompt its kind needs: a text entry for
//! strings and numbers, a list for booleans and single-selects, a
//! checklist for multi-selects.

use inquire::validator::Validation;
use inquire::{MultiSelect, Select, Text};
use serde_json::Value;

use crate::{DECLINE_COMMAND, Entry, Step, TerminalError, answered};
use elicit_runtime::__integration::Escaped;
use elicit_runtime::client::{check_value, describe, read_text};
use elicit_runtime::rules::ValidationErrors;
use elicit_runtime::schema::{EnumOption, Kind, Property};

/// What choosing an entry of a field's list means.
#[derive(Debug, Clone, PartialEq)]
enum Choice {
    /// This value.
    Value(Value),
    /// Leave the field out.
    Omit,
    /// Decline the whole request.
    Decline,
}

/// Asks for `field`, showing `current` (the value it has, when editing) as
/// the starting point. `Done(None)` leaves the field out.
pub(super) fn ask(
    field: &Property,
    current: Option<&Value>,
) -> Result<Step<Option<Value>>, TerminalError> {
    if let Some(description) = &field.schema.description {
        eprintln!("  {}", Escaped(description));
    }
    let title = title(field);
    match &field.schema.kind {
        Kind::String(_) | Kind::Number(_) => text(field, &title, current),
        Kind::Boolean(_) => {
            let options = [(Value::Bool(true), "Yes"), (Value::Bool(false), "No")];
            let entries = options
                .into_iter()
                .map(|(value, label)| entry(label.to_owned(), Choice::Value(value)))
                .collect();
            list(field, &title, entries, current)
        }
        Kind::Enum(rules) => {
            let entries = option_entries(&rules.options);
            list(field, &title, entries, current)
        }
        Kind::MultiSelect(rules) => checklist(field, &title, &rules.options, current),
        // A kind added later: typed in, and checked like any other entry
        _ => text(field, &title, current),
    }
}

/// `Label (required)`, the label escaped.
fn title(field: &Property) -> String {
    let label = Escaped(describe::label(field));
    if field.required {
        format!("{label} (required)")
    } else {
        format!("{label} (optional)")
    }
}

/// The help line: the constraints, the default, and the ways out.
fn help(field: &Property, ways_out: &str) -> String {
    let mut parts = describe::constraints(&field.schema);
    if let Some(default) = field.schema.default_value() {
        parts.push(format!(
            "default: {}",
            describe::value(&field.schema, &default)
        ));
    }
    parts.push(ways_out.to_owned());
    parts.join(" · ")
}

fn entry(label: String, what: Choice) -> Entry<Choice> {
    Entry { label, what }
}

fn option_entries(options: &[EnumOption]) -> Vec<Entry<Choice>> {
    options
        .iter()
        .map(|o| {
            entry(
                Escaped(o.label()).to_string(),
                Choice::Value(Value::from(o.value.as_ref())),
            )
        })
        .collect()
}

/// The validator's verdict on a field's errors, on one line.
fn invalid(errors: &ValidationErrors) -> Validation {
    let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
    Validation::Invalid(lines.join("; ").into())
}

/// The text typed, with the escape of the decline command undone.
fn unescape(input: &str) -> &str {
    match input.strip_prefix('/') {
        Some(rest) if rest == DECLINE_COMMAND => rest,
        _ => input,
    }
}

/// A value as the text a person would type for it.
fn as_text(value: &Value) -> String {
    match value {
        Value::String(s) if s == DECLINE_COMMAND => format!("/{s}"),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A text entry, checked on every Enter by [`read_text`].
fn text(
    field: &Property,
    title: &str,
    current: Option<&Value>,
) -> Result<Step<Option<Value>>, TerminalError> {
    let help = help(field, "Esc cancels · /decline declines");
    let initial = current.map(as_text);
    let default = field.schema.default_value().map(|v| as_text(&v));
    loop {
        let property = field.clone();
        let mut prompt =
            Text::new(title)
                .with_help_message(&help)
                .with_validator(move |input: &str| {
                    if input == DECLINE_COMMAND {
                        return Ok(Validation::Valid);
                    }
                    Ok(match read_text(&property, unescape(input)) {
                        Ok(_) => Validation::Valid,
                        Err(errors) => invalid(&errors),
                    })
                });
        if let Some(initial) = &initial {
            prompt = prompt.with_initial_value(initial);
        }
        if let Some(default) = &default {
            prompt = prompt.with_default(default);
        }
        let input = match answered(prompt.prompt())? {
            Some(input) if input == DECLINE_COMMAND => return Ok(Step::Decline),
            Some(input) => input,
            None => return Ok(Step::Cancel),
        };
        // The prompt's validator passed this input; should the check
        // disagree, say so and ask again rather than lose the entry.
        match read_text(field, unescape(&input)) {
            Ok(value) => return Ok(Step::Done(value)),
            Err(errors) => eprintln!("{errors}"),
        }
    }
}

/// A list of values, with an entry to leave an optional field out (when it
/// has no default) and one to decline.
fn list(
    field: &Property,
    title: &str,
    mut entries: Vec<Entry<Choice>>,
    current: Option<&Value>,
) -> Result<Step<Option<Value>>, TerminalError> {
    let default = field.schema.default_value();
    if !field.required && default.is_none() {
        entries.push(entry("(leave empty)".to_owned(), Choice::Omit));
    }
    entries.push(entry("Decline the request".to_owned(), Choice::Decline));
    let wanted = current.cloned().or(default);
    let start = entries
        .iter()
        .position(|e| matches!((&e.what, &wanted), (Choice::Value(v), Some(w)) if v == w))
        .unwrap_or(0);
    let help = help(field, "↑↓ move · Enter chooses · Esc cancels");
    let prompt = Select::new(title, entries)
        .with_help_message(&help)
        .with_starting_cursor(start);
    Ok(match answered(prompt.prompt())? {
        Some(chosen) => match chosen.what {
            Choice::Value(value) => Step::Done(Some(value)),
            Choice::Omit => Step::Done(None),
            Choice::Decline => Step::Decline,
        },
        None => Step::Cancel,
    })
}

/// A checklist of the options, and a last entry that declines; the chosen
/// options are checked by the validator before the list closes.
fn checklist(
    field: &Property,
    title: &str,
    options: &[EnumOption],
    current: Option<&Value>,
) -> Result<Step<Option<Value>>, TerminalError> {
    let mut entries = option_entries(options);
    entries.push(entry("Decline the request".to_owned(), Choice::Decline));
    let wanted = current.cloned().or_else(|| field.schema.default_value());
    let checked: Vec<usize> = match &wanted {
        Some(Value::Array(values)) => entries
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(&e.what, Choice::Value(v) if values.contains(v)))
            .map(|(i, _)| i)
            .collect(),
        _ => Vec::new(),
    };
    let help = help(field, "Space checks · Enter confirms · Esc cancels");
    let property = field.clone();
    let prompt = MultiSelect::new(title, entries)
        .with_help_message(&help)
        .with_default(&checked)
        .with_validator(
            move |chosen: &[inquire::list_option::ListOption<&Entry<Choice>>]| {
                let values: Option<Vec<Value>> = chosen
                    .iter()
                    .map(|o| match &o.value.what {
                        Choice::Value(value) => Some(value.clone()),
                        Choice::Omit | Choice::Decline => None,
                    })
                    .collect();
                Ok(match values {
                    // Decline is checked: nothing to validate.
                    None => Validation::Valid,
                    Some(values) => match check_value(&property, &Value::Array(values)) {
                        Ok(()) => Validation::Valid,
                        Err(errors) => invalid(&errors),
                    },
                })
            },
        );
    Ok(match answered(prompt.prompt())? {
        Some(chosen) => {
            let values: Option<Vec<Value>> = chosen
                .into_iter()
                .map(|e| match e.what {
                    Choice::Value(value) => Some(value),
                    Choice::Omit | Choice::Decline => None,
                })
                .collect();
            match values {
                Some(values) => Step::Done(Some(Value::Array(values))),
                None => Step::Decline,
            }
        }
        None => Step::Cancel,
    })
}
