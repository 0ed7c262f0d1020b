//! The example server's prompt: `test_input_required_result_prompt` asks
//! the user what the prompt should be about before it is written, showing
//! that a prompt asks the way a tool does: a `#[prompt]` taking an `Ask`.

use elicit_rmcp::Ask;
use rmcp::model::{GetPromptResult, PromptMessage, Role};
use rmcp::{ErrorData, prompt, prompt_router};

use super::conformance_forms::PromptContext;
use super::handler::ExampleServer;
use super::tools::answered;

#[prompt_router(router = "prompts", vis = "pub(crate)")]
impl ExampleServer {
    #[prompt(
        name = "test_input_required_result_prompt",
        description = "A prompt about a context the user gives when asked"
    )]
    async fn context_prompt(&self, mut ask: Ask) -> Result<GetPromptResult, ErrorData> {
        let answer = ask
            .form_as::<PromptContext>("user_context", "What context should the prompt use?")
            .await?;
        let text = answered(answer, |given| {
            format!("Answer with this context in mind: {}", given.context)
        });
        Ok(
            GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)])
                .with_description("A prompt written around the user's context"),
        )
    }
}
