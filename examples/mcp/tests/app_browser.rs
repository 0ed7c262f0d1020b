//! The booking form's app in a real browser, through the reference host
//! bridge: `interop/apps/build` installs `@modelcontextprotocol/ext-apps`
//! (its `app-bridge`) and the official TypeScript MCP client, pinned, and
//! bundles a small host page; this test serves the page and the example
//! server on one loopback origin, and drives headless Chromium over
//! WebDriver (Debian's `chromium` and `chromium-driver`):
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
//!   errors;
//! - the app loads and works with every name but the loopback address
//!   unresolvable, loads no resource, and nothing reaches the server but
//!   the host's page, its script and its MCP requests.
//!
//! `ELICIT_BROWSER=0` skips it, loudly (for a machine without Chromium or
//! npm).
//! With `ELICIT_APP_SCREENSHOT=PATH`, a screenshot of the mounted app
//! showing the server's refusal is written to PATH.

mod support {
    #[allow(dead_code, reason = "the app is driven by its frame's controls")]
    pub mod browser;
}

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};

use axum::extract::{Request, State};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use elicit_mcp::ExampleServer;
use elicit_runtime::state::{Deployment, StateKey, StateKeys};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::{Value, json};
use support::browser::{Browser, enabled};

/// The host's frame, which holds the app.
const FRAME: &str = "#frame iframe";

/// Every name resolves to nothing but the loopback address.
const NO_NETWORK: &str = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";

/// Builds the host with `interop/apps/build`: the directory it serves.
fn build_host() -> PathBuf {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../interop/apps/build");
    let output = Command::new(&script)
        .output()
        .unwrap_or_else(|error| panic!("cannot run `{}`: {error}", script.display()));
    assert!(
        output.status.success(),
        "`interop/apps/build` failed ({}): {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    PathBuf::from(String::from_utf8(output.stdout).unwrap().trim())
}

type Seen = Arc<Mutex<Vec<String>>>;

async fn record(State(seen): State<Seen>, request: Request, next: Next) -> Response {
    seen.lock().unwrap().push(request.uri().path().to_owned());
    next.run(request).await
}

fn file(site: &Path, name: &str, content_type: &'static str) -> Response {
    let body = std::fs::read(site.join(name)).expect("the host is built");
    ([("content-type", content_type)], body).into_response()
}

/// Serves the host page, its script, axe-core and the example server at
/// `/mcp` on one loopback origin, recording every path requested.
async fn serve(site: PathBuf) -> (SocketAddr, Seen) {
    let keys = StateKeys::new(
        StateKey::generate().expect("the system has randomness"),
        Deployment::SINGLE,
    );
    let server = ExampleServer::new(keys);
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        LocalSessionManager::default().into(),
        StreamableHttpServerConfig::default(),
    );
    let seen = Seen::default();
    let (page, script) = (site.clone(), site);
    let router = axum::Router::new()
        .route(
            "/",
            get(move || async move { file(&page, "host.html", "text/html; charset=utf-8") }),
        )
        .route(
            "/host.js",
            get(move || async move { file(&script, "host.js", "text/javascript") }),
        )
        .nest_service("/mcp", service)
        .layer(middleware::from_fn_with_state(seen.clone(), record));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    (address, seen)
}

/// The host log's entries of `kind`, as JSON.
async fn host_log(browser: &Browser, kind: &str) -> Vec<Value> {
    let mut entries = Vec::new();
    for entry in browser
        .find_all(&format!("#log li[data-kind={kind}]"))
        .await
    {
        let text = entry.text().await.expect("the log entry's text");
        entries.push(serde_json::from_str(&text).unwrap());
    }
    entries
}

/// Opens the host, waits for the app to be mounted, and enters its frame.
async fn open_app(browser: &Browser, host: &str) {
    browser.open(host).await;
    let state = browser
        .wait_for_text("#state", |state| state == "mounted" || state == "failed")
        .await;
    if state != "mounted" {
        panic!("the host failed: {:?}", host_log(browser, "error").await);
    }
    let frame = browser.find(FRAME).await;
    assert_eq!(
        frame.attr("sandbox").await.unwrap().as_deref(),
        Some("allow-scripts"),
        "the app is in a sandboxed frame of an opaque origin"
    );
    browser.enter_frame(FRAME).await;
    browser.wait_for("html[data-theme=light]").await;
}

/// Text with its runs of white space as single spaces (a visually hidden
/// prefix is laid out apart).
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

async fn set_value(browser: &Browser, css: &str, value: &str) {
    let field = browser.find(css).await;
    field.clear().await.expect("the field is cleared");
    field.send_keys(value).await.expect("the value is typed");
}

async fn click(browser: &Browser, css: &str) {
    browser.find(css).await.click().await.expect("a click");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_booking_app_books_a_table_through_the_reference_host_bridge() {
    if !enabled("the_booking_app_books_a_table_through_the_reference_host_bridge") {
        return;
    }
    let site = build_host();
    let (address, seen) = serve(site).await;
    let host = format!("http://{address}/");
    let browser = Browser::start_with("app_browser", (900, 1600), &[NO_NETWORK]).await;

    open_app(&browser, &host).await;
    // The app loaded nothing: no script, style, font or image from anywhere.
    let loaded = browser
        .script("return performance.getEntriesByType('resource').length;")
        .await;
    assert_eq!(loaded, json!(0), "the app loads no resource");
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
    let date = browser.find("#field-0").await;
    browser
        .client
        .execute(
            "arguments[0].value = '2027-02-14';",
            vec![serde_json::to_value(&date).unwrap()],
        )
        .await
        .expect("the date is set");
    set_value(&browser, "#field-1", "40").await;
    click(&browser, "#field-2-1").await; // on the terrace
    click(&browser, "#field-3-1").await; // vegan
    set_value(&browser, "#field-4", "ada@").await;
    click(&browser, "button[value=accept]").await;
    let message = browser
        .wait_for_text("#field-1-error", |text| !text.is_empty())
        .await;
    assert_eq!(words(&message), "Error: Party size must be at most 12");
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
        host_log(&browser, "app-call").await.is_empty(),
        "nothing sent yet"
    );

    // One only the server refuses: it comes back next to its field.
    browser.enter_frame(FRAME).await;
    set_value(&browser, "#field-1", "2").await;
    click(&browser, "button[value=accept]").await;
    let message = browser
        .wait_for_text("#field-4-error", |text| !text.is_empty())
        .await;
    assert_eq!(
        words(&message),
        "Error: Email is not an email address: the domain is empty"
    );
    assert!(
        browser.find_all("#field-1-error").await.is_empty(),
        "the fixed field is clear"
    );
    browser.leave_frame().await;
    if let Ok(path) = std::env::var("ELICIT_APP_SCREENSHOT") {
        let png = browser.find(FRAME).await.screenshot().await.unwrap();
        std::fs::write(&path, png).unwrap();
    }
    let calls = host_log(&browser, "app-call").await;
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0]["name"], "book_table");
    assert_eq!(
        calls[0]["arguments"],
        json!({
            "date": "2027-02-14", "partySize": 2, "seating": "terrace", "dietary": ["vegan"],
            "contactEmail": "ada@", "newsletter": false
        })
    );
    let results = host_log(&browser, "tool-result").await;
    assert_eq!(results[0]["isError"], true);
    assert_eq!(
        results[0]["structuredContent"]["invalidFields"][0]["field"],
        "contactEmail"
    );

    // Fixed, it books, and the result arrives at the host.
    browser.enter_frame(FRAME).await;
    // Enter in a field submits, in a sandbox that blocks form submission.
    set_value(&browser, "#field-4", "ada@example.com\u{E007}").await;
    let booked = "booked 2 seats (Terrace) on 2027-02-14 for ada@example.com, dietary needs: Vegan";
    let status = browser
        .wait_for_text("#elicit-status", |text| text.starts_with("booked"))
        .await;
    assert_eq!(status, booked);
    assert!(browser.find_all(".error-message").await.is_empty());
    browser.leave_frame().await;
    let results = host_log(&browser, "tool-result").await;
    assert_eq!(results.len(), 2);
    assert_eq!(results[1]["content"][0]["text"], booked);
    assert_ne!(results[1]["isError"], true);
    // And the model is told, through the host's context.
    let context = host_log(&browser, "model-context").await;
    assert_eq!(context.len(), 1);
    assert_eq!(
        context[0]["content"][0]["text"],
        format!(
            "action=accept: the user submitted the form \u{201c}Please tell us about your \
             reservation\u{201d} of `book_table`: {booked}"
        )
    );

    // Decline and cancel reach the host as such.
    for (button, said, shown) in [
        (
            "decline",
            "action=decline: the user declined the form",
            "You declined.",
        ),
        (
            "cancel",
            "action=cancel: the user cancelled the form",
            "You cancelled.",
        ),
    ] {
        open_app(&browser, &host).await;
        click(&browser, &format!("button[value={button}]")).await;
        let status = browser
            .wait_for_text("#elicit-status", |text| !text.is_empty())
            .await;
        assert_eq!(status, shown);
        browser.leave_frame().await;
        let messages = host_log(&browser, "message").await;
        assert_eq!(messages.len(), 1, "{button}");
        assert_eq!(messages[0]["role"], "user");
        let text = messages[0]["content"][0]["text"].as_str().unwrap();
        assert!(text.starts_with(said), "{text}");
        assert!(
            text.contains("Please tell us about your reservation"),
            "{text}"
        );
        assert!(
            host_log(&browser, "app-call").await.is_empty(),
            "{button} books nothing"
        );
    }

    // Nothing but the host's page, its script and MCP reached the server.
    let seen = seen.lock().unwrap().clone();
    assert!(
        seen.iter()
            .all(|path| ["/", "/host.js", "/mcp"].contains(&path.as_str())),
        "{seen:?}"
    );
    browser.close().await;
}
