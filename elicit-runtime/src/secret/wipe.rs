//! Wiping a form's secrets from the content they were read from.

use serde_json::{Map, Value};
use zeroize::Zeroize;

use crate::schema::FormSchema;

/// Removes the value of every secret property of `schema` from `content`,
/// zeroing its text first: a string's bytes, and every string inside an
/// array or object a hostile client sent in its place. Numbers, booleans
/// and `null` are removed only (see the module's notes).
pub(crate) fn wipe(schema: &FormSchema, content: &mut Map<String, Value>) {
    for property in schema.properties.iter().filter(|p| p.secret) {
        if let Some(mut value) = content.shift_remove(property.name.as_ref()) {
            zero(&mut value);
        }
    }
}

/// Zeroes every string of `content`'s values: what a post read into
/// content, which may hold a secret, as it is dropped.
pub fn zero_all(content: &mut Map<String, Value>) {
    content.values_mut().for_each(zero);
}

/// Zeroes every string in `value`.
fn zero(value: &mut Value) {
    match value {
        Value::String(text) => text.zeroize(),
        Value::Array(items) => items.iter_mut().for_each(zero),
        Value::Object(map) => map.values_mut().for_each(zero),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::zero;

    #[test]
    fn every_string_inside_is_zeroed() {
        let mut value = json!(["hunter2", { "a": "swordfish" }, 7]);
        zero(&mut value);
        // `zeroize` zeroes the bytes and then clears the string.
        assert_eq!(value, json!(["", { "a": "" }, 7]));
        let mut text = Value::String("hunter2".into());
        zero(&mut text);
        assert_eq!(text, json!(""));
    }

    #[test]
    fn every_string_of_a_content_is_zeroed() {
        let mut content = json!({ "api_key": "hunter2", "tags": ["a", "b"], "n": 1 });
        super::zero_all(content.as_object_mut().unwrap());
        assert_eq!(content, json!({ "api_key": "", "tags": ["", ""], "n": 1 }));
    }
}
