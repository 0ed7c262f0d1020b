//! Reading JSON text within the limits, refusing names given twice.

use core::cell::Cell;
use core::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::{LimitError, Limits};
use crate::excerpt::Excerpt;

/// Why JSON text could not be read.
///
/// ```
/// use elicit_runtime::Limits;
/// use elicit_runtime::limits::JsonError;
///
/// let error = Limits::DEFAULT.read_json(r#"{"age": 20, "age": 300}"#).unwrap_err();
/// assert_eq!(error, JsonError::DuplicateKey { key: "age".into() });
/// assert_eq!(
///     error.to_string(),
///     "the name `age` appears twice in one object: readers disagree on which value \
///      counts, so send each name once"
/// );
/// assert!(matches!(Limits::DEFAULT.read_json("[1,"), Err(JsonError::Syntax { .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum JsonError {
    /// The text is not JSON (or holds a number beyond `f64`, or a lone
    /// surrogate escape).
    Syntax {
        /// The parser's message, with the line and column.
        message: String,
    },
    /// An object names the same member twice.
    DuplicateKey {
        /// The name, cut short and with control characters escaped.
        key: String,
    },
    /// The text breaks one of the [`Limits`].
    TooLarge(LimitError),
}

impl JsonError {
    /// The limit broken, if that is the problem.
    pub fn limit(&self) -> Option<&LimitError> {
        match self {
            JsonError::TooLarge(limit) => Some(limit),
            JsonError::Syntax { .. } | JsonError::DuplicateKey { .. } => None,
        }
    }
}

/// The message of a name given twice, shared by every error that reports one.
pub(crate) fn duplicate_key(f: &mut fmt::Formatter<'_>, key: &str) -> fmt::Result {
    write!(
        f,
        "the name `{key}` appears twice in one object: readers disagree on which value \
         counts, so send each name once"
    )
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonError::Syntax { message } => write!(f, "not valid JSON: {message}"),
            JsonError::DuplicateKey { key } => duplicate_key(f, key),
            JsonError::TooLarge(limit) => limit.fmt(f),
        }
    }
}

impl std::error::Error for JsonError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            JsonError::TooLarge(error) => Some(error),
            JsonError::Syntax { .. } | JsonError::DuplicateKey { .. } => None,
        }
    }
}

impl From<LimitError> for JsonError {
    fn from(limit: LimitError) -> JsonError {
        JsonError::TooLarge(limit)
    }
}

impl Limits {
    /// Reads JSON text into a value, within the limits.
    ///
    /// The length of the text is checked before anything is read; nesting,
    /// strings and object sizes while reading, so the reader stops at the
    /// first value past a limit. A name given twice in one object is an
    /// error: JSON readers differ on which value wins, and a message that
    /// means one thing to the validator and another to the next reader is
    /// an attack, not an answer.
    ///
    /// # Errors
    ///
    /// A [`JsonError`]: the text is not JSON, names a member twice, or
    /// breaks a limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::Limits;
    ///
    /// let value = Limits::DEFAULT.read_json(r#"{"action": "decline"}"#).unwrap();
    /// assert_eq!(value["action"], "decline");
    /// let deep = format!("{}{}", "[".repeat(40), "]".repeat(40));
    /// assert!(Limits::DEFAULT.read_json(&deep).unwrap_err().limit().is_some());
    /// ```
    pub fn read_json(&self, text: &str) -> Result<Value, JsonError> {
        if text.len() > self.bytes {
            return Err(LimitError::Bytes {
                limit: self.bytes,
                actual: text.len(),
            }
            .into());
        }
        let stop = Cell::new(None);
        let reader = Reader {
            limits: self,
            level: 1,
            stop: &stop,
        };
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let read = reader
            .deserialize(&mut deserializer)
            .and_then(|value| deserializer.end().map(|()| value));
        read.map_err(|error| {
            stop.take().unwrap_or_else(|| JsonError::Syntax {
                message: error.to_string(),
            })
        })
    }
}

/// Builds a value, with the level an array or object read next would have.
/// A broken rule is kept in `stop`, where the typed error survives the
/// parser's own error type.
#[derive(Clone, Copy)]
struct Reader<'a> {
    limits: &'a Limits,
    level: usize,
    stop: &'a Cell<Option<JsonError>>,
}

impl Reader<'_> {
    fn fail<E: de::Error>(self, error: JsonError) -> E {
        self.stop.set(Some(error));
        E::custom("stopped")
    }

    fn check<E: de::Error>(self, checked: Result<(), LimitError>) -> Result<(), E> {
        checked.map_err(|limit| self.fail(JsonError::TooLarge(limit)))
    }

    fn deeper(self) -> Self {
        Reader {
            level: self.level + 1,
            ..self
        }
    }
}

impl<'de> DeserializeSeed<'de> for Reader<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Reader<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        // The parser yields only finite floats; anything else is not JSON.
        serde_json::Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| E::custom("a number JSON cannot hold"))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        self.check(self.limits.string(v))?;
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        self.check(self.limits.string(&v))?;
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        self.check(self.limits.nest(self.level))?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self.deeper())? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        self.check(self.limits.nest(self.level))?;
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            self.check(self.limits.string(&key))?;
            if object.contains_key(&key) {
                return Err(self.fail(JsonError::DuplicateKey {
                    key: Excerpt(&key).to_string(),
                }));
            }
            self.check(self.limits.members(object.len() + 1))?;
            let value = map.next_value_seed(self.deeper())?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}
