//! The contract between the generated code and the runtime: every name the
//! derive writes under `elicit_runtime::__private`, listed once.
//!
//! The expanders name the runtime only through these lists: a spec step is
//! built from [`Spec`], a format from [`FORMATS`], a revision from
//! [`REVISIONS`], and every other path is one of [`ITEMS`] (a unit test
//! reads the expanders' sources to hold them to it). The runtime's test
//! `tests/private_contract.rs` reads this file and binds each name to the
//! type the generated code expects, so renaming or retyping an item on
//! either side fails that test instead of a user's build.

/// The `FieldSpec` methods the spec chain calls, each as
/// `FieldSpec::<name>(spec, ...)` in a `const` expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spec {
    Title,
    Description,
    MinLength,
    MaxLength,
    Minimum,
    Maximum,
    Format,
    MinItems,
    MaxItems,
    LegacyTitles,
    DefaultBool,
    DefaultStr,
    DefaultNum,
    DefaultList,
    CheckLengths,
    CheckBounds,
    CheckItems,
    CheckDefaultLimits,
    CheckDefault,
    CheckRevision,
    CheckRevisionDownlevel,
    CheckSecret,
}

impl Spec {
    /// Every step, in the order of [`SPEC_STEPS`].
    pub const ALL: [Spec; 22] = [
        Spec::Title,
        Spec::Description,
        Spec::MinLength,
        Spec::MaxLength,
        Spec::Minimum,
        Spec::Maximum,
        Spec::Format,
        Spec::MinItems,
        Spec::MaxItems,
        Spec::LegacyTitles,
        Spec::DefaultBool,
        Spec::DefaultStr,
        Spec::DefaultNum,
        Spec::DefaultList,
        Spec::CheckLengths,
        Spec::CheckBounds,
        Spec::CheckItems,
        Spec::CheckDefaultLimits,
        Spec::CheckDefault,
        Spec::CheckRevision,
        Spec::CheckRevisionDownlevel,
        Spec::CheckSecret,
    ];

    /// The method's name.
    pub const fn name(self) -> &'static str {
        SPEC_STEPS[self as usize]
    }

    /// The step a constraint key applies: `min_length` for
    /// `min_length = 3`.
    pub fn for_key(key: &str) -> Option<Spec> {
        Spec::ALL.into_iter().find(|step| step.name() == key)
    }
}

/// The names of [`Spec`]'s methods, by discriminant.
pub const SPEC_STEPS: [&str; 22] = [
    "title",
    "description",
    "min_length",
    "max_length",
    "minimum",
    "maximum",
    "format",
    "min_items",
    "max_items",
    "legacy_titles",
    "default_bool",
    "default_str",
    "default_num",
    "default_list",
    "check_lengths",
    "check_bounds",
    "check_items",
    "check_default_limits",
    "check_default",
    "check_revision",
    "check_revision_downlevel",
    "check_secret",
];

/// The `Format` variants, by the text `format = "..."` takes.
pub const FORMATS: &[(&str, &str)] = &[
    ("email", "Email"),
    ("uri", "Uri"),
    ("date", "Date"),
    ("date-time", "DateTime"),
];

/// The `Revision` variants, by the version `revision = "..."` takes.
pub const REVISIONS: &[(&str, &str)] = &[
    ("2025-06-18", "V2025_06_18"),
    ("2025-11-25", "V2025_11_25"),
    ("2026-07-28", "V2026_07_28"),
];

/// The revision without titled enums or multi-selects.
pub const FIRST_REVISION: &str = "V2025_06_18";

/// Every other path the generated code names under `__private`.
#[cfg_attr(
    not(test),
    expect(dead_code, reason = "read by the tests, here and in the runtime")
)]
pub const ITEMS: &[&str] = &[
    "BoundMessages",
    "Content::new",
    "Cow",
    "Cow::Borrowed",
    "ElicitChoice",
    "ElicitField",
    "Elicitable",
    "EnumOption",
    "EnumOption::new",
    "Err",
    "FieldSpec",
    "FieldSpec::STRING",
    "FieldSpec::choice",
    "FieldSpec::into_property",
    "FormMode",
    "FormSchema",
    "Map",
    "None",
    "Ok",
    "Option",
    "Option::map",
    "PropertySchema",
    "Result",
    "Result::map",
    "Revision",
    "Some",
    "ValidationErrors",
    "ValidationErrors::new",
    "Value",
    "Violation",
    "deny_unknown",
    "float",
    "force",
    "int",
    "read",
    "read_enum",
];

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use super::*;

    #[test]
    fn steps_and_names_line_up() {
        for (i, step) in Spec::ALL.into_iter().enumerate() {
            assert_eq!(step as usize, i);
            assert_eq!(Spec::for_key(step.name()), Some(step));
        }
    }

    /// The paths written after `__private::` (or after `#private::`, the
    /// expanders' name for it) in the `.rs` files under `dir`, this file
    /// aside.
    fn written_paths(dir: &Path, paths: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                written_paths(&path, paths);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("contract.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for marker in ["#private::", "__private::"] {
                for (at, _) in text.match_indices(marker) {
                    let rest = &text[at + marker.len()..];
                    let end = rest
                        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                        .unwrap_or(rest.len());
                    let name = rest[..end].trim_end_matches(':');
                    if !name.is_empty() {
                        paths.insert(name.to_owned());
                    }
                }
            }
        }
    }

    #[test]
    fn the_sources_name_only_listed_items() {
        let mut paths = BTreeSet::new();
        written_paths(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut paths,
        );
        // Followed by a spliced `#method` or `#variant`, from the lists above.
        let spliced = ["FieldSpec", "Format", "Revision"];
        let unlisted: Vec<_> = paths
            .iter()
            .filter(|path| !ITEMS.contains(&path.as_str()) && !spliced.contains(&path.as_str()))
            .collect();
        assert!(unlisted.is_empty(), "not in `ITEMS`: {unlisted:?}");
        let unused: Vec<_> = ITEMS
            .iter()
            .filter(|item| !paths.contains(**item))
            .collect();
        assert!(unused.is_empty(), "listed but never written: {unused:?}");
    }
}
