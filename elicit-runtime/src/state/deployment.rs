//! Which deployment a ring's states belong to: part of what every token
//! authenticates, and chosen explicitly for every ring.

use core::fmt;
use std::borrow::Cow;

use sha2::{Digest, Sha256};

use super::binding::Digest32;

/// The label of the digest of a deployment.
const LABEL: &[u8] = b"elicit/request-state/deployment/v3\0";

/// Which deployment the states of a [`StateKeys`](super::StateKeys) ring
/// belong to. It is part of what every token authenticates (in its
/// associated data), so two deployments given the same keys (staging and
/// production sharing a secret, a configuration copied from one to the
/// other) refuse each other's states
/// ([`StateError::Tampered`](super::StateError::Tampered)). Every ring
/// names its deployment when it is made: there is no default, as there is
/// none for the user a flow is for ([`Principal`](super::Principal)).
///
/// - [`Deployment::named`]: the deployment's name (`shop-production`,
///   `shop-staging`), the same on every replica of the deployment and
///   different from every other deployment's. Not secret, and not sealed
///   into the token. The right choice wherever keys come from
///   configuration, which is why [`StateKeys::from_env`](super::StateKeys::from_env)
///   requires `ELICIT_STATE_CONTEXT`.
/// - [`Deployment::SINGLE`]: the keys belong to this deployment alone (a
///   key made by this process, tests, a desktop app). Its states open in
///   no named deployment, and a named deployment's states do not open in
///   it; but every ring of [`Deployment::SINGLE`] given the same keys
///   opens them.
///
/// ```
/// use elicit_runtime::state::{Binding, Deployment, StateError, StateKey, StateKeys};
///
/// // One secret, given to two deployments by mistake.
/// let key = StateKey::generate().unwrap().expose_base64();
/// let production = StateKeys::parse(&key, Deployment::named("shop-production")).unwrap();
/// let staging = StateKeys::parse(&key, Deployment::named("shop-staging")).unwrap();
/// let binding = Binding::tool("pay", None);
/// let token = staging.seal(&binding, 1, &"from staging").unwrap();
/// assert_eq!(production.open::<String>(&binding, &token).unwrap_err(), StateError::Tampered);
/// assert!(staging.open::<String>(&binding, &token).is_ok());
///
/// // Neither opens what a ring of the single deployment sealed, nor it theirs.
/// let single = StateKeys::parse(&key, Deployment::SINGLE).unwrap();
/// assert_eq!(single.open::<String>(&binding, &token).unwrap_err(), StateError::Tampered);
/// assert_eq!(production.deployment().name(), Some("shop-production"));
/// assert_eq!(single.deployment().name(), None);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Deployment {
    /// The name; `None` for the single deployment.
    name: Option<Cow<'static, str>>,
}

impl Deployment {
    /// The one deployment that holds the keys: for keys no other
    /// deployment is given (a key made by this process with
    /// [`StateKey::generate`](super::StateKey::generate), tests, a
    /// single-user app). Where keys come from configuration, name the
    /// deployment instead ([`Deployment::named`]).
    pub const SINGLE: Deployment = Deployment { name: None };

    /// The deployment called `name` (`billing-production`,
    /// `billing-staging`): states sealed by it open only in a deployment
    /// of the same name. Any text names a deployment, the empty one too;
    /// none is [`Deployment::SINGLE`].
    ///
    /// ```
    /// use elicit_runtime::state::Deployment;
    ///
    /// assert_eq!(Deployment::named("shop-production").name(), Some("shop-production"));
    /// assert_ne!(Deployment::named(""), Deployment::SINGLE);
    /// ```
    pub fn named(name: impl Into<String>) -> Deployment {
        Deployment {
            name: Some(Cow::Owned(name.into())),
        }
    }

    /// The deployment's name; `None` for [`Deployment::SINGLE`].
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// SHA-256 of a label and the deployment: a flag (0 for the single
    /// deployment, 1 for a named one) and the name.
    pub(crate) fn digest(&self) -> Digest32 {
        let mut hasher = Sha256::new();
        hasher.update(LABEL);
        match &self.name {
            None => hasher.update([0]),
            Some(name) => {
                hasher.update([1]);
                hasher.update(name.as_bytes());
            }
        }
        hasher.finalize().into()
    }
}

/// The name, or `SINGLE`: a deployment's name is no secret.
impl fmt::Debug for Deployment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            None => f.write_str("Deployment::SINGLE"),
            Some(name) => write!(f, "Deployment::named({name:?})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Deployment;

    #[test]
    fn no_name_is_the_single_deployment() {
        let digests = [
            Deployment::SINGLE.digest(),
            Deployment::named("").digest(),
            Deployment::named("\0").digest(),
            Deployment::named("a").digest(),
        ];
        for (i, a) in digests.iter().enumerate() {
            for b in &digests[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(
            Deployment::named("a").digest(),
            Deployment::named("a").digest()
        );
        assert_eq!(format!("{:?}", Deployment::SINGLE), "Deployment::SINGLE");
        assert_eq!(
            format!("{:?}", Deployment::named("shop")),
            "Deployment::named(\"shop\")"
        );
    }
}
