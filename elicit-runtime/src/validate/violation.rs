//! What can be wrong with one value: the rule it broke and what was expected.

use core::fmt;

use crate::excerpt::{Excerpt, plural};
use crate::format::FormatError;
use crate::schema::{EnumOption, Num};

/// One broken rule of one field.
///
/// ```
/// use elicit_runtime::schema::FieldSpec;
/// use elicit_runtime::validate::{self, Rule, Violation};
///
/// let schema = FieldSpec::STRING.max_length(3, "").into_schema();
/// let broken = validate::value(&schema, &"abcd".into()).unwrap_err();
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
    /// A string is not one of the enum's values.
    NotAnOption {
        /// The allowed values.
        options: Vec<EnumOption>,
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
        /// The allowed values.
        options: Vec<EnumOption>,
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
    /// `enum`.
    Enum,
    /// The range of the Rust type.
    Range,
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
    /// use elicit_runtime::validate::Rule;
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
            Rule::Enum => "enum",
            Rule::Range => "range",
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
            Violation::NotAnOption { .. } => Rule::Enum,
            Violation::OutOfRange { .. } => Rule::Range,
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
            Violation::Missing => "a value".to_owned(),
            Violation::Type { expected } => (*expected).to_owned(),
            Violation::NotInteger => "a whole number".to_owned(),
            Violation::MinLength { min, .. } => format!("at least {min} {}", chars(*min)),
            Violation::MaxLength { max, .. } => format!("at most {max} {}", chars(*max)),
            Violation::Minimum { minimum } => format!("a number of at least {minimum}"),
            Violation::Maximum { maximum } => format!("a number of at most {maximum}"),
            Violation::Format(error) => error.format().describe().to_owned(),
            Violation::NotAnOption { options } | Violation::ItemNotAnOption { options, .. } => {
                one_of(options)
            }
            Violation::DuplicateItem { .. } => "each value at most once".to_owned(),
            Violation::MinItems { min, .. } => format!("at least {}", plural(*min, "value")),
            Violation::MaxItems { max, .. } => format!("at most {}", plural(*max, "value")),
            Violation::TooFewTicked { min, .. } => format!("at least {min} ticked"),
            Violation::TooManyTicked { max, .. } => format!("at most {max} ticked"),
            Violation::OutOfRange { min, max } => format!("a number from {min} to {max}"),
            Violation::InexactInteger => "an integer written in full".to_owned(),
            Violation::Unknown => "no such field".to_owned(),
        }
    }
}

fn chars(n: u64) -> &'static str {
    if n == 1 { "character" } else { "characters" }
}

/// The most options named in a message; the rest are counted, so the
/// message of an enum with 10 000 values stays one short line.
const LISTED_OPTIONS: usize = 20;

/// "one of `a`, `b`", with values cut short and escaped, and at most
/// [`LISTED_OPTIONS`] of them named.
fn one_of(options: &[EnumOption]) -> String {
    let mut out = String::from("one of ");
    for (i, option) in options.iter().take(LISTED_OPTIONS).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('`');
        out.push_str(&Excerpt(&option.value).to_string());
        out.push('`');
    }
    if let Some(more) = options.len().checked_sub(LISTED_OPTIONS).filter(|&n| n > 0) {
        out.push_str(&format!(" and {more} more"));
    }
    out
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Missing => f.write_str("is required"),
            Violation::Type { expected } => write!(f, "must be {expected}"),
            Violation::NotInteger => f.write_str("must be a whole number"),
            Violation::MinLength { min, actual } => {
                write!(f, "must have at least {min} {}, has {actual}", chars(*min))
            }
            Violation::MaxLength { max, actual } => {
                write!(f, "must have at most {max} {}, has {actual}", chars(*max))
            }
            Violation::Minimum { minimum } => write!(f, "must be at least {minimum}"),
            Violation::Maximum { maximum } => write!(f, "must be at most {maximum}"),
            Violation::Format(error) => write!(f, "is {error}"),
            Violation::NotAnOption { .. } => write!(f, "must be {}", self.expected()),
            Violation::OutOfRange { min, max } => write!(f, "must be between {min} and {max}"),
            Violation::InexactInteger => f.write_str(
                "must be written as a whole number without a decimal point or exponent: in that form a number this large loses digits",
            ),
            Violation::Unknown => f.write_str("is not a field of this form: leave it out"),
            Violation::ItemNotAnOption { index, options } => {
                write!(f, "has entry {index} that is not {}", one_of(options))
            }
            Violation::DuplicateItem { value } => {
                write!(f, "lists `{}` more than once: choose each value once", Excerpt(value))
            }
            Violation::MinItems { min, actual } => write!(
                f,
                "must have at least {}, has {actual}",
                plural(*min, "value")
            ),
            Violation::MaxItems { max, actual } => write!(
                f,
                "must have at most {}, has {actual}",
                plural(*max, "value")
            ),
            Violation::TooFewTicked {
                min,
                actual,
                booleans,
            } => write!(
                f,
                "{} {actual} ticked, and at least {min} must be: tick {} more",
                has(booleans.len()),
                min.saturating_sub(*actual)
            ),
            Violation::TooManyTicked {
                max,
                actual,
                booleans,
            } => write!(
                f,
                "{} {actual} ticked, and at most {max} may be: untick {}",
                has(booleans.len()),
                actual.saturating_sub(*max)
            ),
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

/// The verb for a count of booleans.
fn has(count: usize) -> &'static str {
    if count == 1 { "has" } else { "have" }
}

/// "`a`, `b` and `c`": names cut short and escaped, at most
/// [`LISTED_OPTIONS`] of them named.
pub(crate) fn list_names(f: &mut fmt::Formatter<'_>, names: &[String]) -> fmt::Result {
    let shown = names.len().min(LISTED_OPTIONS);
    for (i, name) in names.iter().take(shown).enumerate() {
        if i > 0 {
            f.write_str(if i + 1 == names.len() { " and " } else { ", " })?;
        }
        write!(f, "`{}`", Excerpt(name))?;
    }
    if names.len() > shown {
        write!(f, " and {} more", names.len() - shown)?;
    }
    Ok(())
}
