//! The example client end to end, as a person uses it: it starts the
//! example server over stdio, calls `book_table`, and its terminal form is
//! filled in under a pseudo-terminal with keystrokes: a bad entry asked
//! again, one answer edited in the review, then sent; and the same form
//! cancelled with Esc. At 2026-07-28, through discovery: the two rounds of
//! `plan_trip` answered, and against a server that has no `initialize`,
//! the second round cancelled.

#[path = "support/examples.rs"]
mod examples;
#[path = "support/no_initialize.rs"]
mod no_initialize;
#[path = "../../../tests/support/terminal.rs"]
mod terminal;

use std::sync::atomic::Ordering;

use examples::example;
use terminal::{BACKSPACE, DOWN, ENTER, ESC, SPACE, Terminal};

/// The example client in a pseudo-terminal; it starts the example server
/// built beside it.
fn start() -> Terminal {
    example("server");
    let no_args: [&str; 0] = [];
    Terminal::start(terminal::command(example("client"), no_args, None), 30_000)
}

#[test]
fn a_table_is_booked_after_a_bad_entry_and_an_edit() {
    let mut run = start();
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
    let mut run = start();
    run.expect("Date (required)").keys(ESC);
    run.expect("action=cancel: the user dismissed the form");
    run.session.exp_eof().unwrap();
}

/// Answers the first round of `plan_trip`: Lisbon, then Send.
fn where_to(run: &mut Terminal) {
    run.expect("Where to?")
        .expect("City (required)")
        .keys("Lisbon")
        .keys(ENTER);
    run.expect("Review your answers").keys(ENTER);
}

#[test]
fn a_trip_is_planned_in_two_rounds_through_discovery() {
    example("server");
    let mut run = Terminal::start(
        terminal::command(example("client"), ["--call", "plan_trip"], None),
        30_000,
    );
    // Discovery agreed on 2026-07-28 (`initialize` offers 2025-11-25 at most).
    run.expect("connected to `elicit-example-server` at 2026-07-28");
    where_to(&mut run);
    // The second round, asked after the retry with the first answer.
    run.expect("When would you like to go to Lisbon?")
        .expect("Arrival (required)")
        .keys("2027-05-01")
        .keys(ENTER);
    run.expect("Nights (required)").keys("3").keys(ENTER);
    run.expect("Review your answers").keys(ENTER);
    run.expect("3 nights in Lisbon from 2027-05-01: 405 EUR");
    run.session.exp_eof().unwrap();
}

#[test]
fn a_server_without_initialize_is_discovered_and_a_later_round_cancelled() {
    let server = no_initialize::start();
    let mut run = Terminal::start(
        terminal::command(
            example("client"),
            ["--call", "plan_trip", "--connect", server.url.as_str()],
            None,
        ),
        30_000,
    );
    run.expect("at 2026-07-28");
    where_to(&mut run);
    run.expect("When would you like to go to Lisbon?")
        .expect("Arrival (required)")
        .keys(ESC);
    run.expect("no trip planned");
    run.session.exp_eof().unwrap();
    assert_eq!(
        server.refused.load(Ordering::SeqCst),
        0,
        "the client sent `initialize`"
    );
}
