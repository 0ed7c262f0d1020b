//! An rmcp client whose user answers by script: it declares the
//! elicitation capability it is given at its revision, answers each
//! `elicitation/create` as the script says, records every request, and
//! hands the custom notifications it hears to the test if asked to.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use elicit_rmcp::capability_to_rmcp;
use elicit_runtime::protocol::ElicitationCapability;
use rmcp::ClientHandler;
use rmcp::model::{
    ClientCapabilities, ClientConfig, CustomNotification, ElicitRequestParams, ElicitResult,
    ElicitationAction, ErrorData, Implementation, ProtocolVersion,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient};
use serde_json::Value;

/// What the scripted user does with each request.
pub type Answer = Arc<dyn Fn(&ElicitRequestParams) -> ElicitResult + Send + Sync>;

/// What the client does with each custom notification.
type Hear = Arc<dyn Fn(CustomNotification) + Send + Sync>;

/// An rmcp client whose user answers by script.
#[derive(Clone)]
pub struct AnsweringClient {
    version: ProtocolVersion,
    capability: Option<ElicitationCapability>,
    answer: Answer,
    delay: Option<Duration>,
    hear: Option<Hear>,
    /// Every request the client was sent, in order.
    pub seen: Arc<Mutex<Vec<ElicitRequestParams>>>,
}

impl AnsweringClient {
    /// A client at `version` that declares `capability` (none: no
    /// elicitation), whose user answers with `answer`.
    pub fn new(
        version: ProtocolVersion,
        capability: Option<ElicitationCapability>,
        answer: Answer,
    ) -> AnsweringClient {
        AnsweringClient {
            version,
            capability,
            answer,
            delay: None,
            hear: None,
            seen: Arc::default(),
        }
    }

    /// The same client, answering each request after `delay`.
    pub fn with_delay(self, delay: Duration) -> AnsweringClient {
        AnsweringClient {
            delay: Some(delay),
            ..self
        }
    }

    /// The same client, handing each custom notification to `hear`.
    pub fn hearing(
        self,
        hear: impl Fn(CustomNotification) + Send + Sync + 'static,
    ) -> AnsweringClient {
        AnsweringClient {
            hear: Some(Arc::new(hear)),
            ..self
        }
    }

    /// Every request the client was sent so far, as JSON.
    pub fn requests(&self) -> Vec<Value> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .map(|request| serde_json::to_value(request).unwrap())
            .collect()
    }
}

impl ClientHandler for AnsweringClient {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = self.capability.as_ref().map(capability_to_rmcp);
        ClientConfig::new(
            capabilities,
            Implementation::new("answering-client", "1.0.0"),
        )
        .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        if let Some(delay) = self.delay {
            tokio::time::sleep(delay).await;
        }
        let result = (self.answer)(&request);
        self.seen.lock().unwrap().push(request);
        Ok(result)
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        _context: NotificationContext<RoleClient>,
    ) {
        if let Some(hear) = &self.hear {
            hear(notification);
        }
    }
}

/// Accepts every form with `content`.
pub fn accept(content: Value) -> Answer {
    Arc::new(move |_| ElicitResult::new(ElicitationAction::Accept).with_content(content.clone()))
}

/// Accepts with each content in turn, the last one from then on.
pub fn accept_in_turn(contents: Vec<Value>) -> Answer {
    let turn = AtomicUsize::new(0);
    Arc::new(move |_| {
        let i = turn.fetch_add(1, Ordering::SeqCst);
        let content = contents[i.min(contents.len() - 1)].clone();
        ElicitResult::new(ElicitationAction::Accept).with_content(content)
    })
}

/// Answers every request with `action` and no content.
pub fn action(action: ElicitationAction) -> Answer {
    Arc::new(move |_| ElicitResult::new(action.clone()))
}
