//! The server's tasks, each bound to the user who created it: a task's id
//! is no credential. Another user's `tasks/get`, `tasks/update` and
//! `tasks/cancel` get the very error of an id the server does not know, so
//! an id seen by someone else (in a log, on a shared screen, guessed) tells
//! them nothing of the task, and reaches nothing: not its status, not its
//! input requests (a hosted form's link among them), not its result, and
//! they can neither answer nor cancel it.
//!
//! The user is the request's [`Principal`]: the demo login's user when
//! `ELICIT_DEMO_USERS` is set, else [`Principal::UNBOUND`] for everyone (a
//! server of one user, on loopback or stdio), whose tasks all share it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use elicit_runtime::state::Principal;
use rmcp::ErrorData;
use rmcp::model::{DetailedTask, Task};
use rmcp::task_manager::{TaskContext, TaskFuture, TaskManager, TaskOptions};
use serde_json::Value;

/// rmcp's task manager, with the principal that created each task.
#[derive(Clone, Default)]
pub struct OwnedTasks {
    manager: TaskManager,
    owners: Arc<Mutex<HashMap<String, Principal>>>,
}

impl OwnedTasks {
    /// Spawns `make_future` as a task of `owner`, as
    /// [`TaskManager::spawn`] does: the owner is recorded before the task
    /// is returned, so before anyone can know its id.
    pub fn spawn<F>(&self, owner: Principal, options: TaskOptions, make_future: F) -> Task
    where
        F: FnOnce(TaskContext) -> TaskFuture,
    {
        let task = self.manager.spawn(options, make_future);
        self.owners().insert(task.task_id.clone(), owner);
        task
    }

    /// `tasks/get` of `principal`: the task, if it is theirs.
    ///
    /// # Errors
    ///
    /// The error of an unknown task for an id that is not `principal`'s
    /// task, whoever's it is.
    pub fn get(&self, task_id: &str, principal: &Principal) -> Result<DetailedTask, ErrorData> {
        self.owned(task_id, principal)?;
        self.forgotten_if_unknown(task_id, self.manager.get_task(task_id))
    }

    /// `tasks/update` of `principal`: the responses go to the task, if it
    /// is theirs.
    ///
    /// # Errors
    ///
    /// As [`OwnedTasks::get`].
    pub fn update(
        &self,
        task_id: &str,
        principal: &Principal,
        input_responses: impl IntoIterator<Item = (String, Value)>,
    ) -> Result<(), ErrorData> {
        self.owned(task_id, principal)?;
        let updated = self.manager.update_task(task_id, input_responses);
        self.forgotten_if_unknown(task_id, updated)
    }

    /// `tasks/cancel` of `principal`: the task is asked to stop, if it is
    /// theirs.
    ///
    /// # Errors
    ///
    /// As [`OwnedTasks::get`].
    pub fn cancel(&self, task_id: &str, principal: &Principal) -> Result<(), ErrorData> {
        self.owned(task_id, principal)?;
        let cancelled = self.manager.cancel_task(task_id);
        self.forgotten_if_unknown(task_id, cancelled)
    }

    /// Whether `task_id` is a task of `principal`: the error of an unknown
    /// task if not, the same whether the task is someone else's or none.
    fn owned(&self, task_id: &str, principal: &Principal) -> Result<(), ErrorData> {
        match self.owners().get(task_id) {
            Some(owner) if owner == principal => Ok(()),
            _ => Err(unknown(task_id)),
        }
    }

    /// `answer`, forgetting the owner of a task the manager no longer
    /// knows (evicted once its time to live passed).
    fn forgotten_if_unknown<T>(
        &self,
        task_id: &str,
        answer: Result<T, ErrorData>,
    ) -> Result<T, ErrorData> {
        if answer.is_err() && self.manager.get_task(task_id).is_err() {
            self.owners().remove(task_id);
        }
        answer
    }

    fn owners(&self) -> std::sync::MutexGuard<'_, HashMap<String, Principal>> {
        // A poisoned lock still holds a consistent map: each change is one
        // call that does not panic halfway.
        self.owners
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The error rmcp's task manager gives for an id it does not know, asked
/// of a manager that holds no task: that very error, whatever its words.
fn unknown(task_id: &str) -> ErrorData {
    match TaskManager::new().get_task(task_id) {
        Err(error) => error,
        Ok(_) => ErrorData::invalid_params(format!("unknown task: {task_id}"), None),
    }
}
