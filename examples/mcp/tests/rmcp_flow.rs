//! `ServerFlow` end to end through rmcp: a resource and a prompt that ask
//! before they answer, a tool that asks for a form, a sampled message and
//! the roots in one round (as input requests on 2026-07-28, as requests the
//! server sends before), and refused states as JSON-RPC `-32602`.

#![allow(deprecated)] // rmcp marks sampling and roots deprecated (SEP-2577)

#[path = "support/rmcp_session.rs"]
mod rmcp_session;

use std::sync::{Arc, Mutex};

use elicit_rmcp::{ServerFlow, StopExt, capability_to_rmcp};
use elicit_runtime::flow::{FormNeed, Roots, Sampling, Stop};
use elicit_runtime::protocol::ElicitationCapability;
use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams,
    ElicitResult, ElicitationAction, ErrorCode, ErrorData, GetPromptRequestParams, Implementation,
    ListRootsResult, ProtocolVersion, ReadResourceRequestParams, ReadResourceResponse,
    ReadResourceResult, ResourceContents, Root, SamplingMessage, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleClient, RoleServer};
use rmcp::{ClientHandler, ServerHandler, ServiceError};
use serde_json::{Value, json};

use rmcp_session::{connect, connect_to, text};

#[derive(Debug, Elicitable)]
struct Name {
    name: String,
}

/// A server with a resource that asks whose note to read, and a tool that
/// asks for three things at once.
#[derive(Clone)]
struct Notes {
    keys: StateKeys,
}

impl Notes {
    async fn read(
        &self,
        request: &ReadResourceRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, Stop> {
        let mut flow = ServerFlow::open(context, &self.keys, request, &Principal::UNBOUND)?;
        let answer = flow.form::<Name>("owner", "Whose note?").await?;
        let note = match answer {
            Elicitation::Accept(owner) => format!("{}'s note: buy bread", owner.name),
            _ => "no note".to_owned(),
        };
        Ok(ReadResourceResult::new(vec![ResourceContents::text(note, request.uri.clone())]).into())
    }

    async fn greet(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, Stop> {
        let mut flow = ServerFlow::open(context, &self.keys, request, &Principal::UNBOUND)?;
        let params =
            CreateMessageRequestParams::new(vec![SamplingMessage::user_text("Greet Ada")], 20);
        let (name, greeting, roots) = flow
            .gather((
                FormNeed::<Name>::new("name", "What is your name?"),
                Sampling::<CreateMessageResult>::new("greeting", params),
                Roots::<ListRootsResult>::new("roots"),
            ))
            .await?;
        let name = name.accepted().map(|user| user.name).unwrap_or_default();
        let said = serde_json::to_value(&greeting.message).unwrap()["content"]["text"].clone();
        let text = format!("{name}: {said} in {}", roots.roots[0].uri);
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

impl ServerHandler for Notes {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        self.read(&request, &context)
            .await
            .or_else(Stop::into_resource_response)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.greet(&request, &context)
            .await
            .or_else(Stop::into_tool_response)
    }
}

/// A client whose user and model answer everything, counting the requests.
#[derive(Clone)]
struct Helpful {
    version: ProtocolVersion,
    seen: Arc<Mutex<Vec<&'static str>>>,
}

impl Helpful {
    fn new(version: ProtocolVersion) -> Helpful {
        Helpful {
            version,
            seen: Arc::default(),
        }
    }

    fn seen(&self) -> Vec<&'static str> {
        self.seen.lock().unwrap().clone()
    }
}

impl ClientHandler for Helpful {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::builder()
            .enable_sampling()
            .enable_roots()
            .build();
        capabilities.elicitation = Some(capability_to_rmcp(&ElicitationCapability::form_only()));
        ClientConfig::new(capabilities, Implementation::new("helpful", "1.0.0"))
            .with_protocol_version(self.version.clone())
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        self.seen.lock().unwrap().push("elicitation/create");
        let message = serde_json::to_value(&request).unwrap()["message"].clone();
        let content = match message.as_str() {
            Some("What context should the prompt use?") => json!({ "context": "a picnic" }),
            _ => json!({ "name": "Ada" }),
        };
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(content))
    }

    async fn create_message(
        &self,
        _params: CreateMessageRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        self.seen.lock().unwrap().push("sampling/createMessage");
        Ok(CreateMessageResult::new(
            SamplingMessage::assistant_text("Hello, Ada!"),
            "test-model".to_owned(),
        ))
    }

    async fn list_roots(
        &self,
        _context: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        self.seen.lock().unwrap().push("roots/list");
        Ok(ListRootsResult::new(vec![Root::new("file:///home/ada")]))
    }
}

fn notes() -> Notes {
    Notes {
        keys: StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE),
    }
}

#[tokio::test]
async fn a_form_a_sampled_message_and_the_roots_in_one_round_on_every_revision() {
    for version in [
        ProtocolVersion::V_2025_11_25,
        ProtocolVersion::V_2025_06_18,
        ProtocolVersion::V_2026_07_28,
    ] {
        let client = Helpful::new(version.clone());
        let session = connect_to(notes(), client.clone(), &version).await;
        let result = session.call("greet", json!({})).await;
        assert_eq!(result.is_error, Some(false), "{version}: {}", text(&result));
        assert_eq!(
            text(&result),
            r#"Ada: "Hello, Ada!" in file:///home/ada"#,
            "{version}"
        );
        let mut seen = client.seen();
        seen.sort_unstable();
        assert_eq!(
            seen,
            ["elicitation/create", "roots/list", "sampling/createMessage"],
            "{version}: each request once"
        );
    }
}

#[tokio::test]
async fn a_resource_asks_before_it_is_read_and_refuses_a_changed_state() {
    let version = ProtocolVersion::V_2026_07_28;
    let session = connect_to(notes(), Helpful::new(version.clone()), &version).await;
    let request = ReadResourceRequestParams::new("memo://today");
    let first = session
        .client
        .read_resource_once(request.clone())
        .await
        .unwrap();
    let ReadResourceResponse::InputRequired(first) = first else {
        panic!("expected an input-required result, got {first:?}");
    };
    let asked = serde_json::to_value(&first).unwrap();
    assert_eq!(
        asked["inputRequests"]["owner"]["method"],
        "elicitation/create"
    );
    let state = asked["requestState"].as_str().unwrap().to_owned();

    let answer = json!({ "owner": { "action": "accept", "content": { "name": "Ada" } } });
    let responses = serde_json::from_value(answer).unwrap();
    let mut retry = request.clone();
    retry.input_responses = Some(responses);
    retry.request_state = Some(state.clone());
    let done = session
        .client
        .read_resource_once(retry.clone())
        .await
        .unwrap();
    let ReadResourceResponse::Complete(done) = done else {
        panic!("expected the resource, got {done:?}");
    };
    let contents = serde_json::to_value(&done.contents[0]).unwrap();
    assert_eq!(contents["text"], "Ada's note: buy bread");

    // The state of `memo://today` does not open `memo://tomorrow`, and a
    // changed state opens nothing.
    let mut elsewhere = retry.clone();
    elsewhere.uri = "memo://tomorrow".into();
    let mut tampered = retry;
    tampered.request_state = Some(format!("{state}-TAMPERED"));
    for refused in [elsewhere, tampered] {
        match session.client.read_resource_once(refused).await {
            Err(ServiceError::McpError(error)) => {
                assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{error:?}");
                assert!(!error.message.contains("Ada"), "{}", error.message);
            }
            other => panic!("expected -32602, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn the_example_prompt_asks_before_it_is_written() {
    let version = ProtocolVersion::V_2026_07_28;
    let client = Helpful::new(version.clone());
    let session = connect(client.clone(), &version).await;
    let prompt = session
        .client
        .get_prompt(GetPromptRequestParams::new(
            "test_input_required_result_prompt",
        ))
        .await
        .unwrap();
    let message = serde_json::to_value(&prompt.messages[0]).unwrap();
    assert_eq!(
        message["content"]["text"],
        "Answer with this context in mind: a picnic"
    );
    assert_eq!(client.seen(), ["elicitation/create"]);
}

#[tokio::test]
async fn a_tampered_state_is_invalid_params_through_rmcp() {
    let version = ProtocolVersion::V_2026_07_28;
    let session = connect(Helpful::new(version.clone()), &version).await;
    let first = session
        .client
        .call_tool_once(CallToolRequestParams::new(
            "test_input_required_result_tampered_state",
        ))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(first) = first else {
        panic!("{first:?}");
    };
    let state = serde_json::to_value(&first).unwrap()["requestState"]
        .as_str()
        .unwrap()
        .to_owned();
    let responses = serde_json::from_value(
        json!({ "confirm": { "action": "accept", "content": { "ok": true } } }),
    )
    .unwrap();
    let mut retry = CallToolRequestParams::new("test_input_required_result_tampered_state")
        .with_input_responses(responses);
    retry.request_state = Some(format!("{state}-TAMPERED"));
    match session.client.call_tool_once(retry.clone()).await {
        Err(ServiceError::McpError(error)) => {
            assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
            assert!(
                error.message.contains("`requestState`"),
                "{}",
                error.message
            );
        }
        other => panic!("expected -32602, got {other:?}"),
    }
    // The state of one tool does not continue another.
    let mut other_tool = retry;
    other_tool.name = "test_input_required_result_request_state".into();
    other_tool.request_state = Some(state);
    match session.client.call_tool_once(other_tool).await {
        Err(ServiceError::McpError(error)) => assert_eq!(error.code, ErrorCode::INVALID_PARAMS),
        other => panic!("expected -32602, got {other:?}"),
    }
}

#[tokio::test]
async fn a_tool_that_needs_sampling_refuses_a_client_without_it() {
    let version = ProtocolVersion::V_2026_07_28;
    #[derive(Clone)]
    struct FormsOnly;
    impl ClientHandler for FormsOnly {
        fn get_info(&self) -> ClientConfig {
            let mut capabilities = ClientCapabilities::default();
            capabilities.elicitation =
                Some(capability_to_rmcp(&ElicitationCapability::form_only()));
            ClientConfig::new(capabilities, Implementation::new("forms-only", "1.0.0"))
                .with_protocol_version(ProtocolVersion::V_2026_07_28)
        }
    }
    let session = connect(FormsOnly, &version).await;
    let refused = session
        .client
        .call_tool_once(CallToolRequestParams::new("test_missing_capability"))
        .await;
    match refused {
        Err(ServiceError::McpError(error)) => {
            assert_eq!(error.code.0, -32021);
            assert_eq!(
                error.data.unwrap()["requiredCapabilities"],
                json!({ "sampling": {} })
            );
        }
        other => panic!("expected -32021, got {other:?}"),
    }
    // Optional needs are left out instead: only the form is asked.
    let asked = session
        .client
        .call_tool_once(CallToolRequestParams::new(
            "test_input_required_result_capabilities",
        ))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(asked) = asked else {
        panic!("{asked:?}");
    };
    let asked: Value = serde_json::to_value(&asked).unwrap();
    let keys: Vec<&String> = asked["inputRequests"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["user_name"]);
}
