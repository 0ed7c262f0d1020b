//! The modules of the derive import one way, from the leaves up: each
//! top-level module may use the modules on its own floor or below it in
//! [`LAYERS`], never one above (which would import it back, directly or
//! around a cycle).
//!
//! How the check reads the code: this test shares its engine with the
//! runtime's floors test (`tests/support/floors.rs` of the workspace, where
//! it is described in full). It parses every source file with `syn` from
//! `lib.rs` down, leaves out `#[cfg(test)]` items by their braces, and
//! resolves every `use` tree, every path in types, expressions, patterns
//! and attributes, and the `crate::`, `$crate::`, `super::` and `self::`
//! paths in macro tokens (the `$crate::attr::annotated` of `annotated!`)
//! to the module it names.
//!
//! To add a top-level module: declare it in `lib.rs` and add its name to
//! [`LAYERS`] above every module it uses and below every module that uses
//! it (the check fails with "is on no floor" until it is there). Modules
//! below the top level are on their parent's floor. If the new module must
//! use one above it, the piece both need belongs lower down.

use std::collections::BTreeMap;
use std::path::Path;

#[path = "../../tests/support/floors.rs"]
mod floors;

/// The top-level modules, from the bottom up: the stages of a derive,
/// parse (`attr`) → model (`ast`) → rules (`check`) → code (`expand`, or
/// `fallback` when there were errors), on the leaves they share.
const LAYERS: &[&str] = &[
    // leaves: the pinned contract with the runtime (formats, revisions,
    // constraint specs), the error collector, reading a field's type, the
    // did-you-mean distance, the words that mark a secret
    "contract",
    "ctxt",
    "ty",
    "secret_words",
    // the kinds of item and the places an attribute is written, and the
    // table of every key with the places that take it
    "item",
    "place",
    "keys",
    // every error text
    "messages",
    // the attributes of every place, parsed with darling
    "attr",
    // the model built from the input and its attributes
    "ast",
    // every rule, run on the model
    "check",
    // the code written for a model that passed, and the stub impl for one
    // that did not
    "expand",
    "fallback",
];

/// Climbs allowed for now, as (file, the module it goes up to): none. The
/// check fails when a listed climb no longer happens, so the list only
/// shrinks.
const KNOWN_CLIMBS: &[(&str, &str)] = &[];

/// The derive's sources, by path below `src`.
fn library() -> BTreeMap<String, String> {
    floors::sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// What the check reports on `sources`, one line each.
fn findings(sources: &BTreeMap<String, String>) -> Vec<String> {
    findings_allowing(sources, KNOWN_CLIMBS)
}

/// What the check reports on `sources` with `allowed` climbs.
fn findings_allowing(sources: &BTreeMap<String, String>, allowed: &[(&str, &str)]) -> Vec<String> {
    floors::findings(sources, LAYERS, allowed)
}

#[test]
fn modules_import_only_the_floors_below_them() {
    floors::assert_floors(env!("CARGO_MANIFEST_DIR"), LAYERS, KNOWN_CLIMBS);
}

#[test]
fn a_stage_importing_a_later_stage_is_reported() {
    // The attribute parser reaching for the code writer, in a macro's
    // tokens and in a type, the model for the rules, and a leaf for a
    // message through `super::`.
    let mut sources = library();
    let attr = sources.get_mut("attr/mod.rs").unwrap();
    let lines = attr.lines().count();
    attr.push_str("\nfn planted(_: crate::expand::Planted) {\n    let _ = matches!(0, crate::ast::Planted);\n}\n");
    sources
        .get_mut("ty.rs")
        .unwrap()
        .push_str("\nuse super::messages::Planted;\n");
    let ty_line = sources["ty.rs"].lines().count();
    assert_eq!(
        findings(&sources),
        [
            format!(
                "attr/mod.rs:{}: `crate::expand::Planted` goes up from `attr` to `expand`",
                lines + 2
            ),
            format!(
                "attr/mod.rs:{}: `crate::ast::Planted` goes up from `attr` to `ast`",
                lines + 3
            ),
            format!("ty.rs:{ty_line}: `super::messages::Planted` goes up from `ty` to `messages`"),
        ]
    );
}

#[test]
fn a_known_climb_that_is_gone_must_leave_the_list() {
    // `messages` once named each place by `attr::Place`; `Place` now has a
    // floor below both, so an allowance for that climb is stale.
    assert_eq!(
        findings_allowing(&library(), &[("messages.rs", "attr")]),
        ["`messages.rs` no longer goes up to `attr`: remove it from the allowed climbs"]
    );
}
