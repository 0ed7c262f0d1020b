//! (draft)

use std::path::Path;

#[path = "support/floors.rs"]
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
    // the schema model, its rules, its compile-time spec, rendering, parsing
    "schema",
    "validate",
    // the `Secret` type, and the wiping of secrets from content
    "secret",
    "field",
    // typed messages of every revision
    "protocol",
    // the form and outcome types
    "error",
    "url",
    "arguments",
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
    // hosted web forms: the visit store and the pages' routes
    "web",
    "integrations",
    // the derive's plumbing uses anything
    "__private",
];

#[test]
fn modules_import_only_the_floors_below_them() {
    let sources = floors::sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let krate = floors::Crate::parse(&sources).unwrap();
    let findings: Vec<String> = krate
        .check(LAYERS)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}
