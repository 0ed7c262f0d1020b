//! What a stateless (2026-07-28) server shows the conformance suite beyond
//! elicitation: a tool that needs a capability the client did not declare,
//! a tool whose response is an input-required result, a tool that logs only
//! at the level the request asks for, and tool and prompt lists that change
//! and say so on `subscriptions/listen` streams.
// rmcp marks sampling and logging deprecated (SEP-2577), yet 2026-07-28
// servers still log at the level a request asks for.
#![allow(deprecated)]

use std::sync::Mutex;

use elicit_rmcp::{ServerFlow, StopExt};
use elicit_runtime::flow::{Sampling, Stop};
use rmcp::ErrorData;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CreateMessageRequestParams, LoggingLevel,
    LoggingMessageNotification, LoggingMessageNotificationParam, Prompt, SamplingMessage,
    SubscriptionFilter, Tool,
};
use rmcp::service::{RequestContext, RoleServer, SubscriptionContext};
use serde_json::{Map, Value};
use tokio::sync::broadcast;

use super::conformance_forms::Name;
use super::handler::ExampleServer;
use super::tools::{ToolSpec, answered, no_arguments, text};

pub const TOOLS: &[ToolSpec] = &[
    ToolSpec {
        name: "test_missing_capability",
        description: "Needs `sampling`: refused with -32021 when the client did not declare it",
        arguments: no_arguments,
    },
    ToolSpec {
        name: "test_streaming_elicitation",
        description: "Asks for a name; its response is an input-required result, never a request",
        arguments: no_arguments,
    },
    ToolSpec {
        name: "test_logging_tool",
        description: "Logs what it does, at the level the request asks for and only then",
        arguments: no_arguments,
    },
    ToolSpec {
        name: "test_trigger_tool_change",
        description: "Adds a tool and tells the listening clients",
        arguments: no_arguments,
    },
    ToolSpec {
        name: "test_trigger_prompt_change",
        description: "Adds a prompt and tells the listening clients",
        arguments: no_arguments,
    },
];

/// A list that changed.
#[derive(Debug, Clone, Copy)]
enum Change {
    Tools,
    Prompts,
}

/// The tools and prompts added at run time, and the news of each change
/// for the open `subscriptions/listen` streams.
pub struct Lists {
    tools: Mutex<Vec<Tool>>,
    prompts: Mutex<Vec<Prompt>>,
    changes: broadcast::Sender<Change>,
}

impl Default for Lists {
    fn default() -> Lists {
        Lists {
            tools: Mutex::default(),
            prompts: Mutex::default(),
            changes: broadcast::channel(16).0,
        }
    }
}

impl Lists {
    /// The tools added so far.
    pub fn added_tools(&self) -> Vec<Tool> {
        self.tools
            .lock()
            .map(|tools| tools.clone())
            .unwrap_or_default()
    }

    /// The prompts added so far.
    pub fn added_prompts(&self) -> Vec<Prompt> {
        self.prompts
            .lock()
            .map(|prompts| prompts.clone())
            .unwrap_or_default()
    }

    fn add_tool(&self) -> String {
        let name = match self.tools.lock() {
            Ok(mut tools) => {
                let name = format!("dynamic_tool_{}", tools.len() + 1);
                tools.push(Tool::new(
                    name.clone(),
                    "A tool added at run time",
                    std::sync::Arc::new(no_arguments()),
                ));
                name
            }
            Err(_) => return "the tool list is unavailable".to_owned(),
        };
        // No listener is no error: nobody needs telling.
        let _ = self.changes.send(Change::Tools);
        format!("added the tool `{name}`")
    }

    fn add_prompt(&self) -> String {
        let name = match self.prompts.lock() {
            Ok(mut prompts) => {
                let name = format!("dynamic_prompt_{}", prompts.len() + 1);
                prompts.push(Prompt::new(
                    name.clone(),
                    Some("A prompt added at run time"),
                    None,
                ));
                name
            }
            Err(_) => return "the prompt list is unavailable".to_owned(),
        };
        let _ = self.changes.send(Change::Prompts);
        format!("added the prompt `{name}`")
    }
}

/// Answers the tools of this module; `None` for another name.
pub async fn call(
    server: &ExampleServer,
    name: &str,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<Result<CallToolResponse, ErrorData>> {
    Some(match name {
        "test_missing_capability" => needs_sampling(server, request, context)
            .await
            .map_err(Stop::into_error_data),
        "test_streaming_elicitation" => ask_name(server, request, context)
            .await
            .or_else(Stop::into_tool_response),
        "test_logging_tool" => Ok(log(context).await),
        "test_trigger_tool_change" => Ok(text(server.lists().add_tool())),
        "test_trigger_prompt_change" => Ok(text(server.lists().add_prompt())),
        _ => return None,
    })
}

/// Asks the client's model for a word: a client that did not declare
/// `sampling` gets `-32021` naming it.
async fn needs_sampling(
    server: &ExampleServer,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<CallToolResponse, Stop> {
    let mut flow = ServerFlow::open(context, server.keys(), request, &server.principal(context))?;
    let params =
        CreateMessageRequestParams::new(vec![SamplingMessage::user_text("Say a word")], 10);
    let reply: Map<String, Value> = flow.gather(Sampling::new("word", params)).await?;
    Ok(text(format!("the model answered {}", Value::Object(reply))))
}

async fn ask_name(
    server: &ExampleServer,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<CallToolResponse, Stop> {
    let mut flow = ServerFlow::open(context, server.keys(), request, &server.principal(context))?;
    let answer = flow.form::<Name>("user_name", "What is your name?").await?;
    Ok(text(answered(answer, |user| {
        format!("Hello, {}!", user.name)
    })))
}

/// Logs at `info`, if the request asked for that level or a lower one.
async fn log(context: &RequestContext<RoleServer>) -> CallToolResponse {
    let wanted = context.meta.log_level();
    let logged = match &wanted {
        Some(level) if severity(level) <= severity(&LoggingLevel::Info) => {
            let params = LoggingMessageNotificationParam::new(
                LoggingLevel::Info,
                Value::from("test_logging_tool ran"),
            );
            let notification = LoggingMessageNotification::new(params);
            context
                .peer
                .send_notification(notification.into())
                .await
                .is_ok()
        }
        _ => false,
    };
    text(if logged {
        "logged at `info`"
    } else {
        "no log: the request asked for no level that `info` reaches"
    })
}

/// The rank of a log level, from `debug` (0) to `emergency` (7).
fn severity(level: &LoggingLevel) -> u8 {
    match level {
        LoggingLevel::Debug => 0,
        LoggingLevel::Info => 1,
        LoggingLevel::Notice => 2,
        LoggingLevel::Warning => 3,
        LoggingLevel::Error => 4,
        LoggingLevel::Critical => 5,
        LoggingLevel::Alert => 6,
        LoggingLevel::Emergency => 7,
    }
}

/// The notifications a `subscriptions/listen` stream may ask for here.
pub fn accepted_filter(_requested: &SubscriptionFilter) -> Option<SubscriptionFilter> {
    Some(
        SubscriptionFilter::builder()
            .tools_list_changed()
            .prompts_list_changed()
            .build(),
    )
}

/// Tells one listening client of every change it asked for, until it goes.
pub async fn listen(server: &ExampleServer, context: SubscriptionContext) -> Result<(), ErrorData> {
    let mut changes = server.lists().changes.subscribe();
    loop {
        tokio::select! {
            () = context.cancelled() => return Ok(()),
            change = changes.recv() => {
                let sent = match change {
                    Ok(Change::Tools) => context.sink().notify_tool_list_changed().await,
                    Ok(Change::Prompts) => context.sink().notify_prompt_list_changed().await,
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return Ok(()),
                };
                // A change the client did not ask for is not sent; a closed
                // stream ends the subscription.
                if let Err(rmcp::service::SubscriptionSendError::SubscriptionClosed) = sent {
                    return Ok(());
                }
            }
        }
    }
}
