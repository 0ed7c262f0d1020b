//! `ServerFlow::in_task` on rmcp's task manager: a task asks through its
//! `inputRequests`, several at once; an invalid answer is asked again under
//! a new key; `tasks/update` resumes it, `tasks/cancel` ends it as cancelled.
//! A task bound to the request that created it asks a hosted form: a URL
//! request, then the page of its own user only; a task bound to nothing
//! fails saying how to bind it.

#[path = "support/page_visit.rs"]
mod page_visit;

use std::time::Duration;

use axum::http::{StatusCode, request::Parts};
use elicit_rmcp::{ServerFlow, StopExt};
use elicit_runtime::flow::{ClientSupport, FormNeed, Stop};
use elicit_runtime::protocol::{ElicitationCapability, Revision};
use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation};
use elicit_web::WebForms;
use elicit_web::store::MemoryStore;
use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock, DetailedTask, TaskStatus};
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

#[derive(Debug, Elicitable)]
struct Account {
    #[elicit(min_length = 2)]
    account: String,
}

/// The key `Account` is registered under, and its URL request's key.
const ACCOUNT: &str = "account";

/// The hosted forms, their visitor the user named in the `x-user` header.
fn web() -> WebForms {
    web_of(100)
}

/// The same, with a store of at most `visits` visits.
fn web_of(visits: usize) -> WebForms {
    let visitor = |parts: &Parts| {
        let user = parts.headers.get(page_visit::USER_HEADER)?;
        Some(Principal::user(user.to_str().ok()?))
    };
    WebForms::new(
        MemoryStore::new(visits),
        StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE),
        "https://forms.example.com",
        visitor,
    )
    .unwrap()
    .form::<Account>(ACCOUNT)
}

/// A task asking a hosted form: for whom, of which client, how long it
/// waits for the page.
#[derive(Clone, Copy)]
struct Asking<'a> {
    /// The user of the call of `connect` the task's flow is bound to, or
    /// none.
    user: Option<&'a str>,
    /// Whether the client declared URL mode.
    url: bool,
    /// [`ServerFlow::with_timeout`], if any.
    timeout: Option<Duration>,
}

const ADA: Asking = Asking {
    user: Some("ada"),
    url: true,
    timeout: None,
};

/// Starts a task that asks `Account` on its hosted page, as `asking` says.
fn start_web(tasks: &TaskManager, web: &WebForms, asking: Asking) -> String {
    let web = web.clone();
    let request = CallToolRequestParams::new("connect");
    let principal = asking.user.map(Principal::user);
    let support = ClientSupport::elicitation(match asking.url {
        true => ElicitationCapability::form_and_url(),
        false => ElicitationCapability::form_only(),
    });
    let timeout = asking.timeout;
    let task = tasks.spawn(TaskOptions::new(), move |task| {
        Box::pin(async move {
            let mut flow = ServerFlow::in_task(task, Revision::LATEST, support);
            if let Some(principal) = &principal {
                flow = flow.bound_to(&request, principal);
            }
            if let Some(timeout) = timeout {
                flow = flow.with_timeout(timeout);
            }
            let answer = flow
                .web_form::<Account>(&web, ACCOUNT, "Connect your account")
                .await
                .map_err(Stop::into_task_exit)?;
            let text = match answer {
                Elicitation::Accept(account) => format!("connected {}", account.account),
                Elicitation::Decline => "declined".to_owned(),
                Elicitation::Cancel => "cancelled".to_owned(),
            };
            Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
        })
    });
    task.task_id
}

/// Starts a task asking as `asking`, answers its URL request with
/// `action` (`accept`: the user consents to open the page), and returns
/// the task's id and the page's URL.
async fn start_answered(
    tasks: &TaskManager,
    web: &WebForms,
    asking: Asking<'_>,
    action: &str,
) -> (String, String) {
    let id = start_web(tasks, web, asking);
    let url = url_asked(tasks, &id).await;
    tasks
        .update_task(&id, [(ACCOUNT.to_owned(), json!({ "action": action }))])
        .unwrap();
    (id, url)
}

/// The URL of the task's pending URL request.
async fn url_asked(tasks: &TaskManager, id: &str) -> String {
    let task = wait(tasks, id, |task| pending(task) == [ACCOUNT]).await;
    assert_eq!(task.status(), TaskStatus::InputRequired);
    let task = serde_json::to_value(&task).unwrap();
    let params = &task["inputRequests"][ACCOUNT]["params"];
    assert_eq!(params["mode"], "url", "{params}");
    params["url"].as_str().unwrap().to_owned()
}

fn result_text(task: &DetailedTask) -> Value {
    serde_json::to_value(task).unwrap()["result"]["content"][0]["text"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bound_task_asks_a_hosted_form_that_only_its_user_answers() {
    let (tasks, web) = (TaskManager::new(), web());
    let router = web.router();
    let (id, url) = start_answered(&tasks, &web, ADA, "accept").await;
    assert!(url.starts_with("https://forms.example.com/forms/"), "{url}");

    // Another user, or nobody signed in, gets no form, and the task waits.
    let (status, csrf) = page_visit::open(&router, &url, Some("bob")).await;
    assert_eq!((status, csrf), (StatusCode::FORBIDDEN, None));
    let (status, _) = page_visit::open(&router, &url, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    tokio::time::sleep(Duration::from_millis(50)).await;
    let task = tasks.get_task(&id).unwrap();
    assert_eq!(task.status(), TaskStatus::Working, "no answer yet");
    assert!(pending(&task).is_empty(), "and nothing asked again");

    // Its user's answer is checked on the page, then completes the task.
    let posted = page_visit::accept(&router, &url, Some("ada"), "account=a").await;
    assert_eq!(posted, StatusCode::UNPROCESSABLE_ENTITY);
    let posted = page_visit::accept(&router, &url, Some("ada"), "account=ada-weather").await;
    assert_eq!(posted, StatusCode::OK);
    let task = wait(&tasks, &id, |task| task.status() == TaskStatus::Completed).await;
    assert_eq!(result_text(&task), "connected ada-weather");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_task_whose_page_is_declined_or_that_is_cancelled_waits_for_no_page() {
    let (tasks, web) = (TaskManager::new(), web());
    let router = web.router();
    let (id, url) = start_answered(&tasks, &web, ADA, "decline").await;
    let task = wait(&tasks, &id, |task| task.status() == TaskStatus::Completed).await;
    assert_eq!(result_text(&task), "declined");
    page_visit::assert_closed(&router, &url, Some("ada")).await;

    // Consented, then cancelled while the page is not submitted.
    let (id, url) = start_answered(&tasks, &web, ADA, "accept").await;
    wait(&tasks, &id, |task| task.status() == TaskStatus::Working).await;
    tasks.cancel_task(&id).unwrap();
    wait(&tasks, &id, |task| task.status() == TaskStatus::Cancelled).await;
    page_visit::assert_closed(&router, &url, Some("ada")).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_task_bound_to_nothing_fails_saying_how_to_bind_it() {
    let (tasks, web) = (TaskManager::new(), web());
    let id = start_web(&tasks, &web, Asking { user: None, ..ADA });
    let task = wait(&tasks, &id, |task| task.status() == TaskStatus::Failed).await;
    let said = serde_json::to_string(&task).unwrap();
    assert!(said.contains("`ServerFlow::bound_to`"), "{said}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_task_whose_user_cancels_or_leaves_the_page_reads_so() {
    let (tasks, web) = (TaskManager::new(), web());
    let router = web.router();
    let (id, url) = start_answered(&tasks, &web, ADA, "cancel").await;
    let task = wait(&tasks, &id, |task| task.status() == TaskStatus::Completed).await;
    assert_eq!(result_text(&task), "cancelled");
    page_visit::assert_closed(&router, &url, Some("ada")).await;

    // Consented, but the page is not submitted within the flow's timeout.
    let timeout = Some(Duration::from_millis(100));
    let (id, url) = start_answered(&tasks, &web, Asking { timeout, ..ADA }, "accept").await;
    let task = wait(&tasks, &id, |task| task.status() == TaskStatus::Completed).await;
    assert_eq!(result_text(&task), "declined");
    page_visit::assert_closed(&router, &url, Some("ada")).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_task_waits_no_longer_than_its_page_is_open() {
    let web = web().with_visit_ttl(Duration::from_millis(200));
    let (tasks, router) = (TaskManager::new(), web.router());
    let (id, url) = start_answered(&tasks, &web, ADA, "accept").await;
    let task = wait(&tasks, &id, |task| task.status() == TaskStatus::Completed).await;
    assert_eq!(result_text(&task), "declined");
    let (status, csrf) = page_visit::open(&router, &url, Some("ada")).await;
    assert_eq!(
        (status, csrf),
        (StatusCode::GONE, None),
        "the page has expired"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_task_for_a_client_without_url_mode_fails_before_making_a_visit() {
    // A store of one visit: the failed task must not have taken it.
    let (tasks, web) = (TaskManager::new(), web_of(1));
    let id = start_web(&tasks, &web, Asking { url: false, ..ADA });
    let task = wait(&tasks, &id, |task| task.status() == TaskStatus::Failed).await;
    assert!(pending(&task).is_empty());
    let said = serde_json::to_string(&task).unwrap();
    assert!(said.contains("url"), "{said}");

    let id = start_web(&tasks, &web, ADA);
    let url = url_asked(&tasks, &id).await;
    assert!(url.starts_with("https://forms.example.com/forms/"), "{url}");
}
