//! An MCP client, built on rmcp, that answers the server's elicitation
//! requests in an interactive terminal form, on every revision.
//!
//! ```sh
//! cargo run -p elicit-mcp --example client                       # starts the example server over stdio, books a table
//! cargo run -p elicit-mcp --example client -- --call plan_trip   # two rounds at 2026-07-28
//! cargo run -p elicit-mcp --example client -- --connect http://127.0.0.1:8000/mcp
//! cargo run -p elicit-mcp --example client -- --protocol-version 2025-06-18
//! cargo run -p elicit-mcp --example client -- --accept-defaults --call TOOL --connect URL
//! ```
//!
//! Without `--connect`, it starts the example server (`server`, built
//! beside this program, or through `cargo run -p elicit-mcp --example server`) as a child
//! process and talks to it over stdio. It starts with `server/discover`
//! (2026-07-28) and falls back to `initialize` for an older server;
//! `--protocol-version` speaks that version only. A tool that answers
//! `input_required` is called again with the answers until it completes.
//! `--accept-defaults` answers without asking: each form is accepted with
//! its defaults, or declined when a required field has none. The tool's
//! result is printed on standard output; the form draws on standard error.
//!
//! With `MCP_CONFORMANCE_SCENARIO` set (as the conformance suite does) and
//! no `--call`, it runs that client scenario of the suite instead
//! (`scenario.rs`).

mod gate;
mod options;
mod scenario;

use std::process::ExitCode;

use elicit_rmcp::{ElicitationClient, Incoming, Responder, Rounds, TerminalResponder};
use elicit_runtime::client::Ask;
use elicit_runtime::protocol::ElicitResult;
use rmcp::model::{CallToolRequestParams, CallToolResult, Implementation};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::{StreamableHttpClientTransport, TokioChildProcess};

use gate::{Gate, GateHandle};
use options::{Answering, Options, Server, Task};

#[tokio::main]
async fn main() -> ExitCode {
    let scenario = std::env::var("MCP_CONFORMANCE_SCENARIO").ok();
    let options = match Options::parse(std::env::args().skip(1), scenario) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    match run(options).await {
        Ok(calls) => {
            let single = calls.len() == 1;
            for (tool, result) in &calls {
                if single {
                    println!("{}", text(result));
                } else {
                    println!("{tool}: {}", text(result));
                }
            }
            if calls
                .iter()
                .any(|(_, result)| result.is_error == Some(true))
            {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

async fn run(options: Options) -> Result<scenario::Calls, Box<dyn std::error::Error>> {
    match options.answering {
        Answering::Terminal => call(TerminalResponder::new(), &options).await,
        Answering::Defaults => call(accept_defaults, &options).await,
    }
}

/// Accepts a form with its defaults, or declines it when a required field
/// has none (or it looks like it asks for a secret); declines URLs.
async fn accept_defaults(incoming: Incoming) -> ElicitResult {
    match &incoming.ask {
        Ask::Form(form) if incoming.secrets.is_empty() => {
            form.answer().finish().unwrap_or_else(|errors| {
                eprintln!("declined, since not every field has a default: {errors}");
                ElicitResult::decline()
            })
        }
        _ => ElicitResult::decline(),
    }
}

/// Connects, does the task and closes the session.
async fn call<R: Responder>(
    responder: R,
    options: &Options,
) -> Result<scenario::Calls, Box<dyn std::error::Error>> {
    let info = Implementation::new("elicit-example-client", env!("CARGO_PKG_VERSION"));
    let (responder, gate) = Gate::new(responder);
    let mut handler = ElicitationClient::new(info, responder);
    if let Some(version) = &options.protocol_version {
        handler = handler.with_protocol_version(version.clone());
    }
    let client = match &options.server {
        Server::Http(url) => {
            handler
                .connect(StreamableHttpClientTransport::from_uri(url.as_str()))
                .await?
        }
        Server::Child(command) => {
            handler
                .connect(TokioChildProcess::new(command.build())?)
                .await?
        }
    };
    if let Some(peer) = client.peer_info() {
        let name = peer
            .server_info
            .as_ref()
            .map_or("the server", |info| info.name.as_str());
        eprintln!("connected to `{name}` at {}", peer.protocol_version);
    }
    let calls = task(&client, &gate, &options.task).await;
    client.cancel().await?;
    calls
}

async fn task<R: Responder>(
    client: &RunningService<RoleClient, ElicitationClient<Gate<R>>>,
    gate: &GateHandle,
    task: &Task,
) -> Result<scenario::Calls, Box<dyn std::error::Error>> {
    match task {
        Task::Scenario(name) => scenario::run(name, client, gate).await,
        Task::Call(tool) => {
            // Check the tool exists first, so a wrong name reads as such.
            scenario::require(client, &[tool]).await?;
            let result = client
                .call_tool_in_rounds(CallToolRequestParams::new(tool.clone()))
                .await?;
            Ok(vec![(tool.clone(), result)])
        }
    }
}

/// The text blocks of a tool result, one per line.
fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|text| text.text.as_str()))
        .collect::<Vec<_>>()
        .join("\n")
}
