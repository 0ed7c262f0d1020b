//! A hosted form from end to end, with a real browser: the example server
//! process (Streamable HTTP, demo users), an MCP client calling its
//! `connect_account` tool, and headless Chromium over WebDriver as the
//! person who opens the link, signs in at `/login`, sends an invalid
//! answer, reads the error summary and messages, fixes the answer with the
//! keyboard alone and submits it. axe-core finds nothing on the empty, the
//! error and the done page; a screenshot of each is kept in
//! `target/browser-artifacts/<test>/`.
//!
//! - 2026-07-28: the official MCP Python SDK's client
//!   (`interop/python/web_form_client.py`, through `interop/python/run
//!   web`) gets the URL request; once the page is submitted it accepts,
//!   and its retry completes the tool.
//! - 2025-11-25: an rmcp client consents to the URL request, the tool waits
//!   for the page, the client hears `notifications/elicitation/complete`
//!   for its `elicitationId`, and the tool completes.
//!
//! `ELICIT_BROWSER=0` skips both, loudly; `ELICIT_INTEROP=0` skips the
//! Python one (for a machine without Python or PyPI).

mod support {
    #[allow(dead_code, reason = "this client answers by a script of its own")]
    pub mod answering_client;
    #[allow(dead_code, reason = "the pages here are asked at one width")]
    pub mod browser;
    pub mod examples;
    #[allow(
        dead_code,
        reason = "these tests call the server through MCP clients, not by hand"
    )]
    pub mod http_server;
}

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};

use elicit_mcp::account::ConnectAccount;
use elicit_runtime::Elicitable;
use elicit_runtime::protocol::ElicitationCapability;
use elicit_runtime::state::StateKey;
use rmcp::ServiceExt;
use rmcp::model::{
    CallToolRequestParams, ElicitRequestParams, ElicitResult, ElicitationAction, ProtocolVersion,
};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use support::answering_client::{Answer, AnsweringClient};
use support::browser::{Browser, ENTER, NORMAL, TAB, enabled};
use support::examples::example;
use support::http_server::ServerProcess;

const ALICE: &str = "a1ice-token-0123456789";
const KEY: &str = "wx-live-4f1c9a77e0b2d3c5";

/// The example server over HTTP, with the demo user `alice`.
fn server() -> ServerProcess {
    let keys = StateKey::generate().unwrap().expose_base64();
    let users = format!("alice={ALICE}");
    ServerProcess::start(&[
        ("ELICIT_STATE_KEYS", keys.as_str()),
        ("ELICIT_STATE_CONTEXT", "browser-flow-test"),
        ("ELICIT_DEMO_USERS", users.as_str()),
    ])
}

/// What the tool says once the page was submitted with [`KEY`].
fn connected() -> String {
    format!(
        "connected the account ada-weather with a key of {} characters",
        KEY.len()
    )
}

/// The person at the browser: opens `url`, signs in as alice, sends an
/// invalid answer, fixes it by keyboard and submits it; every form page
/// checked with axe-core and kept as a screenshot.
async fn fill_in(browser: &Browser, url: &str) {
    // Not signed in: the link leads to the sign-in page, and back.
    browser.open(url).await;
    assert_eq!(browser.client.title().await.unwrap(), "Sign in");
    browser.tab_to("user", 2).await;
    browser.keys("alice").await;
    browser.keys(&TAB.to_string()).await;
    browser.keys(ALICE).await;
    browser.keys_to_next_page(&ENTER.to_string()).await;
    let current = browser.client.current_url().await.unwrap();
    assert_eq!(current.as_str(), url, "signed in, back on the form's page");

    // The empty page.
    assert_eq!(
        browser.client.title().await.unwrap(),
        ConnectAccount::MESSAGE
    );
    let controls = browser.assert_labelled(&ConnectAccount::SCHEMA).await;
    assert_eq!(controls[1]["type"], json!("password"));
    browser.check_page("empty", NORMAL).await;

    // Too short an account and too short a key.
    browser.tab_to("field-0", 2).await;
    browser.keys("ad").await;
    browser.keys(&TAB.to_string()).await;
    browser.keys("short").await;
    browser.keys_to_next_page(&ENTER.to_string()).await;
    let page = browser
        .script(
            "return { title: document.title, \
               first: document.querySelector('main').firstElementChild.className, \
               links: [...document.querySelectorAll('.error-summary a')].map(a => a.getAttribute('href')), \
               messages: [...document.querySelectorAll('.error-message')].map(m => m.id), \
               invalid: [...document.querySelectorAll('[aria-invalid=true]')].map(e => e.id), \
               values: [document.getElementById('field-0').value, document.getElementById('field-1').value] };",
        )
        .await;
    assert_eq!(
        page,
        json!({
            "title": format!("Error: {}", ConnectAccount::MESSAGE),
            "first": "error-summary",
            "links": ["#field-0", "#field-1"],
            "messages": ["field-0-error", "field-1-error"],
            "invalid": ["field-0", "field-1"],
            "values": ["ad", ""],
        }),
        "the error page: the summary first, each message beside its field, the key not written back"
    );
    browser.check_page("error", NORMAL).await;

    // Fixed by keyboard: the summary's first link, to the account; the key.
    browser.keys(&TAB.to_string()).await;
    browser.keys(&ENTER.to_string()).await;
    assert_eq!(browser.focused().await, "field-0");
    browser.clear().await;
    browser.keys("ada-weather").await;
    browser.keys(&TAB.to_string()).await;
    assert_eq!(browser.focused().await, "field-1");
    browser.keys(KEY).await;
    browser.keys_to_next_page(&ENTER.to_string()).await;
    let heading = browser.find("h1").await.text().await.unwrap();
    assert!(
        heading.starts_with("Thank you: your answer was sent"),
        "the done page: {heading}"
    );
    let html = browser.client.source().await.unwrap();
    assert!(!html.contains(KEY), "the done page shows no key");
    browser.check_page("done", NORMAL).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn at_2026_07_28_the_python_sdk_client_retries_once_the_page_is_submitted() {
    const TEST: &str = "flow-2026-07-28-python";
    if !enabled(TEST) {
        return;
    }
    if std::env::var("ELICIT_INTEROP").as_deref() == Ok("0") {
        let _ = writeln!(
            std::io::stderr(),
            "\n!!!! SKIPPED {TEST}: ELICIT_INTEROP=0 is set, the Python SDK client did not run !!!!\n"
        );
        return;
    }
    let server = server();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../interop/python/run");
    let mut client = Command::new(&script)
        .args(["web", "--url", &server.url, "--bearer", ALICE])
        .args(["--tool", "connect_account", "--expect", &connected()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("cannot run `{}`: {error}", script.display()));
    let mut stdin = client.stdin.take().unwrap();
    let (lines, mut read) = mpsc::unbounded_channel();
    let stdout = client.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            eprintln!("python client: {line}");
            if lines.send(line).is_err() {
                break;
            }
        }
    });

    // The client was asked the URL, and waits for the person.
    let url = loop {
        let line = read
            .recv()
            .await
            .expect("the Python client prints the URL it was asked to open");
        if let Some(url) = line.strip_prefix("open ") {
            break url.to_owned();
        }
    };
    assert!(
        url.starts_with(server.url.trim_end_matches("/mcp")),
        "{url}"
    );
    assert!(url.contains("/forms/"), "{url}");

    let browser = Browser::start(TEST, NORMAL).await;
    fill_in(&browser, &url).await;
    browser.close().await;

    // Submitted: the client accepts, and its retry completes the tool.
    writeln!(stdin, "submitted").unwrap();
    drop(stdin);
    let mut result = None;
    while let Some(line) = read.recv().await {
        if let Some(text) = line.strip_prefix("result: ") {
            result = Some(text.to_owned());
        }
    }
    let status = client.wait().unwrap();
    assert!(
        status.success(),
        "`interop/python/run web` failed ({status}): its output names the check"
    );
    assert_eq!(result, Some(connected()));
}

/// An rmcp client at 2025-11-25 with form and URL mode: it hands each URL
/// request to the test and consents, and records every
/// `notifications/elicitation/complete`.
fn consenting(
    urls: mpsc::UnboundedSender<(String, String)>,
    completed: Arc<Mutex<Vec<Value>>>,
) -> AnsweringClient {
    let answer: Answer = Arc::new(move |request: &ElicitRequestParams| {
        let ElicitRequestParams::UrlElicitationParams {
            url,
            elicitation_id,
            message,
            ..
        } = request
        else {
            panic!("not a URL request: {request:?}");
        };
        assert!(!message.is_empty(), "the URL request has a message");
        urls.send((url.clone(), elicitation_id.clone())).unwrap();
        ElicitResult::new(ElicitationAction::Accept)
    });
    let capability = Some(ElicitationCapability::form_and_url());
    AnsweringClient::new(ProtocolVersion::V_2025_11_25, capability, answer).hearing(
        move |notification| {
            if notification.method == "notifications/elicitation/complete" {
                completed
                    .lock()
                    .unwrap()
                    .push(notification.params.unwrap_or(Value::Null));
            }
        },
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn at_2025_11_25_the_tool_waits_for_the_page_and_the_client_hears_it_complete() {
    const TEST: &str = "flow-2025-11-25-rmcp";
    if !enabled(TEST) {
        return;
    }
    let _ = example("server");
    let server = server();
    let (urls, mut asked) = mpsc::unbounded_channel();
    let completed = Arc::new(Mutex::new(Vec::new()));
    let handler = consenting(urls, completed.clone());
    let transport = StreamableHttpClientTransport::from_config(
        StreamableHttpClientTransportConfig::with_uri(server.url.as_str()).auth_header(ALICE),
    );
    let client = handler.serve(transport).await.expect("the client connects");
    let peer = client.peer().clone();
    let mut call = tokio::spawn(async move {
        peer.call_tool(CallToolRequestParams::new("connect_account"))
            .await
    });

    let (url, elicitation_id) = tokio::select! {
        asked = asked.recv() => asked.expect("the tool asks a URL"),
        ended = &mut call => panic!("the tool ended without asking a URL: {ended:?}"),
    };
    assert!(url.contains("/forms/"), "{url}");
    assert!(!elicitation_id.is_empty());
    let browser = Browser::start(TEST, NORMAL).await;
    fill_in(&browser, &url).await;
    browser.close().await;

    let result = call
        .await
        .unwrap()
        .expect("the tool completes once the page is submitted");
    let text = result.content[0].as_text().map(|text| text.text.clone());
    assert_eq!(text, Some(connected()), "{result:?}");
    assert!(
        !format!("{result:?}").contains(KEY),
        "the key never reaches the client"
    );
    let completed = completed.lock().unwrap().clone();
    assert_eq!(
        completed,
        [json!({ "elicitationId": elicitation_id })],
        "the client heard the elicitation complete, once"
    );
    client.cancel().await.unwrap();
}
