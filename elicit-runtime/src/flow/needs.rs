//! Several needs asked in one round: a need alone, or a tuple of needs
//! whose outputs come back as a tuple, each read by its own key.

use std::collections::BTreeMap;

use super::digest::RequestDigest;
use super::{Capability, Flow, Need, Stop};
use crate::protocol::{InputRequest, InputRequests, RequestError};

/// The requests of one round as they are gathered, and the capabilities
/// the client lacks for them.
#[derive(Debug, Default)]
pub struct Round {
    pub(super) requests: InputRequests,
    /// The digest of each request as first asked (before any "asked
    /// again" message): what the next retry's responses must answer.
    pub(super) asked: BTreeMap<String, RequestDigest>,
    pub(super) missing: Vec<Capability>,
}

impl Round {
    pub(super) fn push(
        &mut self,
        key: &str,
        request: InputRequest,
        digest: RequestDigest,
    ) -> Result<(), RequestError> {
        self.requests.insert(key, request)?;
        self.asked.insert(key.to_owned(), digest);
        Ok(())
    }

    pub(super) fn lacks(&mut self, capability: Capability) {
        if !self.missing.contains(&capability) {
            self.missing.push(capability);
        }
    }
}

/// What one round asks for: a [`Need`], or a tuple of up to eight needs
/// (each under its own key), whose output is the tuple of their outputs.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::flow::{FormNeed, Needs, Roots};
///
/// #[derive(Elicitable)]
/// struct Name {
///     name: String,
/// }
///
/// fn both() -> impl Needs {
///     (FormNeed::<Name>::new("user_name", "What is your name?"), Roots::<serde_json::Value>::new("roots"))
/// }
/// ```
pub trait Needs {
    /// What the tool gets once every need is answered.
    type Output;

    /// Reads what is answered and queues the rest in `round`; the outputs
    /// once everything is answered.
    ///
    /// # Errors
    ///
    /// The [`Stop`]s of [`Flow::gather`] that one need meets on its own.
    fn poll(&self, flow: &mut Flow, round: &mut Round) -> Result<Option<Self::Output>, Stop>;
}

impl<N: Need> Needs for N {
    type Output = N::Output;

    fn poll(&self, flow: &mut Flow, round: &mut Round) -> Result<Option<N::Output>, Stop> {
        flow.ready(self, round)
    }
}

macro_rules! tuple_needs {
    ($($name:ident $output:ident $index:tt),+) => {
        impl<$($name: Need),+> Needs for ($($name,)+) {
            type Output = ($($name::Output,)+);

            fn poll(&self, flow: &mut Flow, round: &mut Round) -> Result<Option<Self::Output>, Stop> {
                let outputs = ($(flow.ready(&self.$index, round)?,)+);
                match outputs {
                    ($(Some($output),)+) => Ok(Some(($($output,)+))),
                    _ => Ok(None),
                }
            }
        }
    };
}

tuple_needs!(A a 0);
tuple_needs!(A a 0, B b 1);
tuple_needs!(A a 0, B b 1, C c 2);
tuple_needs!(A a 0, B b 1, C c 2, D d 3);
tuple_needs!(A a 0, B b 1, C c 2, D d 3, E e 4);
tuple_needs!(A a 0, B b 1, C c 2, D d 3, E e 4, F f 5);
tuple_needs!(A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6);
tuple_needs!(A a 0, B b 1, C c 2, D d 3, E e 4, F f 5, G g 6, H h 7);
