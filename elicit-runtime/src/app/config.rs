//! What the app's script knows of the form: the tool it calls, and each
//! field's kind, rules and the messages the server gives when one breaks.

use serde_json::{Map, Value, json};

use super::AppForm;
use super::meta::PROTOCOL_VERSION;
use crate::client::describe;
use crate::rules::Violation;
use crate::schema::{Kind, NumberRules, Property};

/// A count no field reaches, written where the script puts the actual one.
const COUNT: u64 = u64::MAX;

/// How long the app waits for the host to answer (its connection, a tool
/// call, a message) before it tells the user and offers to try again or to
/// copy the answers for the chat: a few seconds, which a host that answers
/// at all stays well within. An answer that comes later still counts.
const ANSWER_WITHIN_MS: u64 = 8_000;

/// The script's configuration, as JSON.
pub(super) fn config(app: &AppForm) -> Value {
    let fields: Vec<Value> = app.schema().properties.iter().map(field).collect();
    json!({
        "tool": app.tool(),
        "message": app.message(),
        "protocolVersion": PROTOCOL_VERSION,
        "version": env!("CARGO_PKG_VERSION"),
        "fields": fields,
        "answerWithinMs": ANSWER_WITHIN_MS,
        // Where the token for the user's answers comes, and goes back.
        "tokenMeta": crate::fallback::APP_ANSWERS_META,
        "tokenArgument": crate::fallback::APP_ANSWERS_ARGUMENT,
    })
}

/// One field: its name, label, kind, rules and messages.
fn field(property: &Property) -> Value {
    let label = describe::label(property);
    let mut field = Map::new();
    let mut messages = Map::new();
    field.insert("name".into(), Value::from(property.name.as_ref()));
    field.insert("label".into(), Value::from(label));
    field.insert("required".into(), Value::Bool(property.required));
    messages.insert("missing".into(), said(label, Violation::Missing));
    let mut rules = Rules {
        label,
        field: &mut field,
        messages: &mut messages,
    };
    let kind = match &property.schema.kind {
        Kind::String(string) => {
            rules.length(string.min_length, string.max_length);
            "string"
        }
        Kind::Number(number) => {
            rules.number(number);
            if number.integer { "integer" } else { "number" }
        }
        Kind::Boolean(_) => "boolean",
        Kind::Enum(_) => "enum",
        Kind::MultiSelect(multi) => {
            rules.items(multi.min_items, multi.max_items);
            "multi"
        }
    };
    field.insert("kind".into(), Value::from(kind));
    field.insert("messages".into(), Value::Object(messages));
    Value::Object(field)
}

/// What one field's rules add to its configuration: the bound, and the
/// message the server gives when it breaks, in the field's words.
struct Rules<'a> {
    label: &'a str,
    field: &'a mut Map<String, Value>,
    messages: &'a mut Map<String, Value>,
}

impl Rules<'_> {
    /// A string's `minLength` and `maxLength`.
    fn length(&mut self, min: Option<u64>, max: Option<u64>) {
        if let Some(min) = min {
            self.field.insert("minLength".into(), Value::from(min));
            let message = counted(self.label, Violation::MinLength { min, actual: COUNT });
            self.messages.insert("short".into(), message);
        }
        if let Some(max) = max {
            self.field.insert("maxLength".into(), Value::from(max));
            let message = counted(self.label, Violation::MaxLength { max, actual: COUNT });
            self.messages.insert("long".into(), message);
        }
    }

    /// A number's type, `minimum` and `maximum`.
    fn number(&mut self, rules: &NumberRules) {
        let expected = if rules.integer {
            "a whole number"
        } else {
            "a number"
        };
        let label = self.label;
        self.messages
            .insert("type".into(), said(label, Violation::Type { expected }));
        if rules.integer {
            self.messages
                .insert("integer".into(), said(label, Violation::NotInteger));
        }
        if let Some(minimum) = rules.minimum {
            if let Some(number) = minimum.to_json() {
                self.field.insert("minimum".into(), Value::Number(number));
            }
            self.messages
                .insert("low".into(), said(label, Violation::Minimum { minimum }));
        }
        if let Some(maximum) = rules.maximum {
            if let Some(number) = maximum.to_json() {
                self.field.insert("maximum".into(), Value::Number(number));
            }
            self.messages
                .insert("high".into(), said(label, Violation::Maximum { maximum }));
        }
    }

    /// A multi-select's `minItems` and `maxItems`.
    fn items(&mut self, min: Option<u64>, max: Option<u64>) {
        if let Some(min) = min {
            self.field.insert("minItems".into(), Value::from(min));
            let message = counted(self.label, Violation::MinItems { min, actual: COUNT });
            self.messages.insert("few".into(), message);
        }
        if let Some(max) = max {
            self.field.insert("maxItems".into(), Value::from(max));
            let message = counted(self.label, Violation::MaxItems { max, actual: COUNT });
            self.messages.insert("many".into(), message);
        }
    }
}

/// The server's message for `violation` of the field `label`.
fn said(label: &str, violation: Violation) -> Value {
    Value::String(format!("{label} {violation}"))
}

/// [`said`], with `{n}` where the script puts the actual count.
fn counted(label: &str, violation: Violation) -> Value {
    let words = format!("{label} {violation}");
    let count = COUNT.to_string();
    Value::String(match words.rfind(&count) {
        Some(at) => format!("{}{{n}}{}", &words[..at], &words[at + count.len()..]),
        None => words,
    })
}
