//! The example server's hosted form pages, over real HTTP against the
//! server process: `connect_account` on 2026-07-28 asks an API key on the
//! server's page (a URL request), the browser signs in at `/login`, fails
//! the form once, submits it, and the tool's retry reads the answer; the
//! page refuses another user. Two replicas sharing Redis: the page served
//! by one, the retry answered by the other after the first is killed.

#[path = "support/examples.rs"]
mod examples;
#[path = "support/http_server.rs"]
#[allow(
    dead_code,
    reason = "the answers here are posted pages, not form results"
)]
mod http_server;
#[path = "../../../tests/support/redis_server.rs"]
mod redis_server;

use elicit_runtime::state::StateKey;
use reqwest::redirect::Policy;
use serde_json::{Value, json};

use http_server::ServerProcess;
use redis_server::RedisServer;

const ALICE: &str = "a1ice-token-0123456789";
const BOB: &str = "b0b-token-0123456789ab";
const SECRET: &str = "wx-live-4f1c9a77e0b2d3c5";

fn users() -> String {
    format!("alice={ALICE},bob={BOB}")
}

/// A 2026-07-28 client that declares form and URL mode.
fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { "name": "web-test", "version": "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": { "elicitation": { "form": {}, "url": {} } }
    })
}

async fn connect(server: &ServerProcess, bearer: &str, id: u64, extra: Value) -> Value {
    let mut extra = extra;
    extra["_meta"] = meta();
    let (status, message) = server
        .call(Some(bearer), "connect_account", id, extra)
        .await;
    assert_eq!(status, 200, "{message}");
    message
}

/// The URL request of the first call, and its state.
fn asked(message: &Value) -> (String, String) {
    let result = &message["result"];
    assert_eq!(result["resultType"], "input_required", "{message}");
    let request = &result["inputRequests"]["connect_account"];
    assert_eq!(request["params"]["mode"], "url", "{message}");
    (
        request["params"]["url"].as_str().unwrap().to_owned(),
        result["requestState"].as_str().unwrap().to_owned(),
    )
}

fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(Policy::none())
        .build()
        .unwrap()
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Signs in at `origin` as `user` from the sign-in page, as a browser
/// does (the page's token in its field and its cookie, the post from the
/// page's origin): the session cookie.
async fn sign_in(origin: &str, user: &str, token: &str, next: &str) -> String {
    let page = browser()
        .get(format!("{origin}/login?next={}", encode(next)))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status().as_u16(), 200);
    let login_cookie = page.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let marker = r#"name="login-token" value=""#;
    let html = page.text().await.unwrap();
    let start = html.find(marker).expect("the page's token") + marker.len();
    let login_token = &html[start..start + html[start..].find('"').unwrap()];
    let response = browser()
        .post(format!("{origin}/login"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("Cookie", login_cookie)
        .header("Origin", origin)
        .body(format!(
            "user={user}&token={token}&next={}&login-token={login_token}",
            encode(next)
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 303);
    assert_eq!(response.headers()["location"], next);
    let cookie = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|value| value.to_str().unwrap())
        .find(|cookie| cookie.starts_with("elicit-session="))
        .expect("a session cookie")
        .to_owned();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    cookie.split(';').next().unwrap().to_owned()
}

struct Page {
    status: u16,
    body: String,
}

async fn get_page(url: &str, cookie: Option<&str>) -> (Page, reqwest::header::HeaderMap) {
    let mut request = browser().get(url);
    if let Some(cookie) = cookie {
        request = request.header("Cookie", cookie);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response.text().await.unwrap();
    (Page { status, body }, headers)
}

async fn post_page(url: &str, cookie: &str, body: String) -> Page {
    let response = browser()
        .post(url)
        .header("Cookie", cookie)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    Page {
        status,
        body: response.text().await.unwrap(),
    }
}

fn csrf_of(page: &Page) -> String {
    let marker = r#"name="elicit-csrf" value=""#;
    let start = page.body.find(marker).expect("a token") + marker.len();
    let end = start + page.body[start..].find('"').unwrap();
    page.body[start..end].to_owned()
}

fn answer(csrf: &str, account: &str, key: &str) -> String {
    format!(
        "elicit-csrf={}&account={}&api_key={}&elicit-action=accept",
        encode(csrf),
        encode(account),
        encode(key)
    )
}

fn retry(state: &str) -> Value {
    json!({
        "inputResponses": { "connect_account": { "action": "accept" } },
        "requestState": state
    })
}

fn origin_of(url: &str) -> &str {
    let path = url.find("/forms/").unwrap();
    &url[..path]
}

#[tokio::test(flavor = "multi_thread")]
async fn an_api_key_goes_through_the_page_and_never_through_the_client() {
    let key = StateKey::generate().unwrap().expose_base64();
    let users = users();
    let server = ServerProcess::start(&[
        ("ELICIT_STATE_KEYS", &key),
        ("ELICIT_STATE_CONTEXT", "web-forms-test"),
        ("ELICIT_DEMO_USERS", &users),
    ]);

    let first = connect(&server, ALICE, 1, json!({})).await;
    let (url, state) = asked(&first);
    assert!(!url.contains("alice"), "{url}");
    let origin = origin_of(&url).to_owned();
    let path = &url[origin.len()..];

    // Not signed in: sent to sign in, and back.
    let (page, headers) = get_page(&url, None).await;
    assert_eq!(page.status, 303);
    assert_eq!(headers["location"], format!("/login?next={path}"));
    let (login, _) = get_page(&format!("{origin}/login?next={}", encode(path)), None).await;
    assert_eq!(login.status, 200);
    assert!(login.body.contains(r#"name="user""#) && login.body.contains(r#"name="token""#));

    // Bob signed in is refused Alice's page.
    let bob = sign_in(&origin, "bob", BOB, path).await;
    let (refused, _) = get_page(&url, Some(&bob)).await;
    assert_eq!(refused.status, 403);
    assert!(refused.body.contains("another user"));

    // Alice: the page, an invalid post, then a valid one.
    let alice = sign_in(&origin, "alice", ALICE, path).await;
    let (page, headers) = get_page(&url, Some(&alice)).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        headers["content-security-policy"]
            .to_str()
            .unwrap()
            .starts_with("default-src 'none'")
    );
    assert!(page.body.contains(r#"type="password""#));
    let csrf = csrf_of(&page);
    let again = post_page(&url, &alice, answer(&csrf, "ada", "short")).await;
    assert_eq!(again.status, 422);
    assert!(again.body.contains(r#"value="ada""#));
    let refused = post_page(&url, &bob, answer(&csrf, "mallory", SECRET)).await;
    assert_eq!(refused.status, 403);
    let done = post_page(&url, &alice, answer(&csrf, "ada-weather", SECRET)).await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert!(!done.body.contains(SECRET));
    let twice = post_page(&url, &alice, answer(&csrf, "ada-other", SECRET)).await;
    assert_eq!(twice.status, 409);

    // Bob replaying Alice's state reads nothing.
    let replayed = connect(&server, BOB, 2, retry(&state)).await;
    assert_eq!(replayed["error"]["code"], -32602, "{replayed}");

    // The retry reads the answer; the key reached the tool, not the client.
    let done = connect(&server, ALICE, 3, retry(&state)).await;
    let text = done["result"]["content"][0]["text"].as_str().unwrap();
    assert_eq!(
        text,
        format!(
            "connected the account ada-weather with a key of {} characters",
            SECRET.len()
        )
    );
    assert!(!done.to_string().contains(SECRET));

    // Nothing the server wrote on its standard output or error holds the key.
    let log = server.log();
    assert!(log.starts_with("listening on "), "{log}");
    assert!(
        !log.contains(SECRET),
        "the key is in the server's log: {log}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_on_one_replica_the_retry_on_the_other_through_redis() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let key = StateKey::generate().unwrap().expose_base64();
    let users = users();
    let redis_url = redis.url();
    let env = [
        ("ELICIT_STATE_KEYS", key.as_str()),
        ("ELICIT_STATE_CONTEXT", "web-forms-test"),
        ("ELICIT_DEMO_USERS", users.as_str()),
        ("ELICIT_REDIS_URL", redis_url.as_str()),
    ];
    let a = ServerProcess::start(&env);
    let b = ServerProcess::start(&env);

    let first = connect(&a, ALICE, 1, json!({})).await;
    let (url, state) = asked(&first);
    let origin = origin_of(&url).to_owned();
    assert!(a.url.starts_with(&origin), "the page is on A");
    let alice = sign_in(&origin, "alice", ALICE, &url[origin.len()..]).await;
    let (page, _) = get_page(&url, Some(&alice)).await;
    let csrf = csrf_of(&page);
    let done = post_page(&url, &alice, answer(&csrf, "ada-weather", SECRET)).await;
    assert_eq!(done.status, 200, "{}", done.body);

    // A goes away; B reads the answer from Redis.
    drop(a);
    let done = connect(&b, ALICE, 2, retry(&state)).await;
    let text = done["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert_eq!(
        text,
        format!(
            "connected the account ada-weather with a key of {} characters",
            SECRET.len()
        ),
        "{done}"
    );
    // Read once: the same retry again finds it taken.
    let again = connect(&b, ALICE, 3, retry(&state)).await;
    assert!(
        !again.to_string().contains("connected the account"),
        "{again}"
    );
}

/// `connect_account` for a 2026-07-28 client without URL mode: the page's
/// link in the tool's result, and the token to call again with.
async fn connect_without_url(
    server: &ServerProcess,
    bearer: &str,
    id: u64,
    arguments: Value,
) -> Value {
    let (status, message) = server
        .call(
            Some(bearer),
            "connect_account",
            id,
            json!({ "arguments": arguments }),
        )
        .await;
    assert_eq!(status, 200, "{message}");
    message
}

/// The link and the arguments to call again with, from a result that
/// gives the page.
fn linked(message: &Value) -> (String, Value) {
    let result = &message["result"];
    assert_eq!(result["isError"], false, "{message}");
    let structured = &result["structuredContent"];
    assert_eq!(structured["status"], "open_page", "{message}");
    let url = structured["url"].as_str().unwrap().to_owned();
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(text.contains(&url), "{text}");
    (url, structured["arguments"].clone())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_without_url_mode_gets_the_link_and_the_call_again_reads_the_answer() {
    let key = StateKey::generate().unwrap().expose_base64();
    let users = users();
    let server = ServerProcess::start(&[
        ("ELICIT_STATE_KEYS", &key),
        ("ELICIT_STATE_CONTEXT", "web-forms-test"),
        ("ELICIT_DEMO_USERS", &users),
    ]);

    let first = connect_without_url(&server, ALICE, 1, json!({})).await;
    let (url, again) = linked(&first);
    let token = again["elicit_visit"].as_str().unwrap().to_owned();
    assert!(!token.is_empty());

    // Called again before the page is submitted: the same link.
    let early = connect_without_url(&server, ALICE, 2, again.clone()).await;
    let (same, again) = linked(&early);
    assert_eq!(same, url);

    // Alice fills in the page.
    let origin = origin_of(&url).to_owned();
    let alice = sign_in(&origin, "alice", ALICE, &url[origin.len()..]).await;
    let (page, _) = get_page(&url, Some(&alice)).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let done = post_page(&url, &alice, answer(&csrf_of(&page), "ada-weather", SECRET)).await;
    assert_eq!(done.status, 200, "{}", done.body);

    // Bob calling with Alice's token, or Alice with other arguments, or a
    // changed token: refused, and the answer stays for Alice.
    let bob = connect_without_url(&server, BOB, 3, again.clone()).await;
    assert_eq!(bob["error"]["code"], -32602, "{bob}");
    let mut other = again.clone();
    other["account"] = json!("someone-else");
    let other = connect_without_url(&server, ALICE, 4, other).await;
    assert_eq!(other["error"]["code"], -32602, "{other}");
    let mut changed = again.clone();
    let mut tampered = token.clone();
    tampered.push('A');
    changed["elicit_visit"] = json!(tampered);
    let changed = connect_without_url(&server, ALICE, 5, changed).await;
    assert_eq!(changed["error"]["code"], -32602, "{changed}");

    // Alice calls again with the token: the typed answer.
    let done = connect_without_url(&server, ALICE, 6, again).await;
    let text = done["result"]["content"][0]["text"].as_str().unwrap();
    assert_eq!(
        text,
        format!(
            "connected the account ada-weather with a key of {} characters",
            SECRET.len()
        ),
        "{done}"
    );
    assert!(!done.to_string().contains(SECRET));
}
