//! Every relative link of the workspace's README, changelog and benchmark
//! figures, of each crate's README and the derive's attributes, and of the
//! reference pages in the `docs/` of the runtime, `elicit-rmcp` and
//! `elicit-web`, leads somewhere: the file exists, and a `#part` names a
//! heading of that file, as GitHub writes its anchor.

use std::path::{Path, PathBuf};

/// The directories of the workspace whose every page is checked.
const DOCS: &[&str] = &["elicit-runtime/docs", "elicit-rmcp/docs", "elicit-web/docs"];

/// The pages of the workspace checked one by one: its README, changelog
/// and benchmark figures, each crate's README, the derive's attributes.
const PAGES: &[&str] = &[
    "README.md",
    "CHANGELOG.md",
    "benches/BENCHMARKS.md",
    "elicit-derive/README.md",
    "elicit-derive/attributes.md",
    "elicit-runtime/README.md",
    "elicit-web/README.md",
    "elicit-rmcp/README.md",
    "elicit-ask/README.md",
];

/// Every page of [`PAGES`] and of [`DOCS`].
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut pages: Vec<PathBuf> = PAGES.iter().map(|page| root.join(page)).collect();
    for docs in DOCS {
        for entry in std::fs::read_dir(root.join(docs)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|ext| ext == "md") {
                pages.push(path);
            }
        }
    }
    pages.sort();
    pages
}

/// The lines of a Markdown text outside fenced code blocks.
fn prose(text: &str) -> impl Iterator<Item = &str> {
    let mut fenced = false;
    text.lines().filter(move |line| {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            return false;
        }
        !fenced
    })
}

/// The anchor GitHub gives a heading: lowercase, punctuation dropped,
/// spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a page's headings.
fn anchors(text: &str) -> Vec<String> {
    prose(text)
        .filter_map(|line| {
            let heading = line.trim_start_matches('#');
            (heading.len() < line.len() && heading.starts_with(' ')).then(|| anchor(heading))
        })
        .collect()
}

/// The targets of a page's inline links and images, `[text](target)`.
fn targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose(text) {
        let mut rest = line;
        while let Some(start) = rest.find("](") {
            rest = &rest[start + 2..];
            let Some(end) = rest.find(')') else { break };
            targets.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    targets
}

#[test]
fn every_relative_link_resolves() {
    let mut checked = 0;
    let mut broken = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for target in targets(&text) {
            if target.starts_with("https://") || target.starts_with("http://") {
                continue;
            }
            checked += 1;
            let (file, part) = target.split_once('#').unwrap_or((&target, ""));
            let file = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            if !file.exists() {
                broken.push(format!("{}: `{target}`: no such file", page.display()));
                continue;
            }
            if !part.is_empty() {
                let text = std::fs::read_to_string(&file).unwrap();
                if !anchors(&text).iter().any(|anchor| anchor == part) {
                    broken.push(format!("{}: `{target}`: no such heading", page.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(
        checked > 20,
        "only {checked} relative links found: is the reader broken?"
    );
}

#[test]
fn the_reader_finds_links_and_anchors() {
    let text = "# Two replicas, one key\n\n## Differences from `jsonschema`\n\
                see [a](x.md#two) and ![b](../c.png)\n```sh\n[not](a link)\n```\n";
    assert_eq!(targets(text), ["x.md#two", "../c.png"]);
    assert_eq!(
        anchors(text),
        ["two-replicas-one-key", "differences-from-jsonschema"]
    );
}
