//! The example server's browser sign-in (`src/browser_login/`) beside the
//! hosted form pages, called as a service, each case written as the
//! attack:
//!
//! - a sign-in forged from another site (the attacker's own user and
//!   token, posted from his page, to sign the victim in as himself) is
//!   refused, whatever the post's `Origin` says or leaves out, and leaves
//!   the victim signed out;
//! - the pages name the server and the user signed in, with a way out;
//! - signing out ends the session; sessions expire; failed sign-ins are
//!   rate-limited per user name, another user unaffected;
//! - the cookies are `HttpOnly`, scoped to the public URL's path, and
//!   `Secure` under an `https` public URL;
//! - the demo bearer tokens are compared in constant time.

use std::collections::HashMap;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{self, HeaderMap, StatusCode, header};
use elicit_mcp::account::{self, ConnectAccount};
use elicit_mcp::browser_login::{LOGIN_COOKIE, LOGIN_TOKEN_FIELD, SESSION_COOKIE, Sessions};
use elicit_mcp::login::Users;
use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
use elicit_web::WebForms;
use elicit_web::store::{MemoryStore, VisitId};
use tower::ServiceExt;

const ALICE: &str = "a1ice-token-0123456789";
const BOB: &str = "b0b-token-0123456789ab";
const MALLORY: &str = "ma11ory-token-01234567";
const SERVER: &str = "elicit-example-server";

/// The pages and the sign-in of the example server at `public_url`.
struct Site {
    web: WebForms,
    app: Router,
    /// The public URL's origin, as a browser names it.
    origin: String,
    /// The public URL's path prefix.
    prefix: String,
}

fn site(public_url: &str, sessions: impl FnOnce(Sessions) -> Sessions) -> Site {
    let users = Users::parse(&format!("alice={ALICE},bob={BOB},mallory={MALLORY}")).unwrap();
    let sessions = sessions(Sessions::new(users));
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let web = WebForms::new(MemoryStore::new(100), keys, public_url, sessions.visitor())
        .unwrap()
        .form::<ConnectAccount>(account::FORM_KEY)
        .with_sign_in("/login")
        .with_sign_out("/logout")
        .with_server_name(SERVER);
    let app = web.router().merge(sessions.router(&web));
    let after_scheme = public_url.find("://").unwrap() + 3;
    let path = public_url[after_scheme..]
        .find('/')
        .map(|at| after_scheme + at);
    let (origin, prefix) = match path {
        Some(at) => (&public_url[..at], &public_url[at..]),
        None => (public_url, ""),
    };
    Site {
        web,
        app,
        origin: origin.to_owned(),
        prefix: prefix.to_owned(),
    }
}

fn https_site() -> Site {
    site("https://forms.example.com", |sessions| sessions)
}

/// A response as the browser reads it.
struct Page {
    status: StatusCode,
    headers: HeaderMap,
    body: String,
}

impl Page {
    /// The `Set-Cookie` headers.
    fn set_cookies(&self) -> Vec<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .map(|value| value.to_str().unwrap().to_owned())
            .collect()
    }

    fn location(&self) -> &str {
        self.headers[header::LOCATION].to_str().unwrap()
    }
}

/// A browser: its cookies for the site, kept as the responses set them.
#[derive(Default)]
struct Browser {
    cookies: HashMap<String, String>,
}

/// How a post is sent: the headers a browser sets by itself.
#[derive(Clone, Copy)]
enum From<'a> {
    /// `Origin` as given, and `Sec-Fetch-Site` if given.
    Headers(Option<&'a str>, Option<&'a str>),
    /// The site's own page, as a browser posts it with `no-referrer`:
    /// `Origin: null` and `Sec-Fetch-Site: same-origin`.
    OwnPage,
}

impl Browser {
    async fn send(
        &mut self,
        site: &Site,
        method: http::Method,
        path: &str,
        from: From<'_>,
        body: String,
    ) -> Page {
        let mut request = http::Request::builder().method(method).uri(path);
        if !self.cookies.is_empty() {
            let cookies: Vec<String> = self
                .cookies
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            request = request.header(header::COOKIE, cookies.join("; "));
        }
        let (origin, fetch) = match from {
            From::Headers(origin, fetch) => (origin, fetch),
            From::OwnPage => (Some("null"), Some("same-origin")),
        };
        if let Some(origin) = origin {
            request = request.header(header::ORIGIN, origin);
        }
        if let Some(fetch) = fetch {
            request = request.header("sec-fetch-site", fetch);
        }
        let request = request
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .unwrap();
        let response = site.app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let body = to_bytes(response.into_body(), 1 << 20).await.unwrap();
        let page = Page {
            status,
            headers,
            body: String::from_utf8(body.to_vec()).unwrap(),
        };
        for cookie in page.set_cookies() {
            let pair = cookie.split(';').next().unwrap();
            let (name, value) = pair.split_once('=').unwrap();
            if cookie.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
        }
        page
    }

    async fn get(&mut self, site: &Site, path: &str) -> Page {
        let from = From::Headers(None, None);
        self.send(site, http::Method::GET, path, from, String::new())
            .await
    }

    async fn post(&mut self, site: &Site, path: &str, from: From<'_>, body: String) -> Page {
        self.send(site, http::Method::POST, path, from, body).await
    }

    /// Opens the sign-in page (for `next`): the token it carries.
    async fn open_sign_in(&mut self, site: &Site, next: &str) -> String {
        let page = self.get(site, &format!("/login?next={next}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        hidden(&page.body, LOGIN_TOKEN_FIELD)
    }

    /// Signs in from the sign-in page as a browser does.
    async fn sign_in(&mut self, site: &Site, user: &str, token: &str, next: &str) -> Page {
        self.sign_in_from(site, From::OwnPage, user, token, next)
            .await
    }

    /// Signs in from the sign-in page, its post sent `from`.
    async fn sign_in_from(
        &mut self,
        site: &Site,
        from: From<'_>,
        user: &str,
        token: &str,
        next: &str,
    ) -> Page {
        let login_token = self.open_sign_in(site, next).await;
        let body = sign_in_body(user, token, next, &login_token);
        self.post(site, "/login", from, body).await
    }

    fn signed_in(&self) -> bool {
        self.cookies.contains_key(SESSION_COOKIE)
    }
}

/// The value of the hidden field `name` in a page.
fn hidden(html: &str, name: &str) -> String {
    let marker = format!(r#"name="{name}" value=""#);
    let start = html.find(&marker).expect("the field") + marker.len();
    html[start..start + html[start..].find('"').unwrap()].to_owned()
}

fn sign_in_body(user: &str, token: &str, next: &str, login_token: &str) -> String {
    format!("user={user}&token={token}&next={next}&{LOGIN_TOKEN_FIELD}={login_token}")
}

/// A visit of `connect_account` for `user`, and its page's path as the
/// router serves it.
async fn visit_for(site: &Site, user: &str) -> (VisitId, String) {
    let binding = Binding::tool("connect_account", None).bound_to(&Principal::user(user));
    let visit = site
        .web
        .create::<ConnectAccount>(account::FORM_KEY, &binding, None)
        .await
        .unwrap();
    (visit, format!("/forms/{visit}"))
}

/// The attacker signs the victim in as himself from his own page, with
/// his own user and token, and his own sign-in page's token (the victim's
/// browser holds none, or one of its own): refused, however the post's
/// headers come, and the victim is still signed out.
#[tokio::test]
async fn a_sign_in_forged_from_another_site_is_refused() {
    let site = https_site();
    let (_, page) = visit_for(&site, "mallory").await;
    // The attacker's own sign-in page's token, fetched in his browser.
    let attackers = Browser::default().open_sign_in(&site, &page).await;
    let forged = sign_in_body("mallory", MALLORY, &page, &attackers);
    for (origin, fetch) in [
        (Some("https://attacker.example"), Some("cross-site")),
        (Some("https://attacker.example"), None),
        // No `Origin` at all (an older browser, a stripped header).
        (None, None),
        (Some("null"), None),
        (Some("null"), Some("cross-site")),
        (Some("null"), Some("same-site")),
        (Some("https://forms.example.com:8443"), None),
        (Some("http://forms.example.com"), None),
        (Some("https://sub.forms.example.com"), Some("same-site")),
    ] {
        for victim_visited_the_sign_in in [false, true] {
            let mut victim = Browser::default();
            if victim_visited_the_sign_in {
                victim.open_sign_in(&site, &page).await;
            }
            let from = From::Headers(origin, fetch);
            let refused = victim.post(&site, "/login", from, forged.clone()).await;
            let case = format!("{origin:?} {fetch:?} {victim_visited_the_sign_in}");
            assert_eq!(refused.status, StatusCode::FORBIDDEN, "{case}");
            assert!(
                refused.body.contains("did not come from this site"),
                "{case}"
            );
            assert!(!victim.signed_in(), "signed in as the attacker: {case}");
            let lands = victim.get(&site, &page).await;
            assert_eq!(lands.status, StatusCode::SEE_OTHER, "{case}");
            assert!(lands.location().starts_with("/login?next="), "{case}");
        }
    }

    // Each guard holds on its own: the page's token in field and cookie,
    // but from another origin or port; or the right origin without the
    // token's cookie.
    for origin in [
        "https://attacker.example",
        "https://forms.example.com:8443",
        "null",
    ] {
        let mut browser = Browser::default();
        let token = browser.open_sign_in(&site, &page).await;
        let body = sign_in_body("mallory", MALLORY, &page, &token);
        let from = From::Headers(Some(origin), None);
        let refused = browser.post(&site, "/login", from, body).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{origin}");
        assert!(!browser.signed_in());
    }
    let mut browser = Browser::default();
    let from = From::Headers(Some("https://forms.example.com"), Some("same-origin"));
    let refused = browser.post(&site, "/login", from, forged.clone()).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);

    // The sign-in from its own page goes through, as the browser posts it
    // (`Origin: null` from a `no-referrer` page) or with the origin named.
    let mut browser = Browser::default();
    let signed_in = browser.sign_in(&site, "mallory", MALLORY, &page).await;
    assert_eq!(
        signed_in.status,
        StatusCode::SEE_OTHER,
        "{}",
        signed_in.body
    );
    assert_eq!(signed_in.location(), page);
    assert!(browser.signed_in());
    let from = From::Headers(Some("https://forms.example.com"), None);
    let signed_in = Browser::default()
        .sign_in_from(&site, from, "mallory", MALLORY, &page)
        .await;
    assert_eq!(
        signed_in.status,
        StatusCode::SEE_OTHER,
        "{}",
        signed_in.body
    );
}

/// Every page says which server asks and who is signed in, with the way
/// out: a victim signed in as the attacker would see his name on the
/// attacker's page, and on their own page's refusal.
#[tokio::test]
async fn the_pages_name_the_server_and_the_user_signed_in() {
    let site = https_site();
    let (_, alices) = visit_for(&site, "alice").await;
    let mut alice = Browser::default();
    alice.sign_in(&site, "alice", ALICE, &alices).await;
    let page = alice.get(&site, &alices).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body
            .contains(&format!("Asked by <strong>{SERVER}</strong>"))
    );
    assert!(page.body.contains("Signed in as <strong>alice</strong>"));
    assert!(
        page.body
            .contains(r#"<form method="post" action="/logout">"#)
    );
    assert!(page.body.contains("Not you? Sign out"));

    // Signed in as Mallory, Alice's page is refused and says so.
    let mut someone = Browser::default();
    someone.sign_in(&site, "mallory", MALLORY, &alices).await;
    let refused = someone.get(&site, &alices).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(
        refused
            .body
            .contains("Signed in as <strong>mallory</strong>")
    );
    assert!(refused.body.contains("Not you? Sign out"));
    // The sign-in page names the server too.
    let sign_in = Browser::default().get(&site, "/login").await;
    assert!(sign_in.body.contains(&format!("<strong>{SERVER}</strong>")));
}

/// "Not you? Sign out": the session ends, the browser goes to sign in
/// with the page to come back to; a sign-out posted from another site
/// does nothing.
#[tokio::test]
async fn signing_out_ends_the_session_and_leads_to_sign_in() {
    let site = https_site();
    let (_, page) = visit_for(&site, "alice").await;
    let mut alice = Browser::default();
    alice.sign_in(&site, "alice", ALICE, &page).await;
    let session = alice.cookies[SESSION_COOKIE].clone();

    let from = From::Headers(Some("https://attacker.example"), Some("cross-site"));
    let body = format!("next={page}");
    let refused = alice.post(&site, "/logout", from, body.clone()).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(alice.get(&site, &page).await.status, StatusCode::OK);

    let out = alice.post(&site, "/logout", From::OwnPage, body).await;
    assert_eq!(out.status, StatusCode::SEE_OTHER);
    assert_eq!(out.location(), format!("/login?next={page}"));
    assert!(!alice.signed_in(), "the cookie is cleared");
    // The old session id no longer signs anyone in.
    alice.cookies.insert(SESSION_COOKIE.to_owned(), session);
    let page = alice.get(&site, &page).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
}

/// A session lasts its time to live, and no longer.
#[tokio::test]
async fn sessions_expire() {
    let ttl = Duration::from_millis(300);
    let site = site("https://forms.example.com", |sessions| {
        sessions.with_ttl(ttl)
    });
    let (_, page) = visit_for(&site, "alice").await;
    let mut alice = Browser::default();
    alice.sign_in(&site, "alice", ALICE, &page).await;
    assert_eq!(alice.get(&site, &page).await.status, StatusCode::OK);
    tokio::time::sleep(ttl + Duration::from_millis(200)).await;
    let expired = alice.get(&site, &page).await;
    assert_eq!(expired.status, StatusCode::SEE_OTHER, "{}", expired.body);
    assert!(expired.location().starts_with("/login?next="));
}

/// After a few failed sign-ins a user name is refused for the rest of the
/// window, even with the right token; another user signs in.
#[tokio::test]
async fn failed_sign_ins_are_rate_limited_per_user() {
    let site = site("https://forms.example.com", |sessions| {
        sessions.with_rate_limit(3, 100, Duration::from_secs(60))
    });
    let mut guesser = Browser::default();
    for guess in 0..3 {
        let wrong = guesser
            .sign_in(&site, "alice", &format!("guess-{guess}-0123456789"), "")
            .await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    }
    let limited = guesser.sign_in(&site, "alice", ALICE, "").await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        limited
            .body
            .contains("Too many sign-ins failed for this user")
    );
    let retry_after: u64 = limited.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    assert!(!guesser.signed_in());
    let bob = Browser::default().sign_in(&site, "bob", BOB, "").await;
    assert_eq!(bob.status, StatusCode::OK, "{}", bob.body);
}

/// The cookies: `HttpOnly`, under the public URL's path, `Secure` under
/// `https` (and not under `http` to a loopback host, where a browser
/// would drop a `Secure` cookie); the sign-in page links and posts under
/// the prefix, and sends back under it.
#[tokio::test]
async fn the_cookies_are_secure_under_https_and_scoped_to_the_prefix() {
    for (public_url, secure) in [
        ("https://forms.example.com/app", true),
        ("HTTPS://Forms.Example.com:443/app", true),
        ("http://127.0.0.1:8080/app", false),
    ] {
        let site = site(public_url, |sessions| sessions);
        assert_eq!(site.prefix, "/app");
        let (_, page) = visit_for(&site, "alice").await;
        let next = format!("/app{page}");
        let mut alice = Browser::default();
        let sign_in = alice.get(&site, &format!("/login?next={next}")).await;
        assert!(
            sign_in.body.contains(r#"action="/app/login""#),
            "{}",
            sign_in.body
        );
        assert!(
            sign_in
                .body
                .contains(r#"href="/app/forms/assets/form.css""#)
        );
        let login_cookie = &sign_in.set_cookies()[0];
        assert!(login_cookie.starts_with(&format!("{LOGIN_COOKIE}=")));
        assert!(login_cookie.contains("; Path=/app/login; HttpOnly; SameSite=Strict"));
        assert_eq!(login_cookie.ends_with("; Secure"), secure, "{login_cookie}");

        let origin = site.origin.to_lowercase().replace(":443", "");
        let from = From::Headers(Some(&origin), None);
        let signed_in = alice.sign_in_from(&site, from, "alice", ALICE, &next).await;
        assert_eq!(
            signed_in.status,
            StatusCode::SEE_OTHER,
            "{}",
            signed_in.body
        );
        assert_eq!(signed_in.location(), next);
        let session = signed_in
            .set_cookies()
            .into_iter()
            .find(|cookie| cookie.starts_with(SESSION_COOKIE))
            .unwrap();
        assert!(
            session.contains("; Path=/app/; HttpOnly; SameSite=Lax; Max-Age="),
            "{session}"
        );
        assert_eq!(session.ends_with("; Secure"), secure, "{session}");
        // The page under the prefix signs out under it too.
        let page = alice.get(&site, &page).await;
        assert!(
            page.body.contains(r#"action="/app/logout""#),
            "{}",
            page.body
        );
    }
}

/// The demo bearer tokens: a token wrong in its first byte or its last is
/// refused alike (each comparison reads every byte, through
/// `Secret::matches`; this shows the outcome, not the timing).
#[tokio::test]
async fn the_bearer_tokens_are_checked_in_full() {
    let users = Users::parse(&format!("alice={ALICE},bob={BOB}")).unwrap();
    assert_eq!(users.user(ALICE), Some("alice"));
    assert_eq!(users.user(BOB), Some("bob"));
    let first = format!("X{}", &ALICE[1..]);
    let last = format!("{}X", &ALICE[..ALICE.len() - 1]);
    for wrong in [
        first.as_str(),
        last.as_str(),
        &ALICE[..10],
        "",
        &format!("{ALICE}0"),
    ] {
        assert_eq!(users.user(wrong), None, "{wrong}");
        assert!(!users.check("alice", wrong), "{wrong}");
    }
    assert!(users.check("alice", ALICE));
    assert!(!users.check("bob", ALICE), "another user's token");
}
