//! Two real MCP hosts, pinned, driven in headless Chromium against the
//! example server over Streamable HTTP, as a user would, through
//! `interop/hosts/run` (which installs them from npm into `target/hosts/`
//! with Node.js 22, and drives them with playwright-core):
//!
//! - the official MCP Inspector 2.12.0 at 2025-11-25 (`--protocol-era
//!   legacy`) and at 2026-07-28 (`modern`): its Tools tab runs `book_table`
//!   with the tool form's own defaults and gets the server's form, those
//!   defaults shown; the typed answer books; what the user changed in the
//!   tool form is the form's default; an invalid answer is asked again with
//!   the valid ones kept; the booking app in its Apps tab books, and
//!   declines;
//! - MCPJam Inspector 1.0.24, as a guest: its Tools page runs `book_table`
//!   with its own defaults and the user is asked and books; an invalid
//!   answer is asked again; the app in its response panel (its emulation of
//!   the OpenAI Apps SDK) books, and declines.
//!
//! Each host's run also says what it sends on the wire (client info,
//! capabilities, revision). The runs' reports and screenshots are under
//! `target/hosts/artifacts/`. `ELICIT_INTEROP=0` (or `ELICIT_BROWSER=0`)
//! skips them, for a machine without npm or Chromium.

mod support {
    pub mod examples;
    #[allow(dead_code, reason = "the hosts call the server; the tests do not")]
    pub mod http_server;
}

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::{Value, json};
use support::http_server::ServerProcess;

/// What the driver types into the host's own form, booked.
const BOOKED_IN_HOST: &str = "booked 4 seats (Terrace) on 2026-12-24 for ada@example.org, \
                              dietary needs: Vegan, NutFree, notes: window seat, subscribed";
/// What the driver types into the app, booked.
const BOOKED_IN_APP: &str =
    "booked 2 seats (Bar) on 2026-12-24 for ada@example.org, dietary needs: Vegetarian";

/// The report of each host's run (by host and era), or why it did not
/// run; one run at a time, each shared by the tests that read it.
static RUNS: Mutex<BTreeMap<String, Result<Arc<Value>, String>>> = Mutex::new(BTreeMap::new());

/// Whether these tests run: not with `ELICIT_INTEROP=0` or `ELICIT_BROWSER=0`.
fn enabled() -> bool {
    for variable in ["ELICIT_INTEROP", "ELICIT_BROWSER"] {
        if std::env::var(variable).as_deref() == Ok("0") {
            eprintln!("skipped: {variable}=0");
            return false;
        }
    }
    true
}

/// The report of `interop/hosts/run HOST [--era ERA]` against a fresh
/// example server; `None` when skipped. Fails when the run did.
fn report(host: &str, era: Option<&str>) -> Option<Arc<Value>> {
    if !enabled() {
        return None;
    }
    let key = format!("{host} {}", era.unwrap_or(""));
    let mut runs = RUNS.lock().unwrap_or_else(PoisonError::into_inner);
    let run = runs
        .entry(key)
        .or_insert_with_key(|key| run(key, host, era));
    Some(Arc::clone(
        run.as_ref().unwrap_or_else(|error| panic!("{error}")),
    ))
}

/// Runs the host against a fresh example server: its report, or why not.
fn run(key: &str, host: &str, era: Option<&str>) -> Result<Arc<Value>, String> {
    let server = ServerProcess::start(&[("RUST_LOG", "info")]);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../interop/hosts/run");
    let mut command = Command::new(&script);
    command.arg(host);
    if let Some(era) = era {
        command.args(["--era", era]);
    }
    let output = command
        .arg(&server.url)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| format!("cannot run `{}`: {error}", script.display()))?;
    if !output.status.success() {
        return Err(format!(
            "`interop/hosts/run {key}` failed ({}): its output above names the step",
            output.status
        ));
    }
    serde_json::from_slice(&output.stdout)
        .map(Arc::new)
        .map_err(|error| format!("the driver's report is not JSON: {error}"))
}

/// The step `name` of `report`, failing with its error where it failed.
fn step<'a>(report: &'a Value, name: &str) -> &'a Value {
    let step = &report["steps"][name];
    assert!(step.is_object(), "the run has no step `{name}`: {report:#}");
    assert!(
        step.get("failed").is_none(),
        "the step `{name}` of {} failed: {} (screenshot {})",
        report["host"],
        step["failed"],
        step["screenshot"]
    );
    step
}

/// The booking form as the Inspector shows it, with `changes`.
fn inspector_form(changes: Value) -> Value {
    let mut form = json!({
        "date": "", "partySize": "", "seating": "Indoors", "dietary": [],
        "contactEmail": "", "notes": "", "newsletter": false
    });
    for (key, value) in changes.as_object().unwrap() {
        form[key] = value.clone();
    }
    form
}

/// The Inspector's run at `era`.
fn inspector(era: &str) -> Option<Arc<Value>> {
    report("inspector", Some(era))
}

/// MCPJam's run.
fn mcpjam() -> Option<Arc<Value>> {
    report("mcpjam", None)
}

/// The step `name`, in which an invalid email address was typed: fails
/// unless the server asked again, saying what was wrong with it.
fn asked_again<'a>(report: &'a Value, name: &str) -> &'a Value {
    let again = step(report, name);
    let rounds = again["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2, "{again:#}");
    let message = rounds[1]["message"].as_str().unwrap();
    assert!(
        message.contains("`contactEmail` is not an email address"),
        "{message}"
    );
    again
}

fn the_inspector_says_who_it_is(era: &str, revision: &str) {
    let Some(report) = inspector(era) else {
        return;
    };
    let report = report.as_ref();
    assert_eq!(step(report, "connect")["badge"], format!("MCP {revision}"));
    let wire = &report["wire"];
    // 2025-11-25 says it in `initialize`; 2026-07-28 in each request's `_meta`.
    let said = if revision == "2025-11-25" {
        assert!(wire["requestMeta"].is_null(), "{wire:#}");
        &wire["initialize"]
    } else {
        assert!(wire["initialize"].is_null(), "{wire:#}");
        &wire["requestMeta"]
    };
    assert_eq!(said["protocolVersion"], revision, "{wire:#}");
    assert_eq!(
        said["clientInfo"],
        json!({ "name": "mcp-inspector", "version": "2.12.0" })
    );
    let capabilities = &said["capabilities"];
    assert_eq!(
        capabilities["elicitation"],
        json!({ "form": {}, "url": {} })
    );
    assert_eq!(
        capabilities["extensions"]["io.modelcontextprotocol/ui"]["mimeTypes"],
        json!(["text/html;profile=mcp-app"])
    );
    assert_eq!(wire["protocolVersionHeaders"], json!([revision]));
}

fn the_inspector_asks_the_form_from_its_tool_ui(era: &str) {
    let Some(report) = inspector(era) else {
        return;
    };
    let report = report.as_ref();

    // The tool form as it opens: the schema's defaults, sent as arguments.
    let defaults = step(report, "toolDefaults");
    assert_eq!(defaults["toolForm"], inspector_form(json!({})));
    assert_eq!(
        defaults["sent"],
        json!([{ "seating": "indoor", "newsletter": false }])
    );
    assert_eq!(
        defaults["asked"], true,
        "the Inspector's tool form, run with its own defaults, got no form: {defaults:#}"
    );
    assert_eq!(defaults["rounds"][0]["shown"], inspector_form(json!({})));
    assert_eq!(defaults["text"], BOOKED_IN_HOST, "{defaults:#}");

    // What the user chose in the tool form is the form's default.
    let partly = step(report, "toolPartlyFilled");
    assert_eq!(
        partly["sent"],
        json!([{ "seating": "bar", "newsletter": false, "partySize": 3 }])
    );
    assert_eq!(
        partly["rounds"][0]["shown"],
        inspector_form(json!({ "partySize": "3", "seating": "At the bar" })),
        "{partly:#}"
    );
    assert_eq!(partly["text"], "action=decline: the user said no");

    // "Edit as JSON" with `{}`: the form with the schema's defaults.
    let empty = step(report, "toolEmptyJson");
    assert_eq!(empty["sent"], json!([{}]));
    assert_eq!(empty["rounds"][0]["shown"], inspector_form(json!({})));
    assert_eq!(empty["text"], BOOKED_IN_HOST, "{empty:#}");

    // An invalid email address: asked again, the valid answers kept.
    let again = asked_again(report, "toolAskedAgain");
    assert_eq!(
        again["rounds"][1]["shown"],
        json!({
            "date": "2026-12-24", "partySize": "4", "seating": "On the terrace",
            "dietary": ["Vegan", "No nuts"], "contactEmail": "", "notes": "window seat",
            "newsletter": true
        })
    );
    assert_eq!(again["text"], "action=cancel: the user dismissed the form");
}

fn the_inspector_books_in_the_app(era: &str) {
    let Some(report) = inspector(era) else {
        return;
    };
    let report = report.as_ref();
    let submit = step(report, "appSubmit");
    // The typed answer, with the token the app had from the tool's result.
    let mut sent = submit["appSent"].clone();
    let token = sent[0]
        .as_object_mut()
        .and_then(|sent| sent.remove("elicit_app"));
    assert!(
        token
            .as_ref()
            .and_then(Value::as_str)
            .is_some_and(|token| token.len() > 40),
        "the app sent no token: {submit:#}"
    );
    assert_eq!(
        sent,
        json!([{
            "date": "2026-12-24", "partySize": 2, "seating": "bar", "dietary": ["vegetarian"],
            "contactEmail": "ada@example.org", "newsletter": false
        }]),
        "{submit:#}"
    );
    assert_eq!(
        submit["status"], BOOKED_IN_APP,
        "the app in the Inspector's Apps tab did not book: {submit:#}"
    );
    let decline = step(report, "appDecline");
    assert_eq!(decline["status"], "You declined.", "{decline:#}");
    let messages = decline["hostMessages"].as_array().unwrap();
    assert!(
        messages.len() == 1 && messages[0].as_str().unwrap().starts_with("action=decline:"),
        "the host did not get the app's message: {decline:#}"
    );
}

#[test]
fn the_inspector_at_2025_11_25_says_who_it_is() {
    the_inspector_says_who_it_is("legacy", "2025-11-25");
}

#[test]
fn the_inspector_at_2025_11_25_asks_the_form_from_its_tool_ui() {
    the_inspector_asks_the_form_from_its_tool_ui("legacy");
}

#[test]
fn the_inspector_at_2025_11_25_books_in_the_app() {
    the_inspector_books_in_the_app("legacy");
}

#[test]
fn the_inspector_at_2026_07_28_says_who_it_is() {
    the_inspector_says_who_it_is("modern", "2026-07-28");
}

#[test]
fn the_inspector_at_2026_07_28_asks_the_form_from_its_tool_ui() {
    the_inspector_asks_the_form_from_its_tool_ui("modern");
}

#[test]
fn the_inspector_at_2026_07_28_books_in_the_app() {
    the_inspector_books_in_the_app("modern");
}

#[test]
fn mcpjam_says_who_it_is() {
    let Some(report) = mcpjam() else {
        return;
    };
    let report = report.as_ref();
    let connect = step(report, "connect");
    let said = &report["wire"]["initialize"];
    assert_eq!(said["protocolVersion"], "2025-11-25");
    // Its client is named after the server, as the user named it in MCPJam.
    assert_eq!(
        said["clientInfo"],
        json!({ "name": connect["serverName"], "version": "1.0.0" })
    );
    assert_eq!(said["capabilities"], json!({ "elicitation": {} }));
}

#[test]
fn mcpjam_asks_the_form_from_its_tool_ui() {
    let Some(report) = mcpjam() else {
        return;
    };
    let report = report.as_ref();
    let defaults = step(report, "toolDefaults");
    assert_eq!(
        defaults["sent"],
        json!([{ "dietary": [], "newsletter": false }])
    );
    // In its own dialog, or in the app its response panel shows.
    if defaults["asked"] == true {
        let results = defaults["results"].as_array().unwrap();
        assert_eq!(
            results.last().map(|result| &result["text"]),
            Some(&json!(BOOKED_IN_HOST)),
            "{defaults:#}"
        );
    } else {
        assert_eq!(
            defaults["status"], BOOKED_IN_APP,
            "MCPJam's tool form, run with its own defaults, booked nothing: {defaults:#}"
        );
    }
    // An invalid email address: asked again (the valid answers are lost).
    asked_again(report, "toolAskedAgain");
}

#[test]
fn mcpjam_books_in_the_app() {
    let Some(report) = mcpjam() else {
        return;
    };
    let report = report.as_ref();
    let submit = step(report, "appSubmit");
    assert_eq!(
        submit["status"], BOOKED_IN_APP,
        "the app in MCPJam's response panel did not book: {submit:#}"
    );
    let decline = step(report, "appDecline");
    assert_eq!(decline["status"], "You declined.", "{decline:#}");
}
