//! The conformance suite's input-required tools (2026-07-28): a form, a
//! sampled message, the client's roots, several of them in one round,
//! several rounds, sealed state, and requests only for what the client
//! declared. Each is a few lines of [`ServerFlow`]; on earlier revisions the
//! same code sends the requests itself.
// rmcp marks sampling and roots deprecated (SEP-2577), yet 2026-07-28
// input requests still carry them and the conformance suite asks for both.
#![allow(deprecated)]

use elicit_rmcp::{ServerFlow, StopExt};
use elicit_runtime::Elicitation;
use elicit_runtime::flow::{FormNeed, Need, Roots, Sampling, Stop};
use rmcp::ErrorData;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CreateMessageRequestParams, CreateMessageResult,
    ListRootsResult, SamplingMessage,
};
use rmcp::service::{RequestContext, RoleServer};

use super::conformance_forms::{Color, Confirm, Name};
use super::handler::ExampleServer;
use super::tools::{ToolSpec, answered, no_arguments, text};

pub const TOOLS: &[ToolSpec] = &[
    spec(
        "test_input_required_result_elicitation",
        "Asks for a name (an input-required round on 2026-07-28)",
    ),
    spec(
        "test_input_required_result_sampling",
        "Asks the client's model for the capital of France",
    ),
    spec(
        "test_input_required_result_list_roots",
        "Asks for the client's roots",
    ),
    spec(
        "test_input_required_result_request_state",
        "Asks for a confirmation, with the tool's state sealed in `requestState`",
    ),
    spec(
        "test_input_required_result_multiple_inputs",
        "Asks for a name, a greeting from the client's model and the roots in one round",
    ),
    spec(
        "test_input_required_result_multi_round",
        "Asks for a name, then for a favorite color: two rounds",
    ),
    spec(
        "test_input_required_result_tampered_state",
        "Asks for a confirmation; a changed `requestState` is refused",
    ),
    spec(
        "test_input_required_result_capabilities",
        "Asks for a name, a sampled message and the roots, each only if the client declared it",
    ),
];

const fn spec(name: &'static str, description: &'static str) -> ToolSpec {
    ToolSpec {
        name,
        description,
        arguments: no_arguments,
    }
}

/// Answers the tools of this module; `None` for another name.
pub async fn call(
    server: &ExampleServer,
    name: &str,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<Result<CallToolResponse, ErrorData>> {
    if !TOOLS.iter().any(|tool| tool.name == name) {
        return None;
    }
    let principal = server.principal(context);
    let answered = match ServerFlow::open(context, server.keys(), request, &principal) {
        // The suite sends this tool its answer with the first call (no
        // state), as a client that knows the question may: the first round
        // is computed from the request alone, so it may be answered so.
        Ok(flow) if name == "test_input_required_result_elicitation" => {
            run(name, flow.with_unprompted_first_round()).await
        }
        Ok(flow) => run(name, flow).await,
        Err(stop) => Err(stop),
    };
    Some(answered.or_else(Stop::into_tool_response))
}

async fn run(name: &str, mut flow: ServerFlow<'_>) -> Result<CallToolResponse, Stop> {
    let reply = match name {
        "test_input_required_result_elicitation" => {
            let answer = flow.form::<Name>("user_name", "What is your name?").await?;
            answered(answer, |user| format!("Hello, {}!", user.name))
        }
        "test_input_required_result_sampling" => {
            let reply = flow.gather(capital_question()).await?;
            format!("The model said: {}", said(&reply))
        }
        "test_input_required_result_list_roots" => {
            let roots = flow.gather(client_roots()).await?;
            format!("Your roots: {}", listed(&roots))
        }
        "test_input_required_result_request_state" => {
            let answer = flow.form::<Confirm>("confirm", "Please confirm").await?;
            let round = flow.flow().round();
            answered(answer, |confirm| {
                format!(
                    "state-ok: round {round} continued from a sealed state, confirmed: {}",
                    confirm.ok
                )
            })
        }
        "test_input_required_result_multiple_inputs" => {
            let (name, greeting, roots) = flow
                .gather((
                    FormNeed::<Name>::new("user_name", "What is your name?"),
                    Sampling::<CreateMessageResult>::new(
                        "greeting",
                        sampling("Generate a greeting", 50),
                    ),
                    client_roots(),
                ))
                .await?;
            let name = answered(name, |user| user.name);
            format!("{name}: {} (roots: {})", said(&greeting), listed(&roots))
        }
        "test_input_required_result_multi_round" => {
            let Elicitation::Accept(user) = flow
                .form::<Name>("step1", "Step 1: What is your name?")
                .await?
            else {
                return Ok(text("action=decline: no name, no color"));
            };
            let color = flow
                .form::<Color>("step2", "Step 2: What is your favorite color?")
                .await?;
            answered(color, |color| {
                format!("{} likes {}", user.name, color.color)
            })
        }
        "test_input_required_result_tampered_state" => {
            let answer = flow.form::<Confirm>("confirm", "Please confirm").await?;
            answered(answer, |confirm| format!("confirmed: {}", confirm.ok))
        }
        "test_input_required_result_capabilities" => {
            let (name, reply, roots) = flow
                .gather((
                    FormNeed::<Name>::new("user_name", "What is your name?").optional(),
                    capital_question().optional(),
                    client_roots().optional(),
                ))
                .await?;
            let asked = [
                name.map(|name| answered(name, |user| format!("name {}", user.name))),
                reply.map(|reply| format!("the model said {}", said(&reply))),
                roots.map(|roots| format!("roots {}", listed(&roots))),
            ];
            let asked: Vec<_> = asked.into_iter().flatten().collect();
            if asked.is_empty() {
                "the client declared nothing this tool can ask for".to_owned()
            } else {
                asked.join("; ")
            }
        }
        _ => return Ok(text("unknown tool")),
    };
    Ok(text(reply))
}

/// The suite's sampling request: the capital of France.
fn capital_question() -> Sampling<CreateMessageResult> {
    Sampling::new(
        "capital_question",
        sampling("What is the capital of France?", 100),
    )
}

/// The client's roots, under the suite's key.
fn client_roots() -> Roots<ListRootsResult> {
    Roots::new("client_roots")
}

/// `sampling/createMessage` params: one user message.
fn sampling(question: &str, max_tokens: u32) -> CreateMessageRequestParams {
    CreateMessageRequestParams::new(vec![SamplingMessage::user_text(question)], max_tokens)
}

/// The text of a sampled message.
fn said(reply: &CreateMessageResult) -> String {
    let text = serde_json::to_value(&reply.message)
        .ok()
        .and_then(|message| message["content"]["text"].as_str().map(str::to_owned));
    text.unwrap_or_else(|| "(no text)".to_owned())
}

/// The roots, by name and URI.
fn listed(roots: &ListRootsResult) -> String {
    let roots: Vec<_> = roots
        .roots
        .iter()
        .map(|root| match &root.name {
            Some(name) => format!("{name} ({})", root.uri),
            None => root.uri.clone(),
        })
        .collect();
    if roots.is_empty() {
        "none".to_owned()
    } else {
        roots.join(", ")
    }
}
