//! The example server's prompt: `test_input_required_result_prompt` asks
//! the user what the prompt should be about before it is written, showing
//! that a prompt asks the way a tool does.

use elicit_runtime::flow::Stop;
use elicit_runtime::integrations::rmcp::ServerFlow;
use rmcp::model::{
    GetPromptRequestParams, GetPromptResponse, GetPromptResult, Prompt, PromptMessage, Role,
};
use rmcp::service::{RequestContext, RoleServer};

use super::conformance_forms::PromptContext;
use super::handler::ExampleServer;
use super::tools::answered;

const PROMPT: &str = "test_input_required_result_prompt";

/// The prompts `prompts/list` shows.
pub fn list() -> Vec<Prompt> {
    vec![Prompt::new(
        PROMPT,
        Some("A prompt about a context the user gives when asked"),
        None,
    )]
}

/// Answers `prompts/get` for this module's prompt; `None` for another name.
pub async fn get(
    server: &ExampleServer,
    request: &GetPromptRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<Result<GetPromptResponse, Stop>> {
    if request.name != PROMPT {
        return None;
    }
    Some(write(server, request, context).await)
}

async fn write(
    server: &ExampleServer,
    request: &GetPromptRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<GetPromptResponse, Stop> {
    let mut flow = ServerFlow::open(context, server.keys(), request, &server.principal(context))?;
    let answer = flow
        .form::<PromptContext>("user_context", "What context should the prompt use?")
        .await?;
    let text = answered(answer, |given| {
        format!("Answer with this context in mind: {}", given.context)
    });
    let result = GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)])
        .with_description("A prompt written around the user's context");
    Ok(result.into())
}
