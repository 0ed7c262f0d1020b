//! A page for the user to visit (URL mode), and what the user said to it:
//! consent to open it, which is not the visit itself.

use serde_json::Value;

use super::need::{Again, Asking, Need, Reading, elicit_result};
use super::{Capability, ResponseError};
use crate::protocol::{
    Action, ElicitationId, InputRequest, Mode, RequestError, UrlPolicy, has_elicitation_id,
};

/// Where a URL's visit id goes: `{visit}` in the URL a [`Url`] need is
/// given is replaced by the visit's id.
pub const VISIT_PLACEHOLDER: &str = "{visit}";

/// A page to open (`elicitation/create` in URL mode, from 2025-11-25); its
/// output is what the user said to opening it ([`UrlConsent`]).
///
/// The flow draws a visit id the first time it asks (a random UUID,
/// carried sealed across rounds, and the `elicitationId` on 2025-11-25)
/// and puts it in place of [`VISIT_PLACEHOLDER`] in the URL, so that the
/// page knows which visit it serves, and the tool, given the same id in
/// [`UrlConsent::Consented`], looks up whether that visit was completed.
/// The id pre-authenticates nothing: the page must still check that its
/// visitor is the user the flow is for.
///
/// The URL must be `https` ([`UrlRequest::new`](crate::protocol::UrlRequest::new)).
///
/// ```
/// use elicit_runtime::flow::{Capability, Need, Url};
/// use elicit_runtime::protocol::Mode;
///
/// let need = Url::new("github", "Connect your GitHub account", "https://example.com/connect/{visit}");
/// assert_eq!(need.capability(), Capability::Elicitation(Mode::Url));
/// assert!(need.has_visit());
/// ```
#[derive(Debug, Clone)]
pub struct Url {
    key: String,
    message: String,
    url: String,
    policy: UrlPolicy,
}

impl Url {
    /// A request under `key` to open `url` (where `{visit}`, if present,
    /// becomes the visit's id), explained by `message`.
    pub fn new(key: impl Into<String>, message: impl Into<String>, url: impl Into<String>) -> Url {
        Url {
            key: key.into(),
            message: message.into(),
            url: url.into(),
            policy: UrlPolicy::Https,
        }
    }

    /// The same request under another [`UrlPolicy`]: `http` to a
    /// loopback host, for a page served on the user's own machine, is an
    /// explicit choice.
    ///
    /// ```
    /// use elicit_runtime::flow::{ClientSupport, Flow, Url};
    /// use elicit_runtime::protocol::{ElicitationCapability, Revision, UrlPolicy};
    ///
    /// let support = ClientSupport::elicitation(ElicitationCapability::form_and_url());
    /// let local = "http://127.0.0.1:8080/connect/{visit}";
    /// let mut flow = Flow::local(Revision::LATEST, support.clone());
    /// assert!(flow.gather(Url::new("k", "Connect", local)).is_err_and(|stop| stop.to_string().contains("https")));
    /// let mut flow = Flow::local(Revision::LATEST, support);
    /// let need = Url::new("k", "Connect", local).with_policy(UrlPolicy::HttpsOrLoopbackHttp);
    /// assert!(matches!(flow.gather(need), Err(elicit_runtime::flow::Stop::InputRequired(_))));
    /// ```
    pub fn with_policy(self, policy: UrlPolicy) -> Url {
        Url { policy, ..self }
    }

    /// The URL for `visit`.
    fn url_for(&self, visit: Option<&ElicitationId>) -> String {
        match visit {
            Some(visit) => self.url.replace(VISIT_PLACEHOLDER, visit.as_str()),
            None => self.url.clone(),
        }
    }
}

impl Need for Url {
    type Output = UrlConsent;

    fn key(&self) -> &str {
        &self.key
    }

    fn capability(&self) -> Capability {
        Capability::Elicitation(Mode::Url)
    }

    fn has_visit(&self) -> bool {
        true
    }

    fn request(
        &self,
        asking: &Asking<'_>,
        _again: Option<&Again>,
    ) -> Result<InputRequest, RequestError> {
        let elicitor = asking.elicitor()?.with_url_policy(self.policy);
        let url = self.url_for(asking.visit());
        let request = match asking.visit() {
            Some(visit) if has_elicitation_id(asking.revision()) => {
                elicitor.url_with_id(self.message.as_str(), url, visit.clone())?
            }
            _ => elicitor.url(self.message.as_str(), url)?,
        };
        Ok(request.to_input_request())
    }

    fn read(
        &self,
        asking: &Asking<'_>,
        response: &Value,
    ) -> Result<Reading<UrlConsent>, ResponseError> {
        let result = elicit_result(asking, response)?;
        Ok(Reading::Done(match result.action {
            Action::Accept => UrlConsent::Consented {
                visit: asking.visit().cloned(),
            },
            Action::Decline => UrlConsent::Declined,
            Action::Cancel => UrlConsent::Cancelled,
        }))
    }
}

/// What the user said to a URL request in a flow.
///
/// `Consented` is consent to open the page, and nothing more: the visit
/// happens out of band, and whether it was completed is for the tool to
/// look up in its own record, by the visit's id, before it acts on it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use]
pub enum UrlConsent {
    /// The user agreed to open the page.
    Consented {
        /// The visit the page was opened for (`None` only for a request
        /// built outside a flow).
        visit: Option<ElicitationId>,
    },
    /// The user explicitly declined to open it.
    Declined,
    /// The user dismissed the request without choosing.
    Cancelled,
}

impl UrlConsent {
    /// The visit the user consented to open, if they did.
    pub fn visit(&self) -> Option<&ElicitationId> {
        match self {
            UrlConsent::Consented { visit } => visit.as_ref(),
            UrlConsent::Declined | UrlConsent::Cancelled => None,
        }
    }
}
