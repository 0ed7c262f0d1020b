//! Tools that run as tasks (the `io.modelcontextprotocol/tasks`
//! extension): the call returns a task at once, and the task asks for
//! input through `tasks/get` and `tasks/update` with the same
//! [`ServerFlow`] code a plain tool uses. Each task is its creator's
//! (`task_owners`): no other user reaches it by its id.

use std::future::Future;

use elicit_rmcp::{ServerFlow, StopExt, revision_of, support_of};
use elicit_runtime::Elicitation;
use elicit_runtime::flow::{FormNeed, Stop};
use rmcp::ErrorData;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, CreateTaskResult,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::task_manager::TaskOptions;
use serde_json::json;

use super::conformance_forms::{ConfirmDelete, Name};
use super::handler::ExampleServer;
use super::tools::{ToolSpec, answered, no_arguments, object};

pub const TOOLS: &[ToolSpec] = &[
    ToolSpec {
        name: "confirm_delete",
        description: "Deletes a file after the user confirms (runs as a task)",
        arguments: filename_argument,
    },
    ToolSpec {
        name: "multi_input",
        description: "Asks for a name and a confirmation at once (runs as a task)",
        arguments: no_arguments,
    },
    ToolSpec {
        name: "test_tool_with_task",
        description: "Asks for a name, then finishes the work as a task",
        arguments: no_arguments,
    },
];

fn filename_argument() -> rmcp::model::JsonObject {
    object(json!({
        "type": "object",
        "properties": { "filename": { "type": "string", "description": "The file to delete" } },
        "required": ["filename"]
    }))
}

/// Answers the tools of this module; `None` for another name.
pub async fn call(
    server: &ExampleServer,
    name: &str,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<Result<CallToolResponse, ErrorData>> {
    let answered = match name {
        "confirm_delete" => {
            let filename = request
                .arguments
                .as_ref()
                .and_then(|arguments| arguments.get("filename"))
                .and_then(|filename| filename.as_str())
                .unwrap_or("the file")
                .to_owned();
            spawn(server, context, move |mut flow| async move {
                let message = format!("Delete {filename}?");
                let answer = flow.form::<ConfirmDelete>("confirm", message).await?;
                Ok(match answer {
                    Elicitation::Accept(ConfirmDelete { confirm: true }) => {
                        format!("deleted {filename}")
                    }
                    _ => format!("kept {filename}"),
                })
            })
        }
        "multi_input" => spawn(server, context, |mut flow| async move {
            let (name, confirm) = flow
                .gather((
                    FormNeed::<Name>::new("name", "What is your name?"),
                    FormNeed::<ConfirmDelete>::new("confirm", "Go ahead?"),
                ))
                .await?;
            let name = answered(name, |user| user.name);
            let confirm = answered(confirm, |confirm| confirm.confirm.to_string());
            Ok(format!("{name} answered, go ahead: {confirm}"))
        }),
        "test_tool_with_task" => with_task(server, request, context).await,
        _ => return None,
    };
    Some(answered.or_else(Stop::into_tool_response))
}

/// Asks for the name in input-required rounds, then finishes as a task
/// whose result carries the name.
async fn with_task(
    server: &ExampleServer,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<CallToolResponse, Stop> {
    let mut flow = ServerFlow::open(context, server.keys(), request, &server.principal(context))?;
    let answer = flow.form::<Name>("user_name", "What is your name?").await?;
    let name = answered(answer, |user| user.name);
    spawn(server, context, move |_flow| async move {
        Ok(format!("Hello, {name}! Your task is done."))
    })
}

/// Starts `operation` as a task with a flow of its own, and returns the
/// task for the client to follow.
fn spawn<F, Fut>(
    server: &ExampleServer,
    context: &RequestContext<RoleServer>,
    operation: F,
) -> Result<CallToolResponse, Stop>
where
    F: FnOnce(ServerFlow<'static>) -> Fut + Send + 'static,
    Fut: Future<Output = Result<String, Stop>> + Send + 'static,
{
    let revision = revision_of(context)?;
    let support = support_of(context.client_capabilities().as_ref());
    let owner = server.principal(context);
    let task = server
        .tasks()
        .spawn(owner, TaskOptions::new(), move |task| {
            Box::pin(async move {
                let flow = ServerFlow::in_task(task, revision, support);
                match operation(flow).await {
                    Ok(text) => Ok(CallToolResult::success(vec![ContentBlock::text(text)])),
                    Err(stop) => Err(stop.into_task_exit()),
                }
            })
        });
    Ok(CreateTaskResult::new(task).into())
}
