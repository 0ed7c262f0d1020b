//! The modules of the runtime import one way, from the leaves up: each
//! top-level module may use the modules on its own floor or below it in
//! [`LAYERS`], never one above (which would import it back, directly or
//! around a cycle).
//!
//! How the check reads the code (`tests/support/floors.rs` of the
//! workspace, the engine the derive's floors test shares): it parses every source file with `syn`,
//! following the `mod` declarations from `lib.rs`, so a module is known by
//! its name (`__private`, whose file is `private.rs`). Items under
//! `#[cfg(test)]` are left out whole: an inline test module by its braces,
//! a `#[cfg(test)] mod tests;` with its file and nothing else of the parent.
//! Every `use` tree (each leaf of a group), every path in a type, an
//! expression, a pattern or an attribute, and the `crate::`, `$crate::`,
//! `super::` and `self::` paths inside a macro's tokens (`matches!`,
//! `format!`) are resolved to the module they name; `super::` is followed
//! up past a top-level module into its neighbour. The crate root's
//! re-exports never stand in for a module: `crate::Elicitable` is reported
//! with its home module (`crate::form`) to import it from, and checked as
//! an import of that module. Paths in string literals (`#[serde(with =
//! "..")]`) and in doc comments are not read.
//!
//! To add a top-level module: declare it in `lib.rs` and add its name to
//! [`LAYERS`] above every module it uses and below every module that uses
//! it (the check fails with "is on no floor" until it is there). Modules
//! below the top level need nothing: they are on their parent's floor. If
//! the new module must use one above it, the piece both need belongs lower
//! down: move it there rather than reordering the floors around the cycle.
//!
//! The tests at the end plant climbs in small crates held in memory, read
//! by the same engine, and check that each one is reported.

use std::collections::BTreeMap;
use std::path::Path;

#[path = "../../tests/support/floors.rs"]
mod floors;

/// The top-level modules, from the bottom up.
const LAYERS: &[&str] = &[
    // leaves: formats, excerpts of wire text, limits, word lists, revisions
    "format",
    "excerpt",
    "limits",
    "secret_words",
    "revision",
    "mode",
    // the schema model; validation: each rule, the check of a value and of
    // a content object, the errors; the `const` builders of a field the derive's
    // code runs; the wire form: parsing, rendering, down-levelling,
    // portability
    "schema",
    "rules",
    "builders",
    "wire",
    // the `Secret` type, and the wiping of secrets from content
    "secret",
    "field",
    // typed messages of every revision
    "protocol",
    // the form and outcome types
    "error",
    "consent",
    "form",
    "answer",
    "outcome",
    // what builds on them: sealed state, the fallback, flows, clients
    "state",
    "fallback",
    "flow",
    "client",
    // forms as web pages, in the client's words for fields
    "html",
    // forms as MCP Apps: the web page's form with the app's script
    "app",
    // the derive's plumbing uses anything
    "__private",
    // the interface of the crates built on the runtime: anything
    "__integration",
];

/// The library's sources, by path below `src`.
fn library() -> BTreeMap<String, String> {
    floors::sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// What the check reports on `sources` with `layers`, one line each.
fn findings(sources: &BTreeMap<String, String>, layers: &[&str]) -> Vec<String> {
    floors::findings(sources, layers, &[])
}

#[test]
fn modules_import_only_the_floors_below_them() {
    floors::assert_floors(env!("CARGO_MANIFEST_DIR"), LAYERS, &[]);
}

/// `sources` with `line` inserted before line `at` (counted from 1) of
/// `file`.
fn planted(
    mut sources: BTreeMap<String, String>,
    file: &str,
    at: usize,
    line: &str,
) -> BTreeMap<String, String> {
    let text = sources.get_mut(file).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(at - 1, line);
    *text = lines.join("\n");
    sources
}

/// The line of `file` on which `needle` is first found.
fn line_of(sources: &BTreeMap<String, String>, file: &str, needle: &str) -> usize {
    sources[file]
        .lines()
        .position(|line| line.contains(needle))
        .unwrap()
        + 1
}

#[test]
fn the_root_import_that_closed_a_cycle_is_reported() {
    // The protocol's requests importing the form trait through the crate
    // root: the edge that once closed the cycle protocol → form → protocol.
    let library = library();
    let at = line_of(&library, "protocol/elicitor.rs", "use crate::");
    let sources = planted(
        library.clone(),
        "protocol/elicitor.rs",
        at,
        "use crate::Elicitable;",
    );
    assert_eq!(
        findings(&sources, LAYERS),
        [
            format!(
                "protocol/elicitor.rs:{at}: `crate::Elicitable` goes up from `protocol` to `form`"
            ),
            format!(
                "protocol/elicitor.rs:{at}: `crate::Elicitable` names no module: import \
                 `Elicitable` from its home module `crate::form`"
            ),
        ]
    );
    // From its home module, it is still a climb.
    let sources = planted(
        library,
        "protocol/elicitor.rs",
        at,
        "use crate::form::Elicitable;",
    );
    assert_eq!(
        findings(&sources, LAYERS),
        [format!(
            "protocol/elicitor.rs:{at}: `crate::form::Elicitable` goes up from `protocol` to `form`"
        )]
    );
}

/// The floors of the planted crates, from the bottom up.
const PLANTED: &[&str] = &["low", "mid", "high"];

/// A crate of three floors, `files` added to (or replacing) its own.
fn planted_crate(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    let mut sources: BTreeMap<String, String> = [
        (
            "lib.rs",
            "mod low;\nmod mid;\nmod high;\n\npub use high::Top;\n",
        ),
        ("low.rs", "pub struct Low;\n"),
        (
            "mid.rs",
            "use crate::low::Low;\n\npub fn make() -> Low {\n    crate::low::Low\n}\n",
        ),
        (
            "high/mod.rs",
            "mod inner;\n\nuse super::mid;\n\npub struct Top;\npub enum Kind {\n    A,\n}\n",
        ),
        (
            "high/inner.rs",
            "use super::super::low::Low;\nuse crate::{low, mid::{self, make}};\n\n\
             fn f(_: low::Low) -> Low {\n    mid::make()\n}\n",
        ),
    ]
    .into_iter()
    .map(|(file, text)| (file.to_owned(), text.to_owned()))
    .collect();
    for (file, text) in files {
        // A module's file in one form (`low/mod.rs`) replaces the other
        // (`low.rs`).
        let other = match file.strip_suffix("/mod.rs") {
            Some(module) => format!("{module}.rs"),
            None => format!("{}/mod.rs", file.trim_end_matches(".rs")),
        };
        sources.remove(&other);
        sources.insert((*file).to_owned(), (*text).to_owned());
    }
    sources
}

#[test]
fn a_crate_that_imports_downward_is_clean() {
    assert_eq!(findings(&planted_crate(&[]), PLANTED), Vec::<String>::new());
}

#[test]
fn a_test_module_declared_at_the_top_drops_its_file_not_the_rest() {
    let sources = planted_crate(&[
        (
            "low/mod.rs",
            "#[cfg(test)]\nmod tests;\n\nuse crate::high::Top;\n",
        ),
        ("low/tests.rs", "use crate::high::Top;\n"),
    ]);
    assert_eq!(
        findings(&sources, PLANTED),
        ["low/mod.rs:4: `crate::high::Top` goes up from `low` to `high`"]
    );
}

#[test]
fn a_test_module_is_cut_by_its_braces() {
    let sources = planted_crate(&[(
        "low.rs",
        "#[cfg(test)]\nmod t {\n    use crate::high::Top;\n}\n\n\
         #[cfg(all(test, unix))]\nfn g(_: crate::high::Top) {}\n\n\
         fn f(_: crate::high::Top) {}\n",
    )]);
    assert_eq!(
        findings(&sources, PLANTED),
        ["low.rs:9: `crate::high::Top` goes up from `low` to `high`"]
    );
}

#[test]
fn super_paths_are_followed_past_a_top_level_module() {
    let sources = planted_crate(&[
        ("low/mod.rs", "mod deep;\n"),
        (
            "low/deep/mod.rs",
            "mod leaf;\n\nuse super::super::high::Top;\nuse super::super::low::Low;\n",
        ),
        (
            "low/deep/leaf.rs",
            "fn f() {\n    super::super::super::mid::make();\n    super::super::super::super::x();\n}\n",
        ),
    ]);
    assert_eq!(
        findings(&sources, PLANTED),
        [
            "low/deep/leaf.rs:2: `super::super::super::mid::make` goes up from `low` to `mid`",
            "low/deep/mod.rs:3: `super::super::high::Top` goes up from `low` to `high`",
            "low/deep/leaf.rs:3: `super::super::super::super::x` climbs past the crate root",
        ]
    );
}

#[test]
fn paths_in_expressions_types_patterns_and_attributes_are_read() {
    let sources = planted_crate(&[(
        "low.rs",
        "#[crate::high::marker]\n\
         struct S(crate::high::Top);\n\
         fn f(kind: &crate::mid::Kind) -> bool {\n\
         \x20   let _ = crate::mid::make();\n\
         \x20   match kind {\n\
         \x20       crate::high::Kind::A => true,\n\
         \x20   }\n\
         }\n\
         #[derive(crate::high::Derive)]\n\
         struct T;\n",
    )]);
    assert_eq!(
        findings(&sources, PLANTED),
        [
            "low.rs:1: `crate::high::marker` goes up from `low` to `high`",
            "low.rs:2: `crate::high::Top` goes up from `low` to `high`",
            "low.rs:3: `crate::mid::Kind` goes up from `low` to `mid`",
            "low.rs:4: `crate::mid::make` goes up from `low` to `mid`",
            "low.rs:6: `crate::high::Kind::A` goes up from `low` to `high`",
            "low.rs:9: `crate::high::Derive` goes up from `low` to `high`",
        ]
    );
}

#[test]
fn paths_inside_macro_invocations_are_read() {
    let sources = planted_crate(&[(
        "low.rs",
        "fn f(kind: &Kind) -> bool {\n\
         \x20   matches!(kind, crate::high::Kind::A)\n\
         }\n\
         fn g() -> String {\n\
         \x20   format!(\"{}\", crate::mid::NAME)\n\
         }\n\
         macro_rules! top {\n\
         \x20   () => {\n\
         \x20       $crate::high::Top\n\
         \x20   };\n\
         }\n\
         fn h() {\n\
         \x20   println!(\"crate::high::Top {}\", self.0);\n\
         }\n",
    )]);
    assert_eq!(
        findings(&sources, PLANTED),
        [
            "low.rs:2: `crate::high::Kind::A` goes up from `low` to `high`",
            "low.rs:5: `crate::mid::NAME` goes up from `low` to `mid`",
            "low.rs:9: `crate::high::Top` goes up from `low` to `high`",
        ]
    );
}

#[test]
fn each_leaf_of_a_grouped_use_is_resolved() {
    let sources = planted_crate(&[(
        "low.rs",
        "use crate::{low::Low, mid::{self, make}};\nuse crate::{\n    high::{Kind, Top},\n    low,\n};\n",
    )]);
    assert_eq!(
        findings(&sources, PLANTED),
        [
            "low.rs:1: `crate::mid::make` goes up from `low` to `mid`",
            "low.rs:1: `crate::mid::self` goes up from `low` to `mid`",
            "low.rs:3: `crate::high::Kind` goes up from `low` to `high`",
            "low.rs:3: `crate::high::Top` goes up from `low` to `high`",
        ]
    );
}

#[test]
fn the_crate_roots_re_exports_never_stand_in_for_a_module() {
    let sources = planted_crate(&[
        (
            "lib.rs",
            "mod low;\nmod mid;\nmod high;\n\npub use high::Top;\npub use high::inner::f as deep;\n",
        ),
        (
            "mid.rs",
            "use crate::Top;\nuse crate::Low;\n\nfn f() {\n    super::Top;\n    crate::deep();\n}\n",
        ),
    ]);
    assert_eq!(
        findings(&sources, PLANTED),
        [
            "mid.rs:1: `crate::Top` goes up from `mid` to `high`",
            "mid.rs:5: `super::Top` goes up from `mid` to `high`",
            "mid.rs:6: `crate::deep` goes up from `mid` to `high`",
            "mid.rs:1: `crate::Top` names no module: import `Top` from its home module `crate::high`",
            "mid.rs:2: `crate::Low` names no module: import `Low` from the module that defines it",
            "mid.rs:5: `super::Top` names no module: import `Top` from its home module `crate::high`",
            "mid.rs:6: `crate::deep` names no module: import `f` from its home module \
             `crate::high::inner`",
        ]
    );
}

#[test]
fn every_module_is_on_a_floor_and_every_floor_a_module() {
    let sources = planted_crate(&[
        ("lib.rs", "mod low;\nmod mid;\nmod high;\nmod extra;\n"),
        ("extra.rs", ""),
    ]);
    assert_eq!(
        findings(&sources, &["low", "mid", "high", "gone"]),
        [
            "`extra` is on no floor: add it to `LAYERS` above the modules it uses and below \
             those that use it",
            "`gone` is in `LAYERS` but the crate has no such module: remove or rename it",
        ]
    );
}

#[test]
fn a_module_with_two_files_or_none_is_refused() {
    let mut sources = planted_crate(&[]);
    sources.insert("low/mod.rs".to_owned(), String::new());
    assert_eq!(
        findings(&sources, PLANTED),
        ["`lib.rs` declares `mod low;`, and both `low.rs` and `low/mod.rs` are there"]
    );
    sources.remove("low/mod.rs");
    sources.remove("low.rs");
    assert_eq!(
        findings(&sources, PLANTED),
        ["`lib.rs` declares `mod low;`, and neither `low.rs` nor `low/mod.rs` is there"]
    );
}

#[test]
fn a_module_is_known_by_its_name_not_its_file() {
    let sources = planted_crate(&[
        (
            "lib.rs",
            "mod low;\nmod mid;\n#[path = \"upper.rs\"]\nmod high;\n",
        ),
        ("upper.rs", "pub struct Top;\n"),
        ("low.rs", "use crate::high::Top;\n"),
    ]);
    assert_eq!(
        findings(&sources, PLANTED),
        ["low.rs:1: `crate::high::Top` goes up from `low` to `high`"]
    );
}
