//! Flow integrity over HTTP, against the example server as a hostile
//! client would try it: a state leaked from one user's flow is refused
//! for another user, a booking's final round sent again books nothing,
//! and a NUL or a terminal escape typed into a text field never reaches
//! the tool's text, whether it comes in the client's form or in the tool's
//! arguments.

#[path = "support/demo_users.rs"]
mod demo_users;
#[path = "support/examples.rs"]
mod examples;
#[path = "support/http_server.rs"]
mod http_server;

use serde_json::json;

use demo_users::{ALICE, BOB};
use http_server::{ServerProcess, accepted};

/// The example server with a fresh key and the demo login on.
fn start() -> ServerProcess {
    demo_users::start("flow-integrity-test")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_leaked_state_does_not_continue_for_another_user() {
    let server = start();
    let (status, first) = server.call(Some(ALICE), "plan_trip", 1, json!({})).await;
    assert_eq!(status, 200);
    let state = first["result"]["requestState"].as_str().unwrap().to_owned();
    let answer = json!({
        "inputResponses": { "destination": accepted(json!({ "city": "Lisbon" })) },
        "requestState": state
    });

    // Bob holds Alice's leaked state: refused, and nothing of it is told.
    let (_, stolen) = server.call(Some(BOB), "plan_trip", 2, answer.clone()).await;
    assert_eq!(stolen["error"]["code"], -32602, "{stolen}");
    let text = stolen["error"]["message"].as_str().unwrap();
    assert!(text.contains("does not belong to this request"), "{text}");
    assert!(
        !text.contains("alice") && !text.contains("Lisbon"),
        "{text}"
    );

    // Without a login, the request does not reach the tool at all.
    let (status, _) = server.call(None, "plan_trip", 3, answer.clone()).await;
    assert_eq!(status, 401);
    let (status, _) = server
        .call(
            Some("not-a-user-token-at-all"),
            "plan_trip",
            4,
            answer.clone(),
        )
        .await;
    assert_eq!(status, 401);

    // Alice continues her flow.
    let (_, second) = server.call(Some(ALICE), "plan_trip", 5, answer).await;
    assert_eq!(
        second["result"]["inputRequests"]["dates"]["params"]["message"],
        "When would you like to go to Lisbon?",
        "{second}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_replayed_booking_books_nothing() {
    let server = start();
    let (_, first) = server.call(Some(ALICE), "book_table", 1, json!({})).await;
    assert_eq!(first["result"]["resultType"], "input_required", "{first}");
    let state = first["result"]["requestState"].as_str().unwrap().to_owned();
    let booking = json!({
        "inputResponses": { "booking": accepted(json!({
            "date": "2027-05-01",
            "partySize": 2,
            "seating": "indoor",
            "contactEmail": "alice@example.com",
            "newsletter": false
        })) },
        "requestState": state
    });
    let (_, booked) = server
        .call(Some(ALICE), "book_table", 2, booking.clone())
        .await;
    assert_eq!(booked["result"]["isError"], false, "{booked}");
    let text = booked["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("2027-05-01"), "{text}");

    // The same final round again: refused, the table is not booked twice.
    let (_, again) = server.call(Some(ALICE), "book_table", 3, booking).await;
    assert_eq!(again["error"]["code"], -32602, "{again}");
    assert!(
        again["error"]["message"]
            .as_str()
            .unwrap()
            .contains("already acted on"),
        "{again}"
    );
}

/// A note typed with a NUL, a clear-screen escape and a window-title
/// sequence, as a hostile client would send it.
const HOSTILE_NOTES: &str = "window seat\u{0}\u{1b}[2J\u{1b}]0;pwned\u{7}";

/// The booking form's answer with `notes`.
fn booking_with(notes: &str) -> serde_json::Value {
    json!({
        "date": "2027-05-01",
        "partySize": 2,
        "seating": "indoor",
        "contactEmail": "alice@example.com",
        "notes": notes,
        "newsletter": false
    })
}

/// Whether `value`'s text holds a control character but a tab or a line
/// break anywhere.
fn holds_controls(value: &serde_json::Value) -> bool {
    value.to_string().contains(['\u{0}', '\u{1b}', '\u{7}'])
        || value.to_string().contains("\\u0000")
        || value.to_string().contains("\\u001b")
}

/// The client's form (2026-07-28 rounds): the note with control characters
/// is refused as the field's error and the form asked again; nothing is
/// booked, and no control character comes back. The same note without
/// them books, and is in the text.
#[tokio::test(flavor = "multi_thread")]
async fn control_characters_in_a_form_never_reach_the_tools_text() {
    let server = start();
    let (_, first) = server.call(Some(ALICE), "book_table", 1, json!({})).await;
    let state = first["result"]["requestState"].as_str().unwrap().to_owned();
    let hostile = json!({
        "inputResponses": { "booking": accepted(booking_with(HOSTILE_NOTES)) },
        "requestState": state
    });
    let (_, again) = server.call(Some(ALICE), "book_table", 2, hostile).await;
    let result = &again["result"];
    assert_eq!(result["resultType"], "input_required", "{again}");
    let message = result["inputRequests"]["booking"]["params"]["message"]
        .as_str()
        .unwrap();
    assert!(message.contains("`notes`"), "{message}");
    assert!(message.contains("control character U+0000"), "{message}");
    assert!(!holds_controls(&again), "{again}");

    let state = result["requestState"].as_str().unwrap().to_owned();
    let fine = json!({
        "inputResponses": { "booking": accepted(booking_with("window seat")) },
        "requestState": state
    });
    let (_, booked) = server.call(Some(ALICE), "book_table", 3, fine).await;
    let text = booked["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("notes: window seat"), "{booked}");
}

/// A client without elicitation, whose model passes the answers as the
/// tool's arguments (as the form's app does too): the note with control
/// characters is an invalid argument, named; nothing is booked.
#[tokio::test(flavor = "multi_thread")]
async fn control_characters_in_arguments_never_reach_the_tools_text() {
    let server = start();
    let without_elicitation = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { "name": "http-test", "version": "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": {}
    });
    let call = |notes: &str| {
        json!({
            "arguments": booking_with(notes),
            "_meta": without_elicitation.clone()
        })
    };
    let (_, refused) = server
        .call(Some(ALICE), "book_table", 1, call(HOSTILE_NOTES))
        .await;
    let result = &refused["result"];
    assert_eq!(result["isError"], true, "{refused}");
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("`notes`"), "{text}");
    assert!(text.contains("control character U+0000"), "{text}");
    assert!(!text.contains("booked"), "{text}");
    assert!(!holds_controls(&refused), "{refused}");

    let (_, booked) = server
        .call(Some(ALICE), "book_table", 2, call("window seat"))
        .await;
    let text = booked["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("notes: window seat"), "{booked}");
}
