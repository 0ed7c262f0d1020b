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
//! - An error names the options as [`OneOf`]: the first few of them and
//!   how many there are, made once per check and shared by every error of
//!   it, so refusing costs one look-up per broken entry, never a copy of
//!   the options per error.

use core::fmt;
use std::collections::HashMap;
use std::sync::Arc;

use serde_json::Value;

use super::Violation;
use crate::excerpt::Excerpt;
use crate::schema::{EnumOption, Text, position};

/// The most broken entries of one multi-select reported one by one; the
/// field fails either way, and the errors stay small for hostile content.
pub const MAX_ITEM_ERRORS: usize = 10;

/// The most options named in a message; the rest are counted, so the
/// message of an enum with 10 000 values stays one short line.
pub const LISTED_OPTIONS: usize = 20;

/// The options a value must be one of, as an error names them: the first
/// [`LISTED_OPTIONS`] values, and how many there are. Cheap to clone (the
/// errors of one check share it), and small whatever the enum's size.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::rules::{self, Violation};
///
/// #[derive(Elicitable)]
/// enum Size {
///     Small,
///     Large,
/// }
///
/// #[derive(Elicitable)]
/// struct Order {
///     size: Size,
/// }
///
/// let schema = &Order::SCHEMA.properties[0].schema;
/// let broken = rules::value(schema, &"huge".into()).unwrap_err();
/// let Violation::NotAnOption { options } = &broken[0] else { panic!() };
/// assert_eq!(options.listed(), ["Small", "Large"]);
/// assert_eq!(options.count(), 2);
/// assert_eq!(options.to_string(), "one of `Small`, `Large`");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct OneOf(Arc<Listed>);

#[derive(PartialEq, Eq)]
struct Listed {
    values: Vec<String>,
    count: usize,
}

impl OneOf {
    /// The first [`LISTED_OPTIONS`] of `options`, and their number.
    pub(crate) fn of(options: &[EnumOption]) -> OneOf {
        let values = options
            .iter()
            .take(LISTED_OPTIONS)
            .map(|option| option.value.to_string())
            .collect();
        OneOf(Arc::new(Listed {
            values,
            count: options.len(),
        }))
    }

    /// The values named, the first [`LISTED_OPTIONS`] of the options, as
    /// the schema has them.
    pub fn listed(&self) -> &[String] {
        &self.0.values
    }

    /// How many options there are.
    pub fn count(&self) -> usize {
        self.0.count
    }
}

/// "one of `a`, `b`", with values cut short and escaped, and at most
/// [`LISTED_OPTIONS`] of them named: "and 9980 more".
impl fmt::Display for OneOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("one of ")?;
        for (i, value) in self.listed().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "`{}`", Excerpt(value))?;
        }
        match self.count().checked_sub(self.listed().len()) {
            Some(more) if more > 0 => write!(f, " and {more} more"),
            _ => Ok(()),
        }
    }
}

/// The values named and the count.
impl fmt::Debug for OneOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OneOf")
            .field("listed", &self.listed())
            .field("count", &self.count())
            .finish()
    }
}

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
    // Made for the first entry that is no option, shared by the rest.
    let mut one_of: Option<OneOf> = None;
    let mut wrong = 0;
    for (at, item) in items.iter().enumerate() {
        let found = item.as_str().and_then(|s| index.position(s));
        if let Some(found) = found
            && !seen[found]
        {
            seen[found] = true;
            chosen.push(found);
            continue;
        }
        // Only the errors reported are made: past them, only counted.
        if wrong < MAX_ITEM_ERRORS {
            broken.push(match found {
                Some(found) => Violation::DuplicateItem {
                    value: options[found].value.to_string(),
                },
                None => Violation::ItemNotAnOption {
                    index: at,
                    options: one_of.get_or_insert_with(|| OneOf::of(options)).clone(),
                },
            });
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
        options: OneOf::of(options),
    }
}

/// The message of an enum [`Violation`].
pub(super) fn write(f: &mut fmt::Formatter<'_>, violation: &Violation) -> fmt::Result {
    match violation {
        Violation::NotAnOption { options } => write!(f, "must be {options}"),
        Violation::ItemNotAnOption { index, options } => {
            write!(f, "has entry {index} that is not {options}")
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
            options.to_string()
        }
        Violation::DuplicateItem { .. } => "each value at most once".to_owned(),
        _ => String::new(),
    }
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

    /// The errors of one check share one list of the options, the first
    /// [`LISTED_OPTIONS`] of them: no error copies the options.
    #[test]
    fn the_errors_of_a_check_share_a_short_list_of_the_options() {
        let values: Vec<&'static str> = (0..1000)
            .map(|i| &*Box::leak(format!("o{i}").into_boxed_str()))
            .collect();
        let options = options(&values);
        let mut broken = Vec::new();
        let entries = json!(["o1", "x", "y", "o1", "z"]);
        check_entries(&options, entries.as_array().unwrap(), &mut broken);
        let lists: Vec<&OneOf> = broken
            .iter()
            .filter_map(|violation| match violation {
                Violation::ItemNotAnOption { options, .. } => Some(options),
                _ => None,
            })
            .collect();
        assert_eq!(lists.len(), 3);
        assert!(lists.iter().all(|list| Arc::ptr_eq(&list.0, &lists[0].0)));
        assert_eq!(lists[0].listed().len(), LISTED_OPTIONS);
        assert_eq!(lists[0].count(), 1000);
        assert!(lists[0].to_string().ends_with("`o19` and 980 more"));
    }
}
