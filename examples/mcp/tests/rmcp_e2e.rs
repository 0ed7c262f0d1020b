//! End to end through rmcp: the example server and an rmcp client in one
//! process, connected by an in-memory stream, for sessions negotiated at
//! 2025-06-18 (multi-selects sent as booleans) and 2025-11-25, and
//! 2026-07-28 input-required rounds.

#[path = "support/answering_client.rs"]
#[allow(dead_code, reason = "these clients hear no notifications")]
mod answering_client;
#[path = "support/rmcp_session.rs"]
mod rmcp_session;

use std::sync::Arc;
use std::time::Duration;

use elicit_rmcp::{RmcpElicitError, ServerElicitation, request_from_rmcp};
use elicit_runtime::protocol::{ElicitationCapability, Mode, RequestError};
use elicit_runtime::{ElicitError, Elicitation};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ElicitRequestParams, ElicitResult,
    ElicitationAction, ProtocolVersion,
};
use serde_json::{Value, json};

use answering_client::{Answer, AnsweringClient, accept, accept_in_turn, action};
use elicit_mcp::conformance_forms::UserResponse;
use rmcp_session::text;

type Session = rmcp_session::Session<AnsweringClient>;

async fn connect(
    version: ProtocolVersion,
    capability: Option<ElicitationCapability>,
    answer: Answer,
    delay: Option<Duration>,
) -> Session {
    let client = AnsweringClient::new(version.clone(), capability, answer);
    let client = match delay {
        Some(delay) => client.with_delay(delay),
        None => client,
    };
    rmcp_session::connect(client, &version).await
}

/// `book_table` called without arguments on a new session whose client,
/// at `version` with `capability`, answers with `answer`: the session, the
/// tool's result and every request the client saw.
async fn book(
    version: ProtocolVersion,
    capability: ElicitationCapability,
    answer: Answer,
) -> (Session, CallToolResult, Vec<Value>) {
    let session = connect(version, Some(capability), answer, None).await;
    let result = session.call("book_table", json!({})).await;
    let seen = requests(&session);
    (session, result, seen)
}

fn requests(session: &Session) -> Vec<Value> {
    session.client.service().requests()
}

const SESSION_REVISIONS: [ProtocolVersion; 2] =
    [ProtocolVersion::V_2025_06_18, ProtocolVersion::V_2025_11_25];

fn valid_user() -> Value {
    json!({ "username": "octocat", "email": "octocat@github.com" })
}

#[tokio::test]
async fn accepted_answers_come_back_validated_and_typed_on_session_revisions() {
    for version in SESSION_REVISIONS {
        let session = connect(
            version.clone(),
            Some(ElicitationCapability::legacy()),
            accept(valid_user()),
            None,
        )
        .await;
        let result = session
            .call("test_elicitation", json!({ "message": "Who are you?" }))
            .await;
        assert_eq!(result.is_error, Some(false), "{version}: {}", text(&result));
        assert_eq!(
            text(&result),
            r#"User response: action=accept, content={"username":"octocat","email":"octocat@github.com"}"#
        );

        let seen = requests(&session);
        assert_eq!(seen.len(), 1, "{version}");
        assert_eq!(seen[0]["message"], "Who are you?");
        assert_eq!(
            seen[0]["requestedSchema"],
            json!({
                "type": "object",
                "properties": {
                    "username": { "type": "string", "description": "User's response" },
                    "email": { "type": "string", "description": "User's email address" }
                },
                "required": ["username", "email"]
            }),
            "{version}"
        );
    }
}

#[tokio::test]
async fn decline_and_cancel_reach_the_tool_as_such() {
    for version in SESSION_REVISIONS {
        for (answer, expected) in [
            (
                ElicitationAction::Decline,
                "action=decline: the user said no",
            ),
            (
                ElicitationAction::Cancel,
                "action=cancel: the user dismissed the form",
            ),
        ] {
            let session = connect(
                version.clone(),
                Some(ElicitationCapability::legacy()),
                action(answer),
                None,
            )
            .await;
            let result = session
                .call("test_elicitation", json!({ "message": "Who?" }))
                .await;
            assert_eq!(result.is_error, Some(false));
            assert_eq!(text(&result), expected, "{version}");
        }
    }
}

#[tokio::test]
async fn invalid_answers_are_asked_again_then_refused_with_every_field_error() {
    for version in SESSION_REVISIONS {
        let session = connect(
            version.clone(),
            Some(ElicitationCapability::legacy()),
            accept(json!({ "username": 7 })),
            None,
        )
        .await;
        let result = session
            .call("test_elicitation", json!({ "message": "Who?" }))
            .await;
        assert_eq!(result.is_error, Some(true), "{version}");
        assert_eq!(
            text(&result),
            "the answer to `user` still had 2 invalid fields after 3 attempts: call again to \
             start over\n\
             `username` must be a string (received 7)\n\
             `email` is required",
            "{version}"
        );
        let seen = requests(&session);
        assert_eq!(seen.len(), 3, "{version}: three attempts");
        assert_eq!(seen[0]["message"], "Who?");
        for again in &seen[1..] {
            assert_eq!(
                again["message"],
                "Who?\n\nPlease correct these 2 answers:\n\
                 - `username` must be a string (received 7).\n\
                 - `email` is required.",
                "{version}"
            );
        }
    }
}

#[tokio::test]
async fn an_invalid_answer_is_asked_again_with_the_valid_answers_as_defaults() {
    let invalid = json!({
        "date": "2026-12-24",
        "partySize": 20,
        "seating": "terrace",
        "contactEmail": "ada at example.com",
        "newsletter": true
    });
    let valid = json!({
        "date": "2026-12-24",
        "partySize": 12,
        "seating": "terrace",
        "contactEmail": "ada@example.com",
        "newsletter": true
    });
    let (_session, result, seen) = book(
        ProtocolVersion::V_2025_11_25,
        ElicitationCapability::form_only(),
        accept_in_turn(vec![invalid, valid]),
    )
    .await;
    assert_eq!(result.is_error, Some(false), "{}", text(&result));
    assert_eq!(
        text(&result),
        "booked 12 seats (Terrace) on 2026-12-24 for ada@example.com, subscribed"
    );
    assert_eq!(seen.len(), 2);
    let message = seen[1]["message"].as_str().unwrap();
    assert!(
        message.starts_with("Please tell us about your reservation.\n\nPlease correct "),
        "{message}"
    );
    assert!(
        message.contains("- `partySize` must be at most 12 (received 20)"),
        "{message}"
    );
    assert!(message.contains("- `contactEmail` "), "{message}");
    let properties = &seen[1]["requestedSchema"]["properties"];
    assert_eq!(properties["date"]["default"], "2026-12-24");
    assert_eq!(properties["seating"]["default"], "terrace");
    assert_eq!(properties["newsletter"]["default"], true);
    assert!(properties["partySize"].get("default").is_none());
    assert!(properties["contactEmail"].get("default").is_none());
    // The first request was the plain form.
    assert_eq!(
        seen[0]["requestedSchema"]["properties"]["seating"]["default"],
        "indoor"
    );
    assert!(
        seen[0]["requestedSchema"]["properties"]["date"]
            .get("default")
            .is_none()
    );
}

#[tokio::test]
async fn the_booking_form_is_rendered_for_the_negotiated_revision() {
    let booking = json!({
        "date": "2026-12-24",
        "partySize": 4,
        "seating": "terrace",
        "dietary": ["vegan", "nut-free"],
        "contactEmail": "ada@example.com",
        "newsletter": false
    });
    let (session, result, seen) = book(
        ProtocolVersion::V_2025_11_25,
        ElicitationCapability::form_only(),
        accept(booking),
    )
    .await;
    assert_eq!(
        text(&result),
        "booked 4 seats (Terrace) on 2026-12-24 for ada@example.com, dietary needs: Vegan, NutFree"
    );
    let schema = &seen[0]["requestedSchema"];
    let order: Vec<&str> = schema["properties"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        order,
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
    assert_eq!(seen[0]["mode"], "form");
    assert_eq!(schema["properties"]["seating"]["default"], "indoor");
    assert_eq!(
        schema["properties"]["dietary"]["items"]["anyOf"][2],
        json!({ "const": "gluten-free", "title": "Gluten-free" })
    );
    // The client side reads the same request back into the typed model.
    let typed = request_from_rmcp(&session.client.service().seen.lock().unwrap()[0]).unwrap();
    assert_eq!(typed.mode(), Mode::Form);
    assert_eq!(
        typed.as_form().unwrap().requested_schema.properties.len(),
        7
    );
}

#[tokio::test]
async fn a_2025_06_18_session_books_a_table_with_dietary_needs_as_booleans() {
    // 2025-06-18 has no multi-select: the booking form's dietary needs go
    // to the client as one boolean per option, and come back as the set.
    let answer: Answer = Arc::new(|request| {
        let properties = request_properties(request);
        let content = if properties.contains(&"dietary_vegan".to_owned()) {
            json!({
                "date": "2027-03-01",
                "partySize": 3,
                "seating": "indoor",
                "dietary_vegetarian": false,
                "dietary_vegan": true,
                "dietary_gluten-free": true,
                "dietary_nut-free": false,
                "contactEmail": "ada@example.com",
                "newsletter": false
            })
        } else {
            json!({})
        };
        ElicitResult::new(ElicitationAction::Accept).with_content(content)
    });
    let (session, result, seen) = book(
        ProtocolVersion::V_2025_06_18,
        ElicitationCapability::legacy(),
        answer,
    )
    .await;
    assert_eq!(result.is_error, Some(false), "{}", text(&result));
    assert_eq!(
        text(&result),
        "booked 3 seats (Indoor) on 2027-03-01 for ada@example.com, dietary needs: Vegan, GlutenFree"
    );

    assert_eq!(seen.len(), 1);
    let schema = &seen[0]["requestedSchema"];
    assert_eq!(
        schema["properties"]["dietary_gluten-free"],
        json!({ "type": "boolean", "title": "Dietary needs: Gluten-free" })
    );
    assert!(schema["properties"].get("dietary").is_none());
    // What 2025-06-18 cannot carry is not sent: no `default` on `seating`,
    // titles as `enumNames`.
    assert!(schema["properties"]["seating"].get("default").is_none());
    assert_eq!(
        schema["properties"]["seating"]["enumNames"][1],
        "On the terrace"
    );
    // The client side reads the request as a valid 2025-06-18 form.
    let typed = request_from_rmcp(&session.client.service().seen.lock().unwrap()[0]).unwrap();
    assert_eq!(
        typed.as_form().unwrap().requested_schema.properties.len(),
        10
    );
}

#[tokio::test]
async fn a_2025_06_18_answer_with_a_bad_boolean_is_asked_again_naming_it() {
    // Every field error at once, in the names the client was sent; the form
    // asked again is the down-levelled one, with the valid answers offered.
    let invalid = json!({
        "date": "2027-03-01",
        "partySize": 3,
        "seating": "indoor",
        "dietary_vegan": "yes",
        "dietary_nut-free": true,
        "newsletter": false
    });
    let valid = json!({
        "date": "2027-03-01",
        "partySize": 3,
        "seating": "indoor",
        "dietary_vegan": true,
        "contactEmail": "ada@example.com",
        "newsletter": false
    });
    let (_session, result, seen) = book(
        ProtocolVersion::V_2025_06_18,
        ElicitationCapability::legacy(),
        accept_in_turn(vec![invalid.clone(), valid]),
    )
    .await;
    assert_eq!(result.is_error, Some(false), "{}", text(&result));
    assert_eq!(
        text(&result),
        "booked 3 seats (Indoor) on 2027-03-01 for ada@example.com, dietary needs: Vegan"
    );
    assert_eq!(seen.len(), 2);
    assert_eq!(
        seen[1]["message"],
        "Please tell us about your reservation.\n\nPlease correct these 2 answers:\n\
         - `dietary_vegan` must be `true` or `false` (received \"yes\").\n\
         - `contactEmail` is required."
    );
    let properties = &seen[1]["requestedSchema"]["properties"];
    assert_eq!(properties["dietary_nut-free"]["default"], true);
    assert_eq!(properties["newsletter"]["default"], false);
    assert_eq!(properties["dietary_vegan"]["type"], "boolean");
    assert!(properties["dietary_vegan"].get("default").is_none());
    // 2025-06-18 carries no string default: the date is not offered back.
    assert!(properties["date"].get("default").is_none());

    let stubborn = connect(
        ProtocolVersion::V_2025_06_18,
        Some(ElicitationCapability::legacy()),
        accept(invalid),
        None,
    )
    .await;
    let result = stubborn.call("book_table", json!({})).await;
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        text(&result),
        "the answer to `booking` still had 2 invalid fields after 3 attempts: call again to \
         start over\n\
         `dietary_vegan` must be `true` or `false` (received \"yes\")\n\
         `contactEmail` is required"
    );
}

/// The names of the properties of a form request.
fn request_properties(request: &ElicitRequestParams) -> Vec<String> {
    let value = serde_json::to_value(request).unwrap();
    value["requestedSchema"]["properties"]
        .as_object()
        .map(|properties| properties.keys().cloned().collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_client_without_elicitation_books_with_arguments_after_the_instructions() {
    for version in [
        ProtocolVersion::V_2025_06_18,
        ProtocolVersion::V_2025_11_25,
        ProtocolVersion::V_2026_07_28,
    ] {
        let session = connect(version.clone(), None, accept(json!({})), None).await;
        let tools = session.client.list_all_tools().await.unwrap();
        let booking = tools.iter().find(|tool| tool.name == "book_table").unwrap();
        assert_eq!(
            booking.input_schema["properties"]["partySize"]["maximum"],
            12
        );
        assert!(
            booking.input_schema.get("required").is_none(),
            "the form's fields are optional"
        );

        let first = session.call("book_table", json!({})).await;
        assert_eq!(first.is_error, Some(false), "{version}: {}", text(&first));
        let instructions = first
            .structured_content
            .clone()
            .expect("structured instructions");
        assert_eq!(instructions["status"], "input_needed");
        assert_eq!(instructions["tool"], "book_table");
        assert!(
            text(&first).contains("- `partySize` (Party size)"),
            "{}",
            text(&first)
        );

        let mut arguments = instructions["arguments"].as_object().unwrap().clone();
        for (field, answer) in [
            ("date", json!("2027-02-14")),
            ("partySize", json!(2)),
            ("contactEmail", json!("ada@example.com")),
            ("dietary", json!(["vegetarian"])),
        ] {
            arguments.insert(field.to_owned(), answer);
        }
        let booked = session
            .call("book_table", Value::Object(arguments.clone()))
            .await;
        assert_eq!(booked.is_error, Some(false), "{version}: {}", text(&booked));
        assert_eq!(
            text(&booked),
            "booked 2 seats (Indoor) on 2027-02-14 for ada@example.com, dietary needs: Vegetarian"
        );

        arguments.insert("partySize".to_owned(), json!(40));
        let refused = session.call("book_table", Value::Object(arguments)).await;
        assert_eq!(refused.is_error, Some(true));
        assert!(text(&refused).contains("`partySize` must be at most 12 (received 40)"));
        assert!(requests(&session).is_empty(), "{version}: no form was sent");
    }
}

#[tokio::test]
async fn a_client_without_the_capability_gets_a_tool_error_and_no_request() {
    for (version, capability) in [
        (ProtocolVersion::V_2025_11_25, None),
        (
            ProtocolVersion::V_2025_11_25,
            Some(ElicitationCapability::url_only()),
        ),
        (ProtocolVersion::V_2025_06_18, None),
    ] {
        let session = connect(version.clone(), capability, accept(valid_user()), None).await;
        let result = session
            .call("test_elicitation", json!({ "message": "Who?" }))
            .await;
        assert_eq!(result.is_error, Some(true), "{version}");
        assert!(
            text(&result).contains("did not declare"),
            "{version}: {}",
            text(&result)
        );
        assert!(requests(&session).is_empty());
    }
}

#[tokio::test]
async fn the_server_peer_elicits_outside_a_tool_and_times_out_on_a_slow_user() {
    let mut session = connect(
        ProtocolVersion::V_2025_11_25,
        Some(ElicitationCapability::form_only()),
        accept(valid_user()),
        Some(Duration::from_millis(500)),
    )
    .await;
    let peer = session.server_peer().await;
    let timed_out = peer
        .elicit_form_within::<UserResponse>("Who?", Some(Duration::from_millis(20)))
        .await;
    assert!(
        matches!(timed_out, Err(RmcpElicitError::Timeout(limit)) if limit == Duration::from_millis(20)),
        "{timed_out:?}"
    );
    let answered = peer.elicit_form::<UserResponse>("Who?").await.unwrap();
    match answered {
        Elicitation::Accept(user) => assert_eq!(user.username, "octocat"),
        other => panic!("{other:?}"),
    }
    let url = peer
        .elicit_via_url("Connect", "https://example.com/connect")
        .await;
    assert!(
        matches!(
            url,
            Err(RmcpElicitError::Request(RequestError::ModeNotDeclared {
                mode: Mode::Url
            }))
        ),
        "{url:?}"
    );
}

#[tokio::test]
async fn url_mode_returns_the_answer_with_its_elicitation_id() {
    let mut session = connect(
        ProtocolVersion::V_2025_11_25,
        Some(ElicitationCapability::form_and_url()),
        action(ElicitationAction::Accept),
        None,
    )
    .await;
    let answer = session
        .server_peer()
        .await
        .elicit_via_url("Connect your account", "https://example.com/connect")
        .await
        .unwrap();
    let elicit_runtime::UrlConsent::Consented { visit } = answer else {
        panic!("consented: {answer:?}")
    };
    let id = visit.expect("2025-11-25 carries an id");
    let seen = requests(&session);
    assert_eq!(seen[0]["mode"], "url");
    assert_eq!(seen[0]["elicitationId"], id.as_str());
    assert_eq!(seen[0]["url"], "https://example.com/connect");
}

#[tokio::test]
async fn invalid_content_from_the_peer_api_keeps_the_field_errors() {
    let mut session = connect(
        ProtocolVersion::V_2025_11_25,
        Some(ElicitationCapability::form_only()),
        accept(json!({ "username": "octocat", "email": ["not", "a", "string"] })),
        None,
    )
    .await;
    let error = session
        .server_peer()
        .await
        .elicit_form::<UserResponse>("Who?")
        .await
        .unwrap_err();
    let errors = error.validation_errors().expect("field errors");
    assert_eq!(errors.len(), 1);
    assert!(matches!(
        error,
        RmcpElicitError::Result(ElicitError::InvalidContent(_))
    ));
}

#[tokio::test]
async fn input_required_rounds_on_2026_07_28() {
    let booking = json!({
        "date": "2027-01-02",
        "partySize": 2,
        "seating": "bar",
        "contactEmail": "grace@example.com",
        "notes": "a quiet corner",
        "newsletter": true
    });
    let mut session = connect(
        ProtocolVersion::V_2026_07_28,
        Some(ElicitationCapability::form_only()),
        accept(booking),
        None,
    )
    .await;
    // The first round asks through an input-required result, not a request.
    let first = session
        .client
        .call_tool_once(CallToolRequestParams::new("book_table"))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(first) = first else {
        panic!("expected an input-required result, got {first:?}");
    };
    let asked = serde_json::to_value(&first).unwrap();
    assert_eq!(asked["resultType"], "input_required");
    assert_eq!(
        asked["inputRequests"]["booking"]["method"],
        "elicitation/create"
    );
    assert_eq!(asked["inputRequests"]["booking"]["params"]["mode"], "form");
    assert!(
        requests(&session).is_empty(),
        "no request was sent to the client"
    );

    // rmcp's client answers through the handler and retries.
    let result = session.call("book_table", json!({})).await;
    assert_eq!(result.is_error, Some(false), "{}", text(&result));
    assert_eq!(
        text(&result),
        "booked 2 seats (Bar) on 2027-01-02 for grace@example.com, notes: a quiet corner, subscribed"
    );
    let seen = requests(&session);
    assert_eq!(seen.len(), 1, "one round");
    assert_eq!(seen[0]["mode"], "form");

    // A server-to-client request is refused on this revision.
    let direct = session
        .server_peer()
        .await
        .elicit_form::<UserResponse>("Who?")
        .await;
    assert!(direct.is_err(), "{direct:?}");
    assert_eq!(requests(&session).len(), 1);
}

#[tokio::test]
async fn input_required_rounds_ask_again_on_invalid_content_and_pass_decline() {
    let invalid = json!({ "date": "tomorrow", "partySize": 0 });
    let valid = json!({
        "date": "2027-01-02",
        "partySize": 2,
        "seating": "bar",
        "contactEmail": "grace@example.com",
        "newsletter": false
    });
    let (_session, result, seen) = book(
        ProtocolVersion::V_2026_07_28,
        ElicitationCapability::form_only(),
        accept_in_turn(vec![invalid.clone(), valid]),
    )
    .await;
    assert_eq!(result.is_error, Some(false), "{}", text(&result));
    assert_eq!(
        text(&result),
        "booked 2 seats (Bar) on 2027-01-02 for grace@example.com"
    );
    assert_eq!(seen.len(), 2, "a second round asked again");
    let message = seen[1]["message"].as_str().unwrap();
    for field in ["`date`", "`partySize`", "`contactEmail`"] {
        assert!(message.contains(field), "{field} in {message}");
    }

    let stubborn = connect(
        ProtocolVersion::V_2026_07_28,
        Some(ElicitationCapability::form_only()),
        accept(invalid),
        None,
    )
    .await;
    let result = stubborn.call("book_table", json!({})).await;
    assert_eq!(result.is_error, Some(true));
    let message = text(&result);
    assert!(
        message.starts_with("the answer to `booking` still had 5 invalid fields after 3 attempts"),
        "{message}"
    );
    assert_eq!(requests(&stubborn).len(), 3);

    let declined = connect(
        ProtocolVersion::V_2026_07_28,
        Some(ElicitationCapability::form_only()),
        action(ElicitationAction::Decline),
        None,
    )
    .await;
    let result = declined
        .call("test_input_required_result_elicitation", json!({}))
        .await;
    assert_eq!(text(&result), "action=decline: the user said no");
}

#[tokio::test]
async fn every_tool_is_listed() {
    let session = connect(
        ProtocolVersion::V_2025_11_25,
        Some(ElicitationCapability::form_only()),
        accept(json!({})),
        None,
    )
    .await;
    let tools = session.client.list_all_tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_ref()).collect();
    // Every tool once, whichever order the routers list them in.
    let mut names = names;
    names.sort_unstable();
    let mut expected = [
        "book_table",
        "test_elicitation",
        "test_elicitation_sep1034_defaults",
        "test_elicitation_sep1330_enums",
        "plan_trip",
        "test_input_required_result_elicitation",
        "test_input_required_result_sampling",
        "test_input_required_result_list_roots",
        "test_input_required_result_request_state",
        "test_input_required_result_multiple_inputs",
        "test_input_required_result_multi_round",
        "test_input_required_result_tampered_state",
        "test_input_required_result_capabilities",
        "confirm_delete",
        "multi_input",
        "test_tool_with_task",
        "test_missing_capability",
        "test_streaming_elicitation",
        "test_logging_tool",
        "test_trigger_tool_change",
        "test_trigger_prompt_change",
        "connect_account",
    ];
    expected.sort_unstable();
    assert_eq!(names, expected);
}
