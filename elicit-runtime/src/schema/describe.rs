//! Words for a field: its label, its constraints and a value, as a client
//! shows them to a person next to the input, and as a server's fallback
//! tells a model what to ask ([`Reader`]). One describer serves both, so a
//! form reads the same wherever it is shown.

use serde_json::Value;

use crate::excerpt::{Escaped, OneLine};
use crate::schema::{EnumOption, Kind, Num, Property, PropertySchema};

/// Who reads the words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reader {
    /// A person filling in the form: options by their titles, the first
    /// ten of them, and the kind of value in words.
    Person,
    /// A model that asks a person and writes the answers as JSON: options
    /// by their values, every one of them (the model must send one), with
    /// their titles; the kind of value is left to the JSON type named
    /// beside the words.
    Model,
}

/// The label to show for a field: its `title`, else its wire name.
///
/// ```
/// use elicit_runtime::client::{FormView, describe};
/// use serde_json::json;
///
/// let form = FormView::from_request(&json!({
///     "message": "Contact",
///     "requestedSchema": { "type": "object", "properties": {
///         "email": { "type": "string", "title": "Email address" },
///         "name": { "type": "string" }
///     } }
/// }))
/// .unwrap();
/// assert_eq!(describe::label(&form.fields()[0]), "Email address");
/// assert_eq!(describe::label(&form.fields()[1]), "name");
/// ```
pub fn label(field: &Property) -> &str {
    field.schema.title.as_deref().unwrap_or(&field.name)
}

/// The constraints of a field in words, one per entry, in a fixed order:
/// what kind of value, its format, its range or length, its options (the
/// first ten by name, then how many more).
///
/// ```
/// use elicit_runtime::client::{FormView, describe};
/// use serde_json::json;
///
/// let form = FormView::from_request(&json!({
///     "message": "Sign up",
///     "requestedSchema": { "type": "object", "properties": {
///         "username": { "type": "string", "minLength": 3, "maxLength": 20 },
///         "email": { "type": "string", "format": "email" },
///         "age": { "type": "integer", "minimum": 18 },
///         "plan": { "type": "string", "oneOf": [
///             { "const": "free", "title": "Free" }, { "const": "pro", "title": "Pro" }
///         ] },
///         "topics": { "type": "array", "maxItems": 2,
///                     "items": { "type": "string", "enum": ["rust", "go"] } }
///     } }
/// }))
/// .unwrap();
/// let all: Vec<Vec<String>> = form.fields().iter().map(|f| describe::constraints(&f.schema)).collect();
/// assert_eq!(all[0], ["text", "3 to 20 characters"]);
/// assert_eq!(all[1], ["an email address"]);
/// assert_eq!(all[2], ["a whole number", "at least 18"]);
/// assert_eq!(all[3], ["one of: Free, Pro"]);
/// assert_eq!(all[4], ["any of: rust, go", "at most 2 choices"]);
/// ```
pub fn constraints(schema: &PropertySchema) -> Vec<String> {
    constraints_for(schema, Reader::Person)
}

/// [`constraints`] for `reader`.
pub(crate) fn constraints_for(schema: &PropertySchema, reader: Reader) -> Vec<String> {
    let person = reader == Reader::Person;
    let mut out = Vec::new();
    match &schema.kind {
        Kind::String(rules) => {
            match rules.format {
                Some(format) => out.push(format.describe().to_owned()),
                None if person => out.push("text".to_owned()),
                None => {}
            }
            if let Some(range) = range(rules.min_length, rules.max_length, "character") {
                out.push(range);
            }
        }
        Kind::Number(rules) => {
            if person {
                out.push(
                    if rules.integer {
                        "a whole number"
                    } else {
                        "a number"
                    }
                    .to_owned(),
                );
            }
            match (rules.minimum, rules.maximum) {
                (Some(min), Some(max)) => out.push(format!("from {min} to {max}")),
                (Some(min), None) => out.push(format!("at least {min}")),
                (None, Some(max)) => out.push(format!("at most {max}")),
                (None, None) => {}
            }
        }
        Kind::Boolean(_) if person => out.push("yes or no".to_owned()),
        Kind::Boolean(_) => {}
        Kind::Enum(rules) => out.push(options("one of", &rules.options, reader)),
        Kind::MultiSelect(rules) => {
            out.push(options("any of", &rules.options, reader));
            if let Some(range) = range(rules.min_items, rules.max_items, "choice") {
                out.push(range);
            }
        }
    }
    out
}

/// `3 to 20 characters`, `at least 1 choice`, `at most 2 choices`.
pub(crate) fn range(min: Option<u64>, max: Option<u64>, noun: &str) -> Option<String> {
    let nouns = |n: u64| {
        if n == 1 {
            noun.to_owned()
        } else {
            format!("{noun}s")
        }
    };
    match (min, max) {
        (Some(min), Some(max)) if min == max => Some(format!("exactly {min} {}", nouns(min))),
        (Some(min), Some(max)) => Some(format!("{min} to {max} {}", nouns(max))),
        (Some(min), None) => Some(format!("at least {min} {}", nouns(min))),
        (None, Some(max)) => Some(format!("at most {max} {}", nouns(max))),
        (None, None) => None,
    }
}

/// The most options [`constraints`] names one by one for a person.
const MAX_LISTED: usize = 10;

/// The options as `reader` reads them, after `lead`: `one of: Free, Pro`
/// for a person, `one of "free" (Free), "pro" (Pro)` for a model.
fn options(lead: &str, options: &[EnumOption], reader: Reader) -> String {
    match reader {
        Reader::Person => format!("{lead}: {}", labels(options)),
        Reader::Model => format!("{lead} {}", values(options)),
    }
}

/// Every option's value as a JSON string, with its title when it has one:
/// `"indoor" (Indoors), "bar"`.
fn values(options: &[EnumOption]) -> String {
    let values: Vec<String> = options
        .iter()
        .map(|o| {
            let value = Value::from(o.value.as_ref()).to_string();
            match &o.title {
                Some(title) => format!("{value} ({})", OneLine(title)),
                None => value,
            }
        })
        .collect();
    values.join(", ")
}

/// The options' labels, the first [`MAX_LISTED`] of them, so a long list
/// still reads as one line.
fn labels(options: &[EnumOption]) -> String {
    let mut labels: Vec<String> = options
        .iter()
        .take(MAX_LISTED)
        .map(|o| Escaped(o.label()).to_string())
        .collect();
    if options.len() > MAX_LISTED {
        labels.push(format!("and {} more", options.len() - MAX_LISTED));
    }
    labels.join(", ")
}

/// A value of a field as a person reads it: text as is (control characters
/// escaped), numbers in decimal, booleans as `yes`/`no`, options by their
/// titles, a multi-select as a list (`none` when empty).
///
/// ```
/// use elicit_runtime::client::{FormView, describe};
/// use serde_json::json;
///
/// let form = FormView::from_request(&json!({
///     "message": "Preferences",
///     "requestedSchema": { "type": "object", "properties": {
///         "colors": { "type": "array", "items": { "anyOf": [
///             { "const": "#f00", "title": "Red" }, { "const": "#0f0", "title": "Green" }
///         ] } },
///         "newsletter": { "type": "boolean" }
///     } }
/// }))
/// .unwrap();
/// assert_eq!(describe::value(&form.fields()[0].schema, &json!(["#0f0", "#f00"])), "Green, Red");
/// assert_eq!(describe::value(&form.fields()[1].schema, &json!(false)), "no");
/// ```
pub fn value(schema: &PropertySchema, value: &Value) -> String {
    let option_label = |options: &[EnumOption], v: &str| {
        let label = options
            .iter()
            .find(|o| o.value == v)
            .map_or(v, EnumOption::label);
        Escaped(label).to_string()
    };
    match (&schema.kind, value) {
        (Kind::Enum(rules), Value::String(v)) => option_label(&rules.options, v),
        (Kind::MultiSelect(_), Value::Array(items)) if items.is_empty() => "none".to_owned(),
        (Kind::MultiSelect(rules), Value::Array(items)) => {
            let labels: Vec<String> = items
                .iter()
                .map(|item| match item {
                    Value::String(v) => option_label(&rules.options, v),
                    other => other.to_string(),
                })
                .collect();
            labels.join(", ")
        }
        (_, Value::Bool(true)) => "yes".to_owned(),
        (_, Value::Bool(false)) => "no".to_owned(),
        (_, Value::String(text)) => Escaped(text).to_string(),
        (_, Value::Number(n)) => Num::from_json(n).map_or_else(|| n.to_string(), |n| n.to_string()),
        (_, other) => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{Reader, constraints, constraints_for};
    use crate::schema::FormSchema;
    use serde_json::json;

    /// A model gets the values it must send, every option, and no words for
    /// what the JSON type already says; a person gets titles and kinds.
    #[test]
    fn a_model_reads_values_and_a_person_labels() {
        let options: Vec<_> = (0..12)
            .map(|i| json!({ "const": format!("v{i}"), "title": format!("V {i}") }))
            .collect();
        let schema = FormSchema::parse(&json!({
            "type": "object",
            "properties": {
                "name": { "type": "string", "maxLength": 20 },
                "when": { "type": "string", "format": "date" },
                "count": { "type": "integer", "minimum": 1, "maximum": 3 },
                "ok": { "type": "boolean" },
                "pick": { "type": "string", "oneOf": options },
                "tags": { "type": "array", "minItems": 1, "items": { "type": "string", "enum": ["a\"b", "c"] } }
            }
        }))
        .unwrap()
        .schema;
        let person: Vec<Vec<String>> = schema
            .properties
            .iter()
            .map(|p| constraints(&p.schema))
            .collect();
        let model: Vec<Vec<String>> = schema
            .properties
            .iter()
            .map(|p| constraints_for(&p.schema, Reader::Model))
            .collect();
        assert_eq!(person[0], ["text", "at most 20 characters"]);
        assert_eq!(model[0], ["at most 20 characters"]);
        assert_eq!(person[1], model[1]);
        assert_eq!(person[2], ["a whole number", "from 1 to 3"]);
        assert_eq!(model[2], ["from 1 to 3"]);
        assert_eq!(person[3], ["yes or no"]);
        assert!(model[3].is_empty());
        assert!(person[4][0].ends_with("V 9, and 2 more"));
        assert!(model[4][0].starts_with("one of \"v0\" (V 0), \"v1\" (V 1)"));
        assert!(model[4][0].ends_with("\"v11\" (V 11)"));
        assert_eq!(person[5], ["any of: a\"b, c", "at least 1 choice"]);
        assert_eq!(model[5], ["any of \"a\\\"b\", \"c\"", "at least 1 choice"]);
    }
}
