//! A scripted browser for the hosted form pages, in one process: it calls
//! the pages' router as a service, opens a visit's page and posts fields
//! from it with the page's CSRF token, as the user named in an `x-user`
//! header when given one.

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{self, StatusCode};
use tower::ServiceExt;

/// The header a test's visitor function reads the user from.
pub const USER_HEADER: &str = "x-user";

/// A request to the page of `url` (its path under `/forms/`), as `user`.
fn request(method: http::Method, url: &str, user: Option<&str>) -> http::request::Builder {
    let path = &url[url.find("/forms/").expect("a hosted page's link")..];
    let request = http::Request::builder().method(method).uri(path);
    match user {
        Some(user) => request.header(USER_HEADER, user),
        None => request,
    }
}

/// The page of `url` as `user` sees it: its status and its text.
async fn fetch(router: &Router, url: &str, user: Option<&str>) -> (StatusCode, String) {
    let request = request(http::Method::GET, url, user)
        .body(Body::empty())
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let page = to_bytes(response.into_body(), 1 << 20).await.unwrap();
    (status, String::from_utf8(page.to_vec()).unwrap())
}

/// Waits, five seconds at most, until the page of `url` tells `user` it
/// is no longer open: the flow that made it stopped waiting and closed it.
pub async fn assert_closed(router: &Router, url: &str, user: Option<&str>) {
    let mut seen = None;
    for _ in 0..500 {
        let (status, page) = fetch(router, url, user).await;
        if status == StatusCode::GONE && page.contains("no longer open") {
            return;
        }
        seen = Some(status);
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("the page is not closed: {seen:?}");
}

/// Opens the page of `url` as `user`: its status, and its CSRF token when
/// it is the form.
pub async fn open(router: &Router, url: &str, user: Option<&str>) -> (StatusCode, Option<String>) {
    let (status, page) = fetch(router, url, user).await;
    let marker = r#"name="elicit-csrf" value=""#;
    let csrf = page.find(marker).map(|at| {
        let start = at + marker.len();
        page[start..start + page[start..].find('"').unwrap()].to_owned()
    });
    (status, csrf)
}

/// Opens the page of `url` as `user` and accepts it with `fields` (a form
/// body, such as `name=Ada`): the status of the post.
pub async fn accept(router: &Router, url: &str, user: Option<&str>, fields: &str) -> StatusCode {
    let (status, csrf) = open(router, url, user).await;
    assert_eq!(status, StatusCode::OK, "the page opens");
    let csrf = csrf.expect("the page is the form");
    let request = request(http::Method::POST, url, user)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(format!(
            "elicit-csrf={csrf}&{fields}&elicit-action=accept"
        )))
        .unwrap();
    router.clone().oneshot(request).await.unwrap().status()
}
