//! A complete MCP server whose tools ask the user, on every revision and
//! every client: copy it, change the forms, and serve.
//!
//! ```sh
//! cargo run -p elicit-mcp --example quickstart -- --listen 127.0.0.1:8000
//! ```
//!
//! Three tools, each a `#[tool]` taking an `Ask`: `book_table` (one form,
//! its fields checked), `plan_trip` (two rounds, the second asked with the
//! first answer) and `connect_account` (an API key, typed on this server's
//! own page and never seen by the client or the model). It serves
//! Streamable HTTP at `http://ADDRESS/mcp` and the form pages on the same
//! listener, on loopback only: it has no sign-in, so every call is the one
//! user's who started it. Its state is sealed with `ELICIT_STATE_KEYS` when
//! set (replicas that share it and the deployment's name in
//! `ELICIT_STATE_CONTEXT` continue each other's rounds), else with a key
//! made for this process. It logs on standard error (`RUST_LOG=info,elicit=debug`
//! shows each round; rmcp writes requests whole at `debug`, keep it at `info`).

use std::net::SocketAddr;

use axum::serve::ListenerExt;
use elicit_rmcp::{Ask, FlowTools, Flows, Halt, form_arguments, visit_arguments};
use elicit_runtime::state::{Deployment, KeyError, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation, Secret};
use elicit_web::{OneUser, WebForms, store::MemoryStore};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ServerHandler, tool, tool_handler, tool_router};

/// Please tell us about your reservation
#[derive(Elicitable)]
struct Booking {
    /// The day you would like to come
    #[elicit(format = "date")]
    date: String,
    /// How many people, yourself included
    #[elicit(minimum = 1, maximum = 12)]
    party_size: u8,
    /// Where we send the confirmation
    #[elicit(format = "email")]
    email: String,
    /// Allergies, a birthday, anything we should know
    #[elicit(max_length = 500)]
    notes: Option<String>,
}

/// Where would you like to go?
#[derive(Elicitable)]
struct Destination {
    #[elicit(min_length = 2, max_length = 80)]
    city: String,
}

/// When would you like to go?
#[derive(Elicitable)]
struct Dates {
    #[elicit(format = "date")]
    arrival: String,
    #[elicit(minimum = 1, maximum = 30)]
    nights: u8,
}

/// Connect your weather-service account
#[derive(Elicitable)]
struct ConnectAccount {
    #[elicit(min_length = 3, max_length = 40)]
    account: String,
    /// The API key from the service's settings page
    #[elicit(secret, title = "API key", min_length = 16)]
    api_key: Secret,
}

#[derive(Clone)]
struct Quickstart {
    tools: FlowTools<Quickstart>,
}

#[tool_router]
impl Quickstart {
    /// Books a table: asks the user for the date, the party and an email
    #[tool(input_schema = form_arguments::<Booking>())]
    async fn book_table(&self, mut ask: Ask) -> Result<String, Halt> {
        Ok(match ask.form::<Booking>(Booking::MESSAGE).await? {
            Elicitation::Accept(b) => {
                let notes = b.notes.map(|n| format!(" ({n})")).unwrap_or_default();
                let (seats, date) = (b.party_size, b.date);
                format!("booked {seats} seats on {date} for {}{notes}", b.email)
            }
            _ => "no table booked".to_owned(),
        })
    }

    /// Plans a trip: asks where, then when
    #[tool]
    async fn plan_trip(&self, mut ask: Ask) -> Result<String, Halt> {
        let Elicitation::Accept(to) = ask.form::<Destination>("Where to?").await? else {
            return Ok("no trip planned".to_owned());
        };
        let question = format!("When would you like to go to {}?", to.city);
        let Elicitation::Accept(dates) = ask.form::<Dates>(question).await? else {
            return Ok("no trip planned".to_owned());
        };
        Ok(format!(
            "{} nights in {} from {}",
            dates.nights, to.city, dates.arrival
        ))
    }

    /// Connects a weather-service account: asks for its API key on a page of this server
    #[tool(input_schema = visit_arguments())]
    async fn connect_account(&self, mut ask: Ask) -> Result<String, Halt> {
        let message = "Connect your weather-service account";
        Ok(match ask.web_form::<ConnectAccount>(message).await? {
            // A real server would store the key; this one says how long it was.
            Elicitation::Accept(c) => {
                let length = c.api_key.expose().chars().count();
                format!("connected {} with a key of {length} characters", c.account)
            }
            _ => "no account connected".to_owned(),
        })
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Quickstart {}

/// `ELICIT_STATE_KEYS` (and the deployment's name in `ELICIT_STATE_CONTEXT`)
/// when set, else a key of this process only.
fn state_keys() -> Result<StateKeys, Box<dyn std::error::Error>> {
    match StateKeys::from_env() {
        Err(KeyError::Missing { .. }) => {
            tracing::warn!("`ELICIT_STATE_KEYS` is not set: sealing with a key of this process");
            Ok(StateKeys::new(StateKey::generate()?, Deployment::SINGLE))
        }
        keys => Ok(keys?),
    }
}

/// `--listen 127.0.0.1:PORT` (port 0: a free one), loopback only.
fn address() -> Result<SocketAddr, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [flag, address] = args.as_slice() else {
        return Err("usage: quickstart --listen 127.0.0.1:PORT".to_owned());
    };
    let address: SocketAddr = address
        .parse()
        .map_err(|_| format!("`{address}` is no address"))?;
    if flag != "--listen" || !address.ip().is_loopback() {
        return Err("usage: quickstart --listen 127.0.0.1:PORT (loopback only)".to_owned());
    }
    Ok(address)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,rmcp=warn".into()),
        )
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .init();
    let address = address()?;
    let listener = tokio::net::TcpListener::bind(address).await?;
    let local = listener.local_addr()?;
    // Sockets without `TCP_NODELAY` hold the end of each response about 40 ms.
    let listener = listener.tap_io(|socket| drop(socket.set_nodelay(true)));
    let keys = state_keys()?;
    let store = MemoryStore::new(10_000);
    let pages = WebForms::new(store, keys.clone(), &format!("http://{local}"), OneUser)?
        .form::<ConnectAccount>(ConnectAccount::KEY);
    let flows = Flows::new(keys)
        .for_one_user()
        .with_web_forms(pages.clone());
    let server = Quickstart {
        tools: flows.tools(Quickstart::tool_router()),
    };
    let mcp = StreamableHttpService::new(
        move || Ok(server.clone()),
        LocalSessionManager::default().into(),
        StreamableHttpServerConfig::default(),
    );
    let app = axum::Router::new()
        .nest_service("/mcp", mcp)
        .merge(pages.router());
    println!("listening on http://{local}/mcp");
    axum::serve(listener, app).await?;
    Ok(())
}
