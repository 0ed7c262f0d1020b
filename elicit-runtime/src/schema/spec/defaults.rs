//! `default` on every kind, checked in `const` code against the field's
//! type and every constraint, so a default the form could not accept is a
//! compile error.

use super::text::{char_count, str_eq};
use super::{FieldSpec, KindSpec};
use crate::schema::{EnumOption, Num, Text};

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
                ..
            } => self.with(KindSpec::String {
                min_length,
                max_length,
                format,
                default: Some(value),
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
                ..
            } => self.with(KindSpec::Number {
                integer,
                minimum,
                maximum,
                default: Some(value),
                limits,
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
    /// field's Rust type (the limits a bound may not leave either). Call it
    /// before [`FieldSpec::check_default`], whose messages speak of
    /// `minimum` and `maximum`, so that `default = 300` on a `u8` names the
    /// type's range.
    pub const fn check_default_limits(self, outside: &'static str) -> FieldSpec {
        if let KindSpec::Number {
            default: Some(value),
            limits: Some((low, high)),
            ..
        } = self.kind
            && (value.lt(low) || high.lt(value))
        {
            panic!("{}", outside)
        }
        self
    }

    /// Panics unless the field's `default` passes every rule of the field:
    /// lengths, `format`, bounds, wholeness, enum membership, item counts
    /// and uniqueness. Call it after every other attribute.
    pub const fn check_default(self) -> FieldSpec {
        match self.kind {
            KindSpec::String {
                min_length,
                max_length,
                format,
                default: Some(value),
            } => {
                let length = char_count(value);
                if let Some(min) = min_length
                    && length < min
                {
                    panic!(
                        "`default` is shorter than `min_length`: lengthen the default or lower `min_length`"
                    )
                }
                if let Some(max) = max_length
                    && length > max
                {
                    panic!(
                        "`default` is longer than `max_length`: shorten the default or raise `max_length`"
                    )
                }
                if let Some(format) = format
                    && format.check(value).is_err()
                {
                    panic!("{}", bad_format(format))
                }
            }
            KindSpec::Number {
                integer,
                minimum,
                maximum,
                default: Some(value),
                ..
            } => {
                if !value.is_finite() {
                    panic!("`default` must be a finite number")
                }
                if integer && !value.is_whole() {
                    panic!(
                        "`default` has a fractional part, and the field is an integer: use a whole default"
                    )
                }
                if let Some(min) = minimum
                    && value.lt(min)
                {
                    panic!("`default` is below `minimum`: raise the default or lower `minimum`")
                }
                if let Some(max) = maximum
                    && max.lt(value)
                {
                    panic!("`default` is above `maximum`: lower the default or raise `maximum`")
                }
            }
            KindSpec::Enum {
                options,
                default: Some(value),
                ..
            } if !is_option(options, value) => {
                panic!(
                    "`default` is not one of the enum's values: use the wire value of a variant, such as its `rename`"
                )
            }
            KindSpec::MultiSelect {
                options,
                min_items,
                max_items,
                default: Some(values),
            } => {
                let mut i = 0;
                while i < values.len() {
                    if !is_option(options, text_str(&values[i])) {
                        panic!(
                            "a `default` entry is not one of the enum's values: use the wire values of variants"
                        )
                    }
                    let mut j = 0;
                    while j < i {
                        if str_eq(text_str(&values[i]), text_str(&values[j])) {
                            panic!("`default` names a value twice: list each value once")
                        }
                        j += 1;
                    }
                    i += 1;
                }
                let count = values.len() as u64;
                if let Some(min) = min_items
                    && count < min
                {
                    panic!(
                        "`default` has fewer values than `min_items`: add values or lower `min_items`"
                    )
                }
                if let Some(max) = max_items
                    && count > max
                {
                    panic!(
                        "`default` has more values than `max_items`: remove values or raise `max_items`"
                    )
                }
            }
            _ => {}
        }
        self
    }
}

const fn bad_format(format: crate::format::Format) -> &'static str {
    use crate::format::Format;
    match format {
        Format::Email => {
            "`default` is not a valid email address, as `format = \"email\"` requires: fix the default"
        }
        Format::Uri => {
            "`default` is not an absolute URI, as `format = \"uri\"` requires: fix the default, with a scheme such as `https:`"
        }
        Format::Date => {
            "`default` is not a date such as `2025-06-18`, as `format = \"date\"` requires: fix the default"
        }
        Format::DateTime => {
            "`default` is not a date and time with an offset such as `2025-06-18T09:30:00Z`, as `format = \"date-time\"` requires: fix the default"
        }
    }
}

const fn is_option(options: &[EnumOption], value: &str) -> bool {
    let mut i = 0;
    while i < options.len() {
        if str_eq(text_str(&options[i].value), value) {
            return true;
        }
        i += 1;
    }
    false
}

/// The text of a borrowed `Cow`, in `const` code (an owned one has no
/// `const` view and reads as empty; specs only hold borrowed text).
const fn text_str(text: &Text) -> &str {
    match text {
        std::borrow::Cow::Borrowed(s) => s,
        std::borrow::Cow::Owned(_) => "",
    }
}
