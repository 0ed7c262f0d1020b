//! An MCP server, built on rmcp, whose tools elicit through derived forms.
//!
//! ```sh
//! cargo run --example server                             # stdio
//! cargo run --example server -- --listen 127.0.0.1:8000  # Streamable HTTP at http://127.0.0.1:8000/mcp
//! ```
//!
//! Over HTTP it listens on loopback addresses only (it has no
//! authentication); port `0` picks a free port. The first line it prints is
//! `listening on http://ADDRESS/mcp`.

#[path = "../forms/booking.rs"]
mod booking_form;
#[path = "../forms/conformance.rs"]
mod conformance_forms;
mod tools;

use std::net::SocketAddr;
use std::process::ExitCode;

use rmcp::ServiceExt;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use tools::ExampleServer;

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

async fn serve_stdio() -> Result<(), Box<dyn std::error::Error>> {
    let service = ExampleServer.serve(rmcp::transport::stdio()).await?;
    service.waiting().await?;
    Ok(())
}

async fn serve_http(address: SocketAddr) -> Result<(), Box<dyn std::error::Error>> {
    let service = StreamableHttpService::new(
        || Ok(ExampleServer),
        LocalSessionManager::default().into(),
        StreamableHttpServerConfig::default(),
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(address).await?;
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
    let served = match parse(std::env::args().skip(1)) {
        Ok(Transport::Stdio) => serve_stdio().await,
        Ok(Transport::Http(address)) => serve_http(address).await,
        Err(usage) => {
            eprintln!("error: {usage}");
            return ExitCode::from(2);
        }
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
