//! The token of a hosted page's link, for a client without URL mode: the
//! visit, sealed for the request and user, given back as a tool argument.

use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use super::store::VisitId;
use crate::state::{Binding, Kind, SealError, StateError, StateKeys};

/// The tool argument that carries a hosted page's token when the model
/// calls the tool again, for a client that cannot open URLs itself: list
/// it among the tool's arguments
#[cfg_attr(
    feature = "rmcp",
    doc = "([`tool_with_web_form`](crate::integrations::rmcp::tool_with_web_form))."
)]
#[cfg_attr(not(feature = "rmcp"), doc = "(`tool_with_web_form`, feature `rmcp`).")]
pub const VISIT_ARGUMENT: &str = "elicit_visit";

/// What a link's token holds: the visit, the form's key, and how many
/// times the link was given.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub(crate) struct LinkToken {
    #[serde(rename = "v")]
    pub(crate) visit: String,
    #[serde(rename = "k")]
    pub(crate) key: String,
    #[serde(rename = "n")]
    pub(crate) asks: u32,
}

impl LinkToken {
    /// Sealed with `keys` for `binding` (the request without the token's
    /// argument, bound to its user), as a payload of its own kind.
    pub(crate) fn seal(&self, keys: &StateKeys, binding: &Binding) -> Result<String, SealError> {
        keys.seal_kind(Kind::Link, binding, self.asks, self, SystemTime::now())
    }

    /// The token `token` opened with `keys` for `binding`: refused, with
    /// the state's errors, when made for another request, user or
    /// arguments, expired, tampered with or of another kind.
    pub(crate) fn open(
        keys: &StateKeys,
        binding: &Binding,
        token: &str,
    ) -> Result<(LinkToken, VisitId), StateError> {
        let opened = keys.open_kind::<LinkToken>(Kind::Link, binding, token, SystemTime::now())?;
        let visit = VisitId::parse(&opened.state.visit).map_err(|_| StateError::Malformed)?;
        Ok((opened.state, visit))
    }
}
