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
    /// Where this object's names start in the scan's list of names.
    names: usize,
    /// This object's names, once there are more than [`LINEAR_NAMES`].
    set: Option<HashSet<&'t [u8]>>,
}

/// The arrays and objects the scan is inside, and the names of the open
/// objects' members (each object's after its parents'), in two lists that
/// are allocated once for the whole text.
struct Open<'t> {
    levels: Vec<Level<'t>>,
    names: Vec<&'t [u8]>,
}

impl<'t> Open<'t> {
    /// Records `name` in the innermost object; `false` when it had it
    /// already. Returns how many members the object has now.
    fn insert(&mut self, name: &'t [u8]) -> Option<usize> {
        let level = self.levels.last_mut()?;
        if let Some(set) = &mut level.set {
            return set.insert(name).then_some(set.len());
        }
        let names = &mut self.names;
        if names[level.names..].contains(&name) {
            return None;
        }
        names.push(name);
        let members = names.len() - level.names;
        if members > LINEAR_NAMES {
            level.set = Some(names.drain(level.names..).collect());
        }
        Some(members)
    }

    fn close(&mut self) {
        if let Some(level) = self.levels.pop() {
            self.names.truncate(level.names);
        }
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
        let mut open = Open {
            levels: Vec::with_capacity(8),
            names: Vec::with_capacity(16),
        };
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
                    if core::mem::replace(&mut name_next, false) {
                        let name = &text[start..end];
                        let Some(members) = open.insert(name) else {
                            return Err(JsonError::DuplicateKey {
                                key: Excerpt(&String::from_utf8_lossy(name)).to_string(),
                            });
                        };
                        self.members(members)?;
                    }
                }
                b'{' | b'[' => {
                    self.nest(open.levels.len() + 1)?;
                    let object = byte == b'{';
                    open.levels.push(Level {
                        object,
                        names: open.names.len(),
                        set: None,
                    });
                    name_next = object;
                }
                b'}' | b']' => {
                    open.close();
                    name_next = false;
                }
                b',' => name_next = open.levels.last().is_some_and(|level| level.object),
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
                let run = plain_run(&text[i..]);
                decoded += run.max(1);
                i += run.max(1);
            }
        }
    }
}

/// How many bytes at the start of `text` are neither `"` nor `\`, eight
/// at a time: a string's text is read at a few instructions a word, not
/// a few a byte.
fn plain_run(text: &[u8]) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    const QUOTES: u64 = u64::from_ne_bytes([b'"'; 8]);
    const BACKSLASHES: u64 = u64::from_ne_bytes([b'\\'; 8]);
    /// Whether a byte of `word` is zero.
    const fn has_zero(word: u64) -> bool {
        word.wrapping_sub(ONES) & !word & HIGHS != 0
    }
    let mut run = 0;
    for chunk in text.chunks_exact(8) {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(chunk);
        let word = u64::from_ne_bytes(bytes);
        if has_zero(word ^ QUOTES) || has_zero(word ^ BACKSLASHES) {
            break;
        }
        run += 8;
    }
    run + text[run..]
        .iter()
        .position(|&byte| byte == b'"' || byte == b'\\')
        .unwrap_or(text.len() - run)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::limits::Limits;
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

    /// Long strings, read a word at a time, are measured to the byte.
    #[test]
    fn measures_long_strings_exactly() {
        for n in 0..40 {
            let text = format!("[\"{}\\\"{}é\"]", "a".repeat(n), "b".repeat(n));
            let decoded = 2 * n + 3;
            let at = Limits::DEFAULT.max_string_bytes(decoded);
            assert_eq!(at.scan_json(text.as_bytes()), Ok(()), "{text}");
            let below = Limits::DEFAULT.max_string_bytes(decoded - 1);
            assert_eq!(
                below.scan_json(text.as_bytes()),
                Err(LimitError::StringBytes {
                    limit: decoded - 1,
                    actual: decoded
                }
                .into()),
                "{text}"
            );
        }
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
