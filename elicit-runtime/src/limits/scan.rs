//! Checking JSON text against the limits in one pass over its bytes,
//! without building a value: for text the toolkit wrote itself (a state
//! about to be sealed) or that is authentic (a sealed state just opened),
//! which is then read by `serde_json` straight into its type.

use std::collections::HashSet;

use super::{JsonError, LimitError, Limits};
use crate::excerpt::Excerpt;

/// Objects with more members than this look names up in a set rather than
/// comparing each new name with every earlier one.
const LINEAR_NAMES: usize = 8;

/// An array or object the scan is inside.
struct Level<'t> {
    object: bool,
    /// The names of an object's members so far, as written.
    names: Vec<&'t [u8]>,
    /// The same names, once there are more than [`LINEAR_NAMES`].
    set: Option<HashSet<&'t [u8]>>,
}

impl<'t> Level<'t> {
    /// Records `name`; `false` when the object had it already.
    fn insert(&mut self, name: &'t [u8]) -> bool {
        if let Some(set) = &mut self.set {
            return set.insert(name);
        }
        if self.names.contains(&name) {
            return false;
        }
        self.names.push(name);
        if self.names.len() > LINEAR_NAMES {
            self.set = Some(self.names.drain(..).collect());
        }
        true
    }

    fn members(&self) -> usize {
        self.set.as_ref().map_or(self.names.len(), HashSet::len)
    }
}

impl Limits {
    /// Checks JSON text against every limit [`Limits::read_json`] applies
    /// (its length, nesting, the decoded length of each string and name,
    /// the members of each object, and each name once in its object) in
    /// one pass over its bytes, building nothing.
    ///
    /// It does not check the grammar: it is for text `serde_json` wrote,
    /// or authentic text that `serde_json` reads next. Names are compared
    /// as written, which is exact for text `serde_json` wrote (it escapes
    /// one way only). Whatever passes here on one side passes on the
    /// other, so a state sealed after this check opens after it.
    pub(crate) fn scan_json(&self, text: &[u8]) -> Result<(), JsonError> {
        if text.len() > self.bytes {
            return Err(LimitError::Bytes {
                limit: self.bytes,
                actual: text.len(),
            }
            .into());
        }
        let mut stack: Vec<Level<'_>> = Vec::new();
        // Whether the next string is a member's name.
        let mut name_next = false;
        let mut i = 0;
        while let Some(&byte) = text.get(i) {
            i += 1;
            match byte {
                b'"' => {
                    let start = i;
                    let (end, decoded) = string_end(text, start)?;
                    i = end + 1;
                    if decoded > self.string_bytes {
                        return Err(LimitError::StringBytes {
                            limit: self.string_bytes,
                            actual: decoded,
                        }
                        .into());
                    }
                    if core::mem::replace(&mut name_next, false)
                        && let Some(level) = stack.last_mut()
                    {
                        let name = &text[start..end];
                        if !level.insert(name) {
                            return Err(JsonError::DuplicateKey {
                                key: Excerpt(&String::from_utf8_lossy(name)).to_string(),
                            });
                        }
                        self.members(level.members())?;
                    }
                }
                b'{' | b'[' => {
                    self.nest(stack.len() + 1)?;
                    let object = byte == b'{';
                    stack.push(Level {
                        object,
                        names: Vec::new(),
                        set: None,
                    });
                    name_next = object;
                }
                b'}' | b']' => {
                    stack.pop();
                    name_next = false;
                }
                b',' => name_next = stack.last().is_some_and(|level| level.object),
                _ => {}
            }
        }
        Ok(())
    }
}

/// The index of the quote that ends the string starting at `start`, and
/// the string's length once decoded, in bytes of UTF-8.
fn string_end(text: &[u8], start: usize) -> Result<(usize, usize), JsonError> {
    let unterminated = || JsonError::Syntax {
        message: "a string does not end".into(),
    };
    let mut decoded = 0;
    let mut i = start;
    loop {
        match *text.get(i).ok_or_else(unterminated)? {
            b'"' => return Ok((i, decoded)),
            b'\\' => {
                if text.get(i + 1) == Some(&b'u') {
                    let unit = text
                        .get(i + 2..i + 6)
                        .and_then(|hex| core::str::from_utf8(hex).ok())
                        .and_then(|hex| u16::from_str_radix(hex, 16).ok())
                        .ok_or_else(unterminated)?;
                    decoded += match unit {
                        0..0x80 => 1,
                        0x80..0x800 => 2,
                        // A high surrogate and its low one: four bytes.
                        0xd800..0xdc00 => 4,
                        0xdc00..0xe000 => 0,
                        _ => 3,
                    };
                    i += 6;
                } else {
                    decoded += 1;
                    i += 2;
                }
            }
            _ => {
                decoded += 1;
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::Limits;
    use crate::limits::{JsonError, LimitError};

    /// The scan and `read_json` agree on each limit.
    #[test]
    fn agrees_with_read_json() {
        let limits = Limits::DEFAULT
            .max_depth(3)
            .max_string_bytes(8)
            .max_properties(3)
            .max_bytes(200);
        for text in [
            r#"{"a":[1,{"b":2}]}"#,
            r#"{"a":[[[1]]]}"#,
            r#"[[[]]]"#,
            r#"["12345678"]"#,
            r#"["123456789"]"#,
            r#"["\u00e9\u00e9\u00e9\u00e9"]"#,
            r#"["\u00e9\u00e9\u00e9\u00e9\u00e9"]"#,
            r#"["\ud83d\ude00\ud83d\ude00"]"#,
            r#"["\ud83d\ude00\ud83d\ude00\n"]"#,
            r#"["é\"\\\n"]"#,
            r#"{"a":1,"b":2,"c":3}"#,
            r#"{"a":1,"b":2,"c":3,"d":4}"#,
            r#"{"a":1,"b":{"a":1},"c":3}"#,
            r#"{"a":1,"a":2}"#,
            r#"{"long name!":1}"#,
            r#"[{"a":1},{"a":1}]"#,
            r#""a string with 15""#,
        ] {
            let read = limits.read_json(text).map(|_| ());
            let scanned = limits.scan_json(text.as_bytes());
            match (&read, &scanned) {
                (Ok(()), Ok(())) => {}
                (Err(JsonError::TooLarge(a)), Err(JsonError::TooLarge(b))) => {
                    assert_eq!(
                        core::mem::discriminant(a),
                        core::mem::discriminant(b),
                        "{text}"
                    )
                }
                (
                    Err(JsonError::DuplicateKey { key: a }),
                    Err(JsonError::DuplicateKey { key: b }),
                ) => {
                    assert_eq!(a, b, "{text}")
                }
                _ => panic!("{text}: read {read:?}, scanned {scanned:?}"),
            }
        }
        assert_eq!(
            limits.scan_json(&[b'1'; 201]),
            Err(LimitError::Bytes {
                limit: 200,
                actual: 201
            }
            .into())
        );
    }

    #[test]
    fn many_names_are_looked_up_in_a_set() {
        let object: serde_json::Map<String, serde_json::Value> =
            (0..100).map(|i| (format!("k{i}"), json!(i))).collect();
        let text = serde_json::to_string(&object).unwrap();
        assert_eq!(Limits::DEFAULT.scan_json(text.as_bytes()), Ok(()));
        let twice = text.replacen("\"k3\"", "\"k97\"", 1);
        assert!(matches!(
            Limits::DEFAULT.scan_json(twice.as_bytes()),
            Err(JsonError::DuplicateKey { .. })
        ));
    }

    /// Text that is not JSON is never a panic.
    #[test]
    fn broken_text_is_an_error_or_passes() {
        for text in ["\"", "\"\\u12", "\"\\", "}}]]", "{\"a\"", "\"\\uzzzz\""] {
            let _ = Limits::DEFAULT.scan_json(text.as_bytes());
        }
        assert!(Limits::DEFAULT.scan_json(b"\"abc").is_err());
    }
}
