//! The rmcp client handler end to end: `ElicitationClient` connected to the
//! example server in one process, answering through scripted responders,
//! with its guards on.

#[path = "support/rmcp_session.rs"]
mod rmcp_session;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use elicit_rmcp::{
    ElicitationClient, Incoming, RATE_LIMITED_CODE, RmcpElicitError, ServerElicitation,
};
use elicit_runtime::client::Ask;
use elicit_runtime::protocol::{
    Action, ElicitResult, ElicitationCapability, Elicitor, FormRequest, Revision,
};
use elicit_runtime::schema::FormSchema;
use rmcp::ServiceError;
use rmcp::model::{ElicitRequestParams, Implementation, ProtocolVersion};
use serde_json::{Map, Value, json};

use rmcp_session::{Session, connect, text};

/// Every request a responder was shown.
type Shown = Arc<Mutex<Vec<Incoming>>>;

/// A client whose responder records what it is shown and answers with
/// `answer`.
fn client(
    shown: &Shown,
    answer: impl Fn(&Incoming) -> ElicitResult + Send + Sync + 'static,
) -> ElicitationClient<impl elicit_rmcp::Responder> {
    let shown = shown.clone();
    let answer = Arc::new(answer);
    ElicitationClient::new(
        Implementation::new("test-client", "1.0.0"),
        move |incoming: Incoming| {
            let shown = shown.clone();
            let answer = answer.clone();
            async move {
                let result = answer(&incoming);
                shown.lock().unwrap().push(incoming);
                result
            }
        },
    )
}

/// Fills a form from `values`, typed as a person would type them.
fn typed(values: &[(&str, &str)]) -> impl Fn(&Incoming) -> ElicitResult + use<> {
    let values: Vec<(String, String)> = values
        .iter()
        .map(|(name, text)| ((*name).to_owned(), (*text).to_owned()))
        .collect();
    move |incoming: &Incoming| {
        let Ask::Form(form) = &incoming.ask else {
            return ElicitResult::decline();
        };
        let mut answer = form.answer();
        for (name, text) in &values {
            answer.set_text(name, text).expect("a valid entry");
        }
        answer.finish().expect("a complete answer")
    }
}

fn shown_count(shown: &Shown) -> usize {
    shown.lock().unwrap().len()
}

/// The error code of a failed request from the server's side.
fn error_code(error: &RmcpElicitError) -> i32 {
    match error {
        RmcpElicitError::Service(ServiceError::McpError(error)) => error.code.0,
        other => panic!("expected a JSON-RPC error, got {other:?}"),
    }
}

/// rmcp's params for a request the server's own checks would not send.
fn raw_params(params: Value) -> ElicitRequestParams {
    serde_json::from_value(params).expect("rmcp reads the params")
}

#[tokio::test]
async fn a_booking_typed_by_the_user_reaches_the_tool_with_defaults_filled() {
    let shown = Shown::default();
    let answer = typed(&[
        ("date", "2027-03-04"),
        ("partySize", "4"),
        ("dietary", "vegan, gluten-free"),
        ("contactEmail", "ada@example.com"),
    ]);
    let session = connect(client(&shown, answer), &ProtocolVersion::V_2025_11_25).await;
    let result = session.call("book_table", json!({})).await;
    assert_eq!(result.is_error, Some(false), "{}", text(&result));
    // `seating` and `newsletter` were left to their defaults.
    assert!(
        text(&result).starts_with("booked 4 seats (Indoor) on 2027-03-04 for ada@example.com"),
        "{}",
        text(&result)
    );
    let shown = shown.lock().unwrap();
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].revision, Revision::V2025_11_25);
    assert_eq!(shown[0].server, "elicit-example-server");
    assert!(shown[0].secrets.is_empty());
    let Ask::Form(form) = &shown[0].ask else {
        panic!("a form")
    };
    let names: Vec<&str> = form.fields().iter().map(|field| &*field.name).collect();
    assert_eq!(
        names,
        [
            "date",
            "partySize",
            "seating",
            "dietary",
            "contactEmail",
            "notes",
            "newsletter"
        ]
    );
}

#[tokio::test]
async fn decline_and_cancel_are_sent_as_chosen() {
    for (action, said) in [
        (Action::Decline, "action=decline"),
        (Action::Cancel, "action=cancel"),
    ] {
        let shown = Shown::default();
        let answer = move |_: &Incoming| match action {
            Action::Decline => ElicitResult::decline(),
            _ => ElicitResult::cancel(),
        };
        let session = connect(client(&shown, answer), &ProtocolVersion::V_2025_11_25).await;
        let result = session
            .call("test_elicitation", json!({ "message": "Who?" }))
            .await;
        assert!(text(&result).starts_with(said), "{}", text(&result));
        assert_eq!(shown_count(&shown), 1);
    }
}

#[tokio::test]
async fn the_input_required_round_of_2026_07_28_goes_through_the_responder() {
    let shown = Shown::default();
    let answer = typed(&[("name", "Grace")]);
    let session = connect(client(&shown, answer), &ProtocolVersion::V_2026_07_28).await;
    let result = session
        .call("test_input_required_result_elicitation", json!({}))
        .await;
    assert_eq!(result.is_error, Some(false), "{}", text(&result));
    assert!(text(&result).contains("Grace"), "{}", text(&result));
    let shown = shown.lock().unwrap();
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].revision, Revision::V2026_07_28);
}

#[tokio::test]
async fn a_schema_outside_the_subset_is_refused_unseen_with_invalid_params() {
    let shown = Shown::default();
    let mut session: Session<_> = connect(
        client(&shown, |_| ElicitResult::decline()),
        &ProtocolVersion::V_2025_11_25,
    )
    .await;
    let peer = session.server_peer().await;
    let refused = peer
        .create_elicitation(raw_params(json!({
            "mode": "form",
            "message": "Pick a size",
            "requestedSchema": {
                "type": "object",
                "properties": { "size": { "type": "integer", "minimum": 10, "maximum": 1 } }
            }
        })))
        .await
        .unwrap_err();
    let error = RmcpElicitError::from(refused);
    assert_eq!(error_code(&error), -32602);
    assert!(error.to_string().contains("size"), "{error}");
    assert_eq!(shown_count(&shown), 0, "the user saw nothing");
}

#[tokio::test]
async fn a_mode_the_client_did_not_declare_is_refused_unseen() {
    let shown = Shown::default();
    let mut session = connect(
        client(&shown, |_| ElicitResult::accept_url()),
        &ProtocolVersion::V_2025_11_25,
    )
    .await;
    let peer = session.server_peer().await;
    let refused = peer
        .create_elicitation(raw_params(json!({
            "mode": "url",
            "message": "Connect your account",
            "url": "https://example.com/connect",
            "elicitationId": "e-1"
        })))
        .await
        .unwrap_err();
    let error = RmcpElicitError::from(refused);
    assert_eq!(error_code(&error), -32602);
    assert!(error.to_string().contains("did not declare"), "{error}");
    assert_eq!(shown_count(&shown), 0);
}

#[tokio::test]
async fn url_mode_shows_the_host_when_declared() {
    let shown = Shown::default();
    let handler = client(&shown, |_| ElicitResult::accept_url())
        .with_capability(ElicitationCapability::form_and_url());
    let mut session = connect(handler, &ProtocolVersion::V_2025_11_25).await;
    let answer = session
        .server_peer()
        .await
        .elicit_via_url(
            "Connect your account",
            "https://auth.example.com/connect?x=1",
        )
        .await
        .unwrap();
    assert!(matches!(
        answer,
        elicit_runtime::UrlConsent::Consented { visit: Some(_) }
    ));
    let shown = shown.lock().unwrap();
    let Ask::Url(view) = &shown[0].ask else {
        panic!("a URL")
    };
    assert_eq!(view.host(), "auth.example.com");
    assert_eq!(view.url(), "https://auth.example.com/connect?x=1");
}

#[tokio::test]
async fn requests_beyond_the_rate_limit_are_refused_unseen() {
    let shown = Shown::default();
    let handler =
        client(&shown, |_| ElicitResult::decline()).with_rate_limit(2, Duration::from_secs(3600));
    let mut session = connect(handler, &ProtocolVersion::V_2025_11_25).await;
    let peer = session.server_peer().await;
    for _ in 0..2 {
        let answered = peer
            .elicit_form::<elicit_mcp::conformance_forms::UserResponse>("Who?")
            .await
            .unwrap();
        assert!(
            matches!(answered, elicit_runtime::Elicitation::Decline),
            "{answered:?}"
        );
    }
    let refused = peer
        .elicit_form::<elicit_mcp::conformance_forms::UserResponse>("Who?")
        .await
        .unwrap_err();
    assert_eq!(error_code(&refused), RATE_LIMITED_CODE);
    assert!(
        refused
            .to_string()
            .contains("the server `elicit-example-server` sent more than 2 elicitation requests"),
        "{refused}"
    );
    assert_eq!(shown_count(&shown), 2);
}

/// A form asking for a password, as a careless server would send it.
fn password_form(revision: Revision) -> elicit_runtime::protocol::CheckedRequest {
    let schema = json!({
        "type": "object",
        "properties": { "login": { "type": "string" }, "password": { "type": "string" } },
        "required": ["login", "password"]
    });
    let schema = FormSchema::parse(&schema).unwrap().schema;
    Elicitor::new(revision, ElicitationCapability::form_only())
        .check(FormRequest::new("Sign in", schema))
        .unwrap()
}

#[tokio::test]
async fn secret_looking_fields_are_flagged_or_declined_unseen() {
    // Flagged to the responder by default...
    let shown = Shown::default();
    let mut session = connect(
        client(&shown, |_| ElicitResult::decline()),
        &ProtocolVersion::V_2025_11_25,
    )
    .await;
    let peer = session.server_peer().await;
    let result = peer
        .send_elicitation(&password_form(Revision::V2025_11_25), None)
        .await
        .unwrap();
    assert_eq!(result.action, Action::Decline);
    {
        let shown = shown.lock().unwrap();
        assert_eq!(shown[0].secrets.len(), 1);
        assert_eq!(shown[0].secrets[0].field(), "password");
    }

    // ...or declined before the user sees it.
    let unseen = Shown::default();
    let handler = client(&unseen, |_| panic!("never shown")).decline_secret_forms(true);
    let mut session = connect(handler, &ProtocolVersion::V_2025_11_25).await;
    let result = session
        .server_peer()
        .await
        .send_elicitation(&password_form(Revision::V2025_11_25), None)
        .await
        .unwrap();
    assert_eq!(result.action, Action::Decline);
    assert_eq!(shown_count(&unseen), 0);
}

#[tokio::test]
async fn an_accept_that_fails_the_form_is_never_sent() {
    let shown = Shown::default();
    let bad = |_: &Incoming| {
        let mut content = Map::new();
        content.insert("username".into(), json!(""));
        ElicitResult::accept(content)
    };
    let mut session = connect(client(&shown, bad), &ProtocolVersion::V_2025_11_25).await;
    let refused = session
        .server_peer()
        .await
        .elicit_form::<elicit_mcp::conformance_forms::UserResponse>("Who?")
        .await
        .unwrap_err();
    assert_eq!(error_code(&refused), -32603);
    let message = refused.to_string();
    assert!(message.contains("the answer was not sent"), "{message}");
    assert!(message.contains("`email`"), "{message}");
}

#[tokio::test]
async fn the_declared_capability_is_what_initialize_carries() {
    let shown = Shown::default();
    let handler = client(&shown, |_| ElicitResult::decline())
        .with_capability(ElicitationCapability::form_and_url());
    let mut session = connect(handler, &ProtocolVersion::V_2025_11_25).await;
    let peer = session.server_peer().await;
    let info = peer.peer_info().expect("initialized");
    let declared = serde_json::to_value(&info.capabilities).unwrap();
    assert_eq!(declared["elicitation"], json!({ "form": {}, "url": {} }));
    assert_eq!(info.client_info.name, "test-client");
}
