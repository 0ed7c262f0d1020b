//! Enum membership: a single-select's value, and each entry of a
//! multi-select, is one of the options (a multi-select names each at most
//! once).
//!
//! - At compile time, [`is_option`] refuses a `default` that is no option,
//!   and [`check_default_entries`] a multi-select `default` with an entry
//!   that is none, or one named twice.
//! - In content, [`OptionIndex`] finds each value among the options, by a
//!   scan for few lookups or a map for many, so the cost stays linear in
//!   the content and the schema; [`check_entries`] reports every broken
//!   entry of a multi-select (at most [`MAX_ITEM_ERRORS`]), and
//!   [`named_once`] says whether a few entries name each value once.

use core::fmt;
use std::collections::HashMap;

use serde_json::Value;

use super::Violation;
use crate::excerpt::Excerpt;
use crate::schema::{EnumOption, Text, position};

/// The most broken entries of one multi-select reported one by one; the
/// field fails either way, and the errors stay small for hostile content.
pub const MAX_ITEM_ERRORS: usize = 10;

/// The most options named in a message; the rest are counted, so the
/// message of an enum with 10 000 values stays one short line.
const LISTED_OPTIONS: usize = 20;

/// Above this many comparisons of a scan, values are looked up in a map.
const SCAN_BUDGET: usize = 256;

/// Finds values among the options of an enum.
pub(crate) struct OptionIndex<'o> {
    options: &'o [EnumOption],
    map: Option<HashMap<&'o str, usize>>,
}

impl<'o> OptionIndex<'o> {
    /// An index of `options` for `lookups` values: a map when scanning for
    /// each would cost more than [`SCAN_BUDGET`] comparisons.
    pub(crate) fn new(options: &'o [EnumOption], lookups: usize) -> OptionIndex<'o> {
        let map = (options.len().saturating_mul(lookups) > SCAN_BUDGET).then(|| {
            options
                .iter()
                .enumerate()
                .map(|(i, option)| (option.value.as_ref(), i))
                .collect()
        });
        OptionIndex { options, map }
    }

    /// The position of `value` among the options.
    pub(crate) fn position(&self, value: &str) -> Option<usize> {
        match &self.map {
            Some(map) => map.get(value).copied(),
            None => position(self.options, value),
        }
    }
}

/// Whether `value` is one of `options`, in `const` code.
pub(crate) const fn is_option(options: &[EnumOption], value: &str) -> bool {
    let mut i = 0;
    while i < options.len() {
        if str_eq(text_str(&options[i].value), value) {
            return true;
        }
        i += 1;
    }
    false
}

/// The message for a single-select `default` that is no option.
pub(crate) const DEFAULT_NOT_AN_OPTION: &str = "`default` is not one of the enum's values: use the wire value of a variant, such as its `rename`";

/// Whether every entry of a multi-select `default` is an option, named
/// once, with the message if not.
pub(crate) const fn check_default_entries(
    options: &[EnumOption],
    values: &[Text],
) -> Result<(), &'static str> {
    let mut i = 0;
    while i < values.len() {
        if !is_option(options, text_str(&values[i])) {
            return Err(
                "a `default` entry is not one of the enum's values: use the wire values of variants",
            );
        }
        let mut j = 0;
        while j < i {
            if str_eq(text_str(&values[i]), text_str(&values[j])) {
                return Err("`default` names a value twice: list each value once");
            }
            j += 1;
        }
        i += 1;
    }
    Ok(())
}

/// The positions of the entries of a multi-select among `options`, in the
/// order sent; every entry that is no option or an option named again goes
/// to `broken` (the first [`MAX_ITEM_ERRORS`] of them).
pub(crate) fn check_entries(
    options: &[EnumOption],
    items: &[Value],
    broken: &mut Vec<Violation>,
) -> Vec<usize> {
    let index = OptionIndex::new(options, items.len());
    let mut chosen = Vec::with_capacity(items.len());
    let mut seen = vec![false; options.len()];
    let mut wrong = 0;
    for (at, item) in items.iter().enumerate() {
        let violation = match item.as_str().and_then(|s| index.position(s)) {
            Some(found) if seen[found] => Violation::DuplicateItem {
                value: options[found].value.to_string(),
            },
            Some(found) => {
                seen[found] = true;
                chosen.push(found);
                continue;
            }
            None => Violation::ItemNotAnOption {
                index: at,
                options: options.to_vec(),
            },
        };
        if wrong < MAX_ITEM_ERRORS {
            broken.push(violation);
        }
        wrong += 1;
    }
    chosen
}

/// The most entries of a multi-select whose distinctness [`named_once`]
/// decides by comparing each with those before it; more are left to
/// [`check_entries`], whose cost stays linear.
const FEW_ENTRIES: usize = 32;

/// Whether `entries` are few strings, each named once: with their
/// membership decided by the enum that reads them, what a multi-select
/// needs of content that passes. `false` says nothing of why.
#[inline]
pub(crate) fn named_once(entries: &[Value]) -> bool {
    entries.len() <= FEW_ENTRIES
        && entries.iter().enumerate().all(|(at, entry)| {
            entry
                .as_str()
                .is_some_and(|text| !entries[..at].iter().any(|e| e.as_str() == Some(text)))
        })
}

/// The violation of a value that is none of the options.
pub(crate) fn not_an_option(options: &[EnumOption]) -> Violation {
    Violation::NotAnOption {
        options: options.to_vec(),
    }
}

/// The message of an enum [`Violation`].
pub(super) fn write(f: &mut fmt::Formatter<'_>, violation: &Violation) -> fmt::Result {
    match violation {
        Violation::NotAnOption { options } => write!(f, "must be {}", one_of(options)),
        Violation::ItemNotAnOption { index, options } => {
            write!(f, "has entry {index} that is not {}", one_of(options))
        }
        Violation::DuplicateItem { value } => write!(
            f,
            "lists `{}` more than once: choose each value once",
            Excerpt(value)
        ),
        _ => Ok(()),
    }
}

/// What a valid value would have been, for an enum [`Violation`].
pub(super) fn expected(violation: &Violation) -> String {
    match violation {
        Violation::NotAnOption { options } | Violation::ItemNotAnOption { options, .. } => {
            one_of(options)
        }
        Violation::DuplicateItem { .. } => "each value at most once".to_owned(),
        _ => String::new(),
    }
}

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

/// `a == b`, byte by byte, in `const` code.
pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    crate::format::bytes_eq(a.as_bytes(), b.as_bytes())
}

/// The text of a borrowed `Cow`, in `const` code (an owned one has no
/// `const` view and reads as empty; specs only hold borrowed text).
pub(crate) const fn text_str(text: &Text) -> &str {
    match text {
        std::borrow::Cow::Borrowed(s) => s,
        std::borrow::Cow::Owned(_) => "",
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use serde_json::json;

    use super::*;

    fn options(values: &[&'static str]) -> Vec<EnumOption> {
        values
            .iter()
            .map(|value| EnumOption {
                value: Cow::Borrowed(value),
                title: None,
            })
            .collect()
    }

    #[test]
    fn the_map_and_the_scan_find_the_same_options() {
        let options = options(&["a", "b", "c"]);
        let scan = OptionIndex::new(&options, 0);
        let map = OptionIndex::new(&options, usize::MAX);
        assert!(scan.map.is_none() && map.map.is_some());
        for value in ["a", "b", "c", "z", ""] {
            assert_eq!(scan.position(value), map.position(value), "{value}");
        }
    }

    #[test]
    fn entries_report_unknown_and_repeated_values_up_to_the_limit() {
        let options = options(&["a", "b"]);
        let mut broken = Vec::new();
        let entries = json!(["b", "z", "b", 1]);
        let chosen = check_entries(&options, entries.as_array().unwrap(), &mut broken);
        assert_eq!(chosen, [1]);
        assert_eq!(broken.len(), 3);
        assert!(matches!(
            broken[0],
            Violation::ItemNotAnOption { index: 1, .. }
        ));
        assert!(matches!(broken[1], Violation::DuplicateItem { .. }));
        let many = json!(vec!["z"; 100]);
        let mut broken = Vec::new();
        check_entries(&options, many.as_array().unwrap(), &mut broken);
        assert_eq!(broken.len(), MAX_ITEM_ERRORS);
    }
}
