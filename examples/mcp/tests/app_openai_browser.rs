//! The booking form's app in a real browser, through the OpenAI Apps SDK's
//! bridge: a small host page of the project's (`interop/apps/openai-host.js`,
//! built by `interop/apps/build`) frames the app as ChatGPT and MCPJam
//! Inspector do, with `allow-scripts allow-same-origin`, and gives it
//! `window.openai` as the Apps SDK documents it, by a script put before the
//! app's own where MCPJam Inspector 1.0.24 puts it; its `callTool` calls the
//! example server's MCP endpoint with the official TypeScript client. In
//! headless Chromium over WebDriver:
//!
//! - the host finds the app through `openai/outputTemplate`, and its
//!   resource declares `openai/widgetCSP` with no domain;
//! - the app's policy stays in its `<head>` (the document has the literal
//!   `<html>` that host looks for): a `fetch` to another loopback origin is
//!   refused, and the app loads nothing;
//! - an invalid answer is refused by the app's check, one only the server
//!   refuses comes back next to its field (also where the host hands results
//!   over as MCPJam does, without `_meta` and with `isError` false), and the
//!   fixed one books with the token of the result's `_meta`
//!   (`toolResponseMetadata`);
//! - what the user typed is kept in the widget state, never the token, and
//!   a new rendering puts it back, the booking's end too;
//! - the model's arguments (`toolInput`) fill the form without errors;
//! - Decline and Cancel reach the conversation (`sendFollowUpMessage`);
//! - a host that never answers is said so, with what the user can do;
//! - a host that sets `window.openai` after the app ran, with its
//!   `openai:set_globals` event, is used;
//! - axe-core finds no violation in the app.
//!
//! `ELICIT_BROWSER=0` skips them, loudly.

mod support {
    #[allow(dead_code, reason = "each host's tests take what they need")]
    pub mod app_host;
    #[allow(dead_code, reason = "the app is driven by its frame's controls")]
    pub mod browser;
}

use std::net::SocketAddr;

use serde_json::{Value, json};
use support::app_host::{
    ANSWER_WITHIN, AppTest, EMAIL_REFUSED, FRAME, REFUSALS, assert_no_network, booked,
    call_not_answered, click, field_error, fill_booking, host_log, open_host, paste_text,
    serve_probe, set_value, shown, status, submit_party_of_40, wait_for_log,
};
use support::browser::Browser;

/// The token in the `_meta` of the model's call's result.
async fn model_token(browser: &Browser) -> Value {
    let first = &host_log(browser, "model-call").await[0];
    assert_eq!(first["structuredContent"]["status"], "shown_in_app");
    first["_meta"]["io.github.elicit-rs/app"]["token"].clone()
}

/// Opens the host at `/openai` and `query`, and enters the app, once it
/// took the host's globals.
async fn open_app(browser: &Browser, address: SocketAddr, query: &str) {
    open_host(
        browser,
        &format!("http://{address}/openai{query}"),
        &["mounted"],
    )
    .await;
    browser.wait_for("html[data-theme=light]").await;
}

/// Frames the app again, as a host renders it anew, and enters it.
async fn remount(browser: &Browser) {
    browser.leave_frame().await;
    browser.script("window.elicitHost.remount();").await;
    browser
        .wait_for_text("#state", |state| state == "mounted")
        .await;
    browser.enter_frame(FRAME).await;
    browser.wait_for("html[data-theme=light]").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_booking_app_books_a_table_through_window_openai() {
    let Some(test) = AppTest::start("the_booking_app_books_a_table_through_window_openai").await
    else {
        return;
    };
    let (browser, address) = (&test.browser, test.address);
    let (probe, probe_seen) = serve_probe().await;
    open_app(browser, address, "").await;

    browser.leave_frame().await;
    let tool = &host_log(browser, "tool").await[0];
    assert_eq!(tool["outputTemplate"], "ui://elicit/forms/book_table");
    assert_eq!(tool["widgetAccessible"], true);
    let resource = &host_log(browser, "resource").await[0];
    assert_eq!(
        resource["widgetCSP"],
        json!({ "connect_domains": [], "resource_domains": [] })
    );
    let sandbox = browser.find(FRAME).await.attr("sandbox").await.unwrap();
    assert_eq!(sandbox.as_deref(), Some("allow-scripts allow-same-origin"));
    let token = model_token(browser).await;
    browser.enter_frame(FRAME).await;

    let loaded = browser
        .script("return performance.getEntriesByType('resource').length;")
        .await;
    assert_eq!(loaded, json!(0), "the app loads no resource");
    assert_eq!(
        browser
            .script("return document.documentElement.lang;")
            .await,
        json!("en")
    );
    assert_no_network(browser, probe, &probe_seen).await;
    browser
        .assert_accessible("app in window.openai's host")
        .await;

    // The app's own check, then the server's refusal next to its field.
    submit_party_of_40(browser).await;
    set_value(browser, "#field-1", "2").await;
    click(browser, "button[value=accept]").await;
    assert_eq!(field_error(browser, 4).await, EMAIL_REFUSED);
    browser
        .assert_accessible("app in window.openai's host, with errors")
        .await;

    // Fixed, it books.
    set_value(browser, "#field-4", "ada@example.com").await;
    click(browser, "button[value=accept]").await;
    let booked = booked("ada@example.com");
    assert_eq!(
        status(browser, |text| text.starts_with("booked")).await,
        booked
    );
    browser.leave_frame().await;
    let calls = host_log(browser, "app-call").await;
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[1]["name"], "book_table");
    // The answers, with the newest token the server gave the app: the
    // model's call's (`toolResponseMetadata`), or the refusal's, since
    // every result of the tool carries one.
    let mut arguments = calls[1]["arguments"].clone();
    let sent = arguments.as_object_mut().unwrap().remove("elicit_app");
    let refusal = &host_log(browser, "tool-result").await[0];
    let given = [
        token.clone(),
        refusal["_meta"]["io.github.elicit-rs/app"]["token"].clone(),
    ];
    assert!(
        sent.as_ref().is_some_and(|sent| given.contains(sent)),
        "the app sent {sent:?}, not a token the server gave it: {given:?}"
    );
    assert_eq!(
        arguments,
        json!({
            "date": "2027-02-14", "partySize": 2, "seating": "terrace", "dietary": ["vegan"],
            "contactEmail": "ada@example.com", "newsletter": false
        }),
        "the answers"
    );
    assert_eq!(
        host_log(browser, "tool-result").await[1]["content"][0]["text"],
        booked
    );
    assert!(host_log(browser, "followup").await.is_empty());

    // The widget state holds what was typed and the end, never the token.
    let states = wait_for_log(browser, "widget-state", 1).await;
    let last = states.last().unwrap();
    assert_eq!(last["form"], "book_table");
    assert_eq!(last["done"], booked.as_str());
    assert_eq!(last["answers"]["contactEmail"], "ada@example.com");
    for state in &states {
        assert!(
            !state.to_string().contains(token.as_str().unwrap()),
            "no token in the widget state"
        );
    }
    // A new rendering shows the booking, not an empty form to send again.
    browser.enter_frame(FRAME).await;
    remount(browser).await;
    assert_eq!(status(browser, |text| !text.is_empty()).await, booked);
    let submit = browser.find("button[value=accept]").await;
    assert_eq!(
        submit.attr("disabled").await.unwrap().as_deref(),
        Some("true")
    );
    assert_eq!(shown(browser).await["field-4"], "ada@example.com");
    browser.leave_frame().await;

    test.assert_requested_only(&["/openai", "/openai-host.js", "/mcp"]);
    test.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn window_openai_s_input_and_widget_state_fill_the_form_and_refusals_reach_the_chat() {
    let Some(test) = AppTest::start(
        "window_openai_s_input_and_widget_state_fill_the_form_and_refusals_reach_the_chat",
    )
    .await
    else {
        return;
    };
    let (browser, address) = (&test.browser, test.address);

    // The model's arguments fill the form, with no error said.
    let input = json!({ "partySize": 40, "seating": "bar", "newsletter": true });
    open_app(browser, address, &format!("?input={input}")).await;
    let form = shown(browser).await;
    assert_eq!(
        (&form["field-1"], &form["field-2-2"], &form["field-6"]),
        (&json!("40"), &json!(true), &json!(true))
    );
    assert_eq!(
        form["errors"],
        json!([]),
        "no error before the user submits"
    );

    // What the user types is kept, and a new rendering puts it back over
    // the model's arguments.
    set_value(browser, "#field-1", "5").await;
    set_value(browser, "#field-5", "by the window").await;
    browser.leave_frame().await;
    let mut state = Value::Null;
    for _ in 0..400 {
        state = host_log(browser, "widget-state")
            .await
            .pop()
            .unwrap_or_default();
        if state["answers"]["notes"] == "by the window" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(
        state,
        json!({ "form": "book_table", "answers": {
            "partySize": 5, "seating": "bar", "notes": "by the window", "newsletter": true
        } })
    );
    browser.enter_frame(FRAME).await;
    remount(browser).await;
    let form = shown(browser).await;
    assert_eq!(
        (&form["field-1"], &form["field-5"], &form["field-2-2"]),
        (&json!("5"), &json!("by the window"), &json!(true))
    );
    assert_eq!(form["errors"], json!([]));
    browser.leave_frame().await;

    // Decline and cancel go to the conversation as the user's message.
    for (button, said, shown) in REFUSALS {
        open_app(browser, address, "").await;
        click(browser, &format!("button[value={button}]")).await;
        assert_eq!(status(browser, |text| !text.is_empty()).await, shown);
        browser.leave_frame().await;
        let followups = host_log(browser, "followup").await;
        assert_eq!(followups.len(), 1, "{button}");
        assert_eq!(
            followups[0]["prompt"],
            format!("{said} \u{201c}Please tell us about your reservation\u{201d} of `book_table`")
        );
        assert!(host_log(browser, "app-call").await.is_empty());
    }
    test.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_app_says_so_when_window_openai_does_not_answer() {
    let Some(test) = AppTest::start("the_app_says_so_when_window_openai_does_not_answer").await
    else {
        return;
    };
    let (browser, address) = (&test.browser, test.address);

    open_app(browser, address, "?silent").await;
    fill_booking(browser, "ada@example.com").await;
    click(browser, "button[value=accept]").await;
    let pasted = call_not_answered(browser).await;
    assert!(
        pasted
            .unwrap()
            .contains("\"contactEmail\":\"ada@example.com\""),
        "the answers as typed"
    );
    browser
        .assert_accessible("app whose host does not answer")
        .await;

    // Declining, too: the message is offered to copy.
    click(browser, "button[value=decline]").await;
    let said = status(browser, |text| {
        text.starts_with("The host")
            && text.ends_with("copy the message and paste it into the chat.")
    })
    .await;
    assert!(
        said.contains(&format!("for {ANSWER_WITHIN} seconds")),
        "{said}"
    );
    let pasted = paste_text(browser).await;
    assert_eq!(
        pasted.as_deref(),
        Some(
            "action=decline: the user declined the form \u{201c}Please tell us about your \
             reservation\u{201d} of `book_table`"
        )
    );
    browser.leave_frame().await;
    assert_eq!(host_log(browser, "app-call").await.len(), 1);
    assert_eq!(host_log(browser, "followup").await.len(), 1);
    test.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_late_window_openai_and_mcpjam_s_results_are_taken() {
    let Some(test) = AppTest::start("a_late_window_openai_and_mcpjam_s_results_are_taken").await
    else {
        return;
    };
    let (browser, address) = (&test.browser, test.address);

    // `window.openai` set once the app ran, announced by `openai:set_globals`.
    open_host(
        browser,
        &format!("http://{address}/openai?late"),
        &["mounted"],
    )
    .await;
    assert!(browser.find_all("html[data-theme]").await.is_empty());
    browser.leave_frame().await;
    browser.script("window.elicitHost.provide();").await;
    browser.enter_frame(FRAME).await;
    browser.wait_for("html[data-theme=light]").await;
    fill_booking(browser, "late@example.com").await;
    click(browser, "button[value=accept]").await;
    let done = status(browser, |text| text.starts_with("booked")).await;
    assert_eq!(done, booked("late@example.com"));
    browser.leave_frame().await;
    assert_eq!(host_log(browser, "app-call").await.len(), 1);

    // Results as MCPJam Inspector hands them over: no `_meta`, and `isError`
    // false on a refusal; the token comes from `toolResponseMetadata`.
    open_app(browser, address, "?shape=mcpjam").await;
    fill_booking(browser, "ada@").await;
    click(browser, "button[value=accept]").await;
    assert_eq!(field_error(browser, 4).await, EMAIL_REFUSED);
    set_value(browser, "#field-4", "jam@example.com").await;
    click(browser, "button[value=accept]").await;
    let done = status(browser, |text| text.starts_with("booked")).await;
    assert_eq!(done, booked("jam@example.com"));
    browser.leave_frame().await;
    let token = model_token(browser).await;
    let calls = host_log(browser, "app-call").await;
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[1]["arguments"]["elicit_app"], token);
    test.close().await;
}
