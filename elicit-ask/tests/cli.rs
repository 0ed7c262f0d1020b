//! The program's command line, without a terminal: the manual, the
//! version, the sample request, wrong usage, unreadable files, refused
//! requests, and a form asked where no terminal is; each with its exit
//! status.

use std::process::{Command, Output, Stdio};

use elicit_runtime::client::Ask;
use serde_json::{Value, json};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_elicit-ask"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A file in the test's temporary directory holding `content`.
fn file(name: &str, content: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, content).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn help_prints_the_manual_on_standard_output() {
    for flag in ["--help", "-h"] {
        let out = run(&[flag]);
        assert_eq!(out.status.code(), Some(0));
        let manual = text(&out.stdout);
        for section in [
            "NAME",
            "SYNOPSIS",
            "OPTIONS",
            "OUTPUT",
            "KEYS",
            "EXIT STATUS",
        ] {
            assert!(
                manual.contains(&format!("\n{section}\n")) || manual.starts_with(section),
                "{section}"
            );
        }
        assert!(out.stderr.is_empty());
    }
}

#[test]
fn version_names_the_program_and_its_version() {
    let out = run(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        format!("elicit-ask {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn the_sample_is_a_request_a_client_accepts() {
    let out = run(&["--sample"]);
    assert_eq!(out.status.code(), Some(0));
    let request: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(request["method"], "elicitation/create");
    let Ask::Form(form) = Ask::from_params(&request["params"]).unwrap() else {
        panic!("the sample is a form");
    };
    assert_eq!(form.message(), "Book a table for tonight");
    // The file shipped with the crate is what `--sample` prints.
    let shipped = include_str!("../examples/request.json");
    assert_eq!(text(&out.stdout), shipped);
}

#[test]
fn wrong_usage_exits_64_and_says_what_to_write() {
    let out = run(&["--bogus"]);
    assert_eq!(out.status.code(), Some(64));
    let error = text(&out.stderr);
    assert!(
        error.starts_with("error: unknown option `--bogus`: see `elicit-ask --help`\n"),
        "{error}"
    );
    assert!(out.stdout.is_empty());
    let out = run(&[]);
    assert_eq!(out.status.code(), Some(64));
    assert!(text(&out.stderr).contains("no request file"));
}

#[test]
fn an_unreadable_or_malformed_file_exits_66() {
    let out = run(&["/nonexistent/request.json"]);
    assert_eq!(out.status.code(), Some(66));
    assert!(text(&out.stderr).starts_with("error: cannot read `/nonexistent/request.json`: "));
    let path = file("cli-malformed.json", "{ not json");
    let out = run(&[&path]);
    assert_eq!(out.status.code(), Some(66));
    assert!(out.stdout.is_empty());
}

#[test]
fn a_schema_outside_the_subset_is_refused_with_the_clients_error() {
    let request = json!({
        "jsonrpc": "2.0",
        "id": 9,
        "method": "elicitation/create",
        "params": {
            "message": "Where do you live?",
            "requestedSchema": {
                "type": "object",
                "properties": { "address": { "type": "object" } }
            }
        }
    });
    let path = file("cli-refused.json", &request.to_string());
    let out = run(&[&path]);
    assert_eq!(out.status.code(), Some(2));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["id"], 9);
    assert_eq!(answer["error"]["code"], -32602);
    assert!(!out.stderr.is_empty());
}

#[test]
fn a_form_without_a_terminal_exits_1_and_prints_no_answer() {
    let out = run(&[
        "--server",
        "bookings",
        &file("cli-sample.json", include_str!("../examples/request.json")),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let said = text(&out.stderr);
    assert!(said.contains("standard input is not a terminal"), "{said}");
    assert!(said.contains("run `elicit-ask` in a terminal"), "{said}");
    assert!(
        !said.contains("Answer"),
        "no library API for the program's user: {said}"
    );
}
