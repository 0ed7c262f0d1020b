//! `default` on every kind, checked in `const` code against the field's
//! type and every constraint, so a default the form could not accept is a
//! compile error.

use super::{FieldSpec, KindSpec};
use crate::rules::{self, bounds, choice, fit, items, length};
use crate::schema::{Num, Text};

impl FieldSpec {
    /// Sets a string `default` on a string or enum field; panics with
    /// `unfit` on any other kind. The value is checked by
    /// [`FieldSpec::check_default`].
    pub const fn default_str(self, value: &'static str, unfit: &'static str) -> FieldSpec {
        match self.kind {
            KindSpec::String {
                min_length,
                max_length,
                format,
                fit,
                ..
            } => self.with(KindSpec::String {
                min_length,
                max_length,
                format,
                default: Some(value),
                fit,
            }),
            KindSpec::Enum {
                options,
                legacy_titles,
                ..
            } => self.with(KindSpec::Enum {
                options,
                default: Some(value),
                legacy_titles,
            }),
            _ => panic!("{}", unfit),
        }
    }

    /// Sets a numeric `default`; panics with `unfit` unless the field is a
    /// number.
    pub const fn default_num(self, value: Num, unfit: &'static str) -> FieldSpec {
        match self.kind {
            KindSpec::Number {
                integer,
                minimum,
                maximum,
                limits,
                nonzero,
                ..
            } => self.with(KindSpec::Number {
                integer,
                minimum,
                maximum,
                default: Some(value),
                limits,
                nonzero,
            }),
            _ => panic!("{}", unfit),
        }
    }

    /// Sets the `default` of a multi-select; panics with `unfit` unless the
    /// field is one.
    pub const fn default_list(self, values: &'static [Text], unfit: &'static str) -> FieldSpec {
        match self.kind {
            KindSpec::MultiSelect {
                options,
                min_items,
                max_items,
                ..
            } => self.with(KindSpec::MultiSelect {
                options,
                min_items,
                max_items,
                default: Some(values),
            }),
            _ => panic!("{}", unfit),
        }
    }

    /// Panics with `outside` if a numeric `default` leaves the range of the
    /// field's Rust type (the limits a bound may not leave either), and when
    /// it is 0 on a `NonZero` integer. Call it before
    /// [`FieldSpec::check_default`], whose messages speak of `minimum` and
    /// `maximum`, so that `default = 300` on a `u8` names the type's range.
    pub const fn check_default_limits(self, outside: &'static str) -> FieldSpec {
        if let KindSpec::Number {
            default: Some(value),
            limits,
            nonzero,
            ..
        } = self.kind
        {
            if !bounds::within(value, limits) {
                panic!("{}", outside)
            }
            if nonzero && value.is_zero() {
                panic!("{}", fit::ZERO_DEFAULT)
            }
        }
        self
    }

    /// Panics unless the field's `default` passes every rule of the field:
    /// lengths, `format`, bounds, wholeness, enum membership, item counts
    /// and uniqueness, each asked of its rule. Call it after every other
    /// attribute.
    pub const fn check_default(self) -> FieldSpec {
        let checked = match self.kind {
            KindSpec::String {
                min_length,
                max_length,
                format,
                default: Some(value),
                fit,
            } => match length::check_default(value, min_length, max_length) {
                Err(message) => Err(message),
                Ok(()) => match rules::text::check_default(value) {
                    Err(message) => Err(message),
                    Ok(()) => match format {
                        Some(format) => match rules::format::check_default(format, value) {
                            Err(message) => Err(message),
                            Ok(()) => fit::check_default(fit, value),
                        },
                        None => fit::check_default(fit, value),
                    },
                },
            },
            KindSpec::Number {
                integer,
                minimum,
                maximum,
                default: Some(value),
                ..
            } => bounds::check_default(value, integer, minimum, maximum),
            KindSpec::Enum {
                options,
                default: Some(value),
                ..
            } if !choice::is_option(options, value) => Err(choice::DEFAULT_NOT_AN_OPTION),
            KindSpec::MultiSelect {
                options,
                min_items,
                max_items,
                default: Some(values),
            } => match choice::check_default_entries(options, values) {
                Err(message) => Err(message),
                Ok(()) => items::check_default(values.len() as u64, min_items, max_items),
            },
            _ => Ok(()),
        };
        if let Err(message) = checked {
            panic!("{}", message)
        }
        self
    }
}
