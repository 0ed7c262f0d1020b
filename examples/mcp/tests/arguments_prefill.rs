//! A tool's arguments prefill its form, they do not answer it, wherever the
//! user can be asked; only a client that cannot ask gets their errors. Each
//! kind of client, on 2026-07-28 as raw rounds over HTTP and on 2025-11-25
//! through rmcp's client: a host's tool form that sent its defaults, a
//! model's invalid or complete answers, the form's app sending the user's
//! answers with its token, a client without forms or apps, and the
//! author's route for a named host.

#[path = "support/answering_client.rs"]
#[allow(dead_code, reason = "one answer for every form here")]
mod answering_client;
#[path = "support/raw_calls.rs"]
#[allow(dead_code, reason = "every test takes what it needs")]
mod raw_calls;
#[path = "support/rmcp_session.rs"]
#[allow(dead_code, reason = "these sessions connect to a server of their own")]
mod rmcp_session;

use std::sync::Arc;

use elicit_rmcp::{Ask, FlowTools, Flows, Halt, Host, app_arguments, app_meta};
use elicit_runtime::fallback::{ArgumentsPolicy, Route};
use elicit_runtime::protocol::ElicitationCapability;
use elicit_runtime::state::{Deployment, Principal, SeenTokens, StateKey, StateKeys};
use elicit_runtime::{Elicitable, Elicitation};
use rmcp::model::ProtocolVersion;
use rmcp::{ServerHandler, tool, tool_handler, tool_router};
use serde_json::{Value, json};

use answering_client::{AnsweringClient, accept};
use raw_calls::{answering, call_tool, call_tool_as, forms, serve, text_of};

/// Please tell us about your reservation
#[derive(Debug, Elicitable)]
#[elicit(rename_all = "camelCase")]
struct Booking {
    #[elicit(format = "date")]
    date: String,
    #[elicit(minimum = 1, maximum = 12)]
    party_size: u8,
    #[elicit(default = false)]
    newsletter: bool,
}

#[derive(Clone)]
struct Restaurant {
    tools: FlowTools<Restaurant>,
    /// The bookings made, each once.
    booked: Arc<SeenTokens>,
}

fn said(answer: Elicitation<Booking>) -> String {
    match answer {
        Elicitation::Accept(b) => format!("{} for {} on {}", b.newsletter, b.party_size, b.date),
        _ => "no booking".to_owned(),
    }
}

#[tool_router]
impl Restaurant {
    /// Books a table: arguments prefill the form
    #[tool(input_schema = app_arguments::<Booking>(), meta = app_meta::<Booking>("book"))]
    async fn book(&self, mut ask: Ask) -> Result<String, Halt> {
        Ok(said(ask.form::<Booking>(Booking::MESSAGE).await?))
    }

    /// Books a table once: the same answers sent again book nothing
    #[tool(input_schema = app_arguments::<Booking>(), meta = app_meta::<Booking>("book_once"))]
    async fn book_once(&self, mut ask: Ask) -> Result<String, Halt> {
        let answer = ask.form::<Booking>(Booking::MESSAGE).await?;
        if let Elicitation::Accept(_) = &answer {
            ask.once(&self.booked)?;
        }
        Ok(said(answer))
    }

    /// Books a table: complete, valid arguments are the answer
    #[tool(input_schema = app_arguments::<Booking>())]
    async fn book_trusting(&self, mut ask: Ask) -> Result<String, Halt> {
        ask.set_arguments(ArgumentsPolicy::AcceptComplete);
        Ok(said(ask.form::<Booking>(Booking::MESSAGE).await?))
    }
}

#[tool_handler(router = self.tools)]
impl ServerHandler for Restaurant {}

/// The restaurant for the user of the `x-user` HTTP header (none: one
/// user), its form's app declared, the host `forced-app` sent to the app.
fn restaurant() -> Restaurant {
    let keys = StateKeys::new(StateKey::generate().unwrap(), Deployment::SINGLE);
    let flows = Flows::new(keys)
        .with_principal(|context| {
            let user = context
                .extensions
                .get::<http::request::Parts>()
                .and_then(|parts| parts.headers.get("x-user"));
            Some(match user {
                Some(user) => Principal::user(user.to_str().ok()?),
                None => Principal::UNBOUND,
            })
        })
        .with_app::<Booking>("book")
        .with_app::<Booking>("book_once")
        .with_routes(|host: &Host<'_>| (host.name == "forced-app").then_some(Route::App));
    Restaurant {
        tools: flows.tools(Restaurant::tool_router()),
        booked: Arc::new(SeenTokens::new(100)),
    }
}

fn apps() -> Value {
    json!({ "extensions": { "io.modelcontextprotocol/ui": {
        "mimeTypes": ["text/html;profile=mcp-app"]
    } } })
}

fn arguments(arguments: Value) -> Value {
    json!({ "arguments": arguments })
}

/// The form of an input-required round: its message and its properties.
fn asked(round: &Value) -> (String, Value) {
    assert_eq!(round["result"]["resultType"], "input_required", "{round}");
    let params = &round["result"]["inputRequests"]["Booking"]["params"];
    (
        params["message"].as_str().unwrap().to_owned(),
        params["requestedSchema"]["properties"].clone(),
    )
}

#[tokio::test]
async fn a_host_s_defaults_prefill_the_form_and_the_user_is_asked() {
    let url = serve(restaurant()).await;
    // What a host's tool form sends: some fields, the schema's defaults.
    let first = call_tool(
        &url,
        "book",
        forms(),
        arguments(json!({ "newsletter": true })),
    )
    .await;
    let (message, properties) = asked(&first);
    assert_eq!(
        message, "Please tell us about your reservation",
        "no error is said"
    );
    assert_eq!(properties["newsletter"]["default"], true);
    assert!(properties["date"].get("default").is_none());
    let answer = json!({ "date": "2027-01-02", "partySize": 2, "newsletter": true });
    let done = call_tool(&url, "book", forms(), {
        let mut retry = answering(&first, "Booking", answer);
        retry["arguments"] = json!({ "newsletter": true });
        retry
    })
    .await;
    assert_eq!(text_of(&done), "true for 2 on 2027-01-02", "{done}");
}

#[tokio::test]
async fn a_model_s_invalid_answers_prefill_what_is_valid_and_say_what_is_not() {
    let url = serve(restaurant()).await;
    let given = json!({ "date": "2027-01-02", "partySize": 40 });
    let first = call_tool(&url, "book", forms(), arguments(given)).await;
    let (message, properties) = asked(&first);
    assert_eq!(
        message,
        "Please tell us about your reservation.\n\nPlease correct this answer:\n\
         - `partySize` must be at most 12 (received 40)."
    );
    assert_eq!(properties["date"]["default"], "2027-01-02");
    assert!(properties["partySize"].get("default").is_none());
}

#[tokio::test]
async fn complete_valid_arguments_are_confirmed_by_default_and_taken_where_the_tool_says() {
    let url = serve(restaurant()).await;
    let complete = json!({ "date": "2027-01-02", "partySize": 3, "newsletter": false });
    // By default the user confirms what the model filled in.
    let first = call_tool(&url, "book", forms(), arguments(complete.clone())).await;
    let (_, properties) = asked(&first);
    assert_eq!(properties["partySize"]["default"], 3);
    // A tool that trusts complete arguments takes them.
    let taken = call_tool(&url, "book_trusting", forms(), arguments(complete.clone())).await;
    assert_eq!(text_of(&taken), "false for 3 on 2027-01-02", "{taken}");
    // Still prefilled when they are not complete.
    let partial = call_tool(
        &url,
        "book_trusting",
        forms(),
        arguments(json!({ "partySize": 3 })),
    )
    .await;
    asked(&partial);
}

#[tokio::test]
async fn the_app_is_shown_prefilled_and_its_token_makes_the_answers_the_user_s() {
    let url = serve(restaurant()).await;
    let complete = json!({ "date": "2027-01-02", "partySize": 3, "newsletter": false });
    // A host of apps without forms: the app, with a token for it only.
    let shown = call_tool(&url, "book", apps(), arguments(json!({ "partySize": 3 }))).await;
    let result = &shown["result"];
    assert_eq!(
        result["structuredContent"]["status"], "shown_in_app",
        "{shown}"
    );
    let token = result["_meta"]["io.github.elicit-rs/app"]["token"]
        .as_str()
        .expect("the app's token is in `_meta`")
        .to_owned();
    assert!(!result["structuredContent"].to_string().contains(&token));
    assert!(!text_of(&shown).contains(&token));

    // Complete arguments without the token are shown in the app again.
    let again = call_tool(&url, "book", apps(), arguments(complete.clone())).await;
    assert_eq!(
        again["result"]["structuredContent"]["status"],
        "shown_in_app"
    );

    // With the token they are the user's: booked, or refused field by field.
    let mut sent = complete.clone();
    sent["elicit_app"] = json!(token);
    let booked = call_tool(&url, "book", apps(), arguments(sent.clone())).await;
    assert_eq!(text_of(&booked), "false for 3 on 2027-01-02", "{booked}");
    let mut bad = sent.clone();
    bad["partySize"] = json!(40);
    let refused = call_tool(&url, "book", apps(), arguments(bad)).await;
    assert_eq!(refused["result"]["isError"], true, "{refused}");
    assert_eq!(
        refused["result"]["structuredContent"]["invalidFields"][0]["field"],
        "partySize"
    );
    // Even where the host shows forms, the app's answers are not asked again.
    let both = json!({ "elicitation": { "form": {} }, "extensions": apps()["extensions"] });
    let booked = call_tool(&url, "book", both.clone(), arguments(sent.clone())).await;
    assert_eq!(text_of(&booked), "false for 3 on 2027-01-02", "{booked}");
    // There, every field without the token is most likely the app's, which
    // had none: shown again with one, not asked in the host's form.
    let again = call_tool(&url, "book", both.clone(), arguments(complete.clone())).await;
    assert_eq!(
        again["result"]["structuredContent"]["status"], "shown_in_app",
        "{again}"
    );
    // Part of the form is a host's defaults: the host's form, prefilled.
    let partial = call_tool(&url, "book", both, arguments(json!({ "newsletter": true }))).await;
    assert_eq!(
        partial["result"]["resultType"], "input_required",
        "{partial}"
    );

    // A token changed, or given to another user, is no token.
    let mut forged = sent.clone();
    let flipped = if token.ends_with('A') { 'B' } else { 'A' };
    forged["elicit_app"] = json!(format!("{}{flipped}", &token[..token.len() - 1]));
    let forged = call_tool(&url, "book", apps(), arguments(forged)).await;
    assert_eq!(
        forged["result"]["structuredContent"]["status"], "shown_in_app",
        "{forged}"
    );
    let bob = as_bob(&url, sent).await;
    assert_eq!(
        bob["result"]["structuredContent"]["status"], "shown_in_app",
        "{bob}"
    );
}

/// `book` called with `arguments` by the user `bob` (an `x-user` header).
async fn as_bob(url: &str, arguments: Value) -> Value {
    let params = raw_calls::with_name("book", json!({ "arguments": arguments }));
    let headers = [("x-user", "bob")];
    raw_calls::call_with(url, "raw", "tools/call", apps(), params, &headers).await
}

#[tokio::test]
async fn every_result_of_a_tool_with_an_app_gives_the_app_its_token() {
    let url = serve(restaurant()).await;
    // Booked through the host's form: the final result carries the token,
    // for an app the host shows beside it.
    let first = call_tool(&url, "book", forms(), json!({})).await;
    let answer = json!({ "date": "2027-01-02", "partySize": 2, "newsletter": false });
    let done = call_tool(&url, "book", forms(), answering(&first, "Booking", answer)).await;
    assert_eq!(text_of(&done), "false for 2 on 2027-01-02", "{done}");
    let token = done["result"]["_meta"]["io.github.elicit-rs/app"]["token"].as_str();
    assert!(token.is_some_and(|token| token.len() > 40), "{done}");
    // A tool without an app gives none.
    let first = call_tool(&url, "book_trusting", forms(), json!({})).await;
    let answer = json!({ "date": "2027-01-02", "partySize": 2, "newsletter": false });
    let done = call_tool(
        &url,
        "book_trusting",
        forms(),
        answering(&first, "Booking", answer),
    )
    .await;
    assert!(done["result"].get("_meta").is_none(), "{done}");
}

#[tokio::test]
async fn the_app_s_answers_sent_again_with_the_same_token_act_once() {
    let url = serve(restaurant()).await;
    let shown = call_tool(&url, "book_once", apps(), json!({})).await;
    let token = shown["result"]["_meta"]["io.github.elicit-rs/app"]["token"].clone();
    let mut answers = json!({ "date": "2027-01-02", "partySize": 3, "newsletter": false });
    answers["elicit_app"] = token;
    let booked = call_tool(&url, "book_once", apps(), arguments(answers.clone())).await;
    assert_eq!(text_of(&booked), "false for 3 on 2027-01-02", "{booked}");
    // The app tries again, the host having been slow: nothing is booked twice.
    let again = call_tool(&url, "book_once", apps(), arguments(answers.clone())).await;
    assert_eq!(again["error"]["code"], -32602, "{again}");
    // The token of the booking's own result is a new one: a new booking.
    answers["elicit_app"] = booked["result"]["_meta"]["io.github.elicit-rs/app"]["token"].clone();
    let next = call_tool(&url, "book_once", apps(), arguments(answers)).await;
    assert_eq!(text_of(&next), "false for 3 on 2027-01-02", "{next}");
}

#[tokio::test]
async fn a_client_that_cannot_ask_gets_the_arguments_errors_or_their_answer() {
    let url = serve(restaurant()).await;
    let refused = call_tool(
        &url,
        "book",
        json!({}),
        arguments(json!({ "partySize": 40 })),
    )
    .await;
    assert_eq!(refused["result"]["isError"], true, "{refused}");
    assert!(text_of(&refused).contains("`partySize`"), "{refused}");
    let complete = json!({ "date": "2027-01-02", "partySize": 3, "newsletter": false });
    let booked = call_tool(&url, "book", json!({}), arguments(complete)).await;
    assert_eq!(text_of(&booked), "false for 3 on 2027-01-02", "{booked}");
}

#[tokio::test]
async fn the_author_s_route_for_a_named_host_is_taken_where_it_can_be() {
    let url = serve(restaurant()).await;
    // A host that declares forms, sent to the app by name.
    let shown = call_tool_as(&url, "forced-app", "book", forms(), json!({})).await;
    assert_eq!(
        shown["result"]["structuredContent"]["status"], "shown_in_app",
        "{shown}"
    );
    // The same for a tool without an app: the default route, the host's form.
    let asked = call_tool_as(&url, "forced-app", "book_trusting", forms(), json!({})).await;
    assert_eq!(asked["result"]["resultType"], "input_required", "{asked}");
    // Another host keeps the default.
    let other = call_tool_as(&url, "other", "book", forms(), json!({})).await;
    assert_eq!(other["result"]["resultType"], "input_required", "{other}");
}

#[tokio::test]
async fn before_2026_07_28_the_arguments_prefill_the_form_the_client_is_sent() {
    // A client of rmcp at 2025-11-25 that accepts with the answers given.
    let content = json!({ "date": "2027-05-06", "partySize": 5, "newsletter": true });
    let client = AnsweringClient::new(
        ProtocolVersion::V_2025_11_25,
        Some(ElicitationCapability::legacy()),
        accept(content),
    );
    let session =
        rmcp_session::connect_to(restaurant(), client, &ProtocolVersion::V_2025_11_25).await;
    let result = session
        .call("book", json!({ "newsletter": true, "partySize": 40 }))
        .await;
    assert_eq!(rmcp_session::text(&result), "true for 5 on 2027-05-06");
    let seen = session.client.service().requests();
    assert_eq!(seen.len(), 1);
    let properties = &seen[0]["requestedSchema"]["properties"];
    assert_eq!(properties["newsletter"]["default"], true);
    assert!(properties["partySize"].get("default").is_none());
    assert!(
        seen[0]["message"]
            .as_str()
            .unwrap()
            .contains("`partySize` must be at most 12"),
        "{}",
        seen[0]
    );
}
