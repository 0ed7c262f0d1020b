//! The hosted form pages' router, called as a service: the whole visit
//! (page, invalid post, valid post, the tool's read) and every hostile
//! case: markup and bidi controls in the form and the answers render
//! inert; posts without the token, with another visit's token, from
//! another user, twice, after expiry, over the size limit or from another
//! site are refused with a page and change nothing; a secret is in no
//! page, no `Debug`, and not in clear in the store.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, to_bytes};
use elicit_runtime::state::{Binding, Deployment, Principal, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation, Limits, Secret};
use elicit_web::store::{MemoryStore, NewVisit, StoreError, VisitId, VisitState, VisitStore};
use elicit_web::{WebError, WebFlow, WebForms};
use http::{Request, StatusCode, header};
use tower::ServiceExt;

#[path = "../../elicit-runtime/tests/support/raw_token.rs"]
mod raw_token;

/// Connect your <script>alert(1)</script> account
#[derive(Debug, Elicitable)]
struct Connect {
    /// The account "><img src=x onerror=alert(1)> to connect, see javascript:alert(1)
    #[elicit(title = "Account \u{202e}txt.exe", min_length = 3, max_length = 40)]
    account: String,
    /// The key of the account's API
    #[elicit(secret, title = "API key", min_length = 8)]
    api_key: Secret,
}

const SECRET: &str = "sk-live-7f3a9c1e55d2";

struct Setup {
    store: Arc<MemoryStore>,
    web: WebForms,
    app: Router,
}

fn setup() -> Setup {
    setup_with(Limits::DEFAULT, None)
}

fn setup_with(limits: Limits, sign_in: Option<&str>) -> Setup {
    let store = Arc::new(MemoryStore::new(1000));
    setup_over(
        store.clone(),
        store,
        StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE),
        limits,
        sign_in,
    )
}

/// The pages over `store`, whose visits are kept in `memory`.
fn setup_over(
    memory: Arc<MemoryStore>,
    store: impl VisitStore + 'static,
    keys: StateKeys,
    limits: Limits,
    sign_in: Option<&str>,
) -> Setup {
    // The demo identity check: a `session` cookie naming the user.
    let visitor = |parts: &http::request::Parts| {
        let cookie = parts.headers.get(header::COOKIE)?.to_str().ok()?;
        cookie
            .split(';')
            .find_map(|pair| pair.trim().strip_prefix("session="))
            .map(Principal::user)
    };
    let mut web = WebForms::new(store, keys, "https://forms.example.com", visitor)
        .unwrap()
        .form::<Connect>("connect")
        .with_limits(limits);
    if let Some(sign_in) = sign_in {
        web = web.with_sign_in(sign_in);
    }
    let app = web.router();
    Setup {
        store: memory,
        web,
        app,
    }
}

fn binding(user: &str) -> Binding {
    Binding::tool("connect_account", None).bound_to(&Principal::user(user))
}

async fn visit_for(setup: &Setup, user: &str) -> VisitId {
    setup
        .web
        .create::<Connect>("connect", &binding(user), None)
        .await
        .unwrap()
}

/// A visit for `user`, and the token of its page as `user` opened it.
async fn opened_by(setup: &Setup, user: &str) -> (VisitId, String) {
    let visit = visit_for(setup, user).await;
    let csrf = csrf_of(&get(setup, &visit.to_string(), Some(user)).await);
    (visit, csrf)
}

struct Page {
    status: StatusCode,
    headers: http::HeaderMap,
    body: String,
}

async fn call(app: &Router, request: Request<Body>) -> Page {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = to_bytes(response.into_body(), 1 << 20).await.unwrap();
    Page {
        status,
        headers,
        body: String::from_utf8(body.to_vec()).unwrap(),
    }
}

async fn get(setup: &Setup, visit: &str, user: Option<&str>) -> Page {
    let mut request = Request::get(format!("/forms/{visit}"));
    if let Some(user) = user {
        request = request.header(header::COOKIE, format!("session={user}"));
    }
    call(&setup.app, request.body(Body::empty()).unwrap()).await
}

async fn post(setup: &Setup, visit: VisitId, user: &str, body: String) -> Page {
    post_with(setup, visit, user, body, &[]).await
}

async fn post_with(
    setup: &Setup,
    visit: VisitId,
    user: &str,
    body: String,
    headers: &[(&str, &str)],
) -> Page {
    let mut request = Request::post(format!("/forms/{visit}"))
        .header(header::COOKIE, format!("session={user}"))
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    call(&setup.app, request.body(Body::from(body)).unwrap()).await
}

/// The CSRF token in a page.
fn csrf_of(page: &Page) -> String {
    let marker = r#"name="elicit-csrf" value=""#;
    let start = page.body.find(marker).expect("the page has a token") + marker.len();
    let end = start + page.body[start..].find('"').unwrap();
    page.body[start..end].to_owned()
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn body(csrf: &str, account: &str, api_key: &str, action: &str) -> String {
    format!(
        "elicit-csrf={}&account={}&api_key={}&elicit-action={action}",
        encode(csrf),
        encode(account),
        encode(api_key)
    )
}

fn assert_secure(page: &Page) {
    for (name, value) in elicit_runtime::html::SECURITY_HEADERS {
        assert_eq!(
            page.headers[name], value,
            "{name} on a {} page",
            page.status
        );
    }
}

/// A refusal: its status, the security headers, a page saying why, and
/// nothing of the form.
fn assert_refused(page: &Page, status: StatusCode, says: &str) {
    assert_eq!(page.status, status, "{}", page.body);
    assert_secure(page);
    assert!(
        page.body.contains(says),
        "{} should say {says:?}",
        page.body
    );
    assert!(!page.body.contains("<form"), "a refusal shows no form");
    assert!(!page.body.contains(SECRET));
}

#[tokio::test]
async fn a_visit_goes_from_the_page_to_the_tool_once() {
    let setup = setup();
    let visit = visit_for(&setup, "alice").await;
    assert_eq!(
        setup
            .web
            .answer::<Connect>(
                visit,
                "connect",
                &binding("alice"),
                &Principal::user("alice")
            )
            .await
            .unwrap()
            .map(|_| ()),
        None,
        "no answer before the page is submitted"
    );

    let page = get(&setup, &visit.to_string(), Some("alice")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_secure(&page);
    assert_eq!(page.body.matches(r#"type="password""#).count(), 1);
    let csrf = csrf_of(&page);

    // Invalid: too short an account, too short a key; the page again.
    let again = post(&setup, visit, "alice", body(&csrf, "ab", "short", "accept")).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_secure(&again);
    assert!(again.body.contains("<title>Error: "));
    assert!(again.body.contains(r#"value="ab""#), "the account is kept");
    assert!(
        !again.body.contains("short"),
        "the secret is not written back"
    );
    assert_eq!(setup.store.stored_answer(visit), None);

    // Valid.
    let done = post(
        &setup,
        visit,
        "alice",
        body(&csrf, "ada-main", SECRET, "accept"),
    )
    .await;
    assert_eq!(done.status, StatusCode::OK);
    assert_secure(&done);
    assert!(done.body.contains("Go back to the app"));
    assert!(!done.body.contains(SECRET));
    let stored = setup.store.stored_answer(visit).unwrap();
    assert!(
        !stored.contains(SECRET) && !stored.contains("ada-main"),
        "sealed at rest"
    );

    // The tool reads it as the typed form, once.
    let answer = setup
        .web
        .answer::<Connect>(
            visit,
            "connect",
            &binding("alice"),
            &Principal::user("alice"),
        )
        .await
        .unwrap();
    let Some(Elicitation::Accept(connect)) = answer else {
        panic!("accepted: {answer:?}");
    };
    assert_eq!(connect.account, "ada-main");
    assert_eq!(connect.api_key.expose(), SECRET);
    assert!(!format!("{connect:?}").contains(SECRET));
    let again = setup
        .web
        .answer::<Connect>(
            visit,
            "connect",
            &binding("alice"),
            &Principal::user("alice"),
        )
        .await;
    assert!(
        matches!(again, Err(WebError::Store(StoreError::AlreadyTaken))),
        "{again:?}"
    );
    // The page is used.
    assert_refused(
        &get(&setup, &visit.to_string(), Some("alice")).await,
        StatusCode::CONFLICT,
        "already answered",
    );
}

#[tokio::test]
async fn a_declined_page_is_a_declined_answer() {
    let setup = setup();
    let (visit, csrf) = opened_by(&setup, "alice").await;
    let done = post(
        &setup,
        visit,
        "alice",
        format!("elicit-csrf={}&elicit-action=decline", encode(&csrf)),
    )
    .await;
    assert_eq!(done.status, StatusCode::OK);
    assert!(done.body.contains("declined"));
    let answer = setup
        .web
        .answer::<Connect>(
            visit,
            "connect",
            &binding("alice"),
            &Principal::user("alice"),
        )
        .await
        .unwrap();
    assert!(matches!(answer, Some(Elicitation::Decline)), "{answer:?}");
}

#[tokio::test]
async fn the_answer_is_read_only_by_the_flow_it_was_made_for() {
    let setup = setup();
    let (visit, csrf) = opened_by(&setup, "alice").await;
    post(
        &setup,
        visit,
        "alice",
        body(&csrf, "ada-main", SECRET, "accept"),
    )
    .await;
    let bob = setup
        .web
        .answer::<Connect>(visit, "connect", &binding("bob"), &Principal::user("bob"))
        .await;
    assert!(matches!(bob, Err(WebError::Mismatch)), "{bob:?}");
    let other_tool = Binding::tool("other", None).bound_to(&Principal::user("alice"));
    let other = setup
        .web
        .answer::<Connect>(visit, "connect", &other_tool, &Principal::user("alice"))
        .await;
    assert!(matches!(other, Err(WebError::Mismatch)), "{other:?}");
    // Still there for its own flow.
    let own = setup
        .web
        .answer::<Connect>(
            visit,
            "connect",
            &binding("alice"),
            &Principal::user("alice"),
        )
        .await
        .unwrap();
    assert!(matches!(own, Some(Elicitation::Accept(_))));
}

#[tokio::test]
async fn a_form_not_registered_as_its_type_makes_no_visit() {
    /// Another form
    #[derive(Debug, Elicitable)]
    struct Other {
        #[allow(dead_code, reason = "the form is never read")]
        name: String,
    }
    let setup = setup();
    let error = setup
        .web
        .create::<Other>("connect", &binding("alice"), None)
        .await
        .unwrap_err();
    assert!(matches!(error, WebError::NoForm { .. }));
    assert!(error.to_string().contains("`WebForms::form`"));
}

#[tokio::test]
async fn the_page_is_only_for_the_visits_user() {
    let setup = setup();
    let visit = visit_for(&setup, "alice").await;
    assert_refused(
        &get(&setup, &visit.to_string(), None).await,
        StatusCode::UNAUTHORIZED,
        "Sign in",
    );
    assert_refused(
        &get(&setup, &visit.to_string(), Some("bob")).await,
        StatusCode::FORBIDDEN,
        "another user",
    );
    assert_refused(
        &get(&setup, "not-a-visit", Some("alice")).await,
        StatusCode::NOT_FOUND,
        "not a form",
    );
    let unknown = VisitId::generate().unwrap().to_string();
    assert_refused(
        &get(&setup, &unknown, Some("alice")).await,
        StatusCode::NOT_FOUND,
        "not a form",
    );

    // With a sign-in page, no one signed in is sent there, and back.
    let setup = setup_with(Limits::DEFAULT, Some("/login"));
    let visit = visit_for(&setup, "alice").await;
    let page = get(&setup, &visit.to_string(), None).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(
        page.headers[header::LOCATION],
        format!("/login?next=/forms/{visit}")
    );
}

#[tokio::test]
async fn forged_posts_are_refused_and_change_nothing_at_all() {
    let setup = setup();
    let visit = visit_for(&setup, "alice").await;
    let other = visit_for(&setup, "alice").await;
    let csrf = csrf_of(&get(&setup, &visit.to_string(), Some("alice")).await);
    let other_csrf = csrf_of(&get(&setup, &other.to_string(), Some("alice")).await);
    assert_ne!(csrf, other_csrf);

    let no_token = format!("account=ada-main&api_key={SECRET}&elicit-action=accept");
    let refused = post(&setup, visit, "alice", no_token).await;
    assert_refused(
        &refused,
        StatusCode::FORBIDDEN,
        "did not come from the form",
    );

    let refused = post(
        &setup,
        visit,
        "alice",
        body(&other_csrf, "ada-main", SECRET, "accept"),
    )
    .await;
    assert_refused(
        &refused,
        StatusCode::FORBIDDEN,
        "did not come from the form",
    );

    let refused = post(
        &setup,
        visit,
        "bob",
        body(&csrf, "ada-main", SECRET, "accept"),
    )
    .await;
    assert_refused(&refused, StatusCode::FORBIDDEN, "another user");

    let refused = post_with(
        &setup,
        visit,
        "alice",
        body(&csrf, "ada-main", SECRET, "accept"),
        &[("origin", "https://attacker.example")],
    )
    .await;
    assert_refused(
        &refused,
        StatusCode::FORBIDDEN,
        "did not come from the form",
    );

    let refused = post_with(
        &setup,
        visit,
        "alice",
        body(&csrf, "ada-main", SECRET, "accept"),
        &[("sec-fetch-site", "cross-site")],
    )
    .await;
    assert_refused(
        &refused,
        StatusCode::FORBIDDEN,
        "did not come from the form",
    );

    // `Origin: null` (what a browser sends from a `no-referrer` page, and
    // from a sandboxed frame or a `data:` page too) is taken only with
    // `Sec-Fetch-Site: same-origin`; a sibling subdomain is another site.
    for headers in [
        &[("origin", "null")][..],
        &[("origin", "null"), ("sec-fetch-site", "same-site")],
        &[("origin", "null"), ("sec-fetch-site", "cross-site")],
        &[("sec-fetch-site", "same-site")],
    ] {
        let refused = post_with(
            &setup,
            visit,
            "alice",
            body(&csrf, "ada-main", SECRET, "accept"),
            headers,
        )
        .await;
        assert_refused(
            &refused,
            StatusCode::FORBIDDEN,
            "did not come from the form",
        );
    }

    assert_eq!(setup.store.stored_answer(visit), None, "nothing was stored");
    // The page's own post, as a browser sends it from a `no-referrer` page.
    let done = post_with(
        &setup,
        visit,
        "alice",
        body(&csrf, "ada-main", SECRET, "accept"),
        &[("origin", "null"), ("sec-fetch-site", "same-origin")],
    )
    .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
}

#[tokio::test]
async fn a_second_post_is_refused_and_the_first_answer_stands() {
    let setup = setup();
    let (visit, csrf) = opened_by(&setup, "alice").await;
    let first = post(
        &setup,
        visit,
        "alice",
        body(&csrf, "ada-main", SECRET, "accept"),
    )
    .await;
    assert_eq!(first.status, StatusCode::OK);
    let stored = setup.store.stored_answer(visit).unwrap();
    let second = post(
        &setup,
        visit,
        "alice",
        body(&csrf, "mallory", "sk-other-000000", "accept"),
    )
    .await;
    assert_refused(&second, StatusCode::CONFLICT, "already answered");
    assert_eq!(setup.store.stored_answer(visit).unwrap(), stored);
    let answer = setup
        .web
        .answer::<Connect>(
            visit,
            "connect",
            &binding("alice"),
            &Principal::user("alice"),
        )
        .await
        .unwrap();
    let Some(Elicitation::Accept(connect)) = answer else {
        panic!("{answer:?}")
    };
    assert_eq!(connect.account, "ada-main");
}

#[tokio::test]
async fn an_expired_visit_is_refused() {
    let setup = setup();
    // A visit of one millisecond, made straight in the store, and waited out.
    let created = setup
        .store
        .create(NewVisit::new(&binding("alice"), "connect").with_ttl(Duration::from_millis(1)))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(20)).await;
    assert_refused(
        &get(&setup, &created.id.to_string(), Some("alice")).await,
        StatusCode::GONE,
        "expired",
    );
    let refused = post(
        &setup,
        created.id,
        "alice",
        body(created.csrf.expose(), "ada-main", SECRET, "accept"),
    )
    .await;
    assert_refused(&refused, StatusCode::GONE, "expired");
    assert_eq!(setup.store.stored_answer(created.id), None);
}

#[tokio::test]
async fn a_page_is_open_as_long_as_the_forms_say() {
    let setup = setup();
    assert_eq!(setup.web.visit_ttl(), NewVisit::DEFAULT_TTL);
    let ttl = Duration::from_millis(300);
    let web = setup.web.clone().with_visit_ttl(ttl);
    let made = std::time::SystemTime::now();
    let visit = web
        .create::<Connect>("connect", &binding("alice"), None)
        .await
        .unwrap();
    let expires = web.store().load(visit).await.unwrap().expires_at();
    let lasts = expires.duration_since(made).unwrap();
    assert!(
        lasts >= ttl && lasts <= ttl + Duration::from_millis(50),
        "open for {lasts:?}, not {ttl:?}"
    );
    let open = get(&setup, &visit.to_string(), Some("alice")).await;
    assert_eq!(open.status, StatusCode::OK);
    tokio::time::sleep(ttl + Duration::from_millis(100)).await;
    assert_refused(
        &get(&setup, &visit.to_string(), Some("alice")).await,
        StatusCode::GONE,
        "expired",
    );

    // Longer than the store allows, or none at all: refused as it is made.
    for ttl in [Duration::from_secs(2 * 24 * 60 * 60), Duration::ZERO] {
        let refused = setup
            .web
            .clone()
            .with_visit_ttl(ttl)
            .create::<Connect>("connect", &binding("alice"), None)
            .await;
        assert!(
            matches!(refused, Err(WebError::Store(StoreError::Invalid(_)))),
            "{ttl:?}: {refused:?}"
        );
    }
}

#[tokio::test]
async fn a_closed_visit_is_refused() {
    let setup = setup();
    let (visit, csrf) = opened_by(&setup, "alice").await;
    // The flow stops waiting while the page is open.
    let closed = setup
        .web
        .close::<Connect>(
            visit,
            "connect",
            &binding("alice"),
            &Principal::user("alice"),
        )
        .await
        .unwrap();
    assert!(closed.is_none(), "nothing was submitted");
    assert_refused(
        &get(&setup, &visit.to_string(), Some("alice")).await,
        StatusCode::GONE,
        "no longer open",
    );
    let refused = post(
        &setup,
        visit,
        "alice",
        body(&csrf, "ada-main", SECRET, "accept"),
    )
    .await;
    assert_refused(&refused, StatusCode::GONE, "no longer open");
    assert_eq!(setup.store.stored_answer(visit), None);
}

#[tokio::test]
async fn closing_a_submitted_visit_reads_its_answer_once() {
    let setup = setup();
    let (visit, csrf) = opened_by(&setup, "alice").await;
    let done = post(
        &setup,
        visit,
        "alice",
        body(&csrf, "ada-main", SECRET, "accept"),
    )
    .await;
    assert_eq!(done.status, StatusCode::OK);
    let alice = Principal::user("alice");
    let closed = setup
        .web
        .close::<Connect>(visit, "connect", &binding("alice"), &alice)
        .await
        .unwrap();
    let Some(Elicitation::Accept(connect)) = closed else {
        panic!("the submitted answer: {closed:?}");
    };
    assert_eq!(
        (connect.account.as_str(), connect.api_key.expose()),
        ("ada-main", SECRET)
    );
    assert!(matches!(
        setup
            .web
            .close::<Connect>(visit, "connect", &binding("alice"), &alice)
            .await,
        Err(WebError::Store(StoreError::AlreadyTaken))
    ));
}

#[tokio::test]
async fn only_the_flow_of_a_visit_closes_it() {
    let setup = setup();
    let visit = visit_for(&setup, "alice").await;
    for (binding, user) in [
        (binding("mallory"), "mallory"),
        (binding("alice"), "mallory"),
        (
            Binding::tool("other_tool", None).bound_to(&Principal::user("alice")),
            "alice",
        ),
    ] {
        assert!(matches!(
            setup
                .web
                .close::<Connect>(visit, "connect", &binding, &Principal::user(user))
                .await,
            Err(WebError::Mismatch)
        ));
    }
    assert_eq!(
        get(&setup, &visit.to_string(), Some("alice")).await.status,
        StatusCode::OK,
        "still open"
    );
}

#[tokio::test]
async fn a_post_over_the_size_limit_is_refused() {
    let setup = setup_with(Limits::DEFAULT.max_bytes(512), None);
    let (visit, csrf) = opened_by(&setup, "alice").await;
    let huge = "x".repeat(4096);
    let refused = post(&setup, visit, "alice", body(&csrf, &huge, SECRET, "accept")).await;
    assert_refused(
        &refused,
        StatusCode::PAYLOAD_TOO_LARGE,
        "larger than the form takes",
    );
    assert_eq!(setup.store.stored_answer(visit), None);
    // Under the limit, it goes through.
    let done = post(
        &setup,
        visit,
        "alice",
        body(&csrf, "ada-main", SECRET, "accept"),
    )
    .await;
    assert_eq!(done.status, StatusCode::OK);
}

#[tokio::test]
async fn markup_and_bidi_controls_render_inert() {
    let setup = setup();
    let visit = visit_for(&setup, "alice").await;
    let page = get(&setup, &visit.to_string(), Some("alice")).await;
    assert!(!page.body.contains("<script"), "{}", page.body);
    assert!(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!page.body.contains("<img"));
    assert!(
        page.body
            .contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;")
    );
    assert!(!page.body.contains('\u{202e}'));
    assert!(page.body.contains(r"\u{202e}"));
    assert!(!page.body.contains(r#"href="javascript:"#));

    // An answer holding markup comes back escaped on the error page.
    let csrf = csrf_of(&page);
    let hostile =
        "\"><img src=x onerror=alert(1)><script>alert(2)</script>javascript:alert(3)\u{202e}";
    let again = post(
        &setup,
        visit,
        "alice",
        body(&csrf, hostile, "short", "accept"),
    )
    .await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    let parsed = scraper::Html::parse_document(&again.body);
    let scripts = scraper::Selector::parse("script, img, [onerror]").unwrap();
    assert_eq!(parsed.select(&scripts).count(), 0, "{}", again.body);
    let account = scraper::Selector::parse(r#"input[name="account"]"#).unwrap();
    let input = parsed.select(&account).next().unwrap();
    assert_eq!(
        input.value().attr("value"),
        Some(hostile),
        "kept as typed, as a value"
    );
}

/// A NUL or a terminal escape typed on the page, in a text field or the
/// secret one, is the field's error (422), as every route reads answers
/// by the same rules: the visit stays unanswered, and nothing reaches the
/// tool.
#[tokio::test]
async fn control_characters_typed_on_the_page_are_the_fields_error() {
    let setup = setup();
    let (visit, csrf) = opened_by(&setup, "alice").await;
    for (account, api_key, field) in [
        ("ada\u{0}main", SECRET, "Account"),
        ("ada-main\u{1b}[2J", SECRET, "Account"),
        ("ada-main", "sk-live\u{1b}]0;pwned\u{7}", "API key"),
    ] {
        let again = post(
            &setup,
            visit,
            "alice",
            body(&csrf, account, api_key, "accept"),
        )
        .await;
        assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY, "{field}");
        assert!(again.body.contains("control character"), "{}", again.body);
        assert!(again.body.contains(field), "{}", again.body);
        assert!(!again.body.contains(SECRET));
        let state = setup.web.store().load(visit).await.unwrap().state();
        assert_eq!(state, VisitState::Pending, "nothing reached the tool");
    }
}

#[tokio::test]
async fn the_secret_is_in_no_page_and_no_debug() {
    let setup = setup();
    let (visit, csrf) = opened_by(&setup, "alice").await;
    // Invalid (account too short), with the secret: the error page has no secret.
    let again = post(&setup, visit, "alice", body(&csrf, "ab", SECRET, "accept")).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!again.body.contains(SECRET));
    // Refused posts holding it.
    for refused in [
        post(
            &setup,
            visit,
            "bob",
            body(&csrf, "ada-main", SECRET, "accept"),
        )
        .await,
        post(
            &setup,
            visit,
            "alice",
            body("forged", "ada-main", SECRET, "accept"),
        )
        .await,
        post(
            &setup,
            visit,
            "alice",
            body(&csrf, "ada-main", SECRET, "explode"),
        )
        .await,
    ] {
        assert!(!refused.body.contains(SECRET));
        assert!(!refused.body.contains("<form"));
    }
    let done = post(
        &setup,
        visit,
        "alice",
        body(&csrf, "ada-main", SECRET, "accept"),
    )
    .await;
    assert!(!done.body.contains(SECRET));
    assert!(!format!("{:?}", setup.web).contains(SECRET));
    assert!(!format!("{:?}", setup.store).contains(SECRET));
    let answer = setup
        .web
        .answer::<Connect>(
            visit,
            "connect",
            &binding("alice"),
            &Principal::user("alice"),
        )
        .await;
    assert!(!format!("{answer:?}").contains(SECRET));
}

#[tokio::test]
async fn the_stylesheet_is_served() {
    let setup = setup();
    let request = Request::get(elicit_runtime::html::STYLESHEET_PATH)
        .body(Body::empty())
        .unwrap();
    let sheet = call(&setup.app, request).await;
    assert_eq!(sheet.status, StatusCode::OK);
    assert_eq!(sheet.body, elicit_runtime::html::STYLESHEET);
}

mod flow {
    //! `Flow::web_form` on 2026-07-28: the input-required URL request to a
    //! fresh visit, the page, and the retry reading the typed answer.

    use super::*;
    use elicit_runtime::flow::{AskError, ClientSupport, Flow, Stop};
    use elicit_runtime::protocol::{
        ElicitResult, ElicitationCapability, InputRequiredResult, InputResponses, RetryParams,
        Revision,
    };
    use elicit_web::WEB_FORM_ASKS;
    use elicit_web::store::{Created, SealedAnswer, StoreFuture, Visit, Waited};

    fn keys() -> StateKeys {
        StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE)
    }

    /// The flow of `connect_account` for `user`, of a client with form and
    /// URL mode, continuing `retry`.
    fn open_as(keys: &StateKeys, user: &str, retry: &RetryParams) -> Result<Flow, Stop> {
        let support = ClientSupport::elicitation(ElicitationCapability::form_and_url());
        let binding = Binding::tool("connect_account", None);
        let principal = Principal::user(user);
        Ok(Flow::open(
            keys,
            binding,
            &principal,
            Revision::LATEST,
            support,
            retry,
        )?)
    }

    /// The tool: connects an account from a hosted form.
    async fn connect(
        setup: &Setup,
        keys: &StateKeys,
        user: &str,
        retry: &RetryParams,
    ) -> Result<Elicitation<Connect>, Stop> {
        let mut flow = open_as(keys, user, retry)?;
        flow.web_form::<Connect>(&setup.web, "connect", "Connect your account")
            .await
    }

    /// The URL request under `key`, and its visit.
    fn asked(result: &InputRequiredResult, key: &str) -> (String, VisitId) {
        let request = result.input_requests.get(key).expect("asked under the key");
        let url = request
            .as_elicitation()
            .unwrap()
            .as_url()
            .unwrap()
            .url
            .clone();
        let visit = url
            .strip_prefix("https://forms.example.com/forms/")
            .unwrap();
        (url.clone(), VisitId::parse(visit).unwrap())
    }

    fn consented(key: &str, state: &InputRequiredResult) -> RetryParams {
        RetryParams::new(
            InputResponses::new().with(key, &ElicitResult::accept_url()),
            state.request_state.clone(),
        )
    }

    #[tokio::test]
    async fn the_retry_after_the_visit_reads_the_typed_answer() {
        let setup = setup();
        let keys = keys();
        let Err(Stop::InputRequired(first)) =
            connect(&setup, &keys, "alice", &RetryParams::default()).await
        else {
            panic!("the first call asks");
        };
        let (url, visit) = asked(&first, "connect");
        assert!(!url.contains("alice"), "no personal data in the URL");

        // The user opens the page, fails once, then submits.
        let page = get(&setup, &visit.to_string(), Some("alice")).await;
        let csrf = csrf_of(&page);
        let again = post(&setup, visit, "alice", body(&csrf, "ab", SECRET, "accept")).await;
        assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(again.body.contains("at least 3"), "{}", again.body);
        let done = post(
            &setup,
            visit,
            "alice",
            body(&csrf, "ada-main", SECRET, "accept"),
        )
        .await;
        assert_eq!(done.status, StatusCode::OK);

        let answer = connect(&setup, &keys, "alice", &consented("connect", &first))
            .await
            .unwrap();
        let Elicitation::Accept(connect) = answer else {
            panic!("accepted")
        };
        assert_eq!(
            (connect.account.as_str(), connect.api_key.expose()),
            ("ada-main", SECRET)
        );
    }

    #[tokio::test]
    async fn a_retry_before_the_visit_asks_again_then_declines() {
        let setup = setup();
        let keys = keys();
        let Err(Stop::InputRequired(mut state)) =
            connect(&setup, &keys, "alice", &RetryParams::default()).await
        else {
            panic!("the first call asks");
        };
        let (_, visit) = asked(&state, "connect");
        let mut key = "connect".to_owned();
        for ask in 1..WEB_FORM_ASKS {
            // Between rounds the page stays open, whatever ran meanwhile.
            tokio::time::sleep(Duration::from_millis(20)).await;
            let page = get(&setup, &visit.to_string(), Some("alice")).await;
            assert_eq!(page.status, StatusCode::OK, "open between rounds");
            let Err(Stop::InputRequired(next)) =
                connect(&setup, &keys, "alice", &consented(&key, &state)).await
            else {
                panic!("asked again");
            };
            key = format!("connect.{ask}");
            assert_eq!(asked(&next, &key).1, visit, "the same visit");
            state = next;
        }
        let last = consented(&key, &state);
        let answer = connect(&setup, &keys, "alice", &last).await.unwrap();
        assert!(matches!(answer, Elicitation::Decline));
        // Given up on: the page is closed, and the same retry reads the same.
        let page = get(&setup, &visit.to_string(), Some("alice")).await;
        assert_eq!(page.status, StatusCode::GONE);
        assert!(page.body.contains("no longer open"), "{}", page.body);
        let again = connect(&setup, &keys, "alice", &last).await.unwrap();
        assert!(matches!(again, Elicitation::Decline));
    }

    #[tokio::test]
    async fn the_state_of_one_user_reads_nothing_for_another() {
        let setup = setup();
        let keys = keys();
        let Err(Stop::InputRequired(first)) =
            connect(&setup, &keys, "alice", &RetryParams::default()).await
        else {
            panic!("the first call asks");
        };
        let (_, visit) = asked(&first, "connect");
        let csrf = csrf_of(&get(&setup, &visit.to_string(), Some("alice")).await);
        post(
            &setup,
            visit,
            "alice",
            body(&csrf, "ada-main", SECRET, "accept"),
        )
        .await;
        // Bob replays Alice's state: refused, and the answer stays for Alice.
        let bob = connect(&setup, &keys, "bob", &consented("connect", &first)).await;
        assert!(matches!(bob, Err(Stop::Refused(_))), "{bob:?}");
        let alice = connect(&setup, &keys, "alice", &consented("connect", &first))
            .await
            .unwrap();
        assert!(matches!(alice, Elicitation::Accept(_)));
    }

    /// Confirm the connection
    #[derive(Debug, Elicitable)]
    struct Confirm {
        ok: bool,
    }

    /// The bytes of the flow's key: known, so that the test opens the
    /// sealed state by hand.
    const FLOW_KEY: [u8; 32] = [
        0x3d, 0x91, 0x0e, 0x6a, 0xc7, 0x52, 0xb8, 0x14, 0xf3, 0x29, 0x8e, 0x47, 0xd0, 0x65, 0x1b,
        0xa2, 0x7c, 0xe9, 0x30, 0x5f, 0x86, 0x0b, 0xd4, 0x73, 0x1a, 0xbe, 0x42, 0xf8, 0x97, 0x2d,
        0x61, 0xc5,
    ];

    /// A two-step tool, written as `Flow::web_form` says for a form with a
    /// secret: the hosted form, whose key it uses in the round that reads
    /// the page (it puts it in `vault`), carrying the account for the
    /// rounds after; then a confirmation in form mode.
    async fn connect_then_confirm(
        setup: &Setup,
        keys: &StateKeys,
        retry: &RetryParams,
        vault: &std::sync::Mutex<Vec<String>>,
    ) -> Result<(String, bool), Stop> {
        let mut flow = open_as(keys, "alice", retry)?;
        let account: String = match flow.carried("account")? {
            Some(account) => account,
            None => {
                let Elicitation::Accept(connect) = flow
                    .web_form::<Connect>(&setup.web, "connect", "Connect your account")
                    .await?
                else {
                    return Ok((String::new(), false));
                };
                vault
                    .lock()
                    .unwrap()
                    .push(connect.api_key.expose().to_owned());
                flow.carry("account", &connect.account)?;
                connect.account
            }
        };
        let ok = matches!(
            flow.form::<Confirm>("confirm", "Connect it?")?,
            Elicitation::Accept(Confirm { ok: true })
        );
        Ok((account, ok))
    }

    /// The secret typed on the page reaches the tool in the round that
    /// reads the page, and no sealed state: the next round's state, opened
    /// by hand with the keys, holds the account but not one byte of the
    /// key. A later round that asks the form again is told the secret was
    /// not kept; the tool that carried what it needed completes.
    #[tokio::test]
    async fn a_secret_reaches_its_round_and_no_sealed_state() {
        let setup = setup();
        let keys = StateKeys::new(StateKey::from_bytes(FLOW_KEY).unwrap(), Deployment::SINGLE);
        let vault = std::sync::Mutex::new(Vec::new());
        let Err(Stop::InputRequired(first)) =
            connect_then_confirm(&setup, &keys, &RetryParams::default(), &vault).await
        else {
            panic!("the first call asks");
        };
        let (_, visit) = asked(&first, "connect");
        let csrf = csrf_of(&get(&setup, &visit.to_string(), Some("alice")).await);
        let done = post(
            &setup,
            visit,
            "alice",
            body(&csrf, "ada-main", SECRET, "accept"),
        )
        .await;
        assert_eq!(done.status, StatusCode::OK);

        // The retry takes the page's answer, uses the key, and asks the
        // confirmation.
        let Err(Stop::InputRequired(second)) =
            connect_then_confirm(&setup, &keys, &consented("connect", &first), &vault).await
        else {
            panic!("the confirmation is asked");
        };
        assert_eq!(*vault.lock().unwrap(), [SECRET]);
        assert!(second.input_requests.get("confirm").is_some());
        assert!(second.input_requests.get("connect").is_none());
        let state = second.request_state.clone().unwrap();
        let opened = raw_token::open(&FLOW_KEY, raw_token::FLOW, &state);
        let holds = |needle: &[u8]| opened.payload().windows(needle.len()).any(|w| w == needle);
        let count = |needle: &[u8]| {
            let payload = opened.payload();
            payload
                .windows(needle.len())
                .filter(|w| *w == needle)
                .count()
        };
        assert_eq!(
            count(b"ada-main"),
            1,
            "the account is kept once, in the clear inside, as the tool carried it: of the \
             page's answer only the button, as no later round reads its fields"
        );
        assert!(!holds(SECRET.as_bytes()), "the key is in no sealed state");
        assert!(!holds(&SECRET.as_bytes()[..8]), "nor any part of it");
        // The store gave its answer once; the state keeps it, without the key.
        assert!(matches!(
            setup
                .web
                .answer::<Connect>(
                    visit,
                    "connect",
                    &binding("alice"),
                    &Principal::user("alice")
                )
                .await,
            Err(WebError::Store(StoreError::AlreadyTaken))
        ));

        let yes = serde_json::json!({ "ok": true })
            .as_object()
            .unwrap()
            .clone();
        let retry = RetryParams::new(
            InputResponses::new().with("confirm", &ElicitResult::accept(yes)),
            second.request_state.clone(),
        );
        let (account, ok) = connect_then_confirm(&setup, &keys, &retry, &vault)
            .await
            .unwrap();
        assert_eq!((account.as_str(), ok), ("ada-main", true));
        assert_eq!(vault.lock().unwrap().len(), 1, "the key was given once");

        // A later round that asks the form with the secret again: the
        // secret is kept nowhere, and the error says how to write the tool.
        let mut flow = open_as(&keys, "alice", &retry).unwrap();
        let again = flow
            .web_form::<Connect>(&setup.web, "connect", "Connect your account")
            .await;
        let Err(Stop::Failed(AskError::Web(error))) = again else {
            panic!("{again:?}");
        };
        assert!(
            matches!(error.downcast_ref(), Some(WebError::SecretNotKept { key }) if key == "connect"),
            "{error:?}"
        );
        assert!(error.to_string().contains("`Flow::carry`"), "{error}");
    }

    #[tokio::test]
    async fn a_kept_answer_to_another_message_asks_afresh_on_a_new_visit() {
        let setup = setup();
        let keys = keys();
        let open = |retry: &RetryParams| open_as(&keys, "alice", retry).unwrap();
        // The hosted form, then a confirmation: the answer is kept.
        let mut flow = open(&RetryParams::default());
        let Err(Stop::InputRequired(first)) = flow
            .web_form::<Connect>(&setup.web, "connect", "Connect your account")
            .await
        else {
            panic!("the first call asks");
        };
        let (_, visit) = asked(&first, "connect");
        let csrf = csrf_of(&get(&setup, &visit.to_string(), Some("alice")).await);
        post(
            &setup,
            visit,
            "alice",
            body(&csrf, "ada-main", SECRET, "accept"),
        )
        .await;
        let mut flow = open(&consented("connect", &first));
        let answer = flow
            .web_form::<Connect>(&setup.web, "connect", "Connect your account")
            .await
            .unwrap();
        assert!(matches!(answer, Elicitation::Accept(_)));
        let Err(Stop::InputRequired(second)) = flow.form::<Confirm>("confirm", "Connect it?")
        else {
            panic!("the confirmation is asked");
        };

        // The next round asks with another message: the kept answer
        // answers another question, so the form is asked on a new visit.
        let mut flow = open(&RetryParams::new(
            InputResponses::new(),
            second.request_state.clone(),
        ));
        let Err(Stop::InputRequired(third)) = flow
            .web_form::<Connect>(&setup.web, "connect", "Connect your other account")
            .await
        else {
            panic!("asked afresh");
        };
        let (_, fresh) = asked(&third, "connect");
        assert_ne!(fresh, visit);
    }

    /// A user who opens pages without end reaches their share of the
    /// store: their next call fails with the store's words (what to do),
    /// and another user's call asks as ever.
    #[tokio::test]
    async fn a_user_at_their_share_is_told_and_others_go_on() {
        let limits = elicit_web::store::StoreLimits::DEFAULT.with_max_visits_per_user(2);
        let memory = Arc::new(MemoryStore::new(100).with_limits(limits));
        let keys = keys();
        let setup = setup_over(memory.clone(), memory, keys.clone(), Limits::DEFAULT, None);
        for _ in 0..2 {
            let asked = connect(&setup, &keys, "mallory", &RetryParams::default()).await;
            assert!(matches!(asked, Err(Stop::InputRequired(_))), "{asked:?}");
        }
        let refused = connect(&setup, &keys, "mallory", &RetryParams::default()).await;
        let Err(Stop::Failed(error)) = refused else {
            panic!("refused: {refused:?}");
        };
        let said = error.to_string();
        assert!(
            said.contains("you already have 2 forms open")
                && said.contains("answer or decline one of them"),
            "{said}"
        );
        let alice = connect(&setup, &keys, "alice", &RetryParams::default()).await;
        assert!(matches!(alice, Err(Stop::InputRequired(_))), "{alice:?}");
    }

    #[tokio::test]
    async fn declining_to_open_the_page_declines() {
        let setup = setup();
        let keys = keys();
        let Err(Stop::InputRequired(first)) =
            connect(&setup, &keys, "alice", &RetryParams::default()).await
        else {
            panic!("the first call asks");
        };
        let retry = RetryParams::new(
            InputResponses::new().with("connect", &ElicitResult::decline()),
            first.request_state.clone(),
        );
        let answer = connect(&setup, &keys, "alice", &retry).await.unwrap();
        assert!(matches!(answer, Elicitation::Decline));
        let (_, visit) = asked(&first, "connect");
        let page = get(&setup, &visit.to_string(), Some("alice")).await;
        assert_eq!(page.status, StatusCode::GONE, "the declined page is closed");
    }

    #[tokio::test]
    async fn a_client_without_url_mode_is_refused_before_any_visit() {
        let setup = setup();
        let support = ClientSupport::elicitation(ElicitationCapability::form_only());
        let binding = Binding::tool("connect_account", None);
        let alice = Principal::user("alice");
        let retry = RetryParams::default();
        let mut flow =
            Flow::open(&keys(), binding, &alice, Revision::LATEST, support, &retry).unwrap();
        let refused = flow
            .web_form::<Connect>(&setup.web, "connect", "Connect your account")
            .await;
        assert!(matches!(refused, Err(Stop::Unsupported(_))), "{refused:?}");
        assert!(setup.store.is_empty(), "no visit was made");
    }

    /// The store in memory, staged: a page's submission slipped in just
    /// after the flow last found the visit unanswered, or a close that
    /// fails as an unreachable backend would.
    struct Staged {
        memory: Arc<MemoryStore>,
        submitted_after_take: std::sync::Mutex<Option<SealedAnswer>>,
        close_fails: bool,
    }

    impl VisitStore for Staged {
        fn create(&self, visit: NewVisit) -> StoreFuture<'_, Created> {
            self.memory.create(visit)
        }

        fn load(&self, id: VisitId) -> StoreFuture<'_, Visit> {
            self.memory.load(id)
        }

        fn complete(&self, id: VisitId, answer: SealedAnswer) -> StoreFuture<'_, ()> {
            self.memory.complete(id, answer)
        }

        fn take(&self, id: VisitId) -> StoreFuture<'_, SealedAnswer> {
            Box::pin(async move {
                let taken = self.memory.take(id).await;
                let late = self.submitted_after_take.lock().unwrap().take();
                if let (Err(StoreError::NotCompleted), Some(late)) = (&taken, late) {
                    self.memory.complete(id, late).await.unwrap();
                }
                taken
            })
        }

        fn wait(&self, id: VisitId, timeout: Duration) -> StoreFuture<'_, Waited> {
            self.memory.wait(id, timeout)
        }

        fn close(&self, id: VisitId) -> StoreFuture<'_, ()> {
            match self.close_fails {
                true => Box::pin(async { Err(StoreError::Backend("connection refused".into())) }),
                false => self.memory.close(id),
            }
        }
    }

    fn staged(close_fails: bool) -> (Setup, Arc<Staged>, StateKeys) {
        let memory = Arc::new(MemoryStore::new(100));
        let staged = Arc::new(Staged {
            memory: memory.clone(),
            submitted_after_take: std::sync::Mutex::new(None),
            close_fails,
        });
        let keys = keys();
        let setup = setup_over(memory, staged.clone(), keys.clone(), Limits::DEFAULT, None);
        (setup, staged, keys)
    }

    /// The user declines to open the page, having submitted it all the
    /// same as the flow gives up on it: the answer is read, not lost.
    #[tokio::test]
    async fn a_page_submitted_as_the_flow_gives_up_is_read() {
        let (setup, staged, keys) = staged(false);
        let Err(Stop::InputRequired(first)) =
            connect(&setup, &keys, "alice", &RetryParams::default()).await
        else {
            panic!("the first call asks");
        };
        let (_, visit) = asked(&first, "connect");
        let answered = serde_json::json!({
            "action": "accept",
            "content": { "account": "ada-main", "api_key": SECRET },
        });
        let alice = Principal::user("alice");
        let late = SealedAnswer::seal(&keys, visit, &alice, &answered).unwrap();
        *staged.submitted_after_take.lock().unwrap() = Some(late);
        let retry = RetryParams::new(
            InputResponses::new().with("connect", &ElicitResult::decline()),
            first.request_state.clone(),
        );
        let answer = connect(&setup, &keys, "alice", &retry).await.unwrap();
        let Elicitation::Accept(connect) = answer else {
            panic!("the late answer: {answer:?}");
        };
        assert_eq!(connect.account, "ada-main");
    }

    /// A store that cannot close the visit does not fail the flow that
    /// gives up: it declines, and the page waits out its time.
    #[tokio::test]
    async fn a_store_that_cannot_close_leaves_the_decline_as_it_is() {
        let (setup, _, keys) = staged(true);
        let Err(Stop::InputRequired(first)) =
            connect(&setup, &keys, "alice", &RetryParams::default()).await
        else {
            panic!("the first call asks");
        };
        let retry = RetryParams::new(
            InputResponses::new().with("connect", &ElicitResult::decline()),
            first.request_state.clone(),
        );
        let answer = connect(&setup, &keys, "alice", &retry).await.unwrap();
        assert!(matches!(answer, Elicitation::Decline), "{answer:?}");
        let (_, visit) = asked(&first, "connect");
        let page = get(&setup, &visit.to_string(), Some("alice")).await;
        assert_eq!(page.status, StatusCode::OK, "not closed");
    }

    /// A tool that asks a confirmation after the hosted form, whatever its
    /// answer.
    async fn connect_then_name(
        web: &WebForms,
        keys: &StateKeys,
        retry: &RetryParams,
    ) -> Result<(bool, String), Stop> {
        connect_as_then_name(web, keys, retry, "Connect your account").await
    }

    /// [`connect_then_name`], the hosted form asked with `message`.
    async fn connect_as_then_name(
        web: &WebForms,
        keys: &StateKeys,
        retry: &RetryParams,
        message: &str,
    ) -> Result<(bool, String), Stop> {
        let mut flow = open_as(keys, "alice", retry)?;
        let connected = flow.web_form::<Connect>(web, "connect", message).await?;
        let name = match flow.form::<Confirm>("confirm", "Go on without it?")? {
            Elicitation::Accept(confirm) => confirm.ok.to_string(),
            _ => String::new(),
        };
        Ok((matches!(connected, Elicitation::Accept(_)), name))
    }

    #[tokio::test]
    async fn a_closed_page_is_kept_in_the_state_until_its_question_changes() {
        let setup = setup();
        let keys = keys();
        let Err(Stop::InputRequired(first)) =
            connect_then_name(&setup.web, &keys, &RetryParams::default()).await
        else {
            panic!("the first call asks");
        };
        let retry = RetryParams::new(
            InputResponses::new().with("connect", &ElicitResult::decline()),
            first.request_state.clone(),
        );
        let Err(Stop::InputRequired(second)) = connect_then_name(&setup.web, &keys, &retry).await
        else {
            panic!("the confirmation is asked");
        };
        // The last round reaches a replica whose store never saw the visit:
        // the closed page is carried in the state.
        let elsewhere = setup_with(Limits::DEFAULT, None);
        let yes = serde_json::json!({ "ok": true })
            .as_object()
            .unwrap()
            .clone();
        let retry = RetryParams::new(
            InputResponses::new().with("confirm", &ElicitResult::accept(yes)),
            second.request_state.clone(),
        );
        let done = connect_then_name(&elsewhere.web, &keys, &retry)
            .await
            .unwrap();
        assert_eq!(done, (false, "true".to_owned()));

        // The hosted form's message changed since it was given up on: it is
        // another question, asked afresh on a new visit.
        let changed = "Connect your work account";
        let Err(Stop::InputRequired(third)) =
            connect_as_then_name(&setup.web, &keys, &retry, changed).await
        else {
            panic!("asked afresh");
        };
        let (_, closed) = asked(&first, "connect");
        let (_, fresh) = asked(&third, "connect");
        assert_ne!(fresh, closed);
        let page = get(&setup, &fresh.to_string(), Some("alice")).await;
        assert_eq!(page.status, StatusCode::OK, "the new page is open");
    }
}

mod prefer {
    //! `Flow::form_or_page`: a form without secrets goes to the client's
    //! form as before, unless the author prefers the page or the client
    //! has URL mode only.

    use super::*;
    use elicit_runtime::flow::{ClientSupport, Flow, Stop};
    use elicit_runtime::protocol::{ElicitationCapability, RetryParams, Revision};
    use elicit_web::Prefer;

    /// Your name
    #[derive(Debug, Elicitable)]
    struct Name {
        #[allow(dead_code, reason = "only the request is looked at")]
        name: String,
    }

    async fn mode_of(capability: ElicitationCapability, prefer: Prefer) -> String {
        let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
        let store = MemoryStore::new(10);
        let web = WebForms::new(
            store,
            keys.clone(),
            "https://forms.example.com",
            |_: &http::request::Parts| None,
        )
        .unwrap()
        .form::<Name>("name");
        let mut flow = Flow::open(
            &keys,
            Binding::tool("greet", None),
            &Principal::user("alice"),
            Revision::LATEST,
            ClientSupport::elicitation(capability),
            &RetryParams::default(),
        )
        .unwrap();
        let Err(Stop::InputRequired(asked)) = flow
            .form_or_page::<Name>(&web, "name", "Your name?", prefer)
            .await
        else {
            panic!("asked");
        };
        let request = asked
            .input_requests
            .get("name")
            .unwrap()
            .as_elicitation()
            .unwrap();
        match request.as_url() {
            Some(url) => {
                assert!(url.url.starts_with("https://forms.example.com/forms/"));
                "url".into()
            }
            None => "form".into(),
        }
    }

    #[tokio::test]
    async fn the_client_form_unless_the_page_is_preferred_or_the_only_way() {
        assert_eq!(
            mode_of(ElicitationCapability::form_and_url(), Prefer::Form).await,
            "form"
        );
        assert_eq!(
            mode_of(ElicitationCapability::form_and_url(), Prefer::Page).await,
            "url"
        );
        assert_eq!(
            mode_of(ElicitationCapability::form_only(), Prefer::Page).await,
            "form"
        );
        assert_eq!(
            mode_of(ElicitationCapability::url_only(), Prefer::Form).await,
            "url"
        );
    }
}
