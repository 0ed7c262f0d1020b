//! The compile-time description of a field, and the `const fn`s that narrow
//! it.
//!
//! A [`FieldSpec`] holds only `Copy` data, so `const` code can take it apart,
//! change it and check it. The derive starts from the spec of the field's type
//! ([`ElicitField::SPEC`](crate::field::ElicitField::SPEC)), applies each attribute
//! with the functions below, and turns the result into a
//! [`PropertySchema`] with [`FieldSpec::into_schema`].
//! A function that finds an attribute unfit for the field panics with the
//! message it was given; in `const` evaluation that panic is a compile error
//! at the attribute.

use std::borrow::Cow;

use crate::schema::{
    BooleanRules, EnumOption, EnumRules, Kind, MultiSelectRules, Num, NumberRules, Property,
    PropertySchema, StringRules, Text,
};

mod choices;
mod defaults;

use crate::format::Format;
use crate::rules::fit::{self, Fit};
use crate::rules::{bounds, format, length};

/// The compile-time description of a field type: annotations and kind
/// (`<u8 as ElicitField>::SPEC` is an integer from 0 to 255). The derive's
/// plumbing, reached through `__private`.
#[derive(Debug, Clone, Copy)]
pub struct FieldSpec {
    /// `title`.
    pub title: Option<&'static str>,
    /// `description`.
    pub description: Option<&'static str>,
    /// The kind with its constraints.
    pub kind: KindSpec,
    /// The field holds a secret ([`Secret`](crate::Secret), or
    /// `secrecy::SecretString` with the `secrecy` feature): it is asked
    /// only on a web form, never in form mode.
    pub secret: bool,
}

/// The kind of a field, with constraints, in `const`-friendly form.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum KindSpec {
    /// A string.
    String {
        /// `minLength`.
        min_length: Option<u64>,
        /// `maxLength`.
        max_length: Option<u64>,
        /// `format`.
        format: Option<Format>,
        /// `default`.
        default: Option<&'static str>,
        /// What the Rust type reads beyond the schema (a UUID, an IP
        /// address, an instant it holds), checked on `default` too.
        fit: Option<Fit>,
    },
    /// A number or an integer.
    Number {
        /// `type: integer` when `true`.
        integer: bool,
        /// `minimum`.
        minimum: Option<Num>,
        /// `maximum`.
        maximum: Option<Num>,
        /// `default`.
        default: Option<Num>,
        /// The range of the Rust type, which bounds may narrow but not leave.
        limits: Option<(Num, Num)>,
        /// The Rust type holds no zero (`NonZeroI32`): a bound or default of
        /// 0 is refused.
        nonzero: bool,
    },
    /// A boolean.
    Boolean {
        /// `default`.
        default: Option<bool>,
    },
    /// A single choice among fixed values.
    Enum {
        /// The values, with titles.
        options: &'static [EnumOption],
        /// `default`.
        default: Option<&'static str>,
        /// Titles as `enumNames` on every revision.
        legacy_titles: bool,
    },
    /// Several choices among fixed values.
    MultiSelect {
        /// The values, with titles.
        options: &'static [EnumOption],
        /// `minItems`.
        min_items: Option<u64>,
        /// `maxItems`.
        max_items: Option<u64>,
        /// `default`.
        default: Option<&'static [Text]>,
    },
}

impl FieldSpec {
    /// A spec with no annotations.
    pub const fn new(kind: KindSpec) -> FieldSpec {
        FieldSpec {
            title: None,
            description: None,
            kind,
            secret: false,
        }
    }

    /// The spec of a plain string.
    pub const STRING: FieldSpec = FieldSpec::string(None, None, None, None);

    /// The spec of a secret: a string, asked only on a web form.
    pub const SECRET: FieldSpec = FieldSpec {
        secret: true,
        ..FieldSpec::STRING
    };

    /// The spec of a string with these lengths, format and fit: the spec
    /// of a type read from text (`char`, `uuid::Uuid`, a date).
    pub const fn string(
        min_length: Option<u64>,
        max_length: Option<u64>,
        format: Option<Format>,
        fit: Option<Fit>,
    ) -> FieldSpec {
        FieldSpec::new(KindSpec::String {
            min_length,
            max_length,
            format,
            default: None,
            fit,
        })
    }

    /// The spec of an integer type with the given range; the range becomes
    /// `minimum`/`maximum` where it is narrower than JSON's safe integers.
    pub const fn integer(lowest: i128, highest: i128) -> FieldSpec {
        FieldSpec::integer_of(lowest, highest, false)
    }

    /// The spec of a `NonZero` integer type whose range, zero aside, is
    /// `lowest..=highest`: as [`FieldSpec::integer`], and a bound or
    /// default of 0 is refused.
    pub const fn nonzero(lowest: i128, highest: i128) -> FieldSpec {
        FieldSpec::integer_of(lowest, highest, true)
    }

    const fn integer_of(lowest: i128, highest: i128, nonzero: bool) -> FieldSpec {
        const SAFE: i128 = (1 << 53) - 1;
        FieldSpec::new(KindSpec::Number {
            integer: true,
            minimum: if lowest > -SAFE {
                Some(Num::Int(lowest))
            } else {
                None
            },
            maximum: if highest < SAFE {
                Some(Num::Int(highest))
            } else {
                None
            },
            default: None,
            limits: Some((Num::Int(lowest), Num::Int(highest))),
            nonzero,
        })
    }

    /// The spec of a floating-point type whose largest finite value is
    /// `highest`; bounds may not leave `-highest..=highest`.
    pub const fn float(highest: f64) -> FieldSpec {
        FieldSpec::new(KindSpec::Number {
            integer: false,
            minimum: None,
            maximum: None,
            default: None,
            limits: Some((Num::Float(-highest), Num::Float(highest))),
            nonzero: false,
        })
    }

    /// The spec of a boolean.
    pub const BOOLEAN: FieldSpec = FieldSpec::new(KindSpec::Boolean { default: None });

    /// The spec of a single-select enum with these options.
    pub const fn choice(options: &'static [EnumOption]) -> FieldSpec {
        FieldSpec::new(KindSpec::Enum {
            options,
            default: None,
            legacy_titles: false,
        })
    }

    /// The spec of a multi-select among these options.
    pub const fn multi_select(options: &'static [EnumOption]) -> FieldSpec {
        FieldSpec::new(KindSpec::MultiSelect {
            options,
            min_items: None,
            max_items: None,
            default: None,
        })
    }

    /// Sets `title`.
    pub const fn title(self, title: &'static str) -> FieldSpec {
        FieldSpec {
            title: Some(title),
            ..self
        }
    }

    /// Sets `description`.
    pub const fn description(self, description: &'static str) -> FieldSpec {
        FieldSpec {
            description: Some(description),
            ..self
        }
    }

    /// Sets `minLength`; panics with `unfit` unless the field is a string.
    pub const fn min_length(self, value: u64, unfit: &'static str) -> FieldSpec {
        match self.kind {
            KindSpec::String {
                max_length,
                format,
                default,
                fit,
                ..
            } => self.with(KindSpec::String {
                min_length: Some(value),
                max_length,
                format,
                default,
                fit,
            }),
            _ => panic!("{}", unfit),
        }
    }

    /// Sets `maxLength`; panics with `unfit` unless the field is a string.
    pub const fn max_length(self, value: u64, unfit: &'static str) -> FieldSpec {
        match self.kind {
            KindSpec::String {
                min_length,
                format,
                default,
                fit,
                ..
            } => self.with(KindSpec::String {
                min_length,
                max_length: Some(value),
                format,
                default,
                fit,
            }),
            _ => panic!("{}", unfit),
        }
    }

    /// Sets `format`; panics with `unfit` unless the field is a string, and
    /// when the field's type sets another format (`date` for a date type).
    pub const fn format(self, value: Format, unfit: &'static str) -> FieldSpec {
        match self.kind {
            KindSpec::String {
                min_length,
                max_length,
                default,
                fit,
                format: set,
            } => {
                if let Some(set) = set
                    && set as u8 != value as u8
                {
                    panic!("{}", format::OTHER_THAN_THE_TYPES)
                }
                self.with(KindSpec::String {
                    min_length,
                    max_length,
                    format: Some(value),
                    default,
                    fit,
                })
            }
            _ => panic!("{}", unfit),
        }
    }

    /// Sets `minimum`; panics with `msgs.unfit` unless the field is a number,
    /// with `msgs.fraction` when a fractional bound is put on an integer, and
    /// with `msgs.outside` when the bound leaves the Rust type's range.
    pub const fn minimum(self, value: Num, msgs: BoundMessages) -> FieldSpec {
        // The panic stays in this function, so a failed check shows one
        // frame, not two.
        match self.bound(value, true, msgs) {
            Ok(spec) => spec,
            Err(message) => panic!("{}", message),
        }
    }

    /// Sets `maximum`, with the checks of [`FieldSpec::minimum`].
    pub const fn maximum(self, value: Num, msgs: BoundMessages) -> FieldSpec {
        match self.bound(value, false, msgs) {
            Ok(spec) => spec,
            Err(message) => panic!("{}", message),
        }
    }

    const fn bound(
        self,
        value: Num,
        is_minimum: bool,
        msgs: BoundMessages,
    ) -> Result<FieldSpec, &'static str> {
        let KindSpec::Number {
            integer,
            minimum,
            maximum,
            default,
            limits,
            nonzero,
        } = self.kind
        else {
            return Err(msgs.unfit);
        };
        if !value.is_finite() {
            return Err(bounds::NOT_FINITE);
        }
        if integer && !value.is_whole() {
            return Err(msgs.fraction);
        }
        if !bounds::within(value, limits) {
            return Err(msgs.outside);
        }
        if nonzero && value.is_zero() {
            return Err(fit::ZERO_BOUND);
        }
        let (minimum, maximum) = if is_minimum {
            (Some(value), maximum)
        } else {
            (minimum, Some(value))
        };
        Ok(self.with(KindSpec::Number {
            integer,
            minimum,
            maximum,
            default,
            limits,
            nonzero,
        }))
    }

    /// Sets a boolean `default`; panics with `unfit` unless the field is a
    /// boolean.
    pub const fn default_bool(self, value: bool, unfit: &'static str) -> FieldSpec {
        match self.kind {
            KindSpec::Boolean { .. } => self.with(KindSpec::Boolean {
                default: Some(value),
            }),
            _ => panic!("{}", unfit),
        }
    }

    /// Panics with `message` if `minLength > maxLength`.
    pub const fn check_lengths(self, message: &'static str) -> FieldSpec {
        if let KindSpec::String {
            min_length,
            max_length,
            ..
        } = self.kind
            && !length::ordered(min_length, max_length)
        {
            panic!("{}", message)
        }
        self
    }

    /// Panics with `message` if `minimum > maximum`.
    pub const fn check_bounds(self, message: &'static str) -> FieldSpec {
        if let KindSpec::Number {
            minimum, maximum, ..
        } = self.kind
            && !bounds::ordered(minimum, maximum)
        {
            panic!("{}", message)
        }
        self
    }

    /// The runtime schema of this spec.
    pub const fn into_schema(self) -> PropertySchema {
        PropertySchema {
            title: text(self.title),
            description: text(self.description),
            kind: match self.kind {
                KindSpec::String {
                    min_length,
                    max_length,
                    format,
                    default,
                    ..
                } => Kind::String(StringRules {
                    min_length,
                    max_length,
                    format,
                    default: text(default),
                }),
                KindSpec::Number {
                    integer,
                    minimum,
                    maximum,
                    default,
                    ..
                } => Kind::Number(NumberRules {
                    integer,
                    minimum,
                    maximum,
                    default,
                }),
                KindSpec::Boolean { default } => Kind::Boolean(BooleanRules { default }),
                KindSpec::Enum {
                    options,
                    default,
                    legacy_titles,
                } => Kind::Enum(EnumRules {
                    options: Cow::Borrowed(options),
                    default: text(default),
                    legacy_titles,
                }),
                KindSpec::MultiSelect {
                    options,
                    min_items,
                    max_items,
                    default,
                } => Kind::MultiSelect(MultiSelectRules {
                    options: Cow::Borrowed(options),
                    min_items,
                    max_items,
                    default: match default {
                        Some(values) => Some(Cow::Borrowed(values)),
                        None => None,
                    },
                }),
            },
        }
    }

    /// The property `name` with this schema.
    pub const fn into_property(self, name: &'static str, required: bool) -> Property {
        Property {
            name: Cow::Borrowed(name),
            required,
            secret: self.secret,
            schema: self.into_schema(),
        }
    }

    /// Panics with `message` unless the field is a secret exactly when it
    /// is `marked` so (`#[elicit(secret)]`): a mark on a field that would
    /// keep its value in clear, or a secret type without the mark, which
    /// the derive reads to refuse the form in form mode.
    pub const fn check_secret(self, marked: bool, message: &'static str) -> FieldSpec {
        if self.secret != marked {
            panic!("{}", message)
        }
        self
    }

    const fn with(self, kind: KindSpec) -> FieldSpec {
        FieldSpec { kind, ..self }
    }
}

/// The messages [`FieldSpec::minimum`] and [`FieldSpec::maximum`] panic
/// with, written by the derive for the attribute at hand.
#[derive(Debug, Clone, Copy)]
pub struct BoundMessages {
    /// The field is not a number.
    pub unfit: &'static str,
    /// A fractional bound on an integer field.
    pub fraction: &'static str,
    /// The bound leaves the range of the field's Rust type.
    pub outside: &'static str,
}

const fn text(value: Option<&'static str>) -> Option<Cow<'static, str>> {
    match value {
        Some(s) => Some(Cow::Borrowed(s)),
        None => None,
    }
}

impl EnumOption {
    /// An option with a value and an optional title, for `const` code.
    pub const fn new(value: &'static str, title: Option<&'static str>) -> EnumOption {
        EnumOption {
            value: Cow::Borrowed(value),
            title: text(title),
        }
    }
}

// The derive writes literals through these in `const` code.

/// A `Num` from an integer literal, for `const` code.
pub const fn int(value: i128) -> Num {
    Num::Int(value)
}

/// A `Num` from a float literal, for `const` code.
pub const fn float(value: f64) -> Num {
    Num::Float(value)
}

/// Forces the evaluation of a form's schema so its checks run at compile
/// time, without dropping it in `const` code.
pub const fn force<T>(value: T) {
    core::mem::forget(value);
}
