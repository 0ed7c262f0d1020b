//! The conformance suite's client scenarios, run as the suite's own
//! clients run them: the suite names the scenario in
//! `MCP_CONFORMANCE_SCENARIO` and starts a server that offers its tools;
//! the client calls them as the scenario expects.

use elicit_rmcp::{ElicitationClient, Responder, Rounds};
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};

use crate::gate::{Gate, GateHandle};

/// The client scenarios this client runs.
pub const SCENARIOS: [&str; 2] = [
    "elicitation-sep1034-client-defaults",
    "sep-2322-client-request-state",
];

type Client<R> = RunningService<RoleClient, ElicitationClient<Gate<R>>>;

/// The tools called and their results, in order.
pub type Calls = Vec<(String, CallToolResult)>;

/// Runs `scenario` on a connected client.
pub async fn run<R: Responder>(
    scenario: &str,
    client: &Client<R>,
    gate: &GateHandle,
) -> Result<Calls, Box<dyn std::error::Error>> {
    match scenario {
        // SEP-1034: one form whose fields all have defaults.
        "elicitation-sep1034-client-defaults" => {
            let tool = "test_client_elicitation_defaults";
            require(client, &[tool]).await?;
            Ok(vec![(tool.to_owned(), call(client, tool).await?)])
        }
        // SEP-2322: the state echoed, no state sent back when none came,
        // another call made while a round is open carries nothing of it,
        // and a result without `resultType` is complete.
        "sep-2322-client-request-state" => {
            let echo = "test_mrtr_echo_state";
            let unrelated = "test_mrtr_unrelated";
            let no_state = "test_mrtr_no_state";
            let no_result_type = "test_mrtr_no_result_type";
            require(client, &[echo, unrelated, no_state, no_result_type]).await?;
            let (echoed, between) = between_rounds(client, gate, echo, unrelated).await;
            let mut calls = vec![(unrelated.to_owned(), between?), (echo.to_owned(), echoed?)];
            for tool in [no_state, no_result_type] {
                calls.push((tool.to_owned(), call(client, tool).await?));
            }
            Ok(calls)
        }
        other => Err(format!(
            "the client does not know the scenario `{other}`: run one of `{}`",
            SCENARIOS.join("`, `")
        )
        .into()),
    }
}

type Called = Result<CallToolResult, Box<dyn std::error::Error>>;

/// Calls `first`, and `second` while the first round of `first` waits for
/// its answer; the answer goes once `second` is done.
async fn between_rounds<R: Responder>(
    client: &Client<R>,
    gate: &GateHandle,
    first: &str,
    second: &str,
) -> (Called, Called) {
    let (asked, release) = gate.hold_next();
    let first_call = call(client, first);
    tokio::pin!(first_call);
    tokio::select! {
        result = &mut first_call => {
            gate.clear();
            let never = format!("`{first}` never asked for input, so no round was open");
            (result, Err(never.into()))
        }
        _ = asked => {
            let meanwhile = call(client, second).await;
            drop(release);
            (first_call.await, meanwhile)
        }
    }
}

/// Calls `tool` without arguments, answering every round.
async fn call<R: Responder>(client: &Client<R>, tool: &str) -> Called {
    Ok(client
        .call_tool_in_rounds(CallToolRequestParams::new(tool.to_owned()))
        .await?)
}

/// Fails unless the server offers every tool of `tools`.
pub async fn require<R: Responder>(
    client: &Client<R>,
    tools: &[&str],
) -> Result<(), Box<dyn std::error::Error>> {
    let offered = client.list_all_tools().await?;
    for tool in tools {
        if !offered.iter().any(|offered| offered.name == *tool) {
            let names: Vec<&str> = offered.iter().map(|tool| tool.name.as_ref()).collect();
            return Err(format!(
                "the server has no tool `{tool}`: call one of `{}`",
                names.join("`, `")
            )
            .into());
        }
    }
    Ok(())
}
