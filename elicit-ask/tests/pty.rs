//! The terminal form end to end: `elicit-ask` runs under a pseudo-terminal
//! and is driven with keystrokes, as a person would use it; the answer it
//! prints is the `ElicitResult` a client sends.

#[path = "../../tests/support/terminal.rs"]
mod terminal;

use std::ops::{Deref, DerefMut};
use std::path::PathBuf;
use std::process::Command;

use serde_json::{Value, json};

use terminal::{BACKSPACE, DOWN, ENTER, ESC, Terminal};

/// A run of `elicit-ask` on `request`, in a pseudo-terminal, with its
/// standard output (the answer) going to a file.
struct Run {
    terminal: Terminal,
    out: PathBuf,
}

impl Deref for Run {
    type Target = Terminal;

    fn deref(&self) -> &Terminal {
        &self.terminal
    }
}

impl DerefMut for Run {
    fn deref_mut(&mut self) -> &mut Terminal {
        &mut self.terminal
    }
}

impl Run {
    fn start(name: &str, request: &Value) -> Run {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        let input = dir.join(format!("terminal-{name}-request.json"));
        let out = dir.join(format!("terminal-{name}-answer.json"));
        std::fs::write(&input, request.to_string()).unwrap();
        let _ = std::fs::remove_file(&out);
        let command = terminal::command(
            env!("CARGO_BIN_EXE_elicit-ask"),
            [input.as_os_str(), "weather".as_ref()],
            Some(&out),
        );
        Run {
            terminal: Terminal::start(command, 20_000),
            out,
        }
    }

    /// Answers `name` with `Ada` and takes every other field's starting
    /// choice, up to the prompt `stop` of [`request`]'s form.
    fn fill_until(&mut self, stop: &str) -> &mut Run {
        self.expect("name (required)").keys("Ada").keys(ENTER);
        for prompt in PROMPTS {
            self.expect(prompt);
            if prompt == stop {
                return self;
            }
            self.keys(ENTER);
        }
        panic!("the form has no prompt {stop:?}")
    }

    /// Waits for the program to end and reads the answer it printed.
    fn answer(&mut self) -> Value {
        self.session.exp_eof().unwrap();
        let text = std::fs::read_to_string(&self.out).unwrap();
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text:?}"))
    }
}

/// The prompts of [`request`]'s form after the first, and the review.
const PROMPTS: [&str; 5] = [
    "age (optional)",
    "color (optional)",
    "topics (optional)",
    "Subscribe (optional)",
    "Review your answers",
];

/// An `elicitation/create` with a field of every kind.
fn request() -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": 7,
        "method": "elicitation/create",
        "params": {
            "mode": "form",
            "message": "Please provide your contact information",
            "requestedSchema": {
                "type": "object",
                "properties": {
                    "name": { "type": "string", "description": "Your full name", "minLength": 2 },
                    "age": { "type": "integer", "minimum": 18, "default": 30 },
                    "color": { "type": "string", "oneOf": [
                        { "const": "r", "title": "Red" },
                        { "const": "g", "title": "Green" }
                    ] },
                    "topics": {
                        "type": "array",
                        "maxItems": 2,
                        "items": { "type": "string", "enum": ["rust", "go", "zig"] }
                    },
                    "agree": { "type": "boolean", "title": "Subscribe" }
                },
                "required": ["name"]
            }
        }
    })
}

fn response(result: Value) -> Value {
    json!({ "jsonrpc": "2.0", "id": 7, "result": result })
}

#[test]
fn accept_after_fixing_bad_input_and_editing_one_answer() {
    let mut run = Run::start("accept", &request());
    run.expect("The server `weather` asks:")
        .expect("Please provide your contact information")
        .expect("Your full name")
        .expect("name (required)")
        .expect("at least 2 characters");
    // Too short: asked again with the validator's message.
    run.keys("A")
        .keys(ENTER)
        .expect("`name` must have at least 2 characters, has 1")
        .keys("da")
        .keys(ENTER);
    // Below the minimum, then the default.
    run.expect("age (optional)")
        .expect("default: 30")
        .keys("12")
        .keys(ENTER)
        .expect("`age` must be at least 18 (received 12)")
        .keys(BACKSPACE)
        .keys(BACKSPACE)
        .keys(ENTER);
    run.expect("color (optional)")
        .expect("one of: Red, Green")
        .keys(DOWN)
        .keys(ENTER);
    // A checklist: three checked is one too many, so it is asked again.
    run.expect("topics (optional)")
        .expect("[ ] zig")
        .keys(" ")
        .keys(DOWN)
        .keys(" ")
        .keys(DOWN)
        .keys(" ")
        .keys(ENTER)
        .expect("`topics` must have at most 2 values, has 3")
        .keys(" ")
        .keys(ENTER);
    run.expect("Subscribe (optional)").keys(ENTER);
    // The review shows every answer; edit the name, then send.
    run.expect("Review your answers")
        .expect("Edit name: Ada")
        .expect("Edit age: 30")
        .expect("Edit color: Green")
        .expect("Edit topics: rust, go")
        .expect("Edit Subscribe: yes")
        .keys(DOWN)
        .keys(ENTER)
        .expect("name (required)")
        .keys(" Lovelace")
        .keys(ENTER)
        .expect("Edit name: Ada Lovelace")
        .keys(ENTER);
    assert_eq!(
        run.answer(),
        response(json!({
            "action": "accept",
            "content": {
                "name": "Ada Lovelace",
                "age": 30,
                "color": "g",
                "topics": ["rust", "go"],
                "agree": true
            }
        }))
    );
}

#[test]
fn decline_from_a_text_entry() {
    let mut run = Run::start("decline-text", &request());
    run.expect("name (required)").keys("/decline").keys(ENTER);
    assert_eq!(run.answer(), response(json!({ "action": "decline" })));
}

#[test]
fn decline_from_the_review() {
    let mut run = Run::start("decline-review", &request());
    run.fill_until("Review your answers")
        .expect("Decline the request");
    for _ in 0..6 {
        run.keys(DOWN);
    }
    run.keys(ENTER);
    assert_eq!(run.answer(), response(json!({ "action": "decline" })));
}

#[test]
fn decline_from_a_checklist_and_a_list() {
    let mut run = Run::start("decline-checklist", &request());
    run.fill_until("topics (optional)")
        .expect("[ ] Decline the request");
    run.keys(" ")
        .keys(DOWN)
        .keys(DOWN)
        .keys(DOWN)
        .keys(" ")
        .keys(ENTER);
    assert_eq!(run.answer(), response(json!({ "action": "decline" })));

    let mut run = Run::start("decline-list", &request());
    // Red, Green, (leave empty), Decline the request.
    run.fill_until("color (optional)")
        .expect("(leave empty)")
        .keys(DOWN)
        .keys(DOWN)
        .keys(DOWN)
        .keys(ENTER);
    assert_eq!(run.answer(), response(json!({ "action": "decline" })));
}

#[test]
fn ctrl_c_cancels_in_the_review() {
    let mut run = Run::start("cancel-review", &request());
    run.fill_until("Review your answers")
        .expect("Cancel")
        .keys("\x03");
    assert_eq!(run.answer(), response(json!({ "action": "cancel" })));
}

#[test]
fn esc_cancels_in_a_text_entry() {
    let mut run = Run::start("cancel-text", &request());
    run.expect("name (required)").keys("Ad").keys(ESC);
    assert_eq!(run.answer(), response(json!({ "action": "cancel" })));
}

#[test]
fn esc_cancels_in_a_list() {
    let mut run = Run::start("cancel-list", &request());
    run.fill_until("color (optional)")
        .expect("Decline the request")
        .keys(ESC);
    assert_eq!(run.answer(), response(json!({ "action": "cancel" })));
}

#[test]
fn a_form_asking_for_a_secret_is_flagged_before_the_first_field() {
    let request = json!({
        "message": "Connect your database",
        "requestedSchema": {
            "type": "object",
            "properties": { "dbPassword": { "type": "string" } }
        }
    });
    let mut run = Run::start("secret", &request);
    run.expect("Connect your database")
        .expect("Warning: the field `dbPassword` looks like it asks for a secret (`password` in its name)")
        .expect("dbPassword (optional)")
        .keys(ESC);
    assert_eq!(run.answer(), json!({ "action": "cancel" }));
}

#[test]
fn url_mode_shows_the_host_and_asks_consent() {
    let request = json!({
        "mode": "url",
        "elicitationId": "550e8400-e29b-41d4-a716-446655440000",
        "url": "https://mcp.example.com/ui/set_api_key",
        "message": "Please provide your API key to continue."
    });
    let mut run = Run::start("url", &request);
    run.expect("The server `weather` asks you to open a page in your browser.")
        .expect("Please provide your API key to continue.")
        .expect("Host:    mcp.example.com")
        .expect("URL:     https://mcp.example.com/ui/set_api_key")
        .expect("Open the page on `mcp.example.com`")
        .keys(ENTER);
    assert_eq!(run.answer(), json!({ "action": "accept" }));
}

/// The attack: a server sends URLs that run code or read local files where
/// they open. The consent screen says it will not open them, and Enter on
/// its first entry declines.
#[test]
fn url_mode_never_offers_to_open_what_is_no_web_page() {
    for (name, url, scheme) in [
        ("javascript", "javascript:alert(1)", "javascript"),
        (
            "data",
            "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
            "data",
        ),
        ("file", "file:///etc/passwd", "file"),
        ("vbscript", "vbscript:msgbox", "vbscript"),
        ("ms-msdt", "ms-msdt:/id", "ms-msdt"),
    ] {
        let request = json!({
            "mode": "url",
            "elicitationId": "e-1",
            "url": url,
            "message": "Click to continue"
        });
        let mut run = Run::start(&format!("url-{name}"), &request);
        run.expect(&format!("URL:     {url}"))
            .expect("Warning: the address is not a web page")
            .expect(&format!(
                "This client will not open a `{scheme}:` address, which is no web page. \
                 Decline or cancel?"
            ));
        // Everything the list shows before its first entry, and the entry.
        let list = run.session.exp_string("Decline the request").unwrap();
        assert!(!list.contains("Open"), "{url}: {list:?}");
        run.keys(ENTER);
        assert_eq!(run.answer(), json!({ "action": "decline" }), "{url}");
    }
}

#[test]
fn a_request_outside_the_subset_gets_invalid_params() {
    let mut bad = request();
    bad["params"]["requestedSchema"]["properties"]["address"] = json!({ "type": "object" });
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let input = dir.join("terminal-invalid-request.json");
    std::fs::write(&input, bad.to_string()).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_elicit-ask"))
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(answer["id"], 7);
    assert_eq!(answer["error"]["code"], -32602);
    assert_eq!(
        answer["error"]["message"],
        "invalid `requestedSchema` at `/properties/address/type`: nested objects are not \
         allowed: a form is flat, so give each value its own property of `type` `string`, \
         `number`, `integer` or `boolean`"
    );
}
