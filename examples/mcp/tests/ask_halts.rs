//! `?` in handlers written with rmcp's `#[tool]` and `#[prompt]`: each
//! stop an `Ask` can pass on, and each elicitation error, comes back to the
//! client as the response it calls for, through `FlowTools` and
//! `FlowPrompts`; and the errors that say the server is put together
//! wrong name the fix.
//!
//! The 2026-07-28 calls go over Streamable HTTP as raw JSON-RPC, so the
//! test sees each round's result as the client does (rmcp's client would
//! answer the rounds itself); the earlier revisions through rmcp's client.

#[path = "support/answering_client.rs"]
#[allow(dead_code, reason = "the client here answers each form in turn")]
mod answering_client;
#[path = "support/raw_calls.rs"]
#[allow(dead_code, reason = "every test takes what it needs")]
mod raw_calls;
#[path = "support/rmcp_session.rs"]
#[allow(dead_code, reason = "these sessions connect to a server of their own")]
mod rmcp_session;

use elicit_rmcp::{
    Ask, FlowPrompts, FlowTools, Flows, Halt, RmcpElicitError, ServerElicitation, form_arguments,
};
use elicit_runtime::flow::Sampling;
use elicit_runtime::protocol::ElicitationCapability;
use elicit_runtime::state::{Deployment, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation, Secret};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    GetPromptRequestParams, GetPromptResponse, GetPromptResult, ListPromptsResult,
    PaginatedRequestParams, PromptMessage, ProtocolVersion, Role,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{
    ErrorData, ServerHandler, prompt, prompt_handler, prompt_router, tool, tool_handler,
    tool_router,
};
use serde_json::{Value, json};

use answering_client::{AnsweringClient, accept_in_turn};
use raw_calls::{answering, call, call_tool, forms, serve, text_of};

/// How many people?
#[derive(Debug, Elicitable)]
struct Table {
    /// How many people, yourself included
    #[elicit(minimum = 1, maximum = 12)]
    size: u8,
}

/// Sign in to the weather service
#[derive(Debug, Elicitable)]
#[allow(dead_code, reason = "never read: the flows have no page to ask it on")]
struct Login {
    #[elicit(secret)]
    password: Secret,
}

#[derive(Clone)]
struct Halts {
    tools: FlowTools<Halts>,
    prompts: FlowPrompts<Halts>,
}

#[tool_router]
impl Halts {
    /// Books a table, passing its halts on as `Halt`
    #[tool(input_schema = form_arguments::<Table>())]
    async fn book(&self, mut ask: Ask) -> Result<String, Halt> {
        Ok(match ask.form::<Table>("How many people?").await? {
            Elicitation::Accept(table) => format!("a table for {}", table.size),
            Elicitation::Decline | Elicitation::Cancel => "no table".to_owned(),
        })
    }

    /// Books a table, passing its halts on as rmcp's `ErrorData`
    #[tool(input_schema = form_arguments::<Table>())]
    async fn book_as_error_data(&self, mut ask: Ask) -> Result<String, ErrorData> {
        Ok(match ask.form::<Table>("How many people?").await? {
            Elicitation::Accept(table) => format!("a table for {}", table.size),
            Elicitation::Decline | Elicitation::Cancel => "no table".to_owned(),
        })
    }

    /// Asks the client's model
    #[tool]
    async fn sample(&self, mut ask: Ask) -> Result<String, Halt> {
        let params = json!({ "messages": [], "maxTokens": 10 });
        let reply: serde_json::Map<String, Value> =
            ask.gather(Sampling::new("reply", params)).await?;
        Ok(format!("{} keys", reply.len()))
    }

    /// Asks a password on a page the flows do not have
    #[tool]
    async fn sign_in(&self, mut ask: Ask) -> Result<String, Halt> {
        let _: Elicitation<Login> = ask.web_form::<Login>("Sign in").await?;
        Ok("signed in".to_owned())
    }

    /// The one-request API on its own, its error returned as it is
    #[tool]
    async fn one_request(
        &self,
        context: RequestContext<RoleServer>,
    ) -> Result<String, RmcpElicitError> {
        let answer = context.elicit_form::<Table>("How many people?").await?;
        Ok(format!("{}", matches!(answer, Elicitation::Accept(_))))
    }

    /// The one-request API, its error passed on with `?` as `ErrorData`
    #[tool]
    async fn one_request_as_error_data(
        &self,
        context: RequestContext<RoleServer>,
    ) -> Result<String, ErrorData> {
        let answer = context.elicit_form::<Table>("How many people?").await?;
        Ok(format!("{}", matches!(answer, Elicitation::Accept(_))))
    }
}

#[prompt_router]
impl Halts {
    /// A prompt sized for the party
    #[prompt]
    async fn party(&self, ask: Ask) -> Result<GetPromptResult, ErrorData> {
        party(ask).await
    }
}

/// The prompt: the party's size asked, then the dinner planned for it.
async fn party(mut ask: Ask) -> Result<GetPromptResult, ErrorData> {
    let text = match ask.form::<Table>("How many people?").await? {
        Elicitation::Accept(table) => format!("Plan a dinner for {}", table.size),
        _ => "Plan a dinner".to_owned(),
    };
    Ok(GetPromptResult::new(vec![PromptMessage::new_text(
        Role::User,
        text,
    )]))
}

/// The same prompt served by rmcp's `#[prompt_handler]`, which hands the
/// router no retry fields.
#[derive(Clone)]
struct ByMacro {
    prompts: FlowPrompts<ByMacro>,
}

#[prompt_router]
impl ByMacro {
    /// A prompt sized for the party
    #[prompt(name = "party")]
    async fn party_by_macro(&self, ask: Ask) -> Result<GetPromptResult, ErrorData> {
        party(ask).await
    }
}

#[prompt_handler(router = self.prompts)]
impl ServerHandler for ByMacro {}

#[tool_handler(router = self.tools)]
impl ServerHandler for Halts {
    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        self.prompts.get(self, request, context).await
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(self.prompts.list_all()))
    }
}

fn keys() -> StateKeys {
    StateKeys::new(
        StateKey::generate().expect("the system has randomness"),
        Deployment::SINGLE,
    )
}

fn halts(flows: Flows) -> Halts {
    Halts {
        tools: flows.tools(Halts::tool_router()),
        prompts: flows.prompts(Halts::prompt_router()),
    }
}

/// The server with flows for one user, the table's app declared.
fn one_user() -> Halts {
    let flows = Flows::new(keys()).for_one_user();
    halts(
        flows
            .with_app::<Table>("book")
            .with_app::<Table>("book_as_error_data"),
    )
}

#[tokio::test]
async fn a_pause_passed_on_with_question_mark_is_an_input_required_round() {
    let url = serve(one_user()).await;
    for tool in ["book", "book_as_error_data"] {
        let first = call_tool(&url, tool, forms(), json!({})).await;
        let result = &first["result"];
        assert_eq!(result["resultType"], "input_required", "{tool}: {first}");
        let request = &result["inputRequests"]["Table"];
        assert_eq!(request["method"], "elicitation/create", "{first}");
        assert_eq!(request["params"]["message"], "How many people?");
        assert!(result["requestState"].is_string(), "{first}");

        // An invalid answer is asked again, the error in the message.
        let again = call_tool(
            &url,
            tool,
            forms(),
            answering(&first, "Table", json!({ "size": 40 })),
        )
        .await;
        assert_eq!(again["result"]["resultType"], "input_required", "{again}");
        let message = again["result"]["inputRequests"]["Table"]["params"]["message"]
            .as_str()
            .unwrap();
        assert!(message.contains("`size` must be at most 12"), "{message}");

        let done = call_tool(
            &url,
            tool,
            forms(),
            answering(&again, "Table", json!({ "size": 4 })),
        )
        .await;
        assert_eq!(text_of(&done), "a table for 4", "{done}");
        assert_eq!(done["result"]["isError"], false, "{done}");
    }
}

#[tokio::test]
async fn the_fallbacks_are_successful_results_and_bad_arguments_a_tool_error() {
    let url = serve(one_user()).await;
    for tool in ["book", "book_as_error_data"] {
        // No elicitation: instructions for the model, no error.
        let instructions = call_tool(&url, tool, json!({}), json!({})).await;
        assert_eq!(instructions["result"]["isError"], false, "{instructions}");
        assert_eq!(
            instructions["result"]["structuredContent"]["status"], "input_needed",
            "{instructions}"
        );

        // A host of apps without forms: the app, no error.
        let apps = json!({ "extensions": { "io.modelcontextprotocol/ui": {
            "mimeTypes": ["text/html;profile=mcp-app"]
        } } });
        let app = call_tool(&url, tool, apps, json!({})).await;
        assert_eq!(app["result"]["isError"], false, "{app}");
        let uri = format!("ui://elicit/forms/{tool}");
        assert!(text_of(&app).contains(&uri), "{app}");

        // The answers as arguments, broken: a tool error naming the field.
        let bad = call_tool(
            &url,
            tool,
            json!({}),
            json!({ "arguments": { "size": 40 } }),
        )
        .await;
        assert_eq!(bad["result"]["isError"], true, "{bad}");
        assert!(text_of(&bad).contains("`size`"), "{bad}");
        let good = call_tool(&url, tool, json!({}), json!({ "arguments": { "size": 3 } })).await;
        assert_eq!(text_of(&good), "a table for 3", "{good}");
    }
}

#[tokio::test]
async fn refusals_and_failures_come_back_as_their_errors() {
    let url = serve(one_user()).await;
    for tool in ["book", "book_as_error_data"] {
        // A tampered state: JSON-RPC -32602, as a hand-written handler answers.
        let first = call_tool(&url, tool, forms(), json!({})).await;
        let mut tampered = answering(&first, "Table", json!({ "size": 4 }));
        let state = tampered["requestState"].as_str().unwrap().to_owned();
        let flipped = if state.ends_with('A') { "B" } else { "A" };
        tampered["requestState"] = json!(format!("{}{flipped}", &state[..state.len() - 1]));
        let refused = call_tool(&url, tool, forms(), tampered).await;
        assert_eq!(refused["error"]["code"], -32602, "{tool}: {refused}");
    }

    // A capability the client did not declare: a tool error the model reads.
    let unsupported = call_tool(&url, "sample", forms(), json!({})).await;
    assert_eq!(unsupported["result"]["isError"], true, "{unsupported}");
    assert!(text_of(&unsupported).contains("sampling"), "{unsupported}");

    // Asking failed (no pages to ask the password on): a tool error naming the fix.
    let failed = call_tool(&url, "sign_in", forms(), json!({})).await;
    assert_eq!(failed["result"]["isError"], true, "{failed}");
    assert!(
        text_of(&failed).contains("Flows::with_web_forms"),
        "{failed}"
    );
}

#[tokio::test]
async fn an_answer_invalid_every_time_ends_the_call_with_the_fields() {
    let url = serve(halts(
        Flows::new(keys()).for_one_user().with_max_attempts(2),
    ))
    .await;
    let mut round = call_tool(&url, "book", forms(), json!({})).await;
    for _ in 0..2 {
        round = call_tool(
            &url,
            "book",
            forms(),
            answering(&round, "Table", json!({ "size": 0 })),
        )
        .await;
    }
    assert_eq!(round["result"]["isError"], true, "{round}");
    let text = text_of(&round);
    assert!(text.contains("`size`") && text.contains("2"), "{text}");
}

#[tokio::test]
async fn the_one_request_api_names_the_ask_on_2026_07_28() {
    let url = serve(one_user()).await;
    for tool in ["one_request", "one_request_as_error_data"] {
        let answered = call_tool(&url, tool, forms(), json!({})).await;
        assert_eq!(answered["result"]["isError"], true, "{tool}: {answered}");
        let text = text_of(&answered);
        assert!(
            text.contains("`Ask`") && text.contains("`FlowTools`"),
            "{tool}: {text}"
        );
    }
}

#[tokio::test]
async fn a_prompt_asks_in_rounds_through_flow_prompts() {
    let url = serve(one_user()).await;
    let first = call(&url, "prompts/get", forms(), json!({ "name": "party" })).await;
    assert_eq!(first["result"]["resultType"], "input_required", "{first}");
    let mut retry = answering(&first, "Table", json!({ "size": 6 }));
    retry["name"] = json!("party");
    let done = call(&url, "prompts/get", forms(), retry).await;
    assert_eq!(
        done["result"]["messages"][0]["content"]["text"], "Plan a dinner for 6",
        "{done}"
    );
}

#[tokio::test]
async fn a_prompt_behind_prompt_handler_is_refused_on_2026_07_28_with_the_fix() {
    let flows = Flows::new(keys()).for_one_user();
    let by_macro = ByMacro {
        prompts: flows.prompts(ByMacro::prompt_router()),
    };
    let url = serve(by_macro.clone()).await;
    let refused = call(&url, "prompts/get", forms(), json!({ "name": "party" })).await;
    let message = refused["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("`#[prompt_handler]` drops") && message.contains("`FlowPrompts::get`"),
        "{refused}"
    );

    // Before 2026-07-28 the prompt asks the client itself, and is served.
    let version = ProtocolVersion::V_2025_11_25;
    let answers = accept_in_turn(vec![json!({ "size": 4 })]);
    let capability = Some(ElicitationCapability::legacy());
    let client = AnsweringClient::new(version.clone(), capability, answers);
    let session = rmcp_session::connect_to(by_macro, client, &version).await;
    let prompt = session
        .client
        .peer()
        .get_prompt(GetPromptRequestParams::new("party"))
        .await
        .unwrap();
    let text = serde_json::to_value(&prompt).unwrap()["messages"][0]["content"]["text"].clone();
    assert_eq!(text, "Plan a dinner for 4", "{prompt:?}");
}

/// The same tools served by rmcp's own router: no flows to ask through.
#[derive(Clone)]
struct Plain {
    tools: ToolRouter<Halts>,
    server: Halts,
}

impl ServerHandler for Plain {
    async fn call_tool(
        &self,
        request: rmcp::model::CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::CallToolResponse, ErrorData> {
        let call =
            rmcp::handler::server::tool::ToolCallContext::new(&self.server, request, context);
        self.tools.call(call).await
    }
}

#[tokio::test]
async fn an_ask_outside_its_routers_or_without_a_user_says_what_to_do() {
    let url = serve(Plain {
        tools: Halts::tool_router(),
        server: one_user(),
    })
    .await;
    let error = call_tool(&url, "book", forms(), json!({})).await;
    let message = error["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("not a `FlowTools`"), "{error}");

    // Flows for the user of an HTTP layer that put none on the request.
    let url = serve(halts(Flows::new(keys()))).await;
    let error = call_tool(&url, "book", forms(), json!({})).await;
    let message = error["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("no user") && message.contains("for_one_user"),
        "{error}"
    );
}

#[tokio::test]
async fn before_2026_07_28_the_same_tool_asks_the_client_and_again() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2025_06_18] {
        // A client of rmcp that answers each form with the next answer.
        let answers = accept_in_turn(vec![json!({ "size": 40 }), json!({ "size": 5 })]);
        let capability = Some(ElicitationCapability::legacy());
        let client = AnsweringClient::new(version.clone(), capability, answers);
        let session = rmcp_session::connect_to(one_user(), client, &version).await;
        let result = session.call("book", json!({})).await;
        assert_eq!(rmcp_session::text(&result), "a table for 5", "{version}");
        let asked: Vec<String> = session
            .client
            .service()
            .requests()
            .iter()
            .map(|request| request["message"].to_string())
            .collect();
        assert_eq!(asked.len(), 2, "{version}: {asked:?}");
        assert!(asked[1].contains("`size` must be at most 12"), "{asked:?}");
    }
}
