//! A message carried from one side's type to the other's through JSON,
//! checked to come out as it went in: the route for the shapes that have
//! no direct conversion, and the reference the direct ones are tested
//! against.

use core::fmt::Write as _;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::ConversionError;
use elicit_runtime::schema::Num;

/// Writes `from` as JSON, reads it as `To`, and checks that `To` writes
/// the same JSON back.
pub(super) fn transcode<From, To>(
    from: &From,
    from_name: &'static str,
    to_name: &'static str,
) -> Result<To, ConversionError>
where
    From: Serialize + ?Sized,
    To: Serialize + DeserializeOwned,
{
    let fail = |reason: String| ConversionError {
        from: from_name,
        to: to_name,
        reason,
    };
    let original = serde_json::to_value(from).map_err(|error| fail(error.to_string()))?;
    // Read from the value in place: a clone of it (every map and string
    // copied, then dropped) cost as much as the read itself.
    let converted = To::deserialize(&original).map_err(|error| fail(error.to_string()))?;
    let written = serde_json::to_value(&converted).map_err(|error| fail(error.to_string()))?;
    match difference(&original, &written, &mut String::new()) {
        None => Ok(converted),
        Some(place) => Err(fail(format!(
            "`{place}` would change on the way: send it through `serde_json` as it stands"
        ))),
    }
}

/// The first place where `written` differs from `original`, if any. Numbers
/// compare by value (`0` equals `0.0`), objects by their keys in order at
/// `properties` and regardless of order elsewhere; a `mode` written where
/// the original had none is not a difference, nor an empty
/// `elicitationId` written into a URL request that had none.
fn difference(original: &Value, written: &Value, path: &mut String) -> Option<String> {
    match (original, written) {
        (Value::Number(a), Value::Number(b)) => {
            (Num::from_json(a) != Num::from_json(b)).then(|| path.clone())
        }
        (Value::Array(a), Value::Array(b)) => {
            if a.len() != b.len() {
                return Some(path.clone());
            }
            a.iter().zip(b).enumerate().find_map(|(i, (a, b))| {
                let mark = path.len();
                // Writing to a `String` does not fail.
                let _ = write!(path, "[{i}]");
                let found = difference(a, b, path);
                path.truncate(mark);
                found
            })
        }
        (Value::Object(a), Value::Object(b)) => {
            // rmcp writes `mode` on every request, 2025-06-18 included.
            let added_mode = |key: &str| key == "mode" && path.is_empty();
            // rmcp writes `elicitationId` on every URL request, as `""`
            // when there is none (2026-07-28 has none): an extra member,
            // which the revision's schema lets a client ignore.
            let added_empty_id = |key: &str| {
                key == "elicitationId"
                    && b.get("mode").is_some_and(|mode| mode == "url")
                    && b.get(key).is_some_and(|id| id == "")
            };
            let extra = b
                .keys()
                .find(|key| !a.contains_key(*key) && !added_mode(key) && !added_empty_id(key));
            if let Some(key) = extra {
                return Some(format!("{path}/{key}"));
            }
            if path.ends_with("requestedSchema/properties") && !a.keys().eq(b.keys()) {
                return Some(path.clone());
            }
            // The same members in the same order (as nearly always): side
            // by side, without looking each one up.
            let in_order = a.len() == b.len() && a.keys().eq(b.keys());
            let mut in_turn = b.values();
            a.iter().find_map(|(key, a)| {
                let mark = path.len();
                path.push('/');
                path.push_str(key);
                let counterpart = match in_order {
                    true => in_turn.next(),
                    false => b.get(key),
                };
                let found = match counterpart {
                    Some(b) => difference(a, b, path),
                    None => Some(path.clone()),
                };
                path.truncate(mark);
                found
            })
        }
        (a, b) => (a != b).then(|| path.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_compare_by_value() {
        assert_eq!(
            difference(&json!({ "a": 0 }), &json!({ "a": 0.0 }), &mut String::new()),
            None
        );
        assert_eq!(
            difference(&json!({ "a": 1 }), &json!({ "a": 1.5 }), &mut String::new()),
            Some("/a".into())
        );
    }

    #[test]
    fn property_order_counts_and_other_key_order_does_not() {
        let original = json!({ "requestedSchema": { "properties": { "b": { "type": "string", "title": "B" }, "a": {} } } });
        let reordered_inside = json!({ "requestedSchema": { "properties": { "b": { "title": "B", "type": "string" }, "a": {} } } });
        let sorted = json!({ "requestedSchema": { "properties": { "a": {}, "b": { "type": "string", "title": "B" } } } });
        assert_eq!(
            difference(&original, &reordered_inside, &mut String::new()),
            None
        );
        assert_eq!(
            difference(&original, &sorted, &mut String::new()),
            Some("/requestedSchema/properties".into())
        );
    }

    #[test]
    fn a_lost_or_added_key_is_named() {
        assert_eq!(
            difference(
                &json!({ "a": { "default": 1 } }),
                &json!({ "a": {} }),
                &mut String::new()
            ),
            Some("/a/default".into())
        );
        assert_eq!(
            difference(
                &json!({ "a": {} }),
                &json!({ "a": { "title": "x" } }),
                &mut String::new()
            ),
            Some("/a/title".into())
        );
        assert_eq!(
            difference(
                &json!({ "message": "m" }),
                &json!({ "mode": "form", "message": "m" }),
                &mut String::new()
            ),
            None
        );
    }
}
