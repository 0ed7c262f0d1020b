//! What the server's log says, as a subscriber that records every event of
//! elicit at every level, and every other crate's at `info` (the examples'
//! default; rmcp itself writes each request whole at `debug`, answers and
//! states included, so a server keeps `rmcp` at `info` or above) sees it: the
//! invalid answers, the refused states, the fallbacks and the calls that
//! stopped are there, by tool and field; the answers typed, the API key of
//! a hosted page, the sealed states and the pages' links are not.
//!
//! One test in its own binary: the subscriber is the process's.

#[path = "support/hosted_forms.rs"]
mod hosted_forms;
#[path = "support/page_visit.rs"]
#[allow(dead_code, reason = "the page is answered, not watched closing")]
mod page_visit;
#[path = "support/raw_calls.rs"]
#[allow(dead_code, reason = "the log's test calls tools only")]
mod raw_calls;

use std::io::Write;
use std::sync::{Arc, Mutex};

use elicit_mcp::ExampleServer;
use elicit_runtime::state::{Deployment, StateKey, StateKeys};
use serde_json::{Value, json};

/// Every byte the subscriber wrote.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

/// What the user types, each marked so that a log line holding it is
/// found: none may appear in the log.
const API_KEY: &str = "sk-live-7f3a9c2e1b4d6a8f0e5c";
const SHORT_KEY: &str = "sk-short-4e2a";
const CITY: &str = "Lisboa-e9d1";
const BAD_DATE: &str = "not-a-date-52c7";
const BAD_EMAIL: &str = "nobody-at-8b1f";

fn answer(round: &Value, key: &str, response: Value) -> Value {
    json!({
        "inputResponses": { key: response },
        "requestState": round["result"]["requestState"]
    })
}

fn accepted(content: Value) -> Value {
    json!({ "action": "accept", "content": content })
}

#[tokio::test(flavor = "multi_thread")]
async fn the_log_names_what_happened_and_holds_no_answer_secret_or_token() {
    let captured = Captured::default();
    let writer = captured.clone();
    tracing_subscriber::fmt()
        .with_env_filter("elicit=trace,info")
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .init();

    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let web = hosted_forms::account(&keys);
    let pages = web.router();
    let url = raw_calls::serve(ExampleServer::new(keys).with_web(web)).await;
    let forms = json!({ "elicitation": { "form": {}, "url": {} } });
    let mut tokens = Vec::new();

    // A trip: the city, then dates that break the form, then a tampered state.
    let first = raw_calls::call_tool(&url, "plan_trip", forms.clone(), json!({})).await;
    let city = raw_calls::call_tool(
        &url,
        "plan_trip",
        forms.clone(),
        answer(&first, "destination", accepted(json!({ "city": CITY }))),
    )
    .await;
    let bad = accepted(json!({ "arrival": BAD_DATE, "nights": 99 }));
    let again = raw_calls::call_tool(
        &url,
        "plan_trip",
        forms.clone(),
        answer(&city, "dates", bad),
    )
    .await;
    assert_eq!(again["result"]["resultType"], "input_required", "{again}");
    let mut tampered = answer(
        &again,
        "dates",
        accepted(json!({ "arrival": "2027-03-01", "nights": 2 })),
    );
    let state = tampered["requestState"].as_str().unwrap().to_owned();
    tampered["requestState"] = json!(format!("{}x", &state[..state.len() - 1]));
    let refused = raw_calls::call_tool(&url, "plan_trip", forms.clone(), tampered).await;
    assert_eq!(refused["error"]["code"], -32602, "{refused}");
    for round in [&first, &city, &again] {
        tokens.push(round["result"]["requestState"].as_str().unwrap().to_owned());
    }

    // A booking whose arguments break the form, from a client without forms.
    let arguments = json!({ "arguments": { "contactEmail": BAD_EMAIL, "partySize": 40 } });
    let refused = raw_calls::call_tool(&url, "book_table", json!({}), arguments).await;
    assert_eq!(refused["result"]["isError"], true, "{refused}");

    // An API key typed on the account page.
    let asked = raw_calls::call_tool(&url, "connect_account", forms.clone(), json!({})).await;
    let request = &asked["result"]["inputRequests"]["connect_account"]["params"];
    let link = request["url"].as_str().unwrap().to_owned();
    // First a key too short: the page shows the form again.
    let short = format!("account=ada-weather&api_key={SHORT_KEY}");
    let posted = page_visit::accept(&pages, &link, None, &short).await;
    assert_eq!(posted.as_u16(), 422);
    let fields = format!("account=ada-weather&api_key={API_KEY}");
    let posted = page_visit::accept(&pages, &link, None, &fields).await;
    assert!(posted.is_success() || posted.is_redirection(), "{posted}");
    let connected = raw_calls::call_tool(
        &url,
        "connect_account",
        forms.clone(),
        answer(&asked, "connect_account", json!({ "action": "accept" })),
    )
    .await;
    let text = connected["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(
        text.starts_with("connected the account ada-weather"),
        "{connected}"
    );
    tokens.push(asked["result"]["requestState"].as_str().unwrap().to_owned());

    let log = captured.text();
    // What happened is there, by tool and field.
    for said in [
        "the answer breaks the form",
        "`arrival`",
        "request refused",
        "plan_trip",
        "the arguments break the form",
        "`contactEmail`",
        "book_table",
        "a hosted page's answer breaks the form",
        "`api_key`",
        "a hosted page was answered",
    ] {
        assert!(log.contains(said), "the log does not say {said:?}:\n{log}");
    }
    // Each call that stopped is logged once, where the router answers it.
    assert_eq!(
        log.matches("request refused").count(),
        1,
        "the one tampered state is logged once:\n{log}"
    );
    // What was typed, sealed or linked is not.
    let visit = link.rsplit('/').next().unwrap().to_owned();
    for secret in [API_KEY, SHORT_KEY, CITY, BAD_DATE, BAD_EMAIL, &link, &visit]
        .into_iter()
        .chain(tokens.iter().map(String::as_str))
    {
        assert!(!log.contains(secret), "the log holds {secret:?}:\n{log}");
    }
    // No piece of a token either.
    for token in &tokens {
        for piece in token
            .as_bytes()
            .chunks(24)
            .filter(|piece| piece.len() == 24)
        {
            let piece = std::str::from_utf8(piece).unwrap();
            assert!(
                !log.contains(piece),
                "the log holds part of a state:\n{log}"
            );
        }
    }
}
