//! The scope of one call served by [`FlowTools`](crate::FlowTools) or
//! [`FlowPrompts`](crate::FlowPrompts): what an [`Ask`](crate::Ask) opened
//! in it reads (the flows' keys and routes, a prompt's retry), and the
//! stops its handler passed on with `?`, kept for the router to answer.
//!
//! rmcp turns a handler's `Err` into a tool error or a JSON-RPC error, and
//! has no error that is an input-required result. So a [`Halt`](crate::Halt)
//! turned into rmcp's error inside the scope leaves its stop here and
//! becomes a marker error; the router, once the handler is done, answers a
//! marker with the stop it names. The scope is a task-local value around
//! the router's call: the handler, its extractors and its conversion to
//! rmcp's result all run inside that future.

use std::sync::Mutex;

use rmcp::model as mcp;
use serde_json::Value;

use crate::flows::Flows;
use elicit_runtime::flow::Stop;

tokio::task_local! {
    static SCOPE: Scope;
}

/// The member of a marker error's `data` that names the kept stop.
const MARKER: &str = "io.github.elicit/halt";

/// A call's scope.
pub(super) struct Scope {
    pub(super) flows: Flows,
    /// The call's arguments and retry fields, for its `Ask` to take.
    call: Mutex<Option<CallParts>>,
    /// The stops turned into marker errors in this call, by index.
    stops: Mutex<Vec<Stop>>,
    /// The token the form's app sends the user's answers back with, for
    /// the call's result's `_meta` whatever the result.
    app_token: Mutex<Option<String>>,
}

/// How a call in a scope ended: its result, or the stop or error that
/// ended it; and the token its form's app is to be given, if any.
pub(super) struct Ended<T> {
    pub(super) result: Result<T, Kept>,
    pub(super) app_token: Option<String>,
}

/// What the router read of a call before its handler ran: rmcp's
/// extractors take the arguments (`Parameters`) and the retry fields, in
/// whichever order the handler lists them, and a prompt's context lacks
/// the retry altogether.
pub(super) struct CallParts {
    pub(super) arguments: Option<mcp::JsonObject>,
    pub(super) input_responses: Option<mcp::InputResponses>,
    pub(super) request_state: Option<String>,
    /// Whether the retry fields were handed over: rmcp's
    /// `#[prompt_handler]` drops them before the router sees the call.
    pub(super) retry_known: bool,
}

impl Scope {
    pub(super) fn new(flows: Flows, call: CallParts) -> Scope {
        Scope {
            flows,
            call: Mutex::new(Some(call)),
            stops: Mutex::new(Vec::new()),
            app_token: Mutex::new(None),
        }
    }

    /// Keeps `token` for the call's result, for the form's app.
    #[cfg_attr(not(feature = "app"), allow(dead_code, reason = "forms' apps give it"))]
    pub(super) fn give_app_token(&self, token: String) {
        *lock(&self.app_token) = Some(token);
    }

    /// The call's parts, taken by its first `Ask`.
    pub(super) fn take_call(&self) -> Option<CallParts> {
        lock(&self.call).take()
    }

    /// Runs `call` inside this scope: its result, or the stop its error
    /// names if it is a marker of a stop kept in the scope; and the app's
    /// token, if an ask gave one.
    pub(super) async fn run<T, F>(self, call: F) -> Ended<T>
    where
        F: Future<Output = Result<T, rmcp::ErrorData>>,
    {
        let ((stops, app_token), result) = SCOPE
            .scope(self, async {
                let result = call.await;
                let kept = SCOPE.with(|scope| (scope.take_all(), lock(&scope.app_token).take()));
                (kept, result)
            })
            .await;
        let result = match result {
            Ok(value) => Ok(value),
            Err(error) => {
                let kept = marker_of(&error).and_then(|index| stops.into_iter().nth(index));
                match kept {
                    Some(stop) => Err(Kept::Stop(stop)),
                    None => Err(Kept::Error(error)),
                }
            }
        };
        Ended { result, app_token }
    }

    fn take_all(&self) -> Vec<Stop> {
        std::mem::take(&mut *lock(&self.stops))
    }

    fn keep(&self, stop: Stop) -> usize {
        let mut stops = lock(&self.stops);
        stops.push(stop);
        stops.len() - 1
    }
}

/// A lock that a panicking holder left is still the call's.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// What a call in a scope ended with, when it did not succeed.
pub(super) enum Kept {
    /// A stop the handler passed on: the router answers it.
    Stop(Stop),
    /// An error of the handler's own.
    Error(rmcp::ErrorData),
}

/// Keeps `stop` in the current call's scope and returns the marker error
/// that names it; gives `stop` back outside a scope.
pub(super) fn keep(stop: Stop) -> Result<rmcp::ErrorData, Stop> {
    if SCOPE.try_with(|_| ()).is_err() {
        return Err(stop);
    }
    Ok(marker(SCOPE.with(|scope| scope.keep(stop))))
}

/// `read` of the current call's scope, or `None` outside one.
pub(super) fn with<R>(read: impl FnOnce(&Scope) -> R) -> Option<R> {
    SCOPE.try_with(read).ok()
}

fn marker(index: usize) -> rmcp::ErrorData {
    let mut data = serde_json::Map::new();
    data.insert(MARKER.to_owned(), Value::from(index));
    rmcp::ErrorData::internal_error(
        "the handler stopped to ask: its router answers this stop",
        Some(Value::Object(data)),
    )
}

fn marker_of(error: &rmcp::ErrorData) -> Option<usize> {
    let index = error.data.as_ref()?.get(MARKER)?.as_u64()?;
    usize::try_from(index).ok()
}
