//! The three actions a user can take on a form.

use core::fmt;

use serde::{Deserialize, Serialize};

/// The user's answer to an elicitation.
///
/// ```
/// use elicit_runtime::protocol::Action;
///
/// assert_eq!(serde_json::to_string(&Action::Decline).unwrap(), r#""decline""#);
/// assert_eq!(Action::from_name("cancel"), Some(Action::Cancel));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// The user submitted the form (`content` holds the data).
    Accept,
    /// The user explicitly declined.
    Decline,
    /// The user dismissed the form without an explicit choice.
    Cancel,
}

impl Action {
    /// The wire name: `"accept"`, `"decline"` or `"cancel"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Action::Accept => "accept",
            Action::Decline => "decline",
            Action::Cancel => "cancel",
        }
    }

    /// Parses a wire name, exactly.
    pub fn from_name(name: &str) -> Option<Action> {
        match name {
            "accept" => Some(Action::Accept),
            "decline" => Some(Action::Decline),
            "cancel" => Some(Action::Cancel),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
