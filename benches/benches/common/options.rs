//! A multi-select of many options, as a server's wire schema gives it,
//! and an answer whose entries are mostly options but a few are none:
//! what refusing it costs should grow with the broken entries (and one
//! look-up each), not with the options times the broken entries.

use elicit_runtime::schema::{FormSchema, PropertySchema};
use serde_json::{Value, json};

/// The field of a form whose multi-select has `options` options,
/// `option-0` and up, read from the wire.
pub fn multi_select(options: usize) -> PropertySchema {
    let values: Vec<String> = (0..options).map(|i| format!("option-{i}")).collect();
    let schema = json!({
        "type": "object",
        "properties": {
            "tags": { "type": "array", "items": { "type": "string", "enum": values } }
        }
    });
    let parsed = FormSchema::parse(&schema).expect("the schema reads");
    parsed.schema.properties[0].schema.clone()
}

/// `good` options and `bad` entries that are none.
pub fn entries(good: usize, bad: usize) -> Value {
    let good = (0..good).map(|i| format!("option-{i}"));
    let bad = (0..bad).map(|i| format!("none-{i}"));
    Value::from(good.chain(bad).collect::<Vec<_>>())
}

/// Checks `entries` against `schema`: refused, with one error for each
/// broken entry (at most ten).
pub fn refuse(schema: &PropertySchema, entries: &Value) -> usize {
    match elicit_runtime::rules::value(schema, entries) {
        Ok(_) => 0,
        Err(broken) => broken.len(),
    }
}
