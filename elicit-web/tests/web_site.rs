//! The pages within a site, as a browser meets them.
//!
//! - **Behind a prefix.** A reverse proxy serves the pages under `/app`
//!   (it strips the prefix and forwards), beside another application at
//!   the site's root that records every request it receives. A scripted
//!   browser follows everything a page emits (the sign-in redirect and its
//!   `next`, the stylesheet, the form's `action` on the page and on its
//!   error page, the sign-out and its `next`), resolved against the page's
//!   URL as a browser resolves it: the secret reaches the form's server,
//!   and the root application receives nothing.
//! - **Who asks, who answers.** Every page a signed-in visitor sees names
//!   the server that asks and the user signed in, with a way out ("Not
//!   you? Sign out") for someone who is not that user: a forged sign-in is
//!   visible before anything is typed.

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::response::IntoResponse;
use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation, Secret};
use elicit_web::store::{MemoryStore, VisitId};
use elicit_web::{Visitor, WebForms};
use http::request::Parts;
use http::{StatusCode, header};
use tower::ServiceExt;

/// Connect your account
#[derive(Debug, Elicitable)]
struct Connect {
    #[elicit(min_length = 3)]
    account: String,
    #[elicit(secret, min_length = 8)]
    api_key: Secret,
}

const SECRET: &str = "sk-live-7f3a9c1e55d2";
const SITE: &str = "https://example.com";

/// The demo identity check: a `session` cookie naming the user, who is
/// shown by that name.
struct Sessions;

impl Visitor for Sessions {
    fn visitor(&self, parts: &Parts) -> Option<Principal> {
        self.name(parts).map(Principal::user)
    }

    fn name(&self, parts: &Parts) -> Option<String> {
        let cookie = parts.headers.get(header::COOKIE)?.to_str().ok()?;
        cookie
            .split(';')
            .find_map(|pair| pair.trim().strip_prefix("session="))
            .map(str::to_owned)
    }
}

/// Every request an application received: method, path and query, body.
type Log = Arc<Mutex<Vec<(String, String, String)>>>;

/// An application that records what it receives and answers 200.
fn recorder(log: Log, says: &'static str) -> Router {
    Router::new().fallback(move |request: Request| {
        let log = log.clone();
        async move {
            let method = request.method().to_string();
            let uri = request.uri().to_string();
            let body = to_bytes(request.into_body(), 1 << 20).await.unwrap();
            let body = String::from_utf8_lossy(&body).into_owned();
            log.lock().unwrap().push((method, uri, body));
            says.into_response()
        }
    })
}

/// The site: the pages (and the server's sign-in and sign-out) behind a
/// proxy at `/app`, another application at the root.
struct Site {
    web: WebForms,
    app: Router,
    root: Log,
    account: Log,
}

fn site() -> Site {
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let web = WebForms::new(
        MemoryStore::new(100),
        keys,
        &format!("{SITE}/app"),
        Sessions,
    )
    .unwrap()
    .form::<Connect>("connect")
    .with_sign_in("/login")
    .with_sign_out("/logout")
    .with_server_name("Weather tools");
    let (root, account) = (Log::default(), Log::default());
    // The server behind the proxy: the pages, and its own sign-in and
    // sign-out (recorders here), merged beside them.
    let backend = web
        .router()
        .merge(recorder(account.clone(), "the account pages"));
    let root_app = recorder(root.clone(), "the root application");
    // The reverse proxy: `/app/...` goes to the server as `/...`.
    let app = Router::new().fallback(move |mut request: Request| {
        let (backend, root_app) = (backend.clone(), root_app.clone());
        async move {
            let path = request.uri().path();
            match path
                .strip_prefix("/app")
                .filter(|rest| rest.starts_with('/'))
            {
                Some(rest) => {
                    let stripped = match request.uri().query() {
                        Some(query) => format!("{rest}?{query}"),
                        None => rest.to_owned(),
                    };
                    *request.uri_mut() = stripped.parse().unwrap();
                    backend.oneshot(request).await.unwrap()
                }
                None => root_app.oneshot(request).await.unwrap(),
            }
        }
    });
    Site {
        web,
        app,
        root,
        account,
    }
}

/// A response as the browser reads it.
struct Response {
    status: StatusCode,
    headers: http::HeaderMap,
    body: String,
}

impl Site {
    /// `method` of `url` (absolute, on the site) as `user`, with `body`,
    /// posted from the site's own pages.
    async fn send(&self, method: &str, url: &str, user: Option<&str>, body: &str) -> Response {
        let path = url.strip_prefix(SITE).expect("a URL of the site");
        let mut request = Request::builder().method(method).uri(path);
        if let Some(user) = user {
            request = request.header(header::COOKIE, format!("session={user}"));
        }
        if method == "POST" {
            request = request
                .header(header::ORIGIN, "null")
                .header("sec-fetch-site", "same-origin")
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        }
        let response = self
            .app
            .clone()
            .oneshot(request.body(Body::from(body.to_owned())).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let body = to_bytes(response.into_body(), 1 << 20).await.unwrap();
        Response {
            status,
            headers,
            body: String::from_utf8(body.to_vec()).unwrap(),
        }
    }

    /// Posts the form at `url` as `user`, with `account` and the secret.
    async fn answer(&self, url: &str, user: &str, csrf: &str, account: &str) -> Response {
        let body = form(csrf, account, SECRET);
        self.send("POST", url, Some(user), &body).await
    }

    async fn visit_for(&self, user: &str) -> VisitId {
        self.web
            .create::<Connect>("connect", &binding(user), None)
            .await
            .unwrap()
    }

    fn root_received(&self) -> Vec<(String, String, String)> {
        self.root.lock().unwrap().clone()
    }
}

fn binding(user: &str) -> Binding {
    Binding::tool("connect_account", None).bound_to(&Principal::user(user))
}

/// `reference` resolved against `base`, as a browser resolves a link
/// (RFC 3986 §5.2, for the forms a page may write).
fn resolve(base: &str, reference: &str) -> String {
    if reference.contains("://") {
        return reference.to_owned();
    }
    let (scheme, rest) = base.split_once("://").unwrap();
    if let Some(network) = reference.strip_prefix("//") {
        return format!("{scheme}://{network}");
    }
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let origin = format!("{scheme}://{}", &rest[..authority_end]);
    let base_path = rest[authority_end..].split(['?', '#']).next().unwrap();
    let merged = if reference.starts_with('/') {
        reference.to_owned()
    } else {
        let directory = &base_path[..base_path.rfind('/').map_or(0, |at| at + 1)];
        format!("{directory}{reference}")
    };
    let (path, query) = match merged.split_once('?') {
        Some((path, query)) => (path.to_owned(), Some(query.to_owned())),
        None => (merged, None),
    };
    let mut segments: Vec<&str> = Vec::new();
    for segment in path.split('/').skip(1) {
        match segment {
            "." => {}
            ".." => {
                segments.pop();
            }
            segment => segments.push(segment),
        }
    }
    let query = query.map(|q| format!("?{q}")).unwrap_or_default();
    format!("{origin}/{}{query}", segments.join("/"))
}

#[test]
fn links_resolve_as_a_browser_resolves_them() {
    let base = "https://example.com/app/forms/v1";
    assert_eq!(resolve(base, "/forms/v1"), "https://example.com/forms/v1");
    assert_eq!(resolve(base, "v2"), "https://example.com/app/forms/v2");
    assert_eq!(
        resolve(base, "../login?next=x"),
        "https://example.com/app/login?next=x"
    );
    assert_eq!(
        resolve(base, "//other.example/x"),
        "https://other.example/x"
    );
    assert_eq!(resolve(base, "https://a.example/b"), "https://a.example/b");
}

/// What a page links and posts to, resolved against `page_url`: its
/// stylesheet, the answer form's `action`, and the sign-out form's
/// `action` and `next`.
struct Emitted {
    stylesheet: String,
    action: Option<String>,
    sign_out: Option<(String, String)>,
}

fn emitted(page_url: &str, html: &str) -> Emitted {
    let page = scraper::Html::parse_document(html);
    let select = |css: &str| scraper::Selector::parse(css).unwrap();
    let attribute = |css: &str, name: &str| {
        page.select(&select(css))
            .next()
            .and_then(|element| element.value().attr(name))
            .map(str::to_owned)
    };
    let stylesheet = attribute(r#"link[rel="stylesheet"]"#, "href").expect("a stylesheet");
    let action = attribute("main form", "action").map(|action| resolve(page_url, &action));
    let sign_out = attribute("header form", "action").map(|action| {
        let next = attribute(r#"header form input[name="next"]"#, "value").unwrap();
        (resolve(page_url, &action), resolve(page_url, &next))
    });
    Emitted {
        stylesheet: resolve(page_url, &stylesheet),
        action,
        sign_out,
    }
}

/// The value of `name` in the query of `url`, decoded.
fn query_value(url: &str, name: &str) -> String {
    let query = url.split_once('?').map(|(_, query)| query).unwrap_or("");
    let value = query
        .split('&')
        .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
        .expect("the query names it");
    let mut out = Vec::new();
    let bytes = value.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            out.push(u8::from_str_radix(&value[at + 1..at + 3], 16).unwrap());
            at += 3;
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

fn form(csrf: &str, account: &str, api_key: &str) -> String {
    format!("elicit-csrf={csrf}&account={account}&api_key={api_key}&elicit-action=accept")
}

fn csrf_of(html: &str) -> String {
    let marker = r#"name="elicit-csrf" value=""#;
    let start = html.find(marker).expect("the page has a token") + marker.len();
    html[start..start + html[start..].find('"').unwrap()].to_owned()
}

/// Everything the pages emit leads back under `/app`: the secret reaches
/// the forms' server, and the application at the root receives nothing.
#[tokio::test]
async fn behind_a_prefix_every_link_and_post_stays_under_it() {
    let site = site();
    let visit = site.visit_for("alice").await;
    let page_url = site.web.link(visit);
    assert_eq!(page_url, format!("{SITE}/app/forms/{visit}"));

    // Not signed in: sent to the sign-in under the prefix, and back to the
    // page under the prefix.
    let signed_out = site.send("GET", &page_url, None, "").await;
    assert_eq!(signed_out.status, StatusCode::SEE_OTHER);
    let location = signed_out.headers[header::LOCATION].to_str().unwrap();
    let sign_in = resolve(&page_url, location);
    assert!(
        sign_in.starts_with(&format!("{SITE}/app/login?")),
        "{sign_in}"
    );
    assert_eq!(resolve(&page_url, &query_value(&sign_in, "next")), page_url);
    let reached = site.send("GET", &sign_in, None, "").await;
    assert_eq!(reached.body, "the account pages");

    // The page: its stylesheet and its form's action under the prefix.
    let page = site.send("GET", &page_url, Some("alice"), "").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let links = emitted(&page_url, &page.body);
    assert_eq!(
        links.stylesheet,
        format!("{SITE}/app/forms/assets/form.css")
    );
    let sheet = site.send("GET", &links.stylesheet, Some("alice"), "").await;
    assert_eq!(sheet.status, StatusCode::OK);
    assert_eq!(sheet.body, elicit_runtime::html::STYLESHEET);
    assert_eq!(links.action.as_deref(), Some(page_url.as_str()));
    let (sign_out, next) = links.sign_out.expect("a sign-out");
    assert_eq!(sign_out, format!("{SITE}/app/logout"));
    assert_eq!(next, page_url);

    // An invalid answer: the error page posts under the prefix too.
    let csrf = csrf_of(&page.body);
    let action = links.action.unwrap();
    let again = site.answer(&action, "alice", &csrf, "ab").await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    let again_links = emitted(&page_url, &again.body);
    assert_eq!(again_links.action.as_deref(), Some(page_url.as_str()));
    assert_eq!(again_links.stylesheet, links.stylesheet);

    // The answer reaches the forms' server, and the tool reads it.
    let done = site.answer(&action, "alice", &csrf, "ada-main").await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_eq!(emitted(&page_url, &done.body).stylesheet, links.stylesheet);
    let alice = Principal::user("alice");
    let answer = site
        .web
        .answer::<Connect>(visit, "connect", &binding("alice"), &alice)
        .await
        .unwrap();
    let Some(Elicitation::Accept(connect)) = answer else {
        panic!("the answer reached the tool: {answer:?}");
    };
    assert_eq!(
        (connect.account.as_str(), connect.api_key.expose()),
        ("ada-main", SECRET)
    );

    // The sign-out reaches the server's own, under the prefix.
    let signed_out = site.send("POST", &sign_out, Some("alice"), "").await;
    assert_eq!(signed_out.body, "the account pages");
    let account = site.account.lock().unwrap().clone();
    assert_eq!(
        account.len(),
        2,
        "the sign-in and the sign-out: {account:?}"
    );
    assert!(account.iter().all(|(_, _, body)| !body.contains(SECRET)));

    assert_eq!(
        site.root_received(),
        [],
        "the root application received nothing"
    );
}

/// Every page a signed-in visitor sees names the server and the user,
/// with the sign-out; a visitor who finds another user's name there was
/// signed in as someone else.
#[tokio::test]
async fn every_page_names_the_server_and_the_user_signed_in() {
    let site = site();
    let visit = site.visit_for("alice").await;
    let page_url = site.web.link(visit);
    let says_who = |html: &str, user: &str| {
        let page = scraper::Html::parse_document(html);
        let banner = scraper::Selector::parse("header.masthead").unwrap();
        let banner = page
            .select(&banner)
            .next()
            .map(|header| header.text().collect::<String>())
            .unwrap_or_default();
        assert!(banner.contains("Asked by Weather tools"), "{banner}");
        assert!(banner.contains(&format!("Signed in as {user}")), "{banner}");
        assert!(banner.contains("Not you? Sign out"), "{banner}");
    };

    // The form, its error page and its done page, as Alice.
    let page = site.send("GET", &page_url, Some("alice"), "").await;
    says_who(&page.body, "alice");
    let csrf = csrf_of(&page.body);
    let again = site.answer(&page_url, "alice", &csrf, "ab").await;
    says_who(&again.body, "alice");
    // Mallory's session in Alice's browser: Alice's page is refused, and
    // the refusal says whose session it is, with the way out.
    let forged = site.send("GET", &page_url, Some("mallory"), "").await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    says_who(&forged.body, "mallory");
    let done = site.answer(&page_url, "alice", &csrf, "ada-main").await;
    assert_eq!(done.status, StatusCode::OK);
    says_who(&done.body, "alice");
    let used = site.send("GET", &page_url, Some("alice"), "").await;
    assert_eq!(used.status, StatusCode::CONFLICT);
    says_who(&used.body, "alice");

    // A name is text: markup in it is escaped.
    let hostile = "<img src=x onerror=alert(1)>";
    let visit = site.visit_for(hostile).await;
    let page = site
        .send("GET", &site.web.link(visit), Some(hostile), "")
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(!page.body.contains("<img"), "{}", page.body);
    says_who(&page.body, hostile);
}

/// Without a sign-out or a name, the pages say what they know: the
/// server's host, and that someone is signed in; an unbound visitor is no
/// one signed in.
#[tokio::test]
async fn without_names_the_pages_say_what_they_know() {
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let visitor = |parts: &Parts| {
        let user = parts.headers.get("x-user")?.to_str().ok()?;
        Some(match user {
            "" => Principal::UNBOUND,
            user => Principal::user(user),
        })
    };
    let web = WebForms::new(
        MemoryStore::new(10),
        keys,
        "https://Forms.Example.com:443",
        visitor,
    )
    .unwrap()
    .form::<Connect>("connect");
    assert_eq!(web.server_name(), "forms.example.com");
    let app = web.router();
    let page_of = |user: &'static str, visit: VisitId| {
        let app = app.clone();
        async move {
            let request = Request::get(format!("/forms/{visit}"))
                .header("x-user", user)
                .body(Body::empty())
                .unwrap();
            let response = app.oneshot(request).await.unwrap();
            let body = to_bytes(response.into_body(), 1 << 20).await.unwrap();
            String::from_utf8(body.to_vec()).unwrap()
        }
    };
    let visit = web
        .create::<Connect>("connect", &binding("alice"), None)
        .await
        .unwrap();
    let page = page_of("alice", visit).await;
    assert!(
        page.contains("Asked by <strong>forms.example.com</strong>"),
        "{page}"
    );
    assert!(page.contains("<p>Signed in</p>"), "{page}");
    assert!(!page.contains("Sign out"), "{page}");

    let unbound = Binding::tool("connect_account", None).bound_to(&Principal::UNBOUND);
    let visit = web
        .create::<Connect>("connect", &unbound, None)
        .await
        .unwrap();
    let page = page_of("", visit).await;
    assert!(page.contains("Asked by"), "{page}");
    assert!(!page.contains("Signed in"), "{page}");
}

/// The pages' origin rule compares the public URL's scheme and host in
/// any case, and a default port as none, in both directions: the
/// configured URL written with capitals or `:443` takes the browser's
/// `Origin`, and the browser's `Origin` written so matches a plain
/// configured URL; another port or host is another site.
#[tokio::test]
async fn the_origin_is_compared_in_any_case_and_with_or_without_its_default_port() {
    let cases = [
        (
            "HTTPS://Forms.Example.COM:443/App",
            "https://forms.example.com",
            true,
        ),
        (
            "https://forms.example.com/App",
            "HTTPS://FORMS.example.com:443",
            true,
        ),
        (
            "https://forms.example.com:443",
            "https://forms.example.com",
            true,
        ),
        (
            "https://forms.example.com",
            "https://forms.example.com:443",
            true,
        ),
        ("http://LOCALHOST:80", "http://localhost", true),
        ("http://localhost", "http://localhost:80", true),
        (
            "https://forms.example.com",
            "https://forms.example.com:8443",
            false,
        ),
        (
            "https://forms.example.com:8443",
            "https://forms.example.com",
            false,
        ),
        (
            "https://forms.example.com",
            "http://forms.example.com",
            false,
        ),
        (
            "https://forms.example.com",
            "https://forms.example.com.evil.example",
            false,
        ),
    ];
    for (public_url, origin, taken) in cases {
        let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
        let web = WebForms::new(MemoryStore::new(10), keys, public_url, Sessions)
            .unwrap()
            .form::<Connect>("connect");
        let visit = web
            .create::<Connect>("connect", &binding("alice"), None)
            .await
            .unwrap();
        let app = web.router();
        let call = |request: Request| {
            let app = app.clone();
            async move {
                let response = app.oneshot(request).await.unwrap();
                let status = response.status();
                let body = to_bytes(response.into_body(), 1 << 20).await.unwrap();
                (status, String::from_utf8(body.to_vec()).unwrap())
            }
        };
        let (_, page) = call(
            Request::get(format!("/forms/{visit}"))
                .header(header::COOKIE, "session=alice")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        let post = Request::post(format!("/forms/{visit}"))
            .header(header::COOKIE, "session=alice")
            .header(header::ORIGIN, origin)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(form(&csrf_of(&page), "ada-main", SECRET)))
            .unwrap();
        let (status, body) = call(post).await;
        let expected = if taken {
            StatusCode::OK
        } else {
            StatusCode::FORBIDDEN
        };
        assert_eq!(
            status, expected,
            "{public_url} posted from {origin}: {body}"
        );
    }
}
