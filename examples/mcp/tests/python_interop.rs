//! Official MCP Python SDK clients against the example server's
//! `book_table`, through `interop/python/run`, which installs each SDK
//! version from PyPI (pinned) into `target/interop/`:
//!
//! - a client without an elicitation callback gets instructions for the
//!   model and books with the answers as arguments (at 2025-11-25 and
//!   2026-07-28);
//! - a 2025-06-18 client gets the dietary needs as booleans, is asked again
//!   after an invalid answer, and books with its dietary needs;
//! - a 2025-11-25 client that gives up a call while its form is shown has
//!   the form withdrawn by the server, and the session goes on;
//! - the SDK's default client (2026-07-28) and a 2025-11-25 one use each of
//!   the quickstart server's tools over Streamable HTTP: a form asked again
//!   after an invalid answer, two rounds, an API key on the server's page.
//!
//! `ELICIT_INTEROP=0` skips them (for a machine without Python or PyPI).

#[path = "support/examples.rs"]
mod examples;

use std::path::Path;
use std::process::Command;

use examples::example;

fn run(check: &str, options: &[&str]) {
    run_against(check, options, "server");
}

/// `check` against the example program `server`.
fn run_against(check: &str, options: &[&str], server: &str) {
    if std::env::var("ELICIT_INTEROP").as_deref() == Ok("0") {
        eprintln!("skipped: ELICIT_INTEROP=0");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../interop/python/run");
    let status = Command::new(&script)
        .arg(check)
        .args(options)
        .arg("--")
        .arg(example(server))
        .status()
        .unwrap_or_else(|error| panic!("cannot run `{}`: {error}", script.display()));
    assert!(
        status.success(),
        "`interop/python/run {check}` failed ({status}): its output names the check"
    );
}

#[test]
fn a_python_client_without_elicitation_books_through_the_fallback() {
    run(
        "fallback",
        &[
            "--expect",
            "booked 4 seats (Terrace) on 2026-12-24 for ada@example.com, dietary needs: Vegan",
        ],
    );
}

#[test]
fn a_2025_06_18_python_client_books_with_dietary_needs_as_booleans() {
    run("downlevel", &[]);
}

#[test]
fn a_python_client_that_gives_up_a_call_has_its_form_withdrawn() {
    run("cancel", &[]);
}

#[test]
fn the_python_sdk_uses_every_quickstart_tool_in_both_modes() {
    run_against("quickstart", &[], "quickstart");
}
