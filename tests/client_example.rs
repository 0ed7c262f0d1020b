//! The example client end to end, as a person uses it: it starts the
//! example server over stdio, calls `book_table`, and its terminal form is
//! filled in under a pseudo-terminal with keystrokes: a bad entry asked
//! again, one answer edited in the review, then sent; and the same form
//! cancelled with Esc.

use std::path::PathBuf;
use std::process::Command;

use rexpect::reader::Options;
use rexpect::session::{PtySession, spawn_with_options};

const ENTER: &str = "\r";
const ESC: &str = "\x1b";
const DOWN: &str = "\x1b[B";
const BACKSPACE: &str = "\x7f";
const SPACE: &str = " ";

/// A built example program (`cargo test` builds the examples beside the
/// test binaries).
fn example(name: &str) -> PathBuf {
    let deps = std::env::current_exe().unwrap();
    let path = deps
        .parent()
        .and_then(|deps| deps.parent())
        .unwrap()
        .join("examples")
        .join(name);
    assert!(
        path.is_file(),
        "{} is not built: run `cargo test --workspace` or `cargo build --examples` first",
        path.display()
    );
    path
}

struct Run {
    session: PtySession,
}

impl Run {
    /// The example client in a 120×40 pseudo-terminal; it starts the
    /// example server built beside it.
    fn start() -> Run {
        example("server");
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(r#"stty cols 120 rows 40 && exec "$0""#)
            .arg(example("client"))
            .env("TERM", "xterm");
        let options = Options::new()
            .timeout_ms(Some(30_000))
            .strip_ansi_escape_codes(true);
        Run {
            session: spawn_with_options(command, options).unwrap(),
        }
    }

    fn expect(&mut self, text: &str) -> &mut Run {
        if let Err(error) = self.session.exp_string(text) {
            panic!("waiting for {text:?}: {error}");
        }
        self
    }

    fn keys(&mut self, keys: &str) -> &mut Run {
        self.session.send(keys).unwrap();
        self.session.flush().unwrap();
        self
    }
}

#[test]
fn a_table_is_booked_after_a_bad_entry_and_an_edit() {
    let mut run = Run::start();
    run.expect("The server `elicit-example-server` asks:")
        .expect("Please tell us about your reservation")
        .expect("Date (required)");
    run.keys("tomorrow")
        .keys(ENTER)
        .expect("`date` is not a date such as `2025-06-18`");
    for _ in 0.."tomorrow".len() {
        run.keys(BACKSPACE);
    }
    run.keys("2027-01-15").keys(ENTER);
    run.expect("Party size (required)")
        .keys("20")
        .keys(ENTER)
        .expect("`partySize` must be at most 12 (received 20)")
        .keys(BACKSPACE)
        .keys(BACKSPACE)
        .keys("4")
        .keys(ENTER);
    // Seating: the second option.
    run.expect("At the bar").keys(DOWN).keys(ENTER);
    // Dietary needs: the first and the third.
    run.expect("No nuts")
        .keys(SPACE)
        .keys(DOWN)
        .keys(DOWN)
        .keys(SPACE)
        .keys(ENTER);
    run.expect("Email (required)")
        .keys("ada@example.com")
        .keys(ENTER);
    run.expect("Notes (optional)")
        .keys("A window table, please")
        .keys(ENTER);
    // Newsletter: its default.
    run.expect("Newsletter (required)").keys(ENTER);
    // Review: edit the party size, then send.
    run.expect("Review your answers")
        .expect("Edit Party size: 4")
        .keys(DOWN)
        .keys(DOWN)
        .keys(ENTER)
        .expect("Party size (required)")
        .keys(BACKSPACE)
        .keys("5")
        .keys(ENTER)
        .expect("Edit Party size: 5")
        .keys(ENTER);
    run.expect(
        "booked 5 seats (Terrace) on 2027-01-15 for ada@example.com, dietary needs: Vegetarian, GlutenFree",
    );
    run.session.exp_eof().unwrap();
}

#[test]
fn esc_cancels_and_the_tool_hears_it() {
    let mut run = Run::start();
    run.expect("Date (required)").keys(ESC);
    run.expect("action=cancel: the user dismissed the form");
    run.session.exp_eof().unwrap();
}
