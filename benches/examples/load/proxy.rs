//! The round-robin proxy in front of two replicas: each request goes to
//! the next replica in turn, so consecutive rounds of one flow land on
//! different processes. It runs as a process of its own (`load proxy URL
//! URL`), so its CPU is not counted as the clients'.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// The replicas and whose turn it is.
struct Upstreams {
    urls: Vec<String>,
    next: AtomicUsize,
    http: reqwest::Client,
}

/// Serves the proxy on a free loopback port until killed; prints
/// `listening on URL` first.
pub async fn serve(urls: Vec<String>) -> std::io::Result<()> {
    let upstreams = Arc::new(Upstreams {
        urls,
        next: AtomicUsize::new(0),
        http: reqwest::Client::new(),
    });
    let router = axum::Router::new()
        .route("/mcp", axum::routing::post(forward))
        .with_state(upstreams);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    println!("listening on http://{}/mcp", listener.local_addr()?);
    let listener = axum::serve::ListenerExt::tap_io(listener, |socket| {
        let _ = socket.set_nodelay(true);
    });
    axum::serve(listener, router).await
}

/// Sends the request on to the next replica and its response back; a
/// replica that does not answer is a 502 naming it.
async fn forward(State(up): State<Arc<Upstreams>>, headers: HeaderMap, body: Bytes) -> Response {
    let url = &up.urls[up.next.fetch_add(1, Ordering::Relaxed) % up.urls.len()];
    let mut request = up.http.post(url).body(body);
    for (name, value) in &headers {
        if name != header::HOST && name != header::CONTENT_LENGTH {
            request = request.header(name, value);
        }
    }
    let response = match request.send().await {
        Ok(response) => response,
        Err(error) => return bad_gateway(url, &error),
    };
    let status = response.status();
    let content_type = response.headers().get(header::CONTENT_TYPE).cloned();
    match response.bytes().await {
        Ok(bytes) => {
            let mut out = (status, bytes).into_response();
            if let Some(content_type) = content_type {
                out.headers_mut().insert(header::CONTENT_TYPE, content_type);
            }
            out
        }
        Err(error) => bad_gateway(url, &error),
    }
}

fn bad_gateway(url: &str, error: &reqwest::Error) -> Response {
    (
        StatusCode::BAD_GATEWAY,
        format!("the replica at {url} did not answer: {error}"),
    )
        .into_response()
}
