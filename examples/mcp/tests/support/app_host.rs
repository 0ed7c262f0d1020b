//! What the browser tests of the form's app share: the test hosts built by
//! `interop/apps/build` (the MCP Apps host on the reference host bridge,
//! and the host of the OpenAI Apps SDK's `window.openai`), served with the
//! example server at `/mcp` on one loopback origin that records every path
//! requested; a second loopback origin that records what reaches it (the
//! probe of the app's network); the hosts' logs; and the app's controls.

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

use super::browser::{Browser, enabled};

/// The host's frame, which holds the app.
pub const FRAME: &str = "#frame iframe";

/// Every name resolves to nothing but the loopback address.
pub const NO_NETWORK: &str = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";

/// How long the app waits for its host before it says so, in seconds
/// (`answerWithinMs` in its configuration).
pub const ANSWER_WITHIN: u64 = 8;

/// One browser at a time in a test binary: the machines that run these
/// have two cores, and a Chromium each.
pub static ONE_BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A test of the app, once it holds the one browser: both hosts and the
/// example server served (at `address`, every path requested in `seen`),
/// and headless Chromium started with no name resolving but loopback.
pub struct AppTest {
    pub browser: Browser,
    pub address: SocketAddr,
    pub seen: Seen,
    pub one: tokio::sync::MutexGuard<'static, ()>,
}

impl AppTest {
    /// The test `test`, or `None` when the browser tests are skipped
    /// (`ELICIT_BROWSER=0`).
    pub async fn start(test: &str) -> Option<AppTest> {
        if !enabled(test) {
            return None;
        }
        let one = ONE_BROWSER.lock().await;
        let (address, seen) = serve_hosts().await;
        let browser = Browser::start_with(test, (900, 1600), &[NO_NETWORK]).await;
        Some(AppTest {
            browser,
            address,
            seen,
            one,
        })
    }

    /// Asserts that nothing but `paths` was requested of the hosts' server.
    pub fn assert_requested_only(&self, paths: &[&str]) {
        let seen = self.seen.lock().unwrap().clone();
        assert!(
            seen.iter().all(|path| paths.contains(&path.as_str())),
            "{seen:?}"
        );
    }

    /// Closes the browser; the next test may have it.
    pub async fn close(self) {
        self.browser.close().await;
    }
}

/// Decline and Cancel: the button, what the app says in the conversation
/// (the start of it), and what it shows.
pub const REFUSALS: [(&str, &str, &str); 2] = [
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
];

/// Builds the hosts with `interop/apps/build`: the directory it serves.
pub fn build_hosts() -> PathBuf {
    static BUILT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
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
        })
        .clone()
}

/// The paths requested of a server, in order.
pub type Seen = Arc<Mutex<Vec<String>>>;

async fn record(State(seen): State<Seen>, request: Request, next: Next) -> Response {
    seen.lock().unwrap().push(request.uri().path().to_owned());
    next.run(request).await
}

fn file(site: &Path, name: &str) -> Response {
    let body = std::fs::read(site.join(name)).expect("the hosts are built");
    let content_type = if name.ends_with(".html") {
        "text/html; charset=utf-8"
    } else {
        "text/javascript"
    };
    ([("content-type", content_type)], body).into_response()
}

/// Serves both hosts (`/` and `/openai`), their scripts and the example
/// server at `/mcp` on one loopback origin, recording every path requested.
pub async fn serve_hosts() -> (SocketAddr, Seen) {
    let site = build_hosts();
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
    let mut router = axum::Router::new();
    for (path, name) in [
        ("/", "host.html"),
        ("/host.js", "host.js"),
        ("/openai", "openai-host.html"),
        ("/openai-host.js", "openai-host.js"),
    ] {
        let site = site.clone();
        router = router.route(path, get(move || async move { file(&site, name) }));
    }
    let seen = Seen::default();
    let router = router
        .nest_service("/mcp", service)
        .layer(middleware::from_fn_with_state(seen.clone(), record));
    (listen(router).await, seen)
}

/// Another loopback origin, which answers anything and records its paths:
/// what the app's network probe would reach.
pub async fn serve_probe() -> (SocketAddr, Seen) {
    let seen = Seen::default();
    let router = axum::Router::new()
        .fallback(|| async { ([("access-control-allow-origin", "*")], "reached") })
        .layer(middleware::from_fn_with_state(seen.clone(), record));
    (listen(router).await, seen)
}

async fn listen(router: axum::Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    address
}

/// The host log's entries of `kind`, as JSON (from the host's page).
pub async fn host_log(browser: &Browser, kind: &str) -> Vec<Value> {
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

/// Waits, for at most 20 seconds, until the host log has `count` entries
/// of `kind` (from the host's page), and returns them.
pub async fn wait_for_log(browser: &Browser, kind: &str, count: usize) -> Vec<Value> {
    for _ in 0..400 {
        let entries = host_log(browser, kind).await;
        if entries.len() >= count {
            return entries;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the host log has fewer than {count} `{kind}` entries after 20 s")
}

/// Opens the host page `url`, waits until its state is one of `states`
/// (else it failed, and the host's error is shown), and enters the app's
/// frame.
pub async fn open_host(browser: &Browser, url: &str, states: &[&str]) {
    browser.open(url).await;
    let state = browser
        .wait_for_text("#state", |state| {
            states.contains(&state) || state == "failed"
        })
        .await;
    if state == "failed" {
        panic!("the host failed: {:?}", host_log(browser, "error").await);
    }
    browser.enter_frame(FRAME).await;
}

/// Text with its runs of white space as single spaces (a visually hidden
/// prefix is laid out apart).
pub fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub async fn set_value(browser: &Browser, css: &str, value: &str) {
    let field = browser.find(css).await;
    field.clear().await.expect("the field is cleared");
    field.send_keys(value).await.expect("the value is typed");
}

pub async fn click(browser: &Browser, css: &str) {
    browser.find(css).await.click().await.expect("a click");
}

/// Sets the date field, whose control a keyboard fills per locale.
pub async fn set_date(browser: &Browser, date: &str) {
    let field = browser.find("#field-0").await;
    browser
        .client
        .execute(
            "arguments[0].value = arguments[1]; \
             arguments[0].dispatchEvent(new Event('input', { bubbles: true }));",
            vec![serde_json::to_value(&field).unwrap(), json!(date)],
        )
        .await
        .expect("the date is set");
}

/// The message shown next to the field `index`, once there is one, in
/// [`words`].
pub async fn field_error(browser: &Browser, index: usize) -> String {
    let css = format!("#field-{index}-error");
    words(&browser.wait_for_text(&css, |text| !text.is_empty()).await)
}

/// The server's refusal of the email address `ada@`, next to its field.
pub const EMAIL_REFUSED: &str = "Error: Email is not an email address: the domain is empty";

/// The app's status line, once it reads as `expected` says.
pub async fn status(browser: &Browser, expected: impl Fn(&str) -> bool) -> String {
    browser.wait_for_text("#elicit-status", expected).await
}

/// What the app says when the host has not answered `what` (`the app `,
/// or nothing for a call) for [`ANSWER_WITHIN`] seconds: the start of it.
pub fn not_answered(what: &str) -> String {
    format!("The host has not answered {what}for {ANSWER_WITHIN} seconds")
}

/// Waits until the app says its host took the call and has not answered
/// it, asserts its words, and returns the text it offers to copy (in the
/// app's frame).
pub async fn call_not_answered(browser: &Browser) -> Option<String> {
    let said = status(browser, |text| text.starts_with("The host")).await;
    assert_eq!(
        said,
        format!(
            "{}: it may not have taken what you sent. You can try again, or copy your answers \
             and paste them into the chat.",
            not_answered("")
        )
    );
    paste_text(browser).await
}

/// The text the app offers to copy into the chat, when its host does not
/// answer (in the app's frame).
pub async fn paste_text(browser: &Browser) -> Option<String> {
    browser
        .find("#elicit-paste")
        .await
        .prop("value")
        .await
        .unwrap()
}

/// Fills the booking form with valid answers (in the app's frame).
pub async fn fill_booking(browser: &Browser, email: &str) {
    set_date(browser, "2027-02-14").await;
    set_value(browser, "#field-1", "2").await;
    click(browser, "#field-2-1").await; // on the terrace
    click(browser, "#field-3-1").await; // vegan
    set_value(browser, "#field-4", email).await;
}

/// Fills the booking form with the email `ada@`, which only the server
/// refuses, and a party of 40, and submits it: the app's own check refuses
/// the party size, in the server's words (in the app's frame).
pub async fn submit_party_of_40(browser: &Browser) {
    fill_booking(browser, "ada@").await;
    set_value(browser, "#field-1", "40").await;
    click(browser, "button[value=accept]").await;
    assert_eq!(
        field_error(browser, 1).await,
        "Error: Party size must be at most 12"
    );
}

/// The booking's text for [`fill_booking`] with `email`.
pub fn booked(email: &str) -> String {
    format!("booked 2 seats (Terrace) on 2027-02-14 for {email}, dietary needs: Vegan")
}

/// The values and error messages the app's form shows, by field id (in
/// the app's frame).
pub async fn shown(browser: &Browser) -> Value {
    browser
        .script(
            "const out = {}; \
             for (const el of document.querySelectorAll('form input, form textarea, form select')) { \
               out[el.id] = (el.type === 'checkbox' || el.type === 'radio') ? el.checked : el.value; \
             } \
             out.errors = Array.from(document.querySelectorAll('.error-message, .error-summary')) \
               .map(e => e.textContent); \
             return out;",
        )
        .await
}

/// From inside the app's frame: a `fetch` to `url` on another loopback
/// origin, and the Content-Security-Policy directive it broke, if any.
pub async fn probe_network(browser: &Browser, url: &str) -> Value {
    browser
        .client
        .execute_async(
            "const [url, done] = arguments; \
             let broke = null; \
             document.addEventListener('securitypolicyviolation', e => { broke = e.effectiveDirective; }); \
             fetch(url, { mode: 'no-cors' }).then( \
               () => setTimeout(() => done({ fetched: true, broke }), 200), \
               () => setTimeout(() => done({ fetched: false, broke }), 200));",
            vec![json!(url)],
        )
        .await
        .expect("the probe ran")
}

/// Asserts that the app's network is shut: the document's policy is in
/// its `<head>` (where a browser takes it), and a `fetch` to `probe` is
/// refused by it and never reaches it (in the app's frame).
pub async fn assert_no_network(browser: &Browser, probe: SocketAddr, probe_seen: &Seen) {
    let in_head = browser
        .script(
            "return document.querySelectorAll('head > meta[http-equiv=Content-Security-Policy]').length;",
        )
        .await;
    assert_eq!(in_head, json!(1), "the policy is in the document's head");
    let probe = probe_network(browser, &format!("http://{probe}/probe")).await;
    assert_eq!(
        probe,
        json!({ "fetched": false, "broke": "connect-src" }),
        "the policy refuses the fetch"
    );
    assert!(
        probe_seen.lock().unwrap().is_empty(),
        "nothing reached the other origin"
    );
}
