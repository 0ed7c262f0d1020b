//! The form pages in a real browser: headless Chromium driven over
//! WebDriver (Debian's `chromium` and `chromedriver`), against a small site
//! that serves `elicit_runtime::html` pages with their security headers.
//!
//! The booking form, at a normal width and at 320 px: every field has a
//! visible label; an invalid answer brings the error summary at the top,
//! linking to each field, the messages next to the fields and
//! `aria-invalid`; the answer is fixed with the keyboard alone (Tab,
//! typing, Space, arrows, Enter) and the done page follows. axe-core (the
//! npm package, pinned in `tests/browser/package.json`) runs in the empty,
//! the error and the done page at its default rules and finds nothing;
//! nothing scrolls sideways at 320 px; Decline, by keyboard, sends nothing; a
//! screenshot of each page is kept in
//! `target/browser-artifacts/<test>/`.
//!
//! `ELICIT_BROWSER=0` skips them, loudly; without Chromium they fail with
//! the command that installs it.
//!
//! `ELICIT_UPDATE_SCREENSHOT=1` writes the screenshot shown in the web forms
//! reference (`elicit-runtime/docs/html.md`),
//! `docs/web-form.png`, from the error page at a normal width.

mod support {
    #[allow(dead_code, reason = "frames and waits are for the app in its host")]
    pub mod browser;
    pub mod form_site;
}

use elicit_mcp::booking_form::Booking;
use elicit_runtime::{Elicitable, Secret};
use serde_json::json;
use support::browser::{Browser, DOWN, ENTER, NARROW, NORMAL, SPACE, TAB, enabled};
use support::form_site::FormSite;

/// The booking form from empty to done, by keyboard alone, at `size`.
async fn booking_by_keyboard(test: &str, size: (u32, u32)) {
    if !enabled(test) {
        return;
    }
    let site = FormSite::start::<Booking>().await;
    let browser = Browser::start(test, size).await;

    // The empty page: every field with its visible label.
    browser.open(&site.url).await;
    browser.assert_labelled(&Booking::SCHEMA).await;
    browser.check_page("empty", size).await;

    // An invalid answer, typed: no date, too many people, not an email.
    // (the date input takes a Tab for each of its parts)
    browser.tab_to("field-1", 12).await;
    browser.keys("40").await;
    browser.tab_to("field-4", 8).await;
    browser.keys("ada at example").await;
    browser.keys_to_next_page(&ENTER.to_string()).await;

    // The error page: the summary first, a link to each failing field,
    // each message next to its field, each failing control invalid.
    let title = browser.client.title().await.unwrap();
    assert_eq!(title, "Error: Please tell us about your reservation");
    let page = browser
        .script(
            "const s = document.querySelector('.error-summary'); \
             return { first: document.querySelector('main').firstElementChild === s, \
               role: s.getAttribute('role'), \
               heading: s.querySelector('h2').innerText, \
               links: [...s.querySelectorAll('a')].map(a => [a.getAttribute('href'), a.innerText]), \
               invalid: [...document.querySelectorAll('[aria-invalid=true]')].map(e => e.id), \
               messages: [...document.querySelectorAll('.error-message')].map(m => \
                 [m.id, m.innerText, m.closest('.field').querySelector('input,textarea,select').id]), \
               described: [...document.querySelectorAll('[aria-invalid=true]')].map(e => \
                 e.getAttribute('aria-describedby')), \
               kept: [document.getElementById('field-1').value, document.getElementById('field-4').value] };",
        )
        .await;
    assert_eq!(
        page["first"],
        json!(true),
        "the summary opens the page: {page}"
    );
    assert_eq!(page["role"], json!("alert"));
    assert_eq!(page["heading"], json!("There is a problem"));
    let links: Vec<(String, String)> = serde_json::from_value(page["links"].clone()).unwrap();
    let hrefs: Vec<&str> = links.iter().map(|(href, _)| href.as_str()).collect();
    assert_eq!(hrefs, ["#field-0", "#field-1", "#field-4"], "{links:?}");
    assert!(links[0].1.starts_with("Date"), "{links:?}");
    assert!(links[1].1.starts_with("Party size"), "{links:?}");
    assert!(links[2].1.starts_with("Email"), "{links:?}");
    assert_eq!(page["invalid"], json!(["field-0", "field-1", "field-4"]));
    let messages: Vec<(String, String, String)> =
        serde_json::from_value(page["messages"].clone()).unwrap();
    let beside: Vec<&str> = messages
        .iter()
        .map(|(_, _, field)| field.as_str())
        .collect();
    assert_eq!(beside, ["field-0", "field-1", "field-4"], "{messages:?}");
    for ((_, text, _), (_, link)) in messages.iter().zip(&links) {
        assert!(
            text.contains(link.as_str()),
            "the message {text:?} says what the summary says, {link:?}"
        );
    }
    for described in page["described"].as_array().unwrap() {
        assert!(
            described.as_str().unwrap().ends_with("-error"),
            "a failing control is described by its message: {described}"
        );
    }
    assert_eq!(
        page["kept"],
        json!(["40", "ada at example"]),
        "what was typed is kept"
    );
    browser.assert_labelled(&Booking::SCHEMA).await;
    browser.check_page("error", size).await;
    if size == NORMAL && std::env::var("ELICIT_UPDATE_SCREENSHOT").as_deref() == Ok("1") {
        let shot = browser.screenshot("readme").await;
        let docs = support::browser::workspace().join("docs/web-form.png");
        std::fs::create_dir_all(docs.parent().unwrap()).unwrap();
        std::fs::copy(shot, &docs).unwrap();
        eprintln!("wrote {}", docs.display());
    }

    // The summary has the focus as the page loads, without script; the
    // first Tab reaches its first link, and Enter on it takes the focus to
    // the field.
    let focused = browser
        .script("return document.activeElement.className;")
        .await;
    assert_eq!(
        focused,
        json!("error-summary"),
        "the summary is focused as the page loads"
    );
    browser.keys(&TAB.to_string()).await;
    let focused = browser
        .script("return document.activeElement.getAttribute('href');")
        .await;
    assert_eq!(
        focused,
        json!("#field-0"),
        "the first Tab reaches the summary"
    );
    browser.keys(&ENTER.to_string()).await;
    assert_eq!(
        browser.focused().await,
        "field-0",
        "the link leads to the date"
    );

    // Fixed by keyboard: the date typed in its segments (month, day, year
    // in en-US), the party size retyped, the terrace by arrow key, a
    // dietary need and the newsletter by Space, the email retyped; Enter.
    browser.keys("07282026").await;
    let date = browser.script("return document.activeElement.value;").await;
    assert_eq!(
        date,
        json!("2026-07-28"),
        "the date input took the typed date"
    );
    browser.tab_to("field-1", 4).await;
    browser.clear().await;
    browser.keys("4").await;
    browser.tab_to("field-2", 2).await; // the checked radio of the group
    browser.keys(&DOWN.to_string()).await; // the next option, checked
    assert_eq!(browser.focused().await, "field-2-1");
    browser.tab_to("field-3", 2).await;
    browser.tab_to("field-3-1", 1).await; // Vegan
    browser.keys(&SPACE.to_string()).await;
    browser.tab_to("field-4", 4).await;
    browser.clear().await;
    browser.keys("ada@example.com").await;
    browser.tab_to("field-5", 1).await;
    browser.keys("A birthday").await;
    browser.tab_to("field-6", 1).await;
    browser.keys(&SPACE.to_string()).await;
    browser.keys(&TAB.to_string()).await; // the Submit button
    let submit = browser.script("return document.activeElement.value;").await;
    assert_eq!(
        submit,
        json!("accept"),
        "Tab reaches Submit after the fields"
    );
    browser.keys_to_next_page(&ENTER.to_string()).await;

    // The done page, and the answer the site validated.
    let heading = browser.find("h1").await.text().await.unwrap();
    assert_eq!(heading, "Answer received");
    browser.check_page("done", size).await;
    let accepted = site.accepted.lock().unwrap().clone();
    assert_eq!(accepted.len(), 1, "one answer: {accepted:?}");
    let answer = &accepted[0];
    for part in [
        "date: 2026-07-28",
        "party_size: 4",
        "seating: Terrace",
        "Vegan",
        "ada@example.com",
        "notes: Some(\"A birthday\")",
        "newsletter: true",
    ] {
        assert!(answer.contains(part), "{part:?} in {answer}");
    }
    browser.close().await;
}

#[tokio::test]
async fn the_booking_form_by_keyboard_at_a_normal_width() {
    booking_by_keyboard("booking-normal", NORMAL).await;
}

#[tokio::test]
async fn the_booking_form_by_keyboard_at_320_px() {
    booking_by_keyboard("booking-320px", NARROW).await;
}

/// Connect an account
#[derive(Debug, Elicitable)]
#[allow(dead_code)] // read through its `Debug`
struct Connect {
    /// The account's name
    #[elicit(title = "Account", min_length = 3)]
    account: String,
    /// Shown once when the key was made
    #[elicit(title = "API key", secret, min_length = 8)]
    api_key: Secret,
}

#[tokio::test]
async fn a_form_with_a_secret_never_shows_it_again() {
    if !enabled("secret") {
        return;
    }
    let site = FormSite::start::<Connect>().await;
    let browser = Browser::start("secret", NORMAL).await;
    browser.open(&site.url).await;
    let controls = browser.assert_labelled(&Connect::SCHEMA).await;
    assert_eq!(controls[1]["type"], json!("password"));
    browser.check_page("empty", NORMAL).await;

    // Too short an account; a key typed in full.
    browser.tab_to("field-0", 1).await;
    browser.keys("ab").await;
    browser.keys(&TAB.to_string()).await;
    browser.keys("sk-live-0123456789").await;
    browser.keys_to_next_page(&ENTER.to_string()).await;
    let page = browser
        .script(
            "return [document.title, document.getElementById('field-0').value, \
             document.getElementById('field-1').value, document.documentElement.outerHTML.includes('0123456789')];",
        )
        .await;
    assert_eq!(
        page,
        json!(["Error: Connect an account", "ab", "", false]),
        "the key is not written back into the error page"
    );
    browser.check_page("error", NORMAL).await;

    browser.keys(&TAB.to_string()).await; // the summary's link
    browser.keys(&ENTER.to_string()).await;
    assert_eq!(browser.focused().await, "field-0");
    browser.clear().await;
    browser.keys("abc-account").await;
    browser.keys(&TAB.to_string()).await;
    browser.keys("sk-live-0123456789").await;
    browser.keys_to_next_page(&ENTER.to_string()).await;
    let heading = browser.find("h1").await.text().await.unwrap();
    assert_eq!(heading, "Answer received");
    browser.check_page("done", NORMAL).await;
    let accepted = site.accepted.lock().unwrap().clone();
    assert_eq!(accepted.len(), 1);
    assert!(accepted[0].contains("abc-account"), "{accepted:?}");
    assert!(
        !accepted[0].contains("0123456789"),
        "the key's Debug is redacted"
    );
    browser.close().await;
}

#[tokio::test]
async fn axe_reports_what_it_finds_and_the_page_runs_no_script_of_its_own() {
    if !enabled("axe") {
        return;
    }
    let site = FormSite::start::<Booking>().await;
    let browser = Browser::start("axe", NORMAL).await;
    browser.open(&site.url).await;

    // The page's CSP forbids inline script: one added to the page does
    // not run, though WebDriver's own scripts do.
    let ran = browser
        .script(
            "window.ran = false; const s = document.createElement('script'); \
             s.textContent = 'window.ran = true'; document.body.appendChild(s); \
             return window.ran;",
        )
        .await;
    assert_eq!(ran, json!(false), "the page's CSP blocks inline script");

    // An input without a label: axe-core finds it, and the check fails.
    browser
        .script("document.querySelector('form').appendChild(document.createElement('input'));")
        .await;
    let violations = browser.violations().await;
    let rules: Vec<&str> = violations
        .iter()
        .filter_map(|violation| violation["id"].as_str())
        .collect();
    assert!(
        rules.contains(&"label"),
        "axe-core finds the unlabelled input: {rules:?}"
    );
    browser.close().await;
}

#[tokio::test]
async fn declining_by_keyboard_sends_nothing() {
    if !enabled("decline") {
        return;
    }
    let site = FormSite::start::<Connect>().await;
    let browser = Browser::start("decline", NARROW).await;
    browser.open(&site.url).await;
    browser.tab_to("field-0", 1).await;
    browser.keys("abc-account").await;
    // past the key and Submit, to Decline
    browser.keys(&TAB.to_string().repeat(3)).await;
    let button = browser.script("return document.activeElement.value;").await;
    assert_eq!(button, json!("decline"));
    browser.keys_to_next_page(&ENTER.to_string()).await;
    let heading = browser.find("h1").await.text().await.unwrap();
    assert_eq!(heading, "Answer declined");
    browser.check_page("declined", NARROW).await;
    assert!(
        site.accepted.lock().unwrap().is_empty(),
        "nothing was accepted"
    );
    browser.close().await;
}
