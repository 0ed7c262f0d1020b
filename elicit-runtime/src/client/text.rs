//! What a person typed, read as the JSON value a field's kind holds.
//!
//! The validator never coerces (`"5"` is no number); this is the one place
//! where typed text becomes a typed value, before the validator checks it.

use serde_json::{Number, Value};

use crate::rules::Violation;
use crate::schema::num::EXACT_FLOAT_LIMIT;
use crate::schema::{EnumOption, Kind, PropertySchema};

/// Reads `text`, typed by a person for a field of `schema`, as the value
/// the field's kind holds; `Ok(None)` when the text is empty (the field is
/// left out, so its default applies).
///
/// - `string`: the text as typed, spaces included;
/// - `number`, `integer`: a decimal number (`30`, `-2.5`, `1e3`, `+4`, `.5`),
///   spaces around it ignored; for an `integer`, a whole number typed with
///   a fraction or exponent (`30.0`, `3e1`) is sent as the integer `30`;
/// - `boolean`: `yes`, `y`, `true`, `on`, `1` or `no`, `n`, `false`, `off`,
///   `0`, in any case;
/// - single-select: an option's value or title, exactly, or else in any case
///   when only one option matches so;
/// - multi-select: one option as above, or options separated by commas;
///   `[]` chooses none.
///
/// What is read is not yet checked against the field's constraints: pass it
/// to the validator (as [`Answer::set_text`](super::Answer::set_text) does).
///
/// # Errors
///
/// The [`Violation`] the validator reports for a value of the wrong kind:
/// [`Violation::Type`] for text that is no number or boolean,
/// [`Violation::NotAnOption`] or [`Violation::ItemNotAnOption`] for text
/// that names no option.
///
/// # Examples
///
/// ```
/// use elicit_runtime::client::{FormView, value_from_text};
/// use serde_json::json;
///
/// let form = FormView::from_request(&json!({
///     "message": "About you",
///     "requestedSchema": { "type": "object", "properties": {
///         "age": { "type": "integer" },
///         "agree": { "type": "boolean" },
///         "size": { "type": "string", "oneOf": [
///             { "const": "s", "title": "Small" }, { "const": "l", "title": "Large" }
///         ] }
///     } }
/// }))
/// .unwrap();
/// let [age, agree, size] = [0, 1, 2].map(|i| &form.fields()[i].schema);
/// assert_eq!(value_from_text(age, " 30 "), Ok(Some(json!(30))));
/// assert_eq!(value_from_text(age, ""), Ok(None));
/// assert_eq!(value_from_text(age, "thirty").unwrap_err().to_string(), "must be an integer");
/// assert_eq!(value_from_text(agree, "Yes"), Ok(Some(json!(true))));
/// assert_eq!(value_from_text(size, "large"), Ok(Some(json!("l"))));
/// ```
pub fn value_from_text(schema: &PropertySchema, text: &str) -> Result<Option<Value>, Violation> {
    if text.is_empty() {
        return Ok(None);
    }
    let kind = &schema.kind;
    let wrong = || Violation::Type {
        expected: kind.describe(),
    };
    let value = match kind {
        Kind::String(_) => Value::String(text.to_owned()),
        Kind::Number(rules) => {
            let number = number(text.trim()).ok_or_else(wrong)?;
            Value::Number(if rules.integer { whole(number) } else { number })
        }
        Kind::Boolean(_) => Value::Bool(boolean(text.trim()).ok_or_else(wrong)?),
        Kind::Enum(rules) => match option(&rules.options, text.trim()) {
            Some(value) => Value::from(value),
            None => return Err(crate::rules::choice::not_an_option(&rules.options)),
        },
        Kind::MultiSelect(rules) => {
            let text = text.trim();
            if let Some(value) = option(&rules.options, text) {
                Value::Array(vec![Value::from(value)])
            } else if text == "[]" {
                Value::Array(Vec::new())
            } else {
                let mut chosen = Vec::new();
                for (index, entry) in text.split(',').map(str::trim).enumerate() {
                    match option(&rules.options, entry) {
                        Some(value) => chosen.push(Value::from(value)),
                        None => {
                            return Err(Violation::ItemNotAnOption {
                                index,
                                options: crate::rules::OneOf::of(&rules.options),
                            });
                        }
                    }
                }
                Value::Array(chosen)
            }
        }
    };
    Ok(Some(value))
}

/// A decimal number as JSON reads it, also with a leading `+` or a bare
/// leading `.`, as people write them.
fn number(text: &str) -> Option<Number> {
    let unsigned = text.strip_prefix('+').unwrap_or(text);
    let (sign, digits) = match unsigned.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", unsigned),
    };
    let json = if digits.starts_with('.') {
        format!("{sign}0{digits}")
    } else {
        format!("{sign}{digits}")
    };
    // `+-5` and `++5` are no numbers.
    if unsigned.len() != text.len() && sign == "-" {
        return None;
    }
    serde_json::from_str::<Number>(&json).ok()
}

/// A whole number typed as `30.0` or `3e1`, written as the integer `30`
/// for an `integer` field, as peers that read integers strictly expect;
/// other numbers are kept as typed, for the validator to judge.
fn whole(number: Number) -> Number {
    match number.as_f64() {
        Some(f) if number.is_f64() && f.fract() == 0.0 && f.abs() < EXACT_FLOAT_LIMIT => {
            // Exact: `f` is whole and below 2^53.
            Number::from(f as i64)
        }
        _ => number,
    }
}

fn boolean(text: &str) -> Option<bool> {
    const YES: [&str; 5] = ["yes", "y", "true", "on", "1"];
    const NO: [&str; 5] = ["no", "n", "false", "off", "0"];
    let lower = text.to_lowercase();
    if YES.contains(&lower.as_str()) {
        Some(true)
    } else if NO.contains(&lower.as_str()) {
        Some(false)
    } else {
        None
    }
}

/// The value of the option `text` names: its value or title exactly, else
/// the one option whose value or title matches in any case.
fn option<'o>(options: &'o [EnumOption], text: &str) -> Option<&'o str> {
    if let Some(exact) = options
        .iter()
        .find(|o| o.value == text || o.title.as_deref() == Some(text))
    {
        return Some(&exact.value);
    }
    let lower = text.to_lowercase();
    let mut loose = options.iter().filter(|o| {
        o.value.to_lowercase() == lower
            || o.title.as_deref().map(str::to_lowercase) == Some(lower.clone())
    });
    match (loose.next(), loose.next()) {
        (Some(only), None) => Some(&only.value),
        _ => None,
    }
}
