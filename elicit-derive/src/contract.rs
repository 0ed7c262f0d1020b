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

/// Declares [`Spec`], [`Spec::ALL`], [`Spec::name`] and [`SPEC_STEPS`]
/// from one list of steps, each a variant and its method's name.
macro_rules! spec_steps {
    (pub const $list:ident = [$($step:ident => $name:literal,)*];) => {
        /// The `FieldSpec` methods the spec chain calls, each as
        /// `FieldSpec::<name>(spec, ...)` in a `const` expression.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Spec {
            $($step,)*
        }

        impl Spec {
            /// Every step, in the order of [`SPEC_STEPS`].
            #[cfg_attr(not(test), expect(dead_code, reason = "read by the tests"))]
            pub const ALL: [Spec; $list.len()] = [$(Spec::$step,)*];

            /// The method's name.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Spec::$step => $name,)*
                }
            }
        }

        /// The names of [`Spec`]'s methods, in its order; the runtime's
        /// `tests/private_contract.rs` reads them from this file.
        pub const $list: [&str; [$($name),*].len()] = [$($name,)*];
    };
}

spec_steps! {
    pub const SPEC_STEPS = [
        Title => "title",
        Description => "description",
        MinLength => "min_length",
        MaxLength => "max_length",
        Minimum => "minimum",
        Maximum => "maximum",
        Format => "format",
        MinItems => "min_items",
        MaxItems => "max_items",
        LegacyTitles => "legacy_titles",
        DefaultBool => "default_bool",
        DefaultStr => "default_str",
        DefaultNum => "default_num",
        DefaultList => "default_list",
        CheckLengths => "check_lengths",
        CheckBounds => "check_bounds",
        CheckItems => "check_items",
        CheckDefaultLimits => "check_default_limits",
        CheckDefault => "check_default",
        CheckRevision => "check_revision",
        CheckRevisionDownlevel => "check_revision_downlevel",
        CheckSecret => "check_secret",
    ];
}

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
            assert_eq!(step.name(), SPEC_STEPS[i]);
            assert_eq!(
                SPEC_STEPS
                    .iter()
                    .filter(|name| **name == step.name())
                    .count(),
                1
            );
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
