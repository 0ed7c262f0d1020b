//! What the app's script knows of the form: the tool it calls, and each
//! field's kind, rules and the messages the server gives when one breaks.

use serde_json::{Map, Value, json};

use super::AppForm;
use super::meta::PROTOCOL_VERSION;
use crate::client::describe;
use crate::rules::Violation;
use crate::schema::{Kind, Property};

/// A count no field reaches, written where the script puts the actual one.
const COUNT: u64 = u64::MAX;

/// The script's configuration, as JSON.
pub(super) fn config(app: &AppForm) -> Value {
    let fields: Vec<Value> = app.schema().properties.iter().map(field).collect();
    json!({
        "tool": app.tool(),
        "message": app.message(),
        "protocolVersion": PROTOCOL_VERSION,
        "version": env!("CARGO_PKG_VERSION"),
        "fields": fields,
    })
}

/// One field: its name, label, kind, rules and messages.
fn field(property: &Property) -> Value {
    let label = describe::label(property);
    let said = |violation: Violation| format!("{label} {violation}");
    let counted = |violation: Violation| {
        let words = said(violation);
        let count = COUNT.to_string();
        match words.rfind(&count) {
            Some(at) => format!("{}{{n}}{}", &words[..at], &words[at + count.len()..]),
            None => words,
        }
    };
    let mut field = Map::new();
    let mut messages = Map::new();
    field.insert("name".into(), Value::from(property.name.as_ref()));
    field.insert("label".into(), Value::from(label));
    field.insert("required".into(), Value::Bool(property.required));
    messages.insert("missing".into(), Value::String(said(Violation::Missing)));
    let kind = match &property.schema.kind {
        Kind::String(rules) => {
            if let Some(min) = rules.min_length {
                field.insert("minLength".into(), Value::from(min));
                let message = counted(Violation::MinLength { min, actual: COUNT });
                messages.insert("short".into(), Value::String(message));
            }
            if let Some(max) = rules.max_length {
                field.insert("maxLength".into(), Value::from(max));
                let message = counted(Violation::MaxLength { max, actual: COUNT });
                messages.insert("long".into(), Value::String(message));
            }
            "string"
        }
        Kind::Number(rules) => {
            let expected = if rules.integer {
                "a whole number"
            } else {
                "a number"
            };
            messages.insert(
                "type".into(),
                Value::String(said(Violation::Type { expected })),
            );
            if rules.integer {
                messages.insert("integer".into(), Value::String(said(Violation::NotInteger)));
            }
            if let Some(minimum) = rules.minimum {
                if let Some(number) = minimum.to_json() {
                    field.insert("minimum".into(), Value::Number(number));
                }
                messages.insert(
                    "low".into(),
                    Value::String(said(Violation::Minimum { minimum })),
                );
            }
            if let Some(maximum) = rules.maximum {
                if let Some(number) = maximum.to_json() {
                    field.insert("maximum".into(), Value::Number(number));
                }
                messages.insert(
                    "high".into(),
                    Value::String(said(Violation::Maximum { maximum })),
                );
            }
            if rules.integer { "integer" } else { "number" }
        }
        Kind::Boolean(_) => "boolean",
        Kind::Enum(_) => "enum",
        Kind::MultiSelect(rules) => {
            if let Some(min) = rules.min_items {
                field.insert("minItems".into(), Value::from(min));
                let message = counted(Violation::MinItems { min, actual: COUNT });
                messages.insert("few".into(), Value::String(message));
            }
            if let Some(max) = rules.max_items {
                field.insert("maxItems".into(), Value::from(max));
                let message = counted(Violation::MaxItems { max, actual: COUNT });
                messages.insert("many".into(), Value::String(message));
            }
            "multi"
        }
    };
    field.insert("kind".into(), Value::from(kind));
    field.insert("messages".into(), Value::Object(messages));
    Value::Object(field)
}
