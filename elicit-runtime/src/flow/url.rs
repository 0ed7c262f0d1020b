//! A page for the user to visit (URL mode), asked in a flow; what the
//! user said to it is a [`UrlConsent`]: consent to open it, which is not
//! the visit itself.

use serde_json::Value;

use super::need::{Again, Asking, Need, Reading, elicit_result};
use super::{Capability, ResponseError};
use crate::consent::UrlConsent;
use crate::protocol::{ElicitationId, InputRequest, Mode, RequestError, UrlPolicy};

/// Where a URL's visit id goes: `{visit}` in the URL a [`UrlNeed`] is
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
/// use elicit_runtime::flow::{Capability, Need, UrlNeed};
/// use elicit_runtime::protocol::Mode;
///
/// let need = UrlNeed::new("github", "Connect your GitHub account", "https://example.com/connect/{visit}");
/// assert_eq!(need.capability(), Capability::Elicitation(Mode::Url));
/// assert!(need.has_visit());
/// ```
#[derive(Debug, Clone)]
pub struct UrlNeed {
    key: String,
    message: String,
    url: String,
    policy: UrlPolicy,
}

impl UrlNeed {
    /// A request under `key` to open `url` (where `{visit}`, if present,
    /// becomes the visit's id), explained by `message`.
    pub fn new(
        key: impl Into<String>,
        message: impl Into<String>,
        url: impl Into<String>,
    ) -> UrlNeed {
        UrlNeed {
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
    /// use elicit_runtime::flow::{ClientSupport, Flow, UrlNeed};
    /// use elicit_runtime::protocol::{ElicitationCapability, Revision, UrlPolicy};
    ///
    /// let support = ClientSupport::elicitation(ElicitationCapability::form_and_url());
    /// let local = "http://127.0.0.1:8080/connect/{visit}";
    /// let mut flow = Flow::local(Revision::LATEST, support.clone());
    /// assert!(flow.gather(UrlNeed::new("k", "Connect", local)).is_err_and(|stop| stop.to_string().contains("https")));
    /// let mut flow = Flow::local(Revision::LATEST, support);
    /// let need = UrlNeed::new("k", "Connect", local).with_policy(UrlPolicy::HttpsOrLoopbackHttp);
    /// assert!(matches!(flow.gather(need), Err(elicit_runtime::flow::Stop::InputRequired(_))));
    /// ```
    pub fn with_policy(self, policy: UrlPolicy) -> UrlNeed {
        UrlNeed { policy, ..self }
    }

    /// The URL for `visit`.
    fn url_for(&self, visit: Option<&ElicitationId>) -> String {
        match visit {
            Some(visit) => self.url.replace(VISIT_PLACEHOLDER, visit.as_str()),
            None => self.url.clone(),
        }
    }
}

impl Need for UrlNeed {
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
            Some(visit) if asking.revision().has_elicitation_id() => {
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
        Ok(Reading::Done(UrlConsent::from_action(
            result.action,
            asking.visit().cloned(),
        )))
    }
}
