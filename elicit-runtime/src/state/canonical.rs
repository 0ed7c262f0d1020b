//! The canonical JSON text of a request's arguments, written straight into
//! a digest, without recursion.
//!
//! Two texts of the same arguments differ in whitespace and in the order of
//! object members, so the digest is taken over one text chosen for each
//! value: no whitespace, object members sorted by the bytes of their names
//! (UTF-8, which is the order of Unicode code points), strings and numbers
//! written as `serde_json` writes them. It is not RFC 8785 (JCS), which
//! sorts names by UTF-16 code units and writes numbers its own way: the
//! digest is compared only with digests of this module, never with another
//! implementation's.

use core::fmt;

use serde_json::{Map, Value};

/// Where canonical text goes: a digest, or a buffer in the tests. Writing
/// cannot fail.
pub(crate) trait Sink {
    /// Appends bytes.
    fn put(&mut self, bytes: &[u8]);
}

impl Sink for sha2::Sha256 {
    fn put(&mut self, bytes: &[u8]) {
        sha2::Digest::update(self, bytes);
    }
}

#[cfg(test)]
impl Sink for Vec<u8> {
    fn put(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

/// An array or object being written: the members still to write, and
/// whether the next one is the first (no comma before it).
enum Frame<'a> {
    Array {
        items: core::slice::Iter<'a, Value>,
        first: bool,
    },
    Object {
        members: std::vec::IntoIter<(&'a String, &'a Value)>,
        first: bool,
    },
}

/// Writes the canonical text of a value.
pub(crate) fn write_value(sink: &mut impl Sink, value: &Value) {
    let mut stack = Vec::new();
    if let Some(frame) = open(sink, value) {
        stack.push(frame);
    }
    write_nested(sink, stack);
}

/// Writes the canonical text of an object.
pub(crate) fn write_object(sink: &mut impl Sink, object: &Map<String, Value>) {
    let frame = open_object(sink, object);
    write_nested(sink, vec![frame]);
}

/// Writes the rest of the open arrays and objects on `stack`, innermost
/// last. The stack grows with the nesting, on the heap: a value nested
/// however deep never deepens the call stack.
fn write_nested<'a>(sink: &mut impl Sink, mut stack: Vec<Frame<'a>>) {
    while let Some(frame) = stack.last_mut() {
        let next: &'a Value = match frame {
            Frame::Array { items, first } => match items.next() {
                Some(item) => {
                    if !core::mem::replace(first, false) {
                        sink.put(b",");
                    }
                    item
                }
                None => {
                    sink.put(b"]");
                    stack.pop();
                    continue;
                }
            },
            Frame::Object { members, first } => match members.next() {
                Some((name, item)) => {
                    if !core::mem::replace(first, false) {
                        sink.put(b",");
                    }
                    write_string(sink, name);
                    sink.put(b":");
                    item
                }
                None => {
                    sink.put(b"}");
                    stack.pop();
                    continue;
                }
            },
        };
        if let Some(frame) = open(sink, next) {
            stack.push(frame);
        }
    }
}

/// Writes a scalar whole, or the opening bracket of an array or object and
/// returns what is left to write of it.
fn open<'a>(sink: &mut impl Sink, value: &'a Value) -> Option<Frame<'a>> {
    match value {
        Value::Null => sink.put(b"null"),
        Value::Bool(true) => sink.put(b"true"),
        Value::Bool(false) => sink.put(b"false"),
        Value::Number(number) => write_number(sink, number),
        Value::String(text) => write_string(sink, text),
        Value::Array(items) => {
            sink.put(b"[");
            return Some(Frame::Array {
                items: items.iter(),
                first: true,
            });
        }
        Value::Object(object) => return Some(open_object(sink, object)),
    }
    None
}

/// Writes `{` and returns the members, sorted by the bytes of their names.
/// Names in one object are unique, so the order is total.
fn open_object<'a>(sink: &mut impl Sink, object: &'a Map<String, Value>) -> Frame<'a> {
    sink.put(b"{");
    let mut members: Vec<(&String, &Value)> = object.iter().collect();
    members.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    Frame::Object {
        members: members.into_iter(),
        first: true,
    }
}

/// Writes a number as `serde_json` does: its `Display` is the serializer's
/// text (`itoa` for integers, `ryu` for floats).
fn write_number(sink: &mut impl Sink, number: &serde_json::Number) {
    struct Text<'s, S>(&'s mut S);
    impl<S: Sink> fmt::Write for Text<'_, S> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0.put(s.as_bytes());
            Ok(())
        }
    }
    // `Text` never fails, and a number's `Display` fails only when its
    // writer does.
    let _ = fmt::write(&mut Text(sink), format_args!("{number}"));
}

/// Writes a string quoted and escaped as `serde_json` does: `"` and `\`
/// escaped, control characters as `\b`, `\t`, `\n`, `\f`, `\r` or
/// `\u00xx`, everything else (DEL and all non-ASCII text included) as is.
fn write_string(sink: &mut impl Sink, text: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = text.as_bytes();
    sink.put(b"\"");
    let mut start = 0;
    let mut unicode = *b"\\u00__";
    for (i, &byte) in bytes.iter().enumerate() {
        let escape: &[u8] = match byte {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            0x08 => b"\\b",
            b'\t' => b"\\t",
            b'\n' => b"\\n",
            0x0c => b"\\f",
            b'\r' => b"\\r",
            0x00..=0x1f => {
                unicode[4] = HEX[usize::from(byte >> 4)];
                unicode[5] = HEX[usize::from(byte & 0x0f)];
                &unicode
            }
            _ => continue,
        };
        sink.put(&bytes[start..i]);
        sink.put(escape);
        start = i + 1;
    }
    sink.put(&bytes[start..]);
    sink.put(b"\"");
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value, json};

    use super::{write_object, write_value};

    fn text(value: &Value) -> String {
        let mut out = Vec::new();
        write_value(&mut out, value);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn sorts_members_and_drops_whitespace() {
        let value: Value =
            serde_json::from_str(r#"{ "b": [1, 2.5, -3, {"z": null, "a": true}], "a": "x" }"#)
                .unwrap();
        assert_eq!(
            text(&value),
            r#"{"a":"x","b":[1,2.5,-3,{"a":true,"z":null}]}"#
        );
        assert_eq!(text(&json!({})), "{}");
        assert_eq!(text(&json!([])), "[]");
        assert_eq!(text(&json!([[], {}, [[]]])), "[[],{},[[]]]");
        let mut out = Vec::new();
        write_object(&mut out, value.as_object().unwrap());
        assert_eq!(out, text(&value).into_bytes());
    }

    #[test]
    fn sorts_by_bytes_not_utf16() {
        // U+FF21 sorts before U+1F600 in UTF-16 code units (0xFF21 against
        // the surrogate 0xD83D) but after it in bytes and code points.
        let value = json!({ "\u{1F600}": 1, "\u{FF21}": 2, "B": 3, "a": 4 });
        assert_eq!(
            text(&value),
            "{\"B\":3,\"a\":4,\"\u{FF21}\":2,\"\u{1F600}\":1}"
        );
    }

    #[test]
    fn escapes_as_serde_json_does() {
        let all: String = (0u32..0x80)
            .chain([0xe9, 0x2028, 0x1F600])
            .filter_map(char::from_u32)
            .collect();
        for sample in [all.as_str(), "", "plain", "\"\\", "\u{7f}\u{0}\u{1f}"] {
            let value = Value::String(sample.to_owned());
            assert_eq!(text(&value), serde_json::to_string(&value).unwrap());
        }
    }

    #[test]
    fn writes_numbers_as_serde_json_does() {
        for number in [
            json!(0),
            json!(-0.0),
            json!(u64::MAX),
            json!(i64::MIN),
            json!(1e300),
            json!(0.1),
            json!(5e-324),
            json!(100.0),
        ] {
            assert_eq!(text(&number), serde_json::to_string(&number).unwrap());
        }
    }

    /// Objects whose members were inserted in sorted order: `serde_json`
    /// (which keeps insertion order in this crate) writes them exactly as the
    /// canonical text does.
    fn sorted(value: &Value) -> Value {
        match value {
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            Value::Object(object) => {
                let mut members: Vec<_> = object.iter().collect();
                members.sort_by(|a, b| a.0.cmp(b.0));
                Value::Object(
                    members
                        .into_iter()
                        .map(|(name, item)| (name.clone(), sorted(item)))
                        .collect::<Map<_, _>>(),
                )
            }
            other => other.clone(),
        }
    }

    #[test]
    fn matches_serde_json_on_sorted_values() {
        let value = json!({
            "zeta": [1, {"y": "\n", "x": [true, false, null]}],
            "alpha": {"k": -1.5e-7, "é": "é", "e": ""},
            "": 0
        });
        let expected = serde_json::to_string(&sorted(&value)).unwrap();
        assert_eq!(text(&value), expected);
        assert!(expected.starts_with(r#"{"":0,"alpha":{"e":"","k""#));
    }
}
