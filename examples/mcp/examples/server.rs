//! An MCP server, built on rmcp, whose tools elicit through derived forms.
//!
//! ```sh
//! cargo run -p elicit-mcp --example server                             # stdio
//! cargo run -p elicit-mcp --example server -- --listen 127.0.0.1:8000  # Streamable HTTP at http://127.0.0.1:8000/mcp
//! ```
//!
//! Over HTTP it listens on loopback addresses only (it has no
//! authentication); port `0` picks a free port. Accepted sockets get
//! `TCP_NODELAY` (`support/listener.rs`), without which each round of a
//! keep-alive client waits about 40 ms. The first line it prints is
//! `listening on http://ADDRESS/mcp`.
//!
//! On 2026-07-28 its tools keep what they learn between rounds in a sealed
//! `requestState`, with the keys in `ELICIT_STATE_KEYS` (base64, the current
//! key first) and the deployment's name in `ELICIT_STATE_CONTEXT`, required
//! with the keys: replicas given the same keys and name continue each
//! other's rounds, and a deployment of another name refuses them. Without
//! the keys it makes a key of its own, good for this process only (and its
//! deployment alone, `Deployment::SINGLE`).
//!
//! With `ELICIT_DEMO_USERS` (`name=token,...`) every HTTP request must carry
//! `Authorization: Bearer <token>` of one of those users, and each flow's
//! state is sealed for its user: another user's token cannot continue it.
//! Without it, the server's flows are for whoever reaches it (stdio, or
//! loopback), explicitly unbound.
//!
//! Over HTTP it also serves hosted form pages (`connect_account` asks an
//! API key there): `GET/POST /forms/{visit}`, and, with
//! `ELICIT_DEMO_USERS`, a browser sign-in at `GET/POST /login` (fields
//! `user` and `token`, refused from another site or without its page's
//! token, rate-limited; a `HttpOnly; SameSite=Lax` session cookie of 8
//! hours) and a sign-out at `POST /logout`, that the pages require; every
//! page names the server and the user signed in. The pages' public URL is
//! `ELICIT_PUBLIC_URL` (else `http://ADDRESS`; behind a proxy that serves
//! them under a path, that path included); with `ELICIT_REDIS_URL` the
//! visits wait in Redis, shared by replicas, else in memory.
//!
//! It logs on standard error through `tracing`, at `info` (rmcp's own at
//! `warn`) unless `RUST_LOG` says otherwise (`RUST_LOG=info,elicit=debug`
//! shows each round).

use std::net::SocketAddr;
use std::process::ExitCode;

use axum::serve::Listener as _;
use rmcp::ServiceExt;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use std::sync::Arc;

use axum::http;
use elicit_rmcp::RelatedStreams;
use elicit_runtime::state::{Deployment, KeyError, Principal, StateKey, StateKeys};
use elicit_web::WebForms;
use elicit_web::store::{MemoryStore, RedisStore, VisitStore};

use elicit_mcp::ExampleServer;
use elicit_mcp::account::{self, ConnectAccount};
use elicit_mcp::browser_login::Sessions;
use elicit_mcp::login::{self, Users};

#[path = "support/listener.rs"]
mod listener;

const USAGE: &str = "usage: server [--listen 127.0.0.1:PORT]";

/// Where the server talks to its client.
enum Transport {
    Stdio,
    Http(SocketAddr),
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Transport, String> {
    let Some(flag) = args.next() else {
        return Ok(Transport::Stdio);
    };
    if flag != "--listen" {
        return Err(format!("unknown argument `{flag}`: {USAGE}"));
    }
    let address = args
        .next()
        .ok_or_else(|| format!("`--listen` needs an address: {USAGE}"))?;
    let address: SocketAddr = address
        .parse()
        .map_err(|_| format!("`{address}` is not an address such as `127.0.0.1:8000`"))?;
    if !address.ip().is_loopback() {
        return Err(format!(
            "`{address}` is not a loopback address, and this server has no authentication: \
             listen on `127.0.0.1` or `[::1]`"
        ));
    }
    if let Some(extra) = args.next() {
        return Err(format!("unexpected argument `{extra}`: {USAGE}"));
    }
    Ok(Transport::Http(address))
}

/// The keys that seal request state: from `ELICIT_STATE_KEYS`, for the
/// deployment named in `ELICIT_STATE_CONTEXT`; else a fresh one for this
/// process, which no other deployment holds.
fn state_keys() -> Result<StateKeys, Box<dyn std::error::Error>> {
    match StateKeys::from_env() {
        Ok(keys) => Ok(keys),
        Err(KeyError::Missing { .. }) => {
            eprintln!(
                "note: `{}` is not set: request state is sealed with a key of this process \
                 only, so other replicas cannot continue its rounds",
                StateKeys::ENV
            );
            Ok(StateKeys::new(StateKey::generate()?, Deployment::SINGLE))
        }
        Err(error) => Err(error.into()),
    }
}

async fn serve_stdio(server: ExampleServer) -> Result<(), Box<dyn std::error::Error>> {
    let service = server.serve(rmcp::transport::stdio()).await?;
    service.waiting().await?;
    Ok(())
}

/// The variable of the forms' public URL (`https://…`, or `http` to a
/// loopback host); without it, `http://ADDRESS` of the listener.
const PUBLIC_URL_ENV: &str = "ELICIT_PUBLIC_URL";

/// The variable of the Redis URL the form visits wait in, shared by
/// replicas; without it, in this process's memory.
const REDIS_URL_ENV: &str = "ELICIT_REDIS_URL";

/// The hosted forms: their pages' URL, store and identity check, and the
/// name they give the server that asks, `name`.
async fn web_forms(
    keys: &StateKeys,
    public_url: &str,
    sessions: Option<&Sessions>,
    name: &str,
) -> Result<WebForms, Box<dyn std::error::Error>> {
    let store: Arc<dyn VisitStore> = match std::env::var(REDIS_URL_ENV) {
        Ok(url) => Arc::new(RedisStore::connect(&url).await?),
        Err(_) => Arc::new(MemoryStore::new(100_000)),
    };
    let web = match sessions {
        Some(sessions) => WebForms::new(store, keys.clone(), public_url, sessions.visitor())?
            .with_sign_in("/login")
            .with_sign_out("/logout"),
        // No users: the flows are unbound, and so are the pages' visitors.
        None => WebForms::new(
            store,
            keys.clone(),
            public_url,
            |_: &http::request::Parts| Some(Principal::UNBOUND),
        )?,
    };
    Ok(web
        .form::<ConnectAccount>(account::FORM_KEY)
        .with_server_name(name))
}

async fn serve_http(
    server: ExampleServer,
    address: SocketAddr,
) -> Result<(), Box<dyn std::error::Error>> {
    let listener = listener::bind(address).await?;
    let local = listener.local_addr()?;
    let public_url = std::env::var(PUBLIC_URL_ENV).unwrap_or_else(|_| format!("http://{local}"));
    let users = Users::from_env()?;
    let sessions = users.clone().map(Sessions::new);
    let name = rmcp::ServerHandler::get_info(&server).server_info.name;
    let web = web_forms(server.keys(), &public_url, sessions.as_ref(), &name).await?;
    let mut pages = web.router();
    if let Some(sessions) = &sessions {
        pages = pages.merge(sessions.router(&web));
    }
    let server = server.with_web(web);
    // Each request's stream also carries its related notifications: a
    // hosted form's completion goes to the tool call's own stream.
    let sessions_of_requests = RelatedStreams::new(LocalSessionManager::default());
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        sessions_of_requests.into(),
        StreamableHttpServerConfig::default(),
    );
    let mut mcp = axum::Router::new().nest_service("/mcp", service);
    match users {
        Some(users) => {
            mcp = mcp.layer(axum::middleware::from_fn_with_state(
                users,
                login::require_user,
            ));
        }
        None => eprintln!(
            "note: `{}` is not set: requests are not authenticated, and flows are for whoever \
             reaches this loopback address",
            login::USERS_ENV
        ),
    }
    let router = mcp.merge(pages);
    println!("listening on http://{local}/mcp");
    axum::serve(listener, router)
        .with_graceful_shutdown(async {
            // On Ctrl-C; if the signal cannot be watched, run until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await?;
    Ok(())
}

#[tokio::main]
async fn main() -> ExitCode {
    // What the flows say (invalid answers, refusals, fallbacks) on standard
    // error, at `info` (rmcp's own at `warn`: at `info` its spans and
    // session records add about a tenth to each request's instructions)
    // unless `RUST_LOG` says otherwise; rmcp writes each request whole at
    // `debug`, answers and states included.
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,rmcp=warn".into()),
        )
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .init();
    let transport = match parse(std::env::args().skip(1)) {
        Ok(transport) => transport,
        Err(usage) => {
            eprintln!("error: {usage}");
            return ExitCode::from(2);
        }
    };
    let served = match state_keys() {
        Ok(keys) => {
            let server = ExampleServer::new(keys);
            match transport {
                Transport::Stdio => serve_stdio(server).await,
                Transport::Http(address) => serve_http(server, address).await,
            }
        }
        Err(error) => Err(error),
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
