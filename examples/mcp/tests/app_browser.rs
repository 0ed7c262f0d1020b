//! The booking form's app in a real browser, through the reference host
//! bridge of the MCP Apps extension: `interop/apps/build` installs
//! `@modelcontextprotocol/ext-apps` (its `app-bridge`) and the official
//! TypeScript MCP client, pinned, and bundles a small host page; these
//! tests serve the page and the example server on one loopback origin, and
//! drive headless Chromium over WebDriver (Debian's `chromium` and
//! `chromium-driver`):
//!
//! - the host lists `book_table`, reads its `ui://` resource, calls the
//!   tool as a model would and mounts the app in a sandboxed iframe; the
//!   app takes the host's theme and style variables, and follows a change
//!   of theme;
//! - an invalid answer is refused by the app's own check, in the server's
//!   words, before any call; one only the server can refuse comes back and
//!   is shown next to its field; the fixed answer books, "booked…"
//!   arrives at the host, and the app puts it in the model's context;
//! - Decline and Cancel reach the host as messages saying so;
//! - axe-core finds no violation in the mounted app, before and after
//!   errors, and with the app saying the host does not answer;
//! - the app loads and works with every name but the loopback address
//!   unresolvable, loads no resource, a `fetch` to another loopback origin
//!   is refused by its policy, and nothing reaches the server but the
//!   host's page, its script and its MCP requests;
//! - the model's arguments fill the form without a word of error until the
//!   user submits; messages from another window or origin are ignored;
//! - a host that never connects, or never answers a call, is said so after
//!   a few seconds, with what the user can do: try again (which works once
//!   the host answers), or copy the answers for the chat;
//! - every message the app posts names the host's origin.
//!
//! `ELICIT_BROWSER=0` skips them, loudly (for a machine without Chromium or
//! npm).
//! With `ELICIT_APP_SCREENSHOT=PATH`, a screenshot of the mounted app
//! showing the server's refusal is written to PATH.

mod support {
    #[allow(dead_code, reason = "each host's tests take what they need")]
    pub mod app_host;
    #[allow(dead_code, reason = "the app is driven by its frame's controls")]
    pub mod browser;
}

use serde_json::{Value, json};
use support::app_host::{
    AppTest, EMAIL_REFUSED, FRAME, REFUSALS, assert_no_network, booked, call_not_answered, click,
    field_error, fill_booking, host_log, not_answered, open_host, paste_text, serve_probe,
    set_value, shown, status, submit_party_of_40, wait_for_log,
};
use support::browser::Browser;

/// Opens the host at `url` (`/` and its query) and enters the mounted app.
async fn open_app(browser: &Browser, url: &str) {
    open_host(browser, url, &["mounted"]).await;
    browser.wait_for("html[data-theme=light]").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_booking_app_books_a_table_through_the_reference_host_bridge() {
    let Some(test) =
        AppTest::start("the_booking_app_books_a_table_through_the_reference_host_bridge").await
    else {
        return;
    };
    let (browser, address) = (&test.browser, test.address);
    let (probe, probe_seen) = serve_probe().await;
    let host = format!("http://{address}/");

    open_app(browser, &host).await;
    let frame = {
        browser.leave_frame().await;
        let frame = browser.find(FRAME).await;
        let sandbox = frame.attr("sandbox").await.unwrap();
        browser.enter_frame(FRAME).await;
        sandbox
    };
    assert_eq!(
        frame.as_deref(),
        Some("allow-scripts"),
        "the app is in a sandboxed frame of an opaque origin"
    );
    // The app loaded nothing: no script, style, font or image from anywhere.
    let loaded = browser
        .script("return performance.getEntriesByType('resource').length;")
        .await;
    assert_eq!(loaded, json!(0), "the app loads no resource");
    assert_no_network(browser, probe, &probe_seen).await;
    browser.assert_accessible("app").await;
    // The host's style variables apply; its theme follows when it changes.
    let background = browser
        .script("return getComputedStyle(document.documentElement).backgroundColor;")
        .await;
    assert_eq!(background, json!("rgb(250, 250, 245)"));
    browser.leave_frame().await;
    browser.script("window.elicitHost.setTheme('dark');").await;
    browser.enter_frame(FRAME).await;
    browser.wait_for("html[data-theme=dark]").await;
    browser.leave_frame().await;
    browser.script("window.elicitHost.setTheme('light');").await;
    browser.enter_frame(FRAME).await;
    browser.wait_for("html[data-theme=light]").await;

    // An answer the app's own check refuses, in the server's words.
    submit_party_of_40(browser).await;
    let party = browser.find("#field-1").await;
    assert_eq!(
        party.attr("aria-invalid").await.unwrap().as_deref(),
        Some("true")
    );
    assert!(
        party
            .attr("aria-describedby")
            .await
            .unwrap()
            .unwrap()
            .contains("field-1-error")
    );
    let summary = browser
        .find(".error-summary[role=alert] a[href='#field-1']")
        .await;
    assert_eq!(
        summary.text().await.unwrap(),
        "Party size must be at most 12"
    );
    browser.assert_accessible("app with errors").await;
    browser.leave_frame().await;
    assert!(
        host_log(browser, "app-call").await.is_empty(),
        "nothing sent yet"
    );

    // One only the server refuses: it comes back next to its field.
    browser.enter_frame(FRAME).await;
    set_value(browser, "#field-1", "2").await;
    click(browser, "button[value=accept]").await;
    assert_eq!(field_error(browser, 4).await, EMAIL_REFUSED);
    assert!(
        browser.find_all("#field-1-error").await.is_empty(),
        "the fixed field is clear"
    );
    browser.leave_frame().await;
    if let Ok(path) = std::env::var("ELICIT_APP_SCREENSHOT") {
        let png = browser.find(FRAME).await.screenshot().await.unwrap();
        std::fs::write(&path, png).unwrap();
    }
    let calls = host_log(browser, "app-call").await;
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0]["name"], "book_table");
    // The answers, and the token the first result gave the app, which
    // tells them from arguments a model wrote.
    let mut arguments = calls[0]["arguments"].clone();
    let token = arguments
        .as_object_mut()
        .unwrap()
        .remove("elicit_app")
        .expect("the app sends its token");
    let model_call = &host_log(browser, "model-call").await[0];
    assert_eq!(
        token, model_call["_meta"]["io.github.elicit-rs/app"]["token"],
        "the token of the model's call's result"
    );
    assert_eq!(
        arguments,
        json!({
            "date": "2027-02-14", "partySize": 2, "seating": "terrace", "dietary": ["vegan"],
            "contactEmail": "ada@", "newsletter": false
        })
    );
    let results = host_log(browser, "tool-result").await;
    assert_eq!(results[0]["isError"], true);
    assert_eq!(
        results[0]["structuredContent"]["invalidFields"][0]["field"],
        "contactEmail"
    );

    // Fixed, it books, and the result arrives at the host.
    browser.enter_frame(FRAME).await;
    // Enter in a field submits, in a sandbox that blocks form submission.
    set_value(browser, "#field-4", "ada@example.com\u{E007}").await;
    let booked = booked("ada@example.com");
    let said = status(browser, |text| text.starts_with("booked")).await;
    assert_eq!(said, booked);
    assert!(browser.find_all(".error-message").await.is_empty());
    browser.leave_frame().await;
    let results = host_log(browser, "tool-result").await;
    assert_eq!(results.len(), 2);
    assert_eq!(results[1]["content"][0]["text"], booked);
    assert_ne!(results[1]["isError"], true);
    // And the model is told, through the host's context.
    let context = host_log(browser, "model-context").await;
    assert_eq!(context.len(), 1);
    assert_eq!(
        context[0]["content"][0]["text"],
        format!(
            "action=accept: the user submitted the form \u{201c}Please tell us about your \
             reservation\u{201d} of `book_table`: {booked}"
        )
    );

    // Decline and cancel reach the host as such.
    for (button, said, shown) in REFUSALS {
        open_app(browser, &host).await;
        click(browser, &format!("button[value={button}]")).await;
        let status = status(browser, |text| !text.is_empty()).await;
        assert_eq!(status, shown);
        browser.leave_frame().await;
        let messages = host_log(browser, "message").await;
        assert_eq!(messages.len(), 1, "{button}");
        assert_eq!(messages[0]["role"], "user");
        let text = messages[0]["content"][0]["text"].as_str().unwrap();
        assert!(text.starts_with(said), "{text}");
        assert!(
            text.contains("Please tell us about your reservation"),
            "{text}"
        );
        assert!(
            host_log(browser, "app-call").await.is_empty(),
            "{button} books nothing"
        );
    }

    // Nothing but the host's page, its script and MCP reached the server.
    test.assert_requested_only(&["/", "/host.js", "/mcp"]);
    test.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_model_s_arguments_fill_the_app_without_errors_until_the_user_submits() {
    let Some(test) =
        AppTest::start("the_model_s_arguments_fill_the_app_without_errors_until_the_user_submits")
            .await
    else {
        return;
    };
    let (browser, address) = (&test.browser, test.address);
    let input = json!({ "partySize": 40, "seating": "bar", "newsletter": true });
    let url = format!("http://{address}/?input={input}");
    open_app(browser, &url).await;
    browser.leave_frame().await;
    let first = &host_log(browser, "model-call").await[0];
    assert_eq!(first["structuredContent"]["status"], "shown_in_app");
    browser.enter_frame(FRAME).await;
    let prefilled = |shown: &Value| {
        (
            shown["field-1"].clone(),
            shown["field-2-2"].clone(),
            shown["field-6"].clone(),
        )
    };
    // Filled once the host sends the tool's input, and nothing said of the
    // party size the server would refuse.
    for _ in 0..400 {
        if prefilled(&shown(browser).await).0 == json!("40") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let form = shown(browser).await;
    assert_eq!(prefilled(&form), (json!("40"), json!(true), json!(true)));
    assert_eq!(
        form["errors"],
        json!([]),
        "no error before the user submits"
    );
    assert_eq!(
        browser.find("#elicit-status").await.text().await.unwrap(),
        ""
    );

    // Only the host's messages fill the form: not another window's (here
    // the app's own), nor one claiming the host's window from another origin.
    let forged = browser
        .script(
            "const host = location.ancestorOrigins[0]; \
             const forge = (source, origin, notes) => window.dispatchEvent(new MessageEvent('message', { \
               source, origin, data: { jsonrpc: '2.0', method: 'ui/notifications/tool-input', \
               params: { arguments: { notes } } } })); \
             forge(window, host, 'from the app'); \
             forge(window.parent, 'http://127.0.0.1:1', 'from another origin'); \
             const before = document.getElementById('field-5').value; \
             forge(window.parent, host, 'from the host'); \
             return [before, document.getElementById('field-5').value];",
        )
        .await;
    assert_eq!(forged, json!(["", "from the host"]));

    // Submitted, the app's own check speaks.
    click(browser, "button[value=accept]").await;
    browser.wait_for(".error-summary").await;
    let errors = browser
        .script(
            "return Array.from(document.querySelectorAll('.error-summary li')).map(e => e.textContent);",
        )
        .await;
    assert_eq!(
        errors,
        json!([
            "Date is required",
            "Party size must be at most 12",
            "Email is required"
        ])
    );
    browser.leave_frame().await;
    assert!(host_log(browser, "app-call").await.is_empty());
    test.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_app_says_so_when_the_host_does_not_answer_and_offers_what_to_do() {
    let Some(test) =
        AppTest::start("the_app_says_so_when_the_host_does_not_answer_and_offers_what_to_do").await
    else {
        return;
    };
    let (browser, address) = (&test.browser, test.address);

    // A host that does not connect: said, with what the user can do.
    open_host(browser, &format!("http://{address}/?silent"), &["framed"]).await;
    let said = status(browser, |text| text.starts_with("The host")).await;
    assert_eq!(
        said,
        format!(
            "{}, so the form cannot be sent from here. You can try again, or copy your \
             answers and paste them into the chat.",
            not_answered("the app ")
        )
    );
    set_value(browser, "#field-1", "3").await;
    click(browser, ".stuck button[value=copy]").await;
    let pasted = paste_text(browser).await;
    assert_eq!(
        pasted.as_deref(),
        Some(
            "My answers to the form \u{201c}Please tell us about your reservation\u{201d} of \
             `book_table`, as its arguments: {\"partySize\":3,\"seating\":\"indoor\",\"newsletter\":false}"
        )
    );
    let copied = status(browser, |text| !text.starts_with("The host")).await;
    assert!(
        [
            "Copied: paste it into the chat.",
            "The text below is selected: copy it, and paste it into the chat."
        ]
        .contains(&copied.as_str()),
        "{copied}"
    );
    browser
        .assert_accessible("app whose host does not answer")
        .await;
    // Once the host answers, trying again connects.
    browser.leave_frame().await;
    browser.script("window.elicitHost.connect();").await;
    browser.enter_frame(FRAME).await;
    click(browser, ".stuck button[value=retry]").await;
    browser.leave_frame().await;
    wait_for_log(browser, "initialized", 1).await;
    browser.enter_frame(FRAME).await;
    assert!(
        browser
            .find(".stuck")
            .await
            .attr("hidden")
            .await
            .unwrap()
            .is_some(),
        "the offer is gone"
    );
    fill_booking(browser, "ada@example.com").await;
    click(browser, "button[value=accept]").await;
    let done = status(browser, |text| text.starts_with("booked")).await;
    assert_eq!(done, booked("ada@example.com"));
    browser.leave_frame().await;

    // A host that takes a call and never answers it.
    open_app(browser, &format!("http://{address}/?hang")).await;
    fill_booking(browser, "bo@example.com").await;
    click(browser, "button[value=accept]").await;
    status(browser, |text| text == "Sending\u{2026}").await;
    let pasted = call_not_answered(browser).await;
    assert!(
        pasted
            .unwrap()
            .ends_with("\"contactEmail\":\"bo@example.com\",\"newsletter\":false}"),
        "the answers as typed"
    );
    click(browser, ".stuck button[value=retry]").await;
    status(browser, |text| text == "Sending\u{2026}").await;
    browser.leave_frame().await;
    let calls = wait_for_log(browser, "app-call", 2).await;
    assert_eq!(calls[0], calls[1], "the same call, again");
    test.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn every_message_the_app_posts_names_the_host_s_origin() {
    let Some(test) = AppTest::start("every_message_the_app_posts_names_the_host_s_origin").await
    else {
        return;
    };
    let (browser, address) = (&test.browser, test.address);
    let url = format!("http://{address}/?sandbox=allow-scripts%20allow-same-origin");
    open_app(browser, &url).await;
    fill_booking(browser, "ada@example.com").await;
    click(browser, "button[value=accept]").await;
    status(browser, |text| text.starts_with("booked")).await;
    browser.leave_frame().await;
    let posts = host_log(browser, "app-post").await;
    let methods: Vec<&str> = posts
        .iter()
        .filter_map(|post| post["method"].as_str())
        .collect();
    for method in ["ui/initialize", "tools/call", "ui/update-model-context"] {
        assert!(methods.contains(&method), "{method} in {methods:?}");
    }
    let origin = format!("http://{address}");
    for post in &posts {
        assert_eq!(post["targetOrigin"], origin.as_str(), "{post}");
    }
    test.close().await;
}
