//! A task is its creator's, over HTTP against the example server with its
//! demo login: another user holding the task's id gets, from `tasks/get`,
//! `tasks/update` and `tasks/cancel`, the very error of an id the server
//! does not know, and changes nothing: the task does not take their
//! answer, is not cancelled, and its creator completes it.

#[path = "support/demo_users.rs"]
mod demo_users;
#[path = "support/examples.rs"]
mod examples;
#[path = "support/http_server.rs"]
mod http_server;

use serde_json::{Value, json};

use demo_users::{ALICE, BOB};
use http_server::{ServerProcess, accepted};

/// The `_meta` of a 2026-07-28 request of a client with forms and tasks.
fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { "name": "http-test", "version": "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": {
            "elicitation": { "form": {} },
            "extensions": { "io.modelcontextprotocol/tasks": {} }
        }
    })
}

/// `method` of the task `task_id` (with `extra` params), as `user`: the
/// JSON-RPC response.
async fn task(
    server: &ServerProcess,
    user: &str,
    method: &str,
    task_id: &str,
    extra: Value,
) -> Value {
    let mut params = json!({ "taskId": task_id, "_meta": meta() });
    for (key, value) in extra.as_object().unwrap() {
        params[key] = value.clone();
    }
    let (status, response) = server
        .request(Some(user), method, Some(task_id), 7, params)
        .await;
    assert_eq!(status, 200, "{response}");
    response
}

/// The error of `response`, with `task_id` written as `<id>`: what tells
/// one task's error from another's is the id the caller sent.
fn error_of(response: &Value, task_id: &str) -> String {
    let error = &response["error"];
    assert!(error.is_object(), "{response}");
    error.to_string().replace(task_id, "<id>")
}

/// Polls `tasks/get` as `user` until `done` says so, for at most ten
/// seconds.
async fn wait(
    server: &ServerProcess,
    user: &str,
    task_id: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..1000 {
        let got = task(server, user, "tasks/get", task_id, json!({})).await;
        if done(&got["result"]) {
            return got;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("the task did not get there");
}

#[tokio::test(flavor = "multi_thread")]
async fn another_users_task_is_an_unknown_task() {
    let server = demo_users::start("task-owners-test");
    let (_, created) = server
        .call(
            Some(ALICE),
            "confirm_delete",
            1,
            json!({ "arguments": { "filename": "alice-notes.txt" }, "_meta": meta() }),
        )
        .await;
    let task_id = created["result"]["taskId"]
        .as_str()
        .unwrap_or_else(|| panic!("a task: {created}"))
        .to_owned();
    let asking = wait(&server, ALICE, &task_id, |task| {
        task["inputRequests"]["confirm"].is_object()
    })
    .await;
    assert_eq!(asking["result"]["status"], "input_required", "{asking}");

    // An id no task has, for comparison.
    let nobody = "00000000-0000-4000-8000-000000000000";
    let unknown = task(&server, BOB, "tasks/get", nobody, json!({})).await;
    let unknown = error_of(&unknown, nobody);

    // Bob, holding Alice's task id: each method is told there is no such
    // task, exactly as for the id no task has.
    let yes = json!({ "inputResponses": { "confirm": accepted(json!({ "confirm": true })) } });
    for (method, extra) in [
        ("tasks/get", json!({})),
        ("tasks/update", yes.clone()),
        ("tasks/cancel", json!({})),
    ] {
        let refused = task(&server, BOB, method, &task_id, extra).await;
        assert_eq!(error_of(&refused, &task_id), unknown, "{method}");
        assert!(!refused.to_string().contains("alice-notes"), "{refused}");
    }

    // Nothing changed: the task still waits for Alice's answer, neither
    // answered nor cancelled by Bob, and Alice completes it.
    let still = task(&server, ALICE, "tasks/get", &task_id, json!({})).await;
    assert_eq!(still["result"]["status"], "input_required", "{still}");
    let updated = task(&server, ALICE, "tasks/update", &task_id, yes).await;
    assert!(updated["error"].is_null(), "{updated}");
    let done = wait(&server, ALICE, &task_id, |task| {
        task["status"] == "completed"
    })
    .await;
    let text = done.to_string();
    assert!(text.contains("deleted alice-notes.txt"), "{text}");
}
