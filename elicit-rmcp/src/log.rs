//! What the rmcp integration tells a server's `tracing` subscriber: calls
//! refused, stopped or failed. Events name the tool or prompt and what
//! happened, never an answer, a secret, an argument or a token.

use core::fmt;

use elicit_runtime::__integration::Excerpt;
use elicit_runtime::flow::{AskError, FlowError, Stop};
use elicit_runtime::rules::ValidationErrors;

/// The target of the integration's events.
pub(super) const TARGET: &str = "elicit::rmcp";

/// A call that stopped before its answer, with `stop`.
pub(super) fn stopped(kind: &str, name: &str, stop: &Stop) {
    let name = Excerpt(name);
    match stop {
        Stop::InputRequired(result) => tracing::debug!(
            target: TARGET,
            kind,
            %name,
            requests = result.input_requests.len(),
            "input required: the client asks the user and calls again"
        ),
        Stop::Instructions(_) | Stop::AppShown(_) | Stop::WebPage(_) => tracing::info!(
            target: TARGET,
            kind,
            %name,
            route = route_of(stop),
            "the client shows no forms: the form goes another way"
        ),
        Stop::InvalidArguments(invalid) => tracing::info!(
            target: TARGET,
            kind,
            %name,
            fields = %Fields(invalid.error().validation_errors()),
            "the arguments break the form"
        ),
        Stop::Unsupported(unsupported) => tracing::info!(
            target: TARGET,
            kind,
            %name,
            reason = %unsupported,
            "the client lacks a capability the call needs"
        ),
        Stop::Exhausted(exhausted) => tracing::warn!(
            target: TARGET,
            kind,
            %name,
            key = %Excerpt(exhausted.key()),
            attempts = exhausted.attempts(),
            fields = %Fields(Some(exhausted.errors())),
            "the form stayed invalid: the call gives up"
        ),
        Stop::Refused(error) => tracing::warn!(
            target: TARGET,
            kind,
            %name,
            reason = %Refusal(error),
            "request refused"
        ),
        Stop::Failed(error) => tracing::error!(
            target: TARGET,
            kind,
            %name,
            reason = %Failure(error),
            "asking failed"
        ),
        other => tracing::info!(target: TARGET, kind, %name, reason = %other, "the call stopped"),
    }
}

/// A call refused for want of a user to ask for.
pub(super) fn no_principal(kind: &str, name: &str) {
    tracing::warn!(
        target: TARGET,
        kind,
        name = %Excerpt(name),
        "no user on the request: the call is refused"
    );
}

fn route_of(stop: &Stop) -> &'static str {
    match stop {
        Stop::AppShown(_) => "app",
        Stop::WebPage(_) => "web page",
        _ => "instructions",
    }
}

/// The names of the failing fields, never what was received.
struct Fields<'a>(Option<&'a ValidationErrors>);

impl fmt::Display for Fields<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(errors) => errors.field_names().fmt(f),
            None => f.write_str("(too large to read)"),
        }
    }
}

/// Why a request was refused, without what the client sent.
struct Refusal<'a>(&'a FlowError);

impl fmt::Display for Refusal<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            // A state's refusal says why, never what it held.
            FlowError::State(error) => write!(f, "request state: {error}"),
            FlowError::Response { key, .. } => {
                write!(
                    f,
                    "the response under `{}` is not a result of its request",
                    Excerpt(key)
                )
            }
            FlowError::TooLarge(error) => write!(f, "input responses: {error}"),
            other => other.fmt(f),
        }
    }
}

/// Why asking failed, without an answer a hosted page held.
struct Failure<'a>(&'a AskError);

impl fmt::Display for Failure<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            AskError::Web(_) => f.write_str("the hosted form failed"),
            AskError::Carry { key, .. } => {
                write!(
                    f,
                    "the value carried under `{}` does not round-trip",
                    Excerpt(key)
                )
            }
            other => other.fmt(f),
        }
    }
}
