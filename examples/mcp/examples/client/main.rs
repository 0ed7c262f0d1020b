//! An MCP client, built on rmcp, that answers the server's elicitation
//! requests in an interactive terminal form.
//!
//! ```sh
//! cargo run -p elicit-mcp --example client                       # starts the example server over stdio, books a table
//! cargo run -p elicit-mcp --example client -- --call test_elicitation
//! cargo run -p elicit-mcp --example client -- --connect http://127.0.0.1:8000/mcp
//! cargo run -p elicit-mcp --example client -- --accept-defaults --call TOOL --connect URL
//! ```
//!
//! Without `--connect`, it starts the example server (`server`, built
//! beside this program, or through `cargo run -p elicit-mcp --example server`) as a child
//! process and talks to it over stdio. `--accept-defaults` answers without
//! asking: each form is accepted with its defaults, or declined when a
//! required field has none. The tool's result is printed on standard
//! output; the form draws on standard error.

mod options;

use std::process::ExitCode;

use elicit_runtime::client::Ask;
use elicit_runtime::integrations::rmcp::{ElicitationClient, Incoming, TerminalResponder};
use elicit_runtime::protocol::ElicitResult;
use rmcp::model::{CallToolRequestParams, CallToolResult, Implementation};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::{StreamableHttpClientTransport, TokioChildProcess};
use rmcp::{ClientHandler, ServiceExt};

use options::{Answering, Options, Server};

#[tokio::main]
async fn main() -> ExitCode {
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    match run(options).await {
        Ok(result) => {
            println!("{}", text(&result));
            if result.is_error == Some(true) {
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

async fn run(options: Options) -> Result<CallToolResult, Box<dyn std::error::Error>> {
    let info = Implementation::new("elicit-example-client", env!("CARGO_PKG_VERSION"));
    match options.answering {
        Answering::Terminal => {
            let client = ElicitationClient::new(info, TerminalResponder::new())
                .with_protocol_version(options.protocol_version.clone());
            call(client, &options).await
        }
        Answering::Defaults => {
            let client = ElicitationClient::new(info, accept_defaults)
                .with_protocol_version(options.protocol_version.clone());
            call(client, &options).await
        }
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

async fn call<H: ClientHandler>(
    handler: H,
    options: &Options,
) -> Result<CallToolResult, Box<dyn std::error::Error>> {
    let client: RunningService<RoleClient, H> = match &options.server {
        Server::Http(url) => {
            handler
                .serve(StreamableHttpClientTransport::from_uri(url.as_str()))
                .await?
        }
        Server::Child(command) => {
            handler
                .serve(TokioChildProcess::new(command.build())?)
                .await?
        }
    };
    // Check the tool exists first, so a wrong name reads as such.
    let tools = client.list_all_tools().await?;
    if !tools.iter().any(|tool| tool.name == options.tool) {
        let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_ref()).collect();
        client.cancel().await?;
        return Err(format!(
            "the server has no tool `{}`: call one of `{}`",
            options.tool,
            names.join("`, `")
        )
        .into());
    }
    let result = client
        .call_tool(CallToolRequestParams::new(options.tool.clone()))
        .await?;
    client.cancel().await?;
    Ok(result)
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
