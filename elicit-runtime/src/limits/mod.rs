//! Size limits for what comes from the wire: JSON text, nesting, strings and
//! objects, with typed errors that name the limit to raise.
//!
//! Every JSON text entry point of the toolkit reads through
//! [`Limits::read_json`], which also refuses a name given twice in one object;
//! the readers of results check accepted content with [`Limits::check_value`]
//! before validating it. The defaults ([`Limits::DEFAULT`]) are far above
//! what any real form needs and far below what hurts a server.
#![doc = include_str!("../../docs/limits.md")]

#[cfg(feature = "request-state")]
mod scan;
pub(crate) mod text;
mod walk;

pub(crate) use walk::dispose;

use core::fmt;

pub use text::JsonError;

/// The size limits of wire input.
///
/// ```
/// use elicit_runtime::Limits;
///
/// let limits = Limits::DEFAULT.max_string_bytes(16);
/// assert!(limits.read_json(r#"{"name": "octocat"}"#).is_ok());
/// let error = limits.read_json(r#"{"name": "a string longer than sixteen bytes"}"#).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "a string has 34 bytes, more than the limit of 16: send a shorter one, \
///      or raise `Limits::max_string_bytes`"
/// );
/// assert_eq!(Limits::default(), Limits::DEFAULT);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    bytes: usize,
    depth: usize,
    string_bytes: usize,
    properties: usize,
}

impl Limits {
    /// The defaults: 4 MiB of JSON text, 32 levels of nesting, strings of
    /// 1 MiB and objects of 10 000 members.
    ///
    /// ```
    /// use elicit_runtime::Limits;
    ///
    /// assert_eq!(Limits::DEFAULT.bytes(), 4 << 20);
    /// assert_eq!(Limits::DEFAULT.depth(), 32);
    /// assert_eq!(Limits::DEFAULT.string_bytes(), 1 << 20);
    /// assert_eq!(Limits::DEFAULT.properties(), 10_000);
    /// ```
    pub const DEFAULT: Limits = Limits {
        bytes: 4 << 20,
        depth: 32,
        string_bytes: 1 << 20,
        properties: 10_000,
    };

    /// The same limits with at most `bytes` of JSON text.
    pub const fn max_bytes(self, bytes: usize) -> Limits {
        Limits { bytes, ..self }
    }

    /// The same limits with arrays and objects nested at most `depth`
    /// levels deep (`{"a": [1]}` has 2). The JSON reader's own limit of 128
    /// levels stays in force above it.
    pub const fn max_depth(self, depth: usize) -> Limits {
        Limits { depth, ..self }
    }

    /// The same limits with strings, values and names alike, of at most
    /// `bytes` bytes of UTF-8.
    pub const fn max_string_bytes(self, bytes: usize) -> Limits {
        Limits {
            string_bytes: bytes,
            ..self
        }
    }

    /// The same limits with objects of at most `properties` members.
    pub const fn max_properties(self, properties: usize) -> Limits {
        Limits { properties, ..self }
    }

    /// The most bytes of JSON text.
    pub const fn bytes(&self) -> usize {
        self.bytes
    }

    /// The most levels of nesting.
    pub const fn depth(&self) -> usize {
        self.depth
    }

    /// The most bytes of one string.
    pub const fn string_bytes(&self) -> usize {
        self.string_bytes
    }

    /// The most members of one object.
    pub const fn properties(&self) -> usize {
        self.properties
    }

    /// Checks the length of one string.
    fn string(&self, s: &str) -> Result<(), LimitError> {
        if s.len() > self.string_bytes {
            return Err(LimitError::StringBytes {
                limit: self.string_bytes,
                actual: s.len(),
            });
        }
        Ok(())
    }

    /// Checks that an array or object at nesting level `level` (from 1) is
    /// allowed.
    fn nest(&self, level: usize) -> Result<(), LimitError> {
        if level > self.depth {
            return Err(LimitError::Depth { limit: self.depth });
        }
        Ok(())
    }

    /// Checks that an object may have `members` members.
    fn members(&self, members: usize) -> Result<(), LimitError> {
        if members > self.properties {
            return Err(LimitError::Properties {
                limit: self.properties,
            });
        }
        Ok(())
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// Which limit input broke.
///
/// ```
/// use elicit_runtime::Limits;
/// use elicit_runtime::limits::LimitError;
///
/// let limits = Limits::DEFAULT.max_bytes(8);
/// let error = limits.read_json(r#"{"a": "b", "c": "d"}"#).unwrap_err();
/// assert_eq!(error.limit(), Some(&LimitError::Bytes { limit: 8, actual: 20 }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LimitError {
    /// The JSON text is longer than [`Limits::bytes`].
    Bytes {
        /// The limit.
        limit: usize,
        /// The length of the text, in bytes.
        actual: usize,
    },
    /// Arrays and objects are nested deeper than [`Limits::depth`].
    Depth {
        /// The limit.
        limit: usize,
    },
    /// A string is longer than [`Limits::string_bytes`].
    StringBytes {
        /// The limit.
        limit: usize,
        /// The length of the string, in bytes.
        actual: usize,
    },
    /// An object has more members than [`Limits::properties`].
    Properties {
        /// The limit.
        limit: usize,
    },
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LimitError::Bytes { limit, actual } => write!(
                f,
                "the JSON text has {actual} bytes, more than the limit of {limit}: send less, \
                 or raise `Limits::max_bytes`"
            ),
            LimitError::Depth { limit } => write!(
                f,
                "arrays and objects are nested more than {limit} levels deep: an elicitation \
                 message needs a few, so flatten it, or raise `Limits::max_depth`"
            ),
            LimitError::StringBytes { limit, actual } => write!(
                f,
                "a string has {actual} bytes, more than the limit of {limit}: send a shorter \
                 one, or raise `Limits::max_string_bytes`"
            ),
            LimitError::Properties { limit } => write!(
                f,
                "an object has more than {limit} members: send fewer, or raise \
                 `Limits::max_properties`"
            ),
        }
    }
}

impl std::error::Error for LimitError {}
