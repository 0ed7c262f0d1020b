//! What the user said to a URL-mode elicitation: consent, refusal or
//! dismissal, never content.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;

use crate::limits::Limits;
use crate::protocol::{Action, ElicitResult, ElicitationId, ResultError, ResultParts};

/// What the user said to a URL-mode request: consent to open the page,
/// refusal or dismissal, never content.
///
/// `Consented` means the user agreed to open the URL, not that the
/// interaction there is done: that happens out of band, and the server
/// learns of it by its own means (in 2025-11-25 it may then send
/// `notifications/elicitation/complete`; in 2026-07-28 the client retries
/// and the server checks its state), looking up its own record of the
/// visit before it acts on it. A URL-mode result has no `content`; any
/// sent is ignored.
///
/// Read from a result alone the visit is unknown (`None`); a flow's URL
/// need and `elicit-rmcp`'s `elicit_via_url` give the visit the request
/// was sent for.
///
/// ```
/// use elicit_runtime::UrlConsent;
///
/// let consented = UrlConsent::from_json_str(r#"{"action":"accept"}"#).unwrap();
/// assert_eq!(consented, UrlConsent::Consented { visit: None });
/// assert_eq!(serde_json::to_string(&UrlConsent::Cancelled).unwrap(), r#"{"action":"cancel"}"#);
/// assert!(UrlConsent::from_json_str(r#"{"action":"maybe"}"#).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[must_use]
pub enum UrlConsent {
    /// The user agreed to open the page.
    Consented {
        /// The visit the page was opened for: `None` when read from a
        /// result alone, or for a request sent without an id.
        visit: Option<ElicitationId>,
    },
    /// The user explicitly declined to open it.
    Declined,
    /// The user dismissed the request without choosing (or the browser
    /// failed to load).
    Cancelled,
}

impl UrlConsent {
    /// The answer of `action`, for `visit` when it is consent.
    pub fn from_action(action: Action, visit: Option<ElicitationId>) -> UrlConsent {
        match action {
            Action::Accept => UrlConsent::Consented { visit },
            Action::Decline => UrlConsent::Declined,
            Action::Cancel => UrlConsent::Cancelled,
        }
    }

    /// The action the user took.
    pub const fn action(&self) -> Action {
        match self {
            UrlConsent::Consented { .. } => Action::Accept,
            UrlConsent::Declined => Action::Decline,
            UrlConsent::Cancelled => Action::Cancel,
        }
    }

    /// The visit the user consented to open, if they did and it is known.
    pub fn visit(&self) -> Option<&ElicitationId> {
        match self {
            UrlConsent::Consented { visit } => visit.as_ref(),
            UrlConsent::Declined | UrlConsent::Cancelled => None,
        }
    }

    /// Reads a typed result; its content, if any, is ignored.
    pub fn from_result(result: &ElicitResult) -> UrlConsent {
        UrlConsent::from_action(result.action, None)
    }

    /// Reads a result from its JSON value.
    ///
    /// # Errors
    ///
    /// A [`ResultError`] when the value is not an `ElicitResult`: not an
    /// object, no `action` or an unknown one.
    pub fn from_json(result: &Value) -> Result<UrlConsent, ResultError> {
        ResultParts::read(result).map(|parts| UrlConsent::from_action(parts.action, None))
    }

    /// Reads a result from JSON text.
    ///
    /// # Errors
    ///
    /// As [`UrlConsent::from_json`], and [`ResultError::NotJson`],
    /// [`ResultError::DuplicateKey`] or [`ResultError::TooLarge`] when the
    /// text is not JSON within [`Limits::DEFAULT`].
    pub fn from_json_str(text: &str) -> Result<UrlConsent, ResultError> {
        let value = Limits::DEFAULT.read_json(text)?;
        UrlConsent::from_json(&value)
    }

    /// The `ElicitResult` a client sends for this outcome.
    pub fn to_result(&self) -> ElicitResult {
        match self {
            UrlConsent::Consented { .. } => ElicitResult::accept_url(),
            UrlConsent::Declined => ElicitResult::decline(),
            UrlConsent::Cancelled => ElicitResult::cancel(),
        }
    }
}

/// Writes the `ElicitResult`: `{"action": ...}`.
impl Serialize for UrlConsent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("action", &self.action())?;
        map.end()
    }
}
