//! The token of a hosted page's link, for a client without URL mode: the
//! visit, sealed for the request and user, given back as a tool argument.

use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use crate::store::VisitId;
use elicit_runtime::__integration::{Kind, seal};
use elicit_runtime::state::{Binding, SealError, StateError, StateKeys};

/// The tool argument that carries a hosted page's token when the model
/// calls the tool again, for a client that cannot open URLs itself: list
/// it among the tool's arguments (`elicit-rmcp`'s `visit_arguments` or
/// `tool_with_web_form`).
pub const VISIT_ARGUMENT: &str = "elicit_visit";

/// What a link's token holds: the visit, the form's key, and how many
/// times the link was given.
#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct LinkToken {
    /// The visit's id.
    #[serde(rename = "v")]
    pub visit: String,
    /// The form's key.
    #[serde(rename = "k")]
    pub key: String,
    /// How many times the link was given.
    #[serde(rename = "n")]
    pub asks: u32,
}

impl LinkToken {
    /// Sealed with `keys` for `binding` (the request without the token's
    /// argument, bound to its user), as a payload of its own kind.
    pub fn seal(&self, keys: &StateKeys, binding: &Binding) -> Result<String, SealError> {
        seal::seal_kind(
            keys,
            Kind::Link,
            binding,
            self.asks,
            self,
            SystemTime::now(),
        )
    }

    /// The token `token` opened with `keys` for `binding`: refused, with
    /// the state's errors, when made for another request, user or
    /// arguments, expired, tampered with or of another kind.
    pub fn open(
        keys: &StateKeys,
        binding: &Binding,
        token: &str,
    ) -> Result<(LinkToken, VisitId), StateError> {
        let opened =
            seal::open_kind::<LinkToken>(keys, Kind::Link, binding, token, SystemTime::now())?;
        let visit = VisitId::parse(&opened.state.visit).map_err(|_| StateError::Malformed)?;
        Ok((opened.state, visit))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::LinkToken;
    use crate::store::VisitId;
    use elicit_runtime::__integration::{Kind, seal};
    use elicit_runtime::state::{
        Binding, Deployment, MismatchKind, Principal, StateError, StateKey, StateKeys,
    };

    fn binding(user: &str, account: &str) -> Binding {
        let arguments = json!({ "account": account });
        Binding::tool("connect", arguments.as_object()).bound_to(&Principal::user(user))
    }

    fn token(keys: &StateKeys) -> (String, VisitId) {
        let visit = VisitId::generate().unwrap();
        let link = LinkToken {
            visit: visit.to_string(),
            key: "connect".to_owned(),
            asks: 1,
        };
        (link.seal(keys, &binding("alice", "ada")).unwrap(), visit)
    }

    #[test]
    fn opens_for_its_call_and_user_only() {
        let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
        let (token, visit) = token(&keys);
        let (opened, read) = LinkToken::open(&keys, &binding("alice", "ada"), &token).unwrap();
        assert_eq!(
            (opened.key.as_str(), opened.asks, read),
            ("connect", 1, visit)
        );

        let kind = |error: StateError| match error {
            StateError::Mismatch(mismatch) => Some(mismatch.kind()),
            _ => None,
        };
        let bob = LinkToken::open(&keys, &binding("bob", "ada"), &token).unwrap_err();
        assert_eq!(kind(bob), Some(MismatchKind::User));
        let other = LinkToken::open(&keys, &binding("alice", "eve"), &token).unwrap_err();
        assert_eq!(kind(other), Some(MismatchKind::Arguments));

        // A byte in the middle changed (the last one may only break the
        // base64's padding bits).
        let middle = token.len() / 2;
        let was = &token[middle..=middle];
        let changed = format!(
            "{}{}{}",
            &token[..middle],
            if was == "A" { "B" } else { "A" },
            &token[middle + 1..]
        );
        let changed = LinkToken::open(&keys, &binding("alice", "ada"), &changed).unwrap_err();
        assert!(matches!(changed, StateError::Tampered), "{changed:?}");

        let others = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
        let unknown = LinkToken::open(&others, &binding("alice", "ada"), &token).unwrap_err();
        assert!(matches!(unknown, StateError::UnknownKey), "{unknown:?}");
    }

    /// A link's token lasts as long as a state sealed with the same keys:
    /// it opens to the end of the keys' time to live, and not after.
    #[test]
    fn expires_with_the_keys_time_to_live() {
        let ttl = std::time::Duration::from_secs(60);
        let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE).with_ttl(ttl);
        let binding = binding("alice", "ada");
        let link = LinkToken {
            visit: VisitId::generate().unwrap().to_string(),
            key: "connect".to_owned(),
            asks: 0,
        };
        let now = std::time::SystemTime::now();
        let sealed_at = |ago: u64| {
            let at = now - std::time::Duration::from_secs(ago);
            seal::seal_kind(&keys, Kind::Link, &binding, 0, &link, at).unwrap()
        };
        assert!(LinkToken::open(&keys, &binding, &sealed_at(ttl.as_secs() - 5)).is_ok());
        let expired = LinkToken::open(&keys, &binding, &sealed_at(ttl.as_secs() + 5)).unwrap_err();
        assert!(matches!(expired, StateError::Expired(_)), "{expired:?}");
    }

    #[test]
    fn no_other_payload_opens_as_a_link() {
        let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
        let binding = binding("alice", "ada");
        let link = json!({ "v": VisitId::generate().unwrap().to_string(), "k": "connect", "n": 0 });
        for kind in [Kind::State, Kind::Flow, Kind::Visit] {
            let now = std::time::SystemTime::now();
            let sealed = seal::seal_kind(&keys, kind, &binding, 0, &link, now).unwrap();
            assert!(
                LinkToken::open(&keys, &binding, &sealed).is_err(),
                "{kind:?}"
            );
        }
    }
}
