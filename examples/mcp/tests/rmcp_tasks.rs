//! `ServerFlow::in_task` on rmcp's task manager: a task asks through its
//! `inputRequests`, several at once; an invalid answer is asked again under
//! a new key; `tasks/update` resumes it, `tasks/cancel` ends it as cancelled.

use std::time::Duration;

use elicit_runtime::flow::{ClientSupport, FormNeed, Stop};
use elicit_runtime::integrations::rmcp::ServerFlow;
use elicit_runtime::protocol::{ElicitationCapability, Revision};
use elicit_runtime::{Elicitable, Elicitation};
use rmcp::model::{CallToolResult, ContentBlock, DetailedTask, TaskStatus};
use rmcp::task_manager::{TaskManager, TaskOptions};
use serde_json::{Value, json};

#[derive(Debug, Elicitable)]
struct Name {
    #[elicit(min_length = 2)]
    name: String,
}

#[derive(Debug, Elicitable)]
struct Confirm {
    confirm: bool,
}

fn support() -> ClientSupport {
    ClientSupport::elicitation(ElicitationCapability::form_only())
}

/// Starts a task whose operation asks for a name and a confirmation at once.
fn start(tasks: &TaskManager) -> String {
    let task = tasks.spawn(TaskOptions::new(), |task| {
        Box::pin(async move {
            let mut flow = ServerFlow::in_task(task, Revision::LATEST, support());
            let asked = flow
                .gather((
                    FormNeed::<Name>::new("name", "What is your name?"),
                    FormNeed::<Confirm>::new("confirm", "Go ahead?"),
                ))
                .await;
            let (name, confirm) = asked.map_err(Stop::into_task_exit)?;
            let text = match (name, confirm) {
                (Elicitation::Accept(name), Elicitation::Accept(confirm)) => {
                    format!("{}: {}", name.name, confirm.confirm)
                }
                _ => "no".to_owned(),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
    });
    task.task_id
}

/// Polls the task until `done` says so, for at most five seconds.
async fn wait(tasks: &TaskManager, id: &str, done: impl Fn(&DetailedTask) -> bool) -> DetailedTask {
    for _ in 0..500 {
        let task = tasks.get_task(id).unwrap();
        if done(&task) {
            return task;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the task did not get there: {:?}", tasks.get_task(id));
}

fn pending(task: &DetailedTask) -> Vec<String> {
    let value = serde_json::to_value(task).unwrap();
    let mut keys: Vec<String> = value["inputRequests"]
        .as_object()
        .map(|requests| requests.keys().cloned().collect())
        .unwrap_or_default();
    keys.sort();
    keys
}

fn accepted(content: Value) -> Value {
    json!({ "action": "accept", "content": content })
}

#[tokio::test]
async fn a_task_asks_twice_at_once_asks_again_under_a_new_key_and_completes() {
    let tasks = TaskManager::new();
    let id = start(&tasks);
    let task = wait(&tasks, &id, |task| pending(task).len() == 2).await;
    assert_eq!(task.status(), TaskStatus::InputRequired);
    assert_eq!(pending(&task), ["confirm", "name"]);

    // One answered: the other stays pending.
    tasks
        .update_task(
            &id,
            [("confirm".to_owned(), accepted(json!({ "confirm": true })))],
        )
        .unwrap();
    let task = wait(&tasks, &id, |task| pending(task) == ["name"]).await;
    assert_eq!(task.status(), TaskStatus::InputRequired);

    // An invalid name is asked again under a key of its own.
    tasks
        .update_task(&id, [("name".to_owned(), accepted(json!({ "name": "A" })))])
        .unwrap();
    let task = wait(&tasks, &id, |task| pending(task) == ["name#2"]).await;
    let again = serde_json::to_value(&task).unwrap();
    let message = again["inputRequests"]["name#2"]["params"]["message"]
        .as_str()
        .unwrap();
    assert!(
        message.contains("`name` must have at least 2 characters"),
        "{message}"
    );

    tasks
        .update_task(
            &id,
            [("name#2".to_owned(), accepted(json!({ "name": "Ada" })))],
        )
        .unwrap();
    let task = wait(&tasks, &id, |task| task.status() == TaskStatus::Completed).await;
    let result = serde_json::to_value(&task).unwrap();
    assert_eq!(result["result"]["content"][0]["text"], "Ada: true");
}

#[tokio::test]
async fn a_task_cancelled_while_it_waits_ends_as_cancelled() {
    let tasks = TaskManager::new();
    let id = start(&tasks);
    wait(&tasks, &id, |task| pending(task).len() == 2).await;
    tasks.cancel_task(&id).unwrap();
    let task = wait(&tasks, &id, |task| task.status() == TaskStatus::Cancelled).await;
    assert!(pending(&task).is_empty());
}
