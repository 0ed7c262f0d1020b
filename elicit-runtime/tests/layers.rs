//! The modules of the runtime import one way, from the leaves up: each
//! top-level module may use only the modules below it in [`LAYERS`], never
//! one above (which would import it back, directly or around a cycle).
//!
//! The check reads every `crate::` path of the library's sources (comments
//! and unit-test modules left out), maps the names the crate root
//! re-exports (`crate::Elicitable`) to the modules they come from, and
//! fails with each import that goes up.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

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
    // a content object, the errors; the `const` spec builders the derive's
    // code runs; the wire form: parsing, rendering, down-levelling,
    // portability
    "schema",
    "rules",
    "spec",
    "wire",
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
    "private",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file below `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file belongs to.
fn module_of(path: &Path) -> String {
    let relative = path.strip_prefix(src()).unwrap();
    let first = relative.components().next().unwrap().as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_owned()
}

/// The source without comments, string and character literals (doc
/// attributes among them) and `#[cfg(test)]` modules.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(at) => &text[..at],
        None => text,
    };
    let chars: Vec<char> = text.chars().collect();
    let mut code = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
            }
            // A character literal ('"', '\'', '\n'), not a lifetime ('a).
            '\'' if chars.get(i + 1) == Some(&'\\') => {
                // The quote, the backslash and the escaped character, then
                // up to the closing quote (`'\u{1b}'`).
                i += 3;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            }
            '\'' if chars.get(i + 2) == Some(&'\'') => i += 3,
            c => {
                code.push(c);
                i += 1;
            }
        }
    }
    code
}

/// What the crate root re-exports, by name: `Elicitable` → `form`.
fn root_exports() -> BTreeMap<String, String> {
    let lib = fs::read_to_string(src().join("lib.rs")).unwrap();
    let mut exports = BTreeMap::new();
    for line in code(&lib).lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let rest = rest.trim_end_matches(';');
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        let names = names.trim_matches(|c| c == '{' || c == '}');
        for name in names.split(',') {
            exports.insert(name.trim().to_owned(), module.to_owned());
        }
    }
    exports
}

/// The first segment of every `crate::` path in `code`, with braces
/// expanded: `crate::{a::X, b}` gives `a` and `b`.
fn imports(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        if at > 0 && code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue; // `elicit_runtime::` or another crate
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.push(first_segment(&item));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            found.push(first_segment(&item));
        } else {
            found.push(first_segment(rest));
        }
    }
    found.retain(|name| !name.is_empty());
    found
}

fn first_segment(path: &str) -> String {
    path.trim()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

#[test]
fn modules_import_only_the_layers_below_them() {
    let exports = root_exports();
    let mut sources = Vec::new();
    files(&src(), &mut sources);
    let mut upward = Vec::new();
    for path in &sources {
        let name = path.file_name().unwrap().to_string_lossy();
        if name == "lib.rs" || name.starts_with("tests") {
            continue;
        }
        let module = module_of(path);
        let Some(level) = LAYERS.iter().position(|layer| *layer == module) else {
            panic!("`{module}` is in no layer: add it to LAYERS where it belongs");
        };
        let text = fs::read_to_string(path).unwrap();
        for import in imports(&code(&text)) {
            let target = exports.get(&import).cloned().unwrap_or(import);
            if target == module || target == "self" || target == "super" {
                continue;
            }
            let Some(below) = LAYERS.iter().position(|layer| *layer == target) else {
                continue; // a crate-root item of no module (a doc-only name)
            };
            if below > level {
                let file = path.strip_prefix(src()).unwrap().display();
                upward.push(format!("{file} ({module}) imports {target}"));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that go up the layers:\n{}",
        upward.join("\n")
    );
}

#[test]
fn every_top_level_module_has_a_layer() {
    let mut sources = Vec::new();
    files(&src(), &mut sources);
    for path in &sources {
        let module = module_of(path);
        assert!(
            module == "lib" || LAYERS.contains(&module.as_str()),
            "`{module}` is in no layer"
        );
    }
}

#[test]
fn the_check_reads_imports_as_written() {
    assert_eq!(
        imports("use crate::{a::X, b};\nlet x = crate::c::d();\nelicit_runtime::e"),
        ["a", "b", "c"]
    );
    assert_eq!(
        code("x // crate::y\n#[cfg(test)]\nmod tests { crate::z }"),
        "x \n"
    );
    assert_eq!(code(r#"doc = "see crate::a \"b\"", y"#), "doc = , y");
    assert_eq!(
        code(r#"let u = "https://x"; crate::a; '"'; '\''; f::<'a>"#),
        "let u = ; crate::a; ; ; f::<'a>"
    );
}
