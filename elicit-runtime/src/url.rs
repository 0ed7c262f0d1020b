//! The outcome of a URL-mode elicitation: consent, refusal or dismissal,
//! never content.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;

use crate::limits::Limits;
use crate::protocol::{Action, ElicitResult, ResultError, ResultParts};

/// What the user did with a URL-mode request.
///
/// `Accept` means the user consented to open the URL, not that the
/// interaction there is done: that happens out of band, and the server
/// learns of it by its own means (in 2025-11-25 it may then send
/// `notifications/elicitation/complete`; in 2026-07-28 the client retries
/// and the server checks its state). A URL-mode result has no `content`;
/// any sent is ignored.
///
/// ```
/// use elicit_runtime::UrlElicitation;
///
/// let consented = UrlElicitation::from_json_str(r#"{"action":"accept"}"#).unwrap();
/// assert_eq!(consented, UrlElicitation::Accept);
/// assert_eq!(serde_json::to_string(&UrlElicitation::Cancel).unwrap(), r#"{"action":"cancel"}"#);
/// assert!(UrlElicitation::from_json_str(r#"{"action":"maybe"}"#).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[must_use]
pub enum UrlElicitation {
    /// The user agreed to open the URL.
    Accept,
    /// The user explicitly declined.
    Decline,
    /// The user dismissed the request without choosing (or the browser
    /// failed to load).
    Cancel,
}

impl UrlElicitation {
    /// The outcome of `action`.
    pub const fn from_action(action: Action) -> UrlElicitation {
        match action {
            Action::Accept => UrlElicitation::Accept,
            Action::Decline => UrlElicitation::Decline,
            Action::Cancel => UrlElicitation::Cancel,
        }
    }

    /// The action the user took.
    pub const fn action(self) -> Action {
        match self {
            UrlElicitation::Accept => Action::Accept,
            UrlElicitation::Decline => Action::Decline,
            UrlElicitation::Cancel => Action::Cancel,
        }
    }

    /// Reads a typed result; its content, if any, is ignored.
    pub fn from_result(result: &ElicitResult) -> UrlElicitation {
        UrlElicitation::from_action(result.action)
    }

    /// Reads a result from its JSON value.
    ///
    /// # Errors
    ///
    /// A [`ResultError`] when the value is not an `ElicitResult`: not an
    /// object, no `action` or an unknown one.
    pub fn from_json(result: &Value) -> Result<UrlElicitation, ResultError> {
        ResultParts::read(result).map(|parts| UrlElicitation::from_action(parts.action))
    }

    /// Reads a result from JSON text.
    ///
    /// # Errors
    ///
    /// As [`UrlElicitation::from_json`], and [`ResultError::NotJson`],
    /// [`ResultError::DuplicateKey`] or [`ResultError::TooLarge`] when the
    /// text is not JSON within [`Limits::DEFAULT`].
    pub fn from_json_str(text: &str) -> Result<UrlElicitation, ResultError> {
        let value = Limits::DEFAULT.read_json(text)?;
        UrlElicitation::from_json(&value)
    }

    /// The `ElicitResult` a client sends for this outcome.
    pub fn to_result(self) -> ElicitResult {
        match self {
            UrlElicitation::Accept => ElicitResult::accept_url(),
            UrlElicitation::Decline => ElicitResult::decline(),
            UrlElicitation::Cancel => ElicitResult::cancel(),
        }
    }
}

/// Writes the `ElicitResult`: `{"action": ...}`.
impl Serialize for UrlElicitation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("action", &self.action())?;
        map.end()
    }
}
