//! The fallback end to end through rmcp: a small server whose `book_table`
//! tool takes the booking form from its arguments, and rmcp clients with and
//! without elicitation, in one process over an in-memory stream, at
//! 2025-11-25 (`initialize`) and 2026-07-28 (per-request capabilities).

#[path = "support/answering_client.rs"]
#[allow(dead_code, reason = "this client answers every form alike")]
mod answering_client;

use std::sync::Arc;

use elicit_mcp::booking_form::Booking;
use elicit_rmcp::{InstructionsExt, ServerFlow, StopExt, tool_with_form};
use elicit_runtime::fallback::Instructions;
use elicit_runtime::flow::Stop;
use elicit_runtime::protocol::ElicitationCapability;
use elicit_runtime::state::{Deployment, Principal, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    ContentBlock, ErrorData, Implementation, JsonObject, ListToolsResult, PaginatedRequestParams,
    ProtocolVersion, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{
    ClientLifecycleMode, ClientServiceExt, RequestContext, RoleClient, RoleServer, RunningService,
    ServerInitializeError,
};
use rmcp::{ClientHandler, ServerHandler, ServiceExt};
use serde_json::{Value, json};
use tokio::task::JoinHandle;

use answering_client::{AnsweringClient, accept};

// ---- the server ---------------------------------------------------------

/// A restaurant's server: `book_table` takes the restaurant as its own
/// argument, and the booking form from the user, through the client's form
/// or through the model.
#[derive(Clone)]
struct FallbackServer {
    keys: StateKeys,
}

fn book_table() -> Tool {
    let base = json!({
        "type": "object",
        "properties": { "restaurant": { "type": "string", "description": "Which restaurant" } },
        "required": ["restaurant"]
    });
    let tool = Tool::new(
        "book_table",
        "Book a table: asks the user for the details",
        Arc::new(base.as_object().unwrap().clone()),
    );
    tool_with_form::<Booking>(tool).expect("no field of the form is named `restaurant`")
}

impl FallbackServer {
    async fn book(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, Stop> {
        let restaurant = request
            .arguments
            .as_ref()
            .and_then(|arguments| arguments.get("restaurant"))
            .and_then(Value::as_str)
            .unwrap_or("nowhere")
            .to_owned();
        let mut flow = ServerFlow::open(context, &self.keys, request, &Principal::UNBOUND)?;
        let text = match flow
            .form_or_arguments::<Booking>("booking", Booking::MESSAGE, request)
            .await?
        {
            Elicitation::Accept(booking) => format!("{restaurant}: {}", booking.summary()),
            Elicitation::Decline | Elicitation::Cancel => format!("{restaurant}: no booking"),
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

impl ServerHandler for FallbackServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("fallback-test-server", "1.0.0"))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(vec![book_table()]))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if request.name != "book_table" {
            return Err(ErrorData::invalid_params(
                format!("no tool `{}`: call `book_table`", request.name),
                None,
            ));
        }
        self.book(&request, &context)
            .await
            .or_else(Stop::into_tool_response)
    }
}

// ---- the clients --------------------------------------------------------

/// An rmcp client that declares no capability at all, as Claude Desktop,
/// ChatGPT or Gemini CLI do.
#[derive(Clone)]
struct NoElicitation {
    version: ProtocolVersion,
}

impl ClientHandler for NoElicitation {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("no-elicitation", "1.0.0"),
        )
        .with_protocol_version(self.version.clone())
    }
}

// ---- sessions -----------------------------------------------------------

type ServerStart =
    JoinHandle<Result<RunningService<RoleServer, FallbackServer>, ServerInitializeError>>;

struct Session<C: ClientHandler> {
    client: RunningService<RoleClient, C>,
    /// Holds the running server: it stops when this is dropped.
    _server: ServerStart,
}

const REVISIONS: [ProtocolVersion; 2] =
    [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28];

/// Connects `client` to a [`FallbackServer`] at `version`: with `initialize`
/// where the version has it, else by discovery.
async fn connect<C: ClientHandler>(client: C, version: &ProtocolVersion) -> Session<C> {
    let (server_side, client_side) = tokio::io::duplex(1 << 16);
    let keys = StateKeys::new(
        StateKey::generate().expect("the system has randomness"),
        Deployment::SINGLE,
    );
    let server = tokio::spawn(async move { FallbackServer { keys }.serve(server_side).await });
    let lifecycle = if version.has_initialize() {
        ClientLifecycleMode::Initialize
    } else {
        ClientLifecycleMode::Discover {
            preferred_versions: vec![version.clone()],
        }
    };
    let client = client
        .serve_with_lifecycle(client_side, lifecycle)
        .await
        .expect("the client connects");
    Session {
        client,
        _server: server,
    }
}

impl<C: ClientHandler> Session<C> {
    async fn call(&self, arguments: Value) -> CallToolResult {
        let arguments: JsonObject = serde_json::from_value(arguments).unwrap();
        self.client
            .call_tool(CallToolRequestParams::new("book_table").with_arguments(arguments))
            .await
            .expect("the tool call completes")
    }
}

fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|content| content.as_text().map(|text| text.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the user answers.
fn answers() -> Value {
    json!({
        "date": "2026-12-24",
        "partySize": 4,
        "seating": "terrace",
        "dietary": ["vegan"],
        "contactEmail": "ada@example.com",
        "newsletter": false
    })
}

/// What the user answers, as the model passes it (after the tool's own
/// `restaurant`).
fn answered_call() -> Value {
    let mut call = json!({ "restaurant": "chez-ada" });
    let Value::Object(answers) = answers() else {
        unreachable!("the answers are an object")
    };
    call.as_object_mut().unwrap().extend(answers);
    call
}

const BOOKED: &str = "chez-ada: booked 4 seats (Terrace) on 2026-12-24 for ada@example.com, \
                      dietary needs: Vegan";

// ---- tests --------------------------------------------------------------

#[tokio::test]
async fn the_tool_lists_the_form_as_optional_arguments() {
    let session = connect(
        NoElicitation {
            version: ProtocolVersion::V_2025_11_25,
        },
        &ProtocolVersion::V_2025_11_25,
    )
    .await;
    let tools = session.client.list_all_tools().await.unwrap();
    let schema = &tools[0].input_schema;
    assert_eq!(schema["required"], json!(["restaurant"]));
    let names: Vec<&str> = schema["properties"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        names,
        [
            "restaurant",
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
async fn a_client_without_elicitation_gets_instructions_then_books_with_arguments() {
    for version in REVISIONS {
        let session = connect(
            NoElicitation {
                version: version.clone(),
            },
            &version,
        )
        .await;

        // The model calls with the tool's own argument only.
        let first = session.call(json!({ "restaurant": "chez-ada" })).await;
        assert_eq!(first.is_error, Some(false), "{version}: {}", text(&first));
        let own = json!({ "restaurant": "chez-ada" });
        let expected = Instructions::for_form::<Booking>("book_table", Booking::MESSAGE)
            .with_arguments(own.as_object().unwrap());
        assert_eq!(text(&first), expected.to_text(), "{version}");
        assert_eq!(first.structured_content, Some(expected.to_json()));
        assert!(text(&first).ends_with(
            "{\"restaurant\":\"chez-ada\",\"date\":\"<Date>\",\"partySize\":\"<Party size>\",\
             \"seating\":\"indoor\",\"contactEmail\":\"<Email>\",\"newsletter\":false}"
        ));

        // The model asked the user, and calls again with the answers.
        let second = session.call(answered_call()).await;
        assert_eq!(second.is_error, Some(false), "{version}: {}", text(&second));
        assert_eq!(text(&second), BOOKED, "{version}");
        assert_eq!(second.structured_content, None);
    }
}

#[tokio::test]
async fn invalid_arguments_come_back_as_a_tool_error_naming_every_field() {
    for version in REVISIONS {
        let session = connect(
            NoElicitation {
                version: version.clone(),
            },
            &version,
        )
        .await;
        let result = session
            .call(json!({
                "restaurant": "chez-ada",
                "date": "tomorrow",
                "partySize": 40,
                "seating": "terrace",
                "contactEmail": "ada"
            }))
            .await;
        assert_eq!(result.is_error, Some(true), "{version}");
        assert_eq!(
            text(&result),
            "the arguments of `book_table` have 4 invalid fields: ask the user again for what \
             is wrong, then call `book_table` again with every field below fixed\n\
             `date` is not a date such as `2025-06-18`: expected `YYYY-MM-DD` (received \"tomorrow\")\n\
             `partySize` must be at most 12 (received 40)\n\
             `contactEmail` is not an email address: missing `@` (received \"ada\")\n\
             `newsletter` is required",
            "{version}"
        );
    }
}

#[tokio::test]
async fn a_client_with_forms_is_asked_through_the_form() {
    for version in REVISIONS {
        // An rmcp client that shows forms; its user fills in the answers.
        let capability = Some(ElicitationCapability::form_only());
        let client = AnsweringClient::new(version.clone(), capability, accept(answers()));
        let seen = client.seen.clone();
        let session = connect(client, &version).await;
        let result = session.call(json!({ "restaurant": "chez-ada" })).await;
        assert_eq!(text(&result), BOOKED, "{version}");
        assert_eq!(seen.lock().unwrap().len(), 1, "{version}: asked once");

        // Answers already in the arguments prefill the form, which the
        // user confirms: a model's answers are not the user's.
        let result = session.call(answered_call()).await;
        assert_eq!(text(&result), BOOKED, "{version}");
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 2, "{version}: asked, prefilled");
        let asked = serde_json::to_value(&seen[1]).unwrap();
        let properties = &asked["requestedSchema"]["properties"];
        assert_eq!(properties["partySize"]["default"], 4, "{version}");
        assert_eq!(properties["contactEmail"]["default"], "ada@example.com");
    }
}

#[test]
fn instructions_outside_a_tool_are_a_missing_capability_error() {
    let stop = Stop::from(Instructions::for_form::<Booking>(
        "book_table",
        Booking::MESSAGE,
    ));
    assert_eq!(
        stop.to_string(),
        "the client cannot show the form: return the instructions, and the model calls \
         `book_table` again with the user's answers as arguments"
    );
    let error = stop.into_error_data();
    assert_eq!(error.code.0, -32021);
    assert_eq!(
        error.data.unwrap()["requiredCapabilities"],
        json!({ "elicitation": { "form": {} } })
    );
}

#[test]
fn a_tool_with_an_output_schema_answers_with_an_error_result() {
    let instructions = Instructions::for_form::<Booking>("book_table", Booking::MESSAGE);
    let result = instructions.to_error_result();
    assert_eq!(result.is_error, Some(true));
    assert_eq!(result.structured_content, None);
    assert_eq!(text(&result), instructions.to_text());
    let result = instructions.to_tool_result();
    assert_eq!(result.is_error, Some(false));
    assert_eq!(result.structured_content, Some(instructions.to_json()));
}
