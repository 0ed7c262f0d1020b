//! The two elicitation modes: a form the client shows, or a URL it opens.

use core::fmt;

use serde::{Deserialize, Serialize};

use crate::revision::Revision;

/// How the user is asked: in the client (`form`) or out of band (`url`).
///
/// ```
/// use elicit_runtime::protocol::{Mode, Revision};
///
/// assert_eq!(serde_json::to_string(&Mode::Url).unwrap(), r#""url""#);
/// assert_eq!(Mode::from_name("form"), Some(Mode::Form));
/// assert!(!Mode::Url.in_revision(Revision::V2025_06_18));
/// assert!(Mode::Url.in_revision(Revision::V2025_11_25));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// In-band structured data: the client shows a form built from a
    /// `requestedSchema` and sends the answers back. Never for secrets.
    Form,
    /// Out-of-band interaction: the client opens a URL, and whatever the
    /// user enters there never passes through the client (from 2025-11-25).
    Url,
}

impl Mode {
    /// Both modes, in the order the specification lists them.
    pub const ALL: [Mode; 2] = [Mode::Form, Mode::Url];

    /// The wire name: `"form"` or `"url"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Mode::Form => "form",
            Mode::Url => "url",
        }
    }

    /// Parses a wire name, exactly.
    pub fn from_name(name: &str) -> Option<Mode> {
        match name {
            "form" => Some(Mode::Form),
            "url" => Some(Mode::Url),
            _ => None,
        }
    }

    /// Whether `revision` has this mode: form mode always, URL mode from
    /// 2025-11-25.
    pub const fn in_revision(self, revision: Revision) -> bool {
        match self {
            Mode::Form => true,
            Mode::Url => revision.has_extended_schemas(),
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
