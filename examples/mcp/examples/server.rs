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
//! key first) and the deployment's context in `ELICIT_STATE_CONTEXT`:
//! replicas given the same keys and context continue each other's rounds.
//! Without the keys it makes a key of its own, good for this process only.
//!
//! With `ELICIT_DEMO_USERS` (`name=token,...`) every HTTP request must carry
//! `Authorization: Bearer <token>` of one of those users, and each flow's
//! state is sealed for its user: another user's token cannot continue it.
//! Without it, the server's flows are for whoever reaches it (stdio, or
//! loopback), explicitly unbound.

use std::net::SocketAddr;
use std::process::ExitCode;

use axum::serve::Listener as _;
use rmcp::ServiceExt;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use elicit_runtime::state::{KeyError, StateKey, StateKeys};

use elicit_mcp::ExampleServer;
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

/// The keys that seal request state: from `ELICIT_STATE_KEYS`, else a
/// fresh one for this process.
fn state_keys() -> Result<StateKeys, Box<dyn std::error::Error>> {
    match StateKeys::from_env() {
        Ok(keys) => Ok(keys),
        Err(KeyError::Missing { .. }) => {
            eprintln!(
                "note: `{}` is not set: request state is sealed with a key of this process \
                 only, so other replicas cannot continue its rounds",
                StateKeys::ENV
            );
            Ok(StateKeys::new(StateKey::generate()?))
        }
        Err(error) => Err(error.into()),
    }
}

async fn serve_stdio(server: ExampleServer) -> Result<(), Box<dyn std::error::Error>> {
    let service = server.serve(rmcp::transport::stdio()).await?;
    service.waiting().await?;
    Ok(())
}

async fn serve_http(
    server: ExampleServer,
    address: SocketAddr,
) -> Result<(), Box<dyn std::error::Error>> {
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        LocalSessionManager::default().into(),
        StreamableHttpServerConfig::default(),
    );
    let mut router = axum::Router::new().nest_service("/mcp", service);
    match Users::from_env()? {
        Some(users) => {
            router = router.layer(axum::middleware::from_fn_with_state(
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
    let listener = listener::bind(address).await?;
    println!("listening on http://{}/mcp", listener.local_addr()?);
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
