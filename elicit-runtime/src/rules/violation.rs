//! What can be wrong with one value: the rule it broke and what was expected.

use core::fmt;

use super::choice::OneOf;
use super::fit::{self, Unfit};
use super::{bounds, choice, format, items, kind, length, text};
use crate::format::FormatError;
use crate::schema::Num;

/// One broken rule of one field.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::rules::{self, Rule, Violation};
///
/// #[derive(Elicitable)]
/// struct Code {
///     #[elicit(max_length = 3)]
///     code: String,
/// }
///
/// let schema = &Code::SCHEMA.properties[0].schema;
/// let broken = rules::value(schema, &"abcd".into()).unwrap_err();
/// assert_eq!(broken, [Violation::MaxLength { max: 3, actual: 4 }]);
/// assert_eq!(broken[0].rule(), Rule::MaxLength);
/// assert_eq!(broken[0].to_string(), "must have at most 3 characters, has 4");
/// assert_eq!(broken[0].expected(), "at most 3 characters");
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Violation {
    /// A required field is absent.
    Missing,
    /// The value has the wrong JSON type (no coercion: `"5"` is no number).
    Type {
        /// What the schema asks for, in words (`"a string"`).
        expected: &'static str,
    },
    /// An integer field holds a number with a fractional part.
    NotInteger,
    /// A string is shorter than `minLength` (counted in code points).
    MinLength {
        /// The `minLength` of the schema.
        min: u64,
        /// The length received.
        actual: u64,
    },
    /// A string is longer than `maxLength` (counted in code points).
    MaxLength {
        /// The `maxLength` of the schema.
        max: u64,
        /// The length received.
        actual: u64,
    },
    /// A number is below `minimum`.
    Minimum {
        /// The `minimum` of the schema.
        minimum: Num,
    },
    /// A number is above `maximum`.
    Maximum {
        /// The `maximum` of the schema.
        maximum: Num,
    },
    /// A string does not match its `format`.
    Format(FormatError),
    /// A string holds a control character other than a tab or a line
    /// break (a NUL, an escape): refused in every text field, whatever
    /// its schema says (elicit's own rule).
    ControlCharacter {
        /// The character, as its code point (`0x1b` for an escape).
        code_point: u32,
        /// Where it is in the string, in characters from 1.
        position: u64,
    },
    /// A string is not one of the enum's values.
    NotAnOption {
        /// The allowed values, as the message names them.
        options: OneOf,
    },
    /// The value is valid for the schema but does not fit the Rust type
    /// that reads it (an integer beyond `i64`, a number beyond `f32`).
    OutOfRange {
        /// The smallest value the field holds.
        min: Num,
        /// The largest value the field holds.
        max: Num,
    },
    /// An integer written in floating-point form beyond 2^53 (`1e20`,
    /// `123456789012345678901.0`), where the float no longer holds every
    /// integer, so its exact value is unknown.
    InexactInteger,
    /// A property the form does not have, in a form that denies unknown
    /// fields.
    Unknown,
    /// An entry of a multi-select is not one of its values.
    ItemNotAnOption {
        /// The entry's position in the array, from 0.
        index: usize,
        /// The allowed values, as the message names them (shared by the
        /// errors of one check).
        options: OneOf,
    },
    /// The value passes its schema, but the field's Rust type cannot hold
    /// it: 0 for a `NonZero` integer, a 36-character string that is no
    /// UUID, a leap second for a type without them, a URL that `url`
    /// refuses.
    Unfit {
        /// The Rust type, as its users write it (`jiff::Timestamp`).
        ty: &'static str,
        /// Why it cannot hold the value.
        reason: Unfit,
    },
    /// A multi-select names a value twice.
    DuplicateItem {
        /// The value named twice.
        value: String,
    },
    /// A multi-select has fewer entries than `minItems`.
    MinItems {
        /// The `minItems` of the schema.
        min: u64,
        /// The number of entries received.
        actual: u64,
    },
    /// A multi-select has more entries than `maxItems`.
    MaxItems {
        /// The `maxItems` of the schema.
        max: u64,
        /// The number of entries received.
        actual: u64,
    },
    /// A multi-select sent as booleans (to a client of 2025-06-18, see
    /// [`FormSchema::render_downlevel`](crate::schema::FormSchema::render_downlevel))
    /// has fewer of them ticked than its `minItems`. The error names the
    /// first boolean as its field, and its message every boolean.
    TooFewTicked {
        /// The `minItems` of the multi-select.
        min: u64,
        /// How many booleans were ticked.
        actual: u64,
        /// The names of the booleans, in the order of the options.
        booleans: Vec<String>,
    },
    /// A multi-select sent as booleans has more of them ticked than its
    /// `maxItems`; see [`Violation::TooFewTicked`].
    TooManyTicked {
        /// The `maxItems` of the multi-select.
        max: u64,
        /// How many booleans were ticked.
        actual: u64,
        /// The names of the booleans, in the order of the options.
        booleans: Vec<String>,
    },
}

/// The rule a [`Violation`] broke, named by its JSON Schema keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// `required`.
    Required,
    /// `type`.
    Type,
    /// `type: integer` (a fractional number).
    Integer,
    /// `minLength`.
    MinLength,
    /// `maxLength`.
    MaxLength,
    /// `minimum`.
    Minimum,
    /// `maximum`.
    Maximum,
    /// `format`.
    Format,
    /// No control characters in text but tabs and line breaks (elicit's
    /// own rule).
    ControlCharacter,
    /// `enum`.
    Enum,
    /// The range of the Rust type.
    Range,
    /// What the Rust type holds beyond its schema (a UUID's digits, an
    /// instant, a non-zero integer).
    Fit,
    /// Unknown properties are denied.
    Unknown,
    /// `minItems`.
    MinItems,
    /// `maxItems`.
    MaxItems,
    /// Each value of a multi-select at most once.
    UniqueItems,
}

impl Rule {
    /// The keyword: `"required"`, `"type"`, `"minLength"`, ...
    ///
    /// ```
    /// use elicit_runtime::rules::Rule;
    ///
    /// assert_eq!(Rule::MinLength.as_str(), "minLength");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Rule::Required => "required",
            Rule::Type => "type",
            Rule::Integer => "integer",
            Rule::MinLength => "minLength",
            Rule::MaxLength => "maxLength",
            Rule::Minimum => "minimum",
            Rule::Maximum => "maximum",
            Rule::Format => "format",
            Rule::ControlCharacter => "controlCharacter",
            Rule::Enum => "enum",
            Rule::Range => "range",
            Rule::Fit => "fit",
            Rule::Unknown => "additionalProperties",
            Rule::MinItems => "minItems",
            Rule::MaxItems => "maxItems",
            Rule::UniqueItems => "uniqueItems",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Violation {
    /// The rule that was broken.
    pub const fn rule(&self) -> Rule {
        match self {
            Violation::Missing => Rule::Required,
            Violation::Type { .. } => Rule::Type,
            Violation::NotInteger => Rule::Integer,
            Violation::MinLength { .. } => Rule::MinLength,
            Violation::MaxLength { .. } => Rule::MaxLength,
            Violation::Minimum { .. } => Rule::Minimum,
            Violation::Maximum { .. } => Rule::Maximum,
            Violation::Format(_) => Rule::Format,
            Violation::ControlCharacter { .. } => Rule::ControlCharacter,
            Violation::NotAnOption { .. } => Rule::Enum,
            Violation::OutOfRange { .. } => Rule::Range,
            Violation::Unfit { .. } => Rule::Fit,
            Violation::InexactInteger => Rule::Integer,
            Violation::Unknown => Rule::Unknown,
            Violation::ItemNotAnOption { .. } => Rule::Enum,
            Violation::DuplicateItem { .. } => Rule::UniqueItems,
            Violation::MinItems { .. } | Violation::TooFewTicked { .. } => Rule::MinItems,
            Violation::MaxItems { .. } | Violation::TooManyTicked { .. } => Rule::MaxItems,
        }
    }

    /// What a valid value would have been, in words fit to show a user.
    pub fn expected(&self) -> String {
        match self {
            Violation::Missing | Violation::Type { .. } | Violation::Unknown => {
                kind::expected(self)
            }
            Violation::MinLength { min, .. } => length::expected_at_least(*min),
            Violation::MaxLength { max, .. } => length::expected_at_most(*max),
            Violation::NotInteger
            | Violation::InexactInteger
            | Violation::Minimum { .. }
            | Violation::Maximum { .. }
            | Violation::OutOfRange { .. } => bounds::expected(self),
            Violation::Format(error) => format::expected(error),
            Violation::ControlCharacter { .. } => text::expected(),
            Violation::Unfit { ty, reason } => fit::expected(ty, reason),
            Violation::NotAnOption { .. }
            | Violation::ItemNotAnOption { .. }
            | Violation::DuplicateItem { .. } => choice::expected(self),
            Violation::MinItems { .. }
            | Violation::MaxItems { .. }
            | Violation::TooFewTicked { .. }
            | Violation::TooManyTicked { .. } => items::expected(self),
        }
    }
}

/// Each message in the file of its rule.
impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Missing | Violation::Type { .. } | Violation::Unknown => {
                kind::write(f, self)
            }
            Violation::MinLength { min, actual } => length::write_too_short(f, *min, *actual),
            Violation::MaxLength { max, actual } => length::write_too_long(f, *max, *actual),
            Violation::NotInteger
            | Violation::InexactInteger
            | Violation::Minimum { .. }
            | Violation::Maximum { .. }
            | Violation::OutOfRange { .. } => bounds::write(f, self),
            Violation::Format(error) => format::write(f, error),
            Violation::ControlCharacter {
                code_point,
                position,
            } => text::write(f, *code_point, *position),
            Violation::Unfit { ty, reason } => fit::write(f, ty, reason),
            Violation::NotAnOption { .. }
            | Violation::ItemNotAnOption { .. }
            | Violation::DuplicateItem { .. } => choice::write(f, self),
            Violation::MinItems { .. }
            | Violation::MaxItems { .. }
            | Violation::TooFewTicked { .. }
            | Violation::TooManyTicked { .. } => items::write(f, self),
        }
    }
}

impl Violation {
    /// The booleans a violation is about, when it is about a multi-select
    /// sent as booleans rather than about one field.
    pub(crate) fn booleans(&self) -> Option<&[String]> {
        match self {
            Violation::TooFewTicked { booleans, .. }
            | Violation::TooManyTicked { booleans, .. } => Some(booleans),
            _ => None,
        }
    }
}
