//! Every example message of the three elicitation pages of the spec, read
//! into the typed messages and written back for the page's revision, equal
//! to the original.
//!
//! The examples are copied from the pages verbatim, minus their `// ...`
//! comments and the trailing commas of the `jsonc` blocks.

use elicit_runtime::protocol::{
    ElicitRequestParams, ElicitResult, ElicitationCapability, ElicitationCompleteNotification,
    Elicitor, InputRequest, InputRequiredResult, InputResponses, Mode, RetryParams, Revision,
    UrlElicitationRequired,
};
use elicit_runtime::schema::FormSchema;
use elicit_runtime::{Elicitable, Elicitation, UrlConsent, client};
use serde_json::{Map, Value, json};

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}:\n{text}"))
}

/// A whole `elicitation/create` request, read and written back.
fn request_round_trip(text: &str, revision: Revision) -> ElicitRequestParams {
    let message = parse(text);
    let (id, params) = ElicitRequestParams::from_jsonrpc(&message).unwrap();
    assert_eq!(params.to_jsonrpc(id, revision).unwrap(), message);
    params
}

/// A whole response carrying an `ElicitResult`, read and written back.
fn response_round_trip(text: &str) -> ElicitResult {
    let message = parse(text);
    let (id, result) = ElicitResult::from_jsonrpc(&message).unwrap();
    assert_eq!(result.to_jsonrpc(id), message);
    result
}

/// A bare `ElicitResult` (2026-07-28), read and written back.
fn result_round_trip(text: &str) -> ElicitResult {
    let value = parse(text);
    let result: ElicitResult = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(serde_json::to_value(&result).unwrap(), value);
    result
}

/// The form-mode params `revision` writes for `schema`.
fn form_params(revision: Revision, schema: Value) -> Value {
    if revision.has_extended_schemas() {
        json!({ "mode": "form", "message": "Fill in the form", "requestedSchema": schema })
    } else {
        json!({ "message": "Fill in the form", "requestedSchema": schema })
    }
}

/// A property schema of the page, as the only field of a form request of
/// the page's revision, read and written back.
fn property_round_trip(fragment: &str, revision: Revision) {
    let schema = json!({ "type": "object", "properties": { "field": parse(fragment) } });
    let params = form_params(revision, schema);
    let typed: ElicitRequestParams = serde_json::from_value(params.clone()).unwrap();
    assert_eq!(
        typed.render(revision).unwrap().to_json(),
        params,
        "{fragment}"
    );
}

/// `{"capabilities": {"elicitation": ...}}`, read and written back.
fn capabilities_round_trip(text: &str) -> ElicitationCapability {
    let message = parse(text);
    let capability = ElicitationCapability::from_client_capabilities(&message["capabilities"])
        .expect("the example declares elicitation");
    let mut capabilities = Map::new();
    capability.write_to_client_capabilities(&mut capabilities);
    assert_eq!(json!({ "capabilities": capabilities }), message);
    capability
}

/// `{"_meta": {"io.modelcontextprotocol/clientCapabilities": ...}}`, read
/// and written back.
fn meta_capabilities_round_trip(text: &str) -> ElicitationCapability {
    let message = parse(text);
    let capability = ElicitationCapability::from_request_params(&message)
        .expect("the example declares elicitation");
    let mut meta = Map::new();
    capability.write_to_request_meta(&mut meta);
    assert_eq!(json!({ "_meta": meta }), message);
    capability
}

/// Please provide your GitHub username
#[derive(Debug, PartialEq, Elicitable)]
struct GitHub {
    name: String,
}

/// Please provide your contact information
#[derive(Debug, PartialEq, Elicitable)]
struct Contact {
    /// Your full name
    name: String,
    /// Your email address
    #[elicit(format = "email")]
    email: String,
    /// Your age
    #[elicit(minimum = 18)]
    age: Option<f64>,
}

fn monalisa() -> Contact {
    Contact {
        name: "Monalisa Octocat".into(),
        email: "octocat@github.com".into(),
        age: Some(30.0),
    }
}

// ---------------------------------------------------------------------------
// 2025-06-18

#[test]
fn v2025_06_18_capability() {
    let capability = capabilities_round_trip(v2025_06_18::CAPABILITIES);
    assert_eq!(capability, ElicitationCapability::legacy());
    assert!(capability.supports_in(Mode::Form, Revision::V2025_06_18));
    assert!(!capability.supports_in(Mode::Url, Revision::V2025_06_18));
}

#[test]
fn v2025_06_18_requests() {
    let revision = Revision::V2025_06_18;
    let simple = request_round_trip(v2025_06_18::SIMPLE_REQUEST, revision);
    let structured = request_round_trip(v2025_06_18::STRUCTURED_REQUEST, revision);
    // The derived forms ask exactly the same.
    let elicitor = Elicitor::new(revision, ElicitationCapability::legacy());
    assert_eq!(
        elicitor
            .form_default::<GitHub>()
            .unwrap()
            .to_jsonrpc(1)
            .unwrap(),
        parse(v2025_06_18::SIMPLE_REQUEST)
    );
    assert_eq!(
        elicitor
            .form_default::<Contact>()
            .unwrap()
            .to_jsonrpc(2)
            .unwrap(),
        parse(v2025_06_18::STRUCTURED_REQUEST)
    );
    assert_eq!(simple.as_form().unwrap().requested_schema, GitHub::SCHEMA);
    assert_eq!(
        structured.as_form().unwrap().requested_schema,
        Contact::SCHEMA
    );
}

#[test]
fn v2025_06_18_responses() {
    let simple = response_round_trip(v2025_06_18::SIMPLE_RESPONSE);
    assert_eq!(
        Elicitation::<GitHub>::from_result(&simple).unwrap(),
        Elicitation::Accept(GitHub {
            name: "octocat".into()
        })
    );
    let structured = response_round_trip(v2025_06_18::STRUCTURED_RESPONSE);
    assert_eq!(
        Elicitation::<Contact>::from_result(&structured).unwrap(),
        Elicitation::Accept(monalisa())
    );
    let declined = response_round_trip(v2025_06_18::DECLINE_RESPONSE);
    assert_eq!(
        Elicitation::<Contact>::from_result(&declined).unwrap(),
        Elicitation::Decline
    );
    let cancelled = response_round_trip(v2025_06_18::CANCEL_RESPONSE);
    assert_eq!(
        Elicitation::<Contact>::from_result(&cancelled).unwrap(),
        Elicitation::Cancel
    );
    let actions = response_round_trip(v2025_06_18::ACTIONS_RESPONSE);
    assert_eq!(actions.content.unwrap()["anotherProperty"], 42);
}

#[test]
fn v2025_06_18_schemas() {
    let revision = Revision::V2025_06_18;
    let wrapped = parse(&format!("{{{}}}", v2025_06_18::REQUESTED_SCHEMA));
    let params = form_params(revision, wrapped["requestedSchema"].clone());
    let typed: ElicitRequestParams = serde_json::from_value(params.clone()).unwrap();
    assert_eq!(typed.render(revision).unwrap().to_json(), params);
    for fragment in [
        v2025_06_18::STRING_SCHEMA,
        v2025_06_18::NUMBER_SCHEMA,
        v2025_06_18::BOOLEAN_SCHEMA,
        v2025_06_18::ENUM_SCHEMA,
    ] {
        property_round_trip(fragment, revision);
    }
}

// ---------------------------------------------------------------------------
// 2025-11-25

#[test]
fn v2025_11_25_capabilities() {
    let both = capabilities_round_trip(v2025_11_25::CAPABILITIES);
    assert_eq!(both, ElicitationCapability::form_and_url());
    assert!(both.supports(Mode::Form) && both.supports(Mode::Url));
    let empty = capabilities_round_trip(v2025_11_25::EMPTY_CAPABILITIES);
    assert!(empty.supports(Mode::Form));
    assert!(!empty.supports(Mode::Url));
}

#[test]
fn v2025_11_25_form_requests() {
    let revision = Revision::V2025_11_25;
    request_round_trip(v2025_11_25::SIMPLE_REQUEST, revision);
    request_round_trip(v2025_11_25::STRUCTURED_REQUEST, revision);
    let elicitor = Elicitor::new(revision, ElicitationCapability::form_only());
    assert_eq!(
        elicitor
            .form_default::<GitHub>()
            .unwrap()
            .to_jsonrpc(1)
            .unwrap(),
        parse(v2025_11_25::SIMPLE_REQUEST)
    );
    assert_eq!(
        elicitor
            .form_default::<Contact>()
            .unwrap()
            .to_jsonrpc(2)
            .unwrap(),
        parse(v2025_11_25::STRUCTURED_REQUEST)
    );
}

#[test]
fn v2025_11_25_form_responses() {
    let simple = response_round_trip(v2025_11_25::SIMPLE_RESPONSE);
    assert_eq!(
        Elicitation::<GitHub>::from_result(&simple).unwrap(),
        Elicitation::Accept(GitHub {
            name: "octocat".into()
        })
    );
    let structured = response_round_trip(v2025_11_25::STRUCTURED_RESPONSE);
    assert_eq!(
        Elicitation::<Contact>::from_result(&structured).unwrap(),
        Elicitation::Accept(monalisa())
    );
    response_round_trip(v2025_11_25::ACTIONS_RESPONSE);
}

#[test]
fn v2025_11_25_url_request_and_response() {
    let revision = Revision::V2025_11_25;
    let params = request_round_trip(v2025_11_25::URL_REQUEST, revision);
    assert_eq!(params.mode(), Mode::Url);
    assert_eq!(
        params.elicitation_id().unwrap(),
        "550e8400-e29b-41d4-a716-446655440000"
    );
    // The same request, for 2026-07-28, is that page's input request.
    assert_eq!(
        params.render(Revision::V2026_07_28).unwrap().to_json(),
        parse(v2026_07_28::URL_INPUT_REQUEST)["params"]
    );
    let result = response_round_trip(v2025_11_25::URL_RESPONSE);
    let outcome = UrlConsent::from_result(&result);
    assert_eq!(outcome, UrlConsent::Consented { visit: None });
    assert_eq!(
        serde_json::to_value(outcome).unwrap(),
        parse(v2025_11_25::URL_RESPONSE)["result"]
    );
}

#[test]
fn v2025_11_25_completion_notification() {
    let message = parse(v2025_11_25::COMPLETE_NOTIFICATION);
    let notification = ElicitationCompleteNotification::from_jsonrpc(&message).unwrap();
    assert_eq!(
        notification.elicitation_id,
        "550e8400-e29b-41d4-a716-446655440000"
    );
    assert_eq!(notification.to_jsonrpc(), message);
}

#[test]
fn v2025_11_25_url_elicitation_required_error() {
    let message = parse(v2025_11_25::URL_REQUIRED_ERROR);
    let (id, error) = UrlElicitationRequired::from_jsonrpc(&message).unwrap();
    assert_eq!(error.message(), "This request requires more information.");
    assert_eq!(error.elicitations().len(), 1);
    assert_eq!(error.to_jsonrpc(id.unwrap()), message);
    assert_eq!(error.to_error(), message["error"]);
}

#[test]
fn v2025_11_25_schemas() {
    let revision = Revision::V2025_11_25;
    for fragment in [
        v2025_11_25::NUMBER_SCHEMA,
        v2025_11_25::BOOLEAN_SCHEMA,
        v2025_11_25::UNTITLED_ENUM_SCHEMA,
        v2025_11_25::TITLED_ENUM_SCHEMA,
        v2025_11_25::UNTITLED_MULTI_SCHEMA,
        v2025_11_25::TITLED_MULTI_SCHEMA,
    ] {
        property_round_trip(fragment, revision);
    }
    // The string example shows `pattern`, which the elicitation schema
    // (`StringSchema` in the revision's schema.json) does not define: it is
    // read with a warning and not written back. Everything else is.
    let string = parse(v2025_11_25::STRING_SCHEMA);
    let schema = json!({ "type": "object", "properties": { "field": string } });
    let parsed = FormSchema::parse(&schema).unwrap();
    let paths: Vec<&str> = parsed.warnings.iter().map(|w| w.path()).collect();
    assert_eq!(paths, ["/properties/field/pattern"]);
    let mut without_pattern = string.clone();
    without_pattern.as_object_mut().unwrap().remove("pattern");
    let params = form_params(revision, schema);
    let typed: ElicitRequestParams = serde_json::from_value(params.clone()).unwrap();
    assert_eq!(
        typed.render(revision).unwrap().to_json()["requestedSchema"]["properties"]["field"],
        without_pattern
    );
}

// ---------------------------------------------------------------------------
// 2026-07-28

#[test]
fn v2026_07_28_capabilities() {
    let both = meta_capabilities_round_trip(v2026_07_28::CAPABILITIES);
    assert_eq!(both, ElicitationCapability::form_and_url());
    let empty = meta_capabilities_round_trip(v2026_07_28::EMPTY_CAPABILITIES);
    assert!(empty.supports_in(Mode::Form, Revision::V2026_07_28));
    assert!(!empty.supports_in(Mode::Url, Revision::V2026_07_28));
}

/// An input request of the page, read and written back.
fn input_request_round_trip(text: &str) -> ElicitRequestParams {
    let value = parse(text);
    let request: InputRequest = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(serde_json::to_value(&request).unwrap(), value);
    let params = request.as_elicitation().unwrap().clone();
    assert_eq!(
        params.render(Revision::V2026_07_28).unwrap().to_json(),
        value["params"]
    );
    params
}

#[test]
fn v2026_07_28_input_requests() {
    let simple = input_request_round_trip(v2026_07_28::SIMPLE_INPUT_REQUEST);
    assert_eq!(simple.as_form().unwrap().requested_schema, GitHub::SCHEMA);
    let structured = input_request_round_trip(v2026_07_28::STRUCTURED_INPUT_REQUEST);
    assert_eq!(
        structured.as_form().unwrap().requested_schema,
        Contact::SCHEMA
    );
    let url = input_request_round_trip(v2026_07_28::URL_INPUT_REQUEST);
    assert_eq!(url.mode(), Mode::Url);
    assert_eq!(url.elicitation_id(), None);
}

#[test]
fn v2026_07_28_results() {
    let simple = result_round_trip(v2026_07_28::SIMPLE_RESULT);
    assert_eq!(
        Elicitation::<GitHub>::from_result(&simple).unwrap(),
        Elicitation::Accept(GitHub {
            name: "octocat".into()
        })
    );
    let structured = result_round_trip(v2026_07_28::STRUCTURED_RESULT);
    assert_eq!(
        Elicitation::<Contact>::from_result(&structured).unwrap(),
        Elicitation::Accept(monalisa())
    );
    let url = result_round_trip(v2026_07_28::URL_RESULT);
    assert_eq!(
        UrlConsent::from_result(&url),
        UrlConsent::Consented { visit: None }
    );
    assert_eq!(
        serde_json::to_value(UrlConsent::Consented { visit: None }).unwrap(),
        parse(v2026_07_28::URL_RESULT)
    );
    result_round_trip(v2026_07_28::ACTIONS_RESULT);
}

#[test]
fn v2026_07_28_schemas() {
    for fragment in [
        v2026_07_28::STRING_SCHEMA,
        v2026_07_28::NUMBER_SCHEMA,
        v2026_07_28::BOOLEAN_SCHEMA,
        v2026_07_28::UNTITLED_ENUM_SCHEMA,
        v2026_07_28::TITLED_ENUM_SCHEMA,
        v2026_07_28::UNTITLED_MULTI_SCHEMA,
        v2026_07_28::TITLED_MULTI_SCHEMA,
    ] {
        property_round_trip(fragment, Revision::V2026_07_28);
    }
}

/// The page's three input requests in one `InputRequiredResult` (the page
/// shows them one by one, "delivered inside `inputRequests`").
fn input_required_result() -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": 1,
        "result": {
            "resultType": "input_required",
            "inputRequests": {
                "github": parse(v2026_07_28::SIMPLE_INPUT_REQUEST),
                "contact": parse(v2026_07_28::STRUCTURED_INPUT_REQUEST),
                "api_key": parse(v2026_07_28::URL_INPUT_REQUEST)
            },
            "requestState": "eyJzdGVwIjoyfQ"
        }
    })
}

#[test]
fn v2026_07_28_input_required_result() {
    let message = input_required_result();
    let (id, result) = InputRequiredResult::from_jsonrpc(&message).unwrap();
    assert_eq!(result.to_jsonrpc(id), message);
    let keys: Vec<&str> = result.input_requests.keys().collect();
    assert_eq!(keys, ["github", "contact", "api_key"]);
    assert_eq!(result.request_state.as_deref(), Some("eyJzdGVwIjoyfQ"));

    // The builder writes the same result from the derived forms.
    let elicitor = Elicitor::new(Revision::V2026_07_28, ElicitationCapability::form_and_url());
    let built = InputRequiredResult::builder(&elicitor)
        .unwrap()
        .form_default::<GitHub>("github")
        .unwrap()
        .form_default::<Contact>("contact")
        .unwrap()
        .url(
            "api_key",
            "Please provide your API key to continue.",
            "https://mcp.example.com/ui/set_api_key",
        )
        .unwrap()
        .request_state("eyJzdGVwIjoyfQ")
        .build()
        .unwrap();
    assert_eq!(built, result);
    assert_eq!(built.to_jsonrpc(1), message);
}

#[test]
fn v2026_07_28_retried_request() {
    // The client retries its `tools/call` with the page's three results
    // under the keys of the requests they answer, and echoes the state.
    let message = json!({
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {
            "name": "create_issue",
            "arguments": { "title": "Crash on start" },
            "inputResponses": {
                "github": parse(v2026_07_28::SIMPLE_RESULT),
                "contact": parse(v2026_07_28::STRUCTURED_RESULT),
                "api_key": parse(v2026_07_28::URL_RESULT)
            },
            "requestState": "eyJzdGVwIjoyfQ",
            "_meta": parse(v2026_07_28::CAPABILITIES)["_meta"]
        }
    });
    let params = &message["params"];
    let retry = RetryParams::from_params(params).unwrap();
    assert!(retry.is_retry());
    assert_eq!(retry.request_state.as_deref(), Some("eyJzdGVwIjoyfQ"));
    assert_eq!(
        retry.client_capability(),
        Some(ElicitationCapability::form_and_url())
    );
    let responses = &retry.input_responses;
    assert_eq!(
        responses.keys().collect::<Vec<_>>(),
        ["github", "contact", "api_key"]
    );
    assert_eq!(
        responses.elicitation::<GitHub>("github").unwrap(),
        Elicitation::Accept(GitHub {
            name: "octocat".into()
        })
    );
    assert_eq!(
        responses.elicitation::<Contact>("contact").unwrap(),
        Elicitation::Accept(monalisa())
    );
    assert_eq!(
        responses.url_consent("api_key").unwrap(),
        UrlConsent::Consented { visit: None }
    );

    // Written back onto the original call, the retry is the same message.
    let mut rebuilt = Map::new();
    rebuilt.insert("name".into(), params["name"].clone());
    rebuilt.insert("arguments".into(), params["arguments"].clone());
    retry.write_to(&mut rebuilt);
    assert_eq!(Value::Object(rebuilt), *params);

    // And a client builds the same responses from typed results.
    let mut built = InputResponses::new();
    built.insert("github", &result_round_trip(v2026_07_28::SIMPLE_RESULT));
    built.insert(
        "contact",
        &result_round_trip(v2026_07_28::STRUCTURED_RESULT),
    );
    built.insert(
        "api_key",
        &UrlConsent::Consented { visit: None }.to_result(),
    );
    assert_eq!(&built, responses);
}

// ---------------------------------------------------------------------------
// The client side: every request of the pages, read for display.

/// The params of every `elicitation/create` the three pages show, with
/// their revision: the JSON-RPC requests of 2025-06-18 and 2025-11-25, the
/// URL elicitation of the `-32042` error, and the input requests of
/// 2026-07-28.
fn every_request() -> Vec<(&'static str, Value)> {
    let params = |text: &str| parse(text)["params"].clone();
    vec![
        ("2025-06-18 simple", params(v2025_06_18::SIMPLE_REQUEST)),
        (
            "2025-06-18 structured",
            params(v2025_06_18::STRUCTURED_REQUEST),
        ),
        ("2025-11-25 simple", params(v2025_11_25::SIMPLE_REQUEST)),
        (
            "2025-11-25 structured",
            params(v2025_11_25::STRUCTURED_REQUEST),
        ),
        ("2025-11-25 url", params(v2025_11_25::URL_REQUEST)),
        (
            "2025-11-25 -32042",
            parse(v2025_11_25::URL_REQUIRED_ERROR)["error"]["data"]["elicitations"][0].clone(),
        ),
        (
            "2026-07-28 simple",
            params(v2026_07_28::SIMPLE_INPUT_REQUEST),
        ),
        (
            "2026-07-28 structured",
            params(v2026_07_28::STRUCTURED_INPUT_REQUEST),
        ),
        ("2026-07-28 url", params(v2026_07_28::URL_INPUT_REQUEST)),
    ]
}

#[test]
fn client_reads_every_request_of_the_pages() {
    for (name, params) in every_request() {
        let ask = client::Ask::from_params(&params).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(ask.message(), params["message"], "{name}");
        match ask {
            client::Ask::Form(form) => {
                assert!(form.warnings().is_empty(), "{name}: {:?}", form.warnings());
                assert!(client::secret_warnings(&form).is_empty(), "{name}");
                let names: Vec<&str> = form.fields().iter().map(|f| &*f.name).collect();
                let wire: Vec<&str> = params["requestedSchema"]["properties"]
                    .as_object()
                    .unwrap()
                    .keys()
                    .map(String::as_str)
                    .collect();
                assert_eq!(names, wire, "{name}: the server's order");
                assert_eq!(client::FormView::from_request(&params).unwrap(), form);
            }
            client::Ask::Url(view) => {
                assert_eq!(view.url(), params["url"], "{name}");
                assert_eq!(view.host(), "mcp.example.com", "{name}");
                assert!(view.warnings().is_empty(), "{name}");
                assert_eq!(
                    client::FormView::from_request(&params),
                    Err(client::FormError::UrlMode)
                );
            }
        }
    }
}

#[test]
fn client_reads_the_structured_form_field_by_field() {
    for text in [
        v2025_06_18::STRUCTURED_REQUEST,
        v2025_11_25::STRUCTURED_REQUEST,
        v2026_07_28::STRUCTURED_INPUT_REQUEST,
    ] {
        let form = client::FormView::from_request(&parse(text)["params"]).unwrap();
        assert_eq!(form.schema(), &Contact::SCHEMA);
        let summary: Vec<(&str, bool, Option<&str>, Vec<String>)> = form
            .fields()
            .iter()
            .map(|f| {
                (
                    &*f.name,
                    f.required,
                    f.schema.description.as_deref(),
                    client::describe::constraints(&f.schema),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                (
                    "name",
                    true,
                    Some("Your full name"),
                    vec!["text".to_owned()]
                ),
                (
                    "email",
                    true,
                    Some("Your email address"),
                    vec!["an email address".to_owned()]
                ),
                (
                    "age",
                    false,
                    Some("Your age"),
                    vec!["a number".to_owned(), "at least 18".to_owned()]
                ),
            ]
        );
    }
}

#[test]
fn client_answers_build_the_responses_of_the_pages() {
    // The page's answers, typed in as a person would, give the page's results.
    let pairs = [
        (v2025_06_18::SIMPLE_REQUEST, v2025_06_18::SIMPLE_RESPONSE),
        (
            v2025_06_18::STRUCTURED_REQUEST,
            v2025_06_18::STRUCTURED_RESPONSE,
        ),
        (v2025_11_25::SIMPLE_REQUEST, v2025_11_25::SIMPLE_RESPONSE),
        (
            v2025_11_25::STRUCTURED_REQUEST,
            v2025_11_25::STRUCTURED_RESPONSE,
        ),
    ];
    for (request, response) in pairs {
        let form = client::FormView::from_request(&parse(request)["params"]).unwrap();
        let expected = parse(response)["result"].clone();
        let mut answer = form.answer();
        for (name, value) in expected["content"].as_object().unwrap() {
            let typed = match value {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            answer.set_text(name, &typed).unwrap();
        }
        assert_eq!(
            serde_json::to_value(answer.finish().unwrap()).unwrap(),
            expected
        );
    }
    for (text, result) in [
        (v2025_06_18::DECLINE_RESPONSE, ElicitResult::decline()),
        (v2025_06_18::CANCEL_RESPONSE, ElicitResult::cancel()),
    ] {
        assert_eq!(serde_json::to_value(result).unwrap(), parse(text)["result"]);
    }
}

#[test]
fn client_reads_every_schema_example_as_a_form() {
    let fragments = [
        (v2025_06_18::STRING_SCHEMA, 0),
        (v2025_06_18::NUMBER_SCHEMA, 0),
        (v2025_06_18::BOOLEAN_SCHEMA, 0),
        (v2025_06_18::ENUM_SCHEMA, 0),
        // `pattern` is not in the subset: read, with a warning.
        (v2025_11_25::STRING_SCHEMA, 1),
        (v2025_11_25::NUMBER_SCHEMA, 0),
        (v2025_11_25::BOOLEAN_SCHEMA, 0),
        (v2025_11_25::UNTITLED_ENUM_SCHEMA, 0),
        (v2025_11_25::TITLED_ENUM_SCHEMA, 0),
        (v2025_11_25::UNTITLED_MULTI_SCHEMA, 0),
        (v2025_11_25::TITLED_MULTI_SCHEMA, 0),
        (v2026_07_28::STRING_SCHEMA, 0),
    ];
    for (fragment, warnings) in fragments {
        let schema = json!({ "type": "object", "properties": { "field": parse(fragment) } });
        for params in [
            json!({ "message": "Fill in the form", "requestedSchema": schema }),
            json!({ "mode": "form", "message": "Fill in the form", "requestedSchema": schema }),
        ] {
            let form = client::FormView::from_request(&params).unwrap();
            assert_eq!(form.warnings().len(), warnings, "{fragment}");
            // The default, where the example has one, is what an empty
            // answer sends.
            let content = form.answer().content().unwrap();
            assert_eq!(
                content.get("field"),
                parse(fragment).get("default"),
                "{fragment}"
            );
        }
    }
    let whole = parse(&format!("{{{}}}", v2025_06_18::REQUESTED_SCHEMA));
    let form = client::FormView::from_request(
        &json!({ "message": "Fill in the form", "requestedSchema": whole["requestedSchema"] }),
    )
    .unwrap();
    assert!(form.warnings().is_empty());
}

// ---------------------------------------------------------------------------
// The examples, copied from the pages.

/// The examples of the 2025-06-18 page.
mod v2025_06_18 {
    /// Line 47 of `elicitation-2025-06-18.mdx`.
    pub const CAPABILITIES: &str = r##"
    {
      "capabilities": {
        "elicitation": {}
      }
    }
    "##;

    /// Line 65 of `elicitation-2025-06-18.mdx`.
    pub const SIMPLE_REQUEST: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 1,
      "method": "elicitation/create",
      "params": {
        "message": "Please provide your GitHub username",
        "requestedSchema": {
          "type": "object",
          "properties": {
            "name": {
              "type": "string"
            }
          },
          "required": ["name"]
        }
      }
    }
    "##;

    /// Line 87 of `elicitation-2025-06-18.mdx`.
    pub const SIMPLE_RESPONSE: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 1,
      "result": {
        "action": "accept",
        "content": {
          "name": "octocat"
        }
      }
    }
    "##;

    /// Line 104 of `elicitation-2025-06-18.mdx`.
    pub const STRUCTURED_REQUEST: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 2,
      "method": "elicitation/create",
      "params": {
        "message": "Please provide your contact information",
        "requestedSchema": {
          "type": "object",
          "properties": {
            "name": {
              "type": "string",
              "description": "Your full name"
            },
            "email": {
              "type": "string",
              "format": "email",
              "description": "Your email address"
            },
            "age": {
              "type": "number",
              "minimum": 18,
              "description": "Your age"
            }
          },
          "required": ["name", "email"]
        }
      }
    }
    "##;

    /// Line 137 of `elicitation-2025-06-18.mdx`.
    pub const STRUCTURED_RESPONSE: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 2,
      "result": {
        "action": "accept",
        "content": {
          "name": "Monalisa Octocat",
          "email": "octocat@github.com",
          "age": 30
        }
      }
    }
    "##;

    /// Line 154 of `elicitation-2025-06-18.mdx`.
    pub const DECLINE_RESPONSE: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 2,
      "result": {
        "action": "decline"
      }
    }
    "##;

    /// Line 166 of `elicitation-2025-06-18.mdx`.
    pub const CANCEL_RESPONSE: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 2,
      "result": {
        "action": "cancel"
      }
    }
    "##;

    /// Line 201 of `elicitation-2025-06-18.mdx`.
    pub const REQUESTED_SCHEMA: &str = r##"
    "requestedSchema": {
      "type": "object",
      "properties": {
        "propertyName": {
          "type": "string",
          "title": "Display Name",
          "description": "Description of the property"
        },
        "anotherProperty": {
          "type": "number",
          "minimum": 0,
          "maximum": 100
        }
      },
      "required": ["propertyName"]
    }
    "##;

    /// Line 226 of `elicitation-2025-06-18.mdx`.
    pub const STRING_SCHEMA: &str = r##"
    {
      "type": "string",
      "title": "Display Name",
      "description": "Description text",
      "minLength": 3,
      "maxLength": 50,
      "format": "email"
    }
    "##;

    /// Line 241 of `elicitation-2025-06-18.mdx`.
    pub const NUMBER_SCHEMA: &str = r##"
    {
      "type": "number",
      "title": "Display Name",
      "description": "Description text",
      "minimum": 0,
      "maximum": 100
    }
    "##;

    /// Line 253 of `elicitation-2025-06-18.mdx`.
    pub const BOOLEAN_SCHEMA: &str = r##"
    {
      "type": "boolean",
      "title": "Display Name",
      "description": "Description text",
      "default": false
    }
    "##;

    /// Line 263 of `elicitation-2025-06-18.mdx`.
    pub const ENUM_SCHEMA: &str = r##"
    {
      "type": "string",
      "title": "Display Name",
      "description": "Description text",
      "enum": ["option1", "option2", "option3"],
      "enumNames": ["Option 1", "Option 2", "Option 3"]
    }
    "##;

    /// Line 285 of `elicitation-2025-06-18.mdx`.
    pub const ACTIONS_RESPONSE: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 1,
      "result": {
        "action": "accept",
        "content": {
          "propertyName": "value",
          "anotherProperty": 42
        }
      }
    }
    "##;
}

/// The examples of the 2025-11-25 page.
mod v2025_11_25 {
    /// Line 54 of `elicitation-2025-11-25.mdx`.
    pub const CAPABILITIES: &str = r##"
    {
      "capabilities": {
        "elicitation": {
          "form": {},
          "url": {}
        }
      }
    }
    "##;

    /// Line 67 of `elicitation-2025-11-25.mdx`.
    pub const EMPTY_CAPABILITIES: &str = r##"
    {
      "capabilities": {
        "elicitation": {}
      }
    }
    "##;

    /// Line 121 of `elicitation-2025-11-25.mdx`.
    pub const STRING_SCHEMA: &str = r##"
    {
      "type": "string",
      "title": "Display Name",
      "description": "Description text",
      "minLength": 3,
      "maxLength": 50,
      "pattern": "^[A-Za-z]+$",
      "format": "email",
      "default": "user@example.com"
    }
    "##;

    /// Line 138 of `elicitation-2025-11-25.mdx`.
    pub const NUMBER_SCHEMA: &str = r##"
    {
      "type": "number",
      "title": "Display Name",
      "description": "Description text",
      "minimum": 0,
      "maximum": 100,
      "default": 50
    }
    "##;

    /// Line 151 of `elicitation-2025-11-25.mdx`.
    pub const BOOLEAN_SCHEMA: &str = r##"
    {
      "type": "boolean",
      "title": "Display Name",
      "description": "Description text",
      "default": false
    }
    "##;

    /// Line 164 of `elicitation-2025-11-25.mdx`.
    pub const UNTITLED_ENUM_SCHEMA: &str = r##"
    {
      "type": "string",
      "title": "Color Selection",
      "description": "Choose your favorite color",
      "enum": ["Red", "Green", "Blue"],
      "default": "Red"
    }
    "##;

    /// Line 176 of `elicitation-2025-11-25.mdx`.
    pub const TITLED_ENUM_SCHEMA: &str = r##"
    {
      "type": "string",
      "title": "Color Selection",
      "description": "Choose your favorite color",
      "oneOf": [
        { "const": "#FF0000", "title": "Red" },
        { "const": "#00FF00", "title": "Green" },
        { "const": "#0000FF", "title": "Blue" }
      ],
      "default": "#FF0000"
    }
    "##;

    /// Line 192 of `elicitation-2025-11-25.mdx`.
    pub const UNTITLED_MULTI_SCHEMA: &str = r##"
    {
      "type": "array",
      "title": "Color Selection",
      "description": "Choose your favorite colors",
      "minItems": 1,
      "maxItems": 2,
      "items": {
        "type": "string",
        "enum": ["Red", "Green", "Blue"]
      },
      "default": ["Red", "Green"]
    }
    "##;

    /// Line 209 of `elicitation-2025-11-25.mdx`.
    pub const TITLED_MULTI_SCHEMA: &str = r##"
    {
      "type": "array",
      "title": "Color Selection",
      "description": "Choose your favorite colors",
      "minItems": 1,
      "maxItems": 2,
      "items": {
        "anyOf": [
          { "const": "#FF0000", "title": "Red" },
          { "const": "#00FF00", "title": "Green" },
          { "const": "#0000FF", "title": "Blue" }
        ]
      },
      "default": ["#FF0000", "#00FF00"]
    }
    "##;

    /// Line 241 of `elicitation-2025-11-25.mdx`.
    pub const SIMPLE_REQUEST: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 1,
      "method": "elicitation/create",
      "params": {
        "mode": "form",
        "message": "Please provide your GitHub username",
        "requestedSchema": {
          "type": "object",
          "properties": {
            "name": {
              "type": "string"
            }
          },
          "required": ["name"]
        }
      }
    }
    "##;

    /// Line 264 of `elicitation-2025-11-25.mdx`.
    pub const SIMPLE_RESPONSE: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 1,
      "result": {
        "action": "accept",
        "content": {
          "name": "octocat"
        }
      }
    }
    "##;

    /// Line 281 of `elicitation-2025-11-25.mdx`.
    pub const STRUCTURED_REQUEST: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 2,
      "method": "elicitation/create",
      "params": {
        "mode": "form",
        "message": "Please provide your contact information",
        "requestedSchema": {
          "type": "object",
          "properties": {
            "name": {
              "type": "string",
              "description": "Your full name"
            },
            "email": {
              "type": "string",
              "format": "email",
              "description": "Your email address"
            },
            "age": {
              "type": "number",
              "minimum": 18,
              "description": "Your age"
            }
          },
          "required": ["name", "email"]
        }
      }
    }
    "##;

    /// Line 315 of `elicitation-2025-11-25.mdx`.
    pub const STRUCTURED_RESPONSE: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 2,
      "result": {
        "action": "accept",
        "content": {
          "name": "Monalisa Octocat",
          "email": "octocat@github.com",
          "age": 30
        }
      }
    }
    "##;

    /// Line 366 of `elicitation-2025-11-25.mdx`.
    pub const URL_REQUEST: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 3,
      "method": "elicitation/create",
      "params": {
        "mode": "url",
        "elicitationId": "550e8400-e29b-41d4-a716-446655440000",
        "url": "https://mcp.example.com/ui/set_api_key",
        "message": "Please provide your API key to continue."
      }
    }
    "##;

    /// Line 382 of `elicitation-2025-11-25.mdx`.
    pub const URL_RESPONSE: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 3,
      "result": {
        "action": "accept"
      }
    }
    "##;

    /// Line 414 of `elicitation-2025-11-25.mdx`.
    pub const COMPLETE_NOTIFICATION: &str = r##"
    {
      "jsonrpc": "2.0",
      "method": "notifications/elicitation/complete",
      "params": {
        "elicitationId": "550e8400-e29b-41d4-a716-446655440000"
      }
    }
    "##;

    /// Line 434 of `elicitation-2025-11-25.mdx`.
    pub const URL_REQUIRED_ERROR: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 2,
      "error": {
        "code": -32042,
        "message": "This request requires more information.",
        "data": {
          "elicitations": [
            {
              "mode": "url",
              "elicitationId": "550e8400-e29b-41d4-a716-446655440000",
              "url": "https://mcp.example.com/connect?elicitationId=550e8400-e29b-41d4-a716-446655440000",
              "message": "Authorization is required to access your Example Co files."
            }
          ]
        }
      }
    }
    "##;

    /// Line 534 of `elicitation-2025-11-25.mdx`.
    pub const ACTIONS_RESPONSE: &str = r##"
    {
      "jsonrpc": "2.0",
      "id": 1,
      "result": {
        "action": "accept",
        "content": {
          "propertyName": "value",
          "anotherProperty": 42
        }
      }
    }
    "##;
}

/// The examples of the 2026-07-28 page.
mod v2026_07_28 {
    // The page shows the number, boolean, enum and multi-select schemas of
    // 2025-11-25 unchanged; they are tested for this revision too.
    pub use super::v2025_11_25::{
        BOOLEAN_SCHEMA, NUMBER_SCHEMA, TITLED_ENUM_SCHEMA, TITLED_MULTI_SCHEMA,
        UNTITLED_ENUM_SCHEMA, UNTITLED_MULTI_SCHEMA,
    };
    /// Line 54 of `elicitation-2026-07-28.mdx`.
    pub const CAPABILITIES: &str = r##"
    {
      "_meta": {
        "io.modelcontextprotocol/clientCapabilities": {
          "elicitation": {
            "form": {},
            "url": {}
          }
        }
      }
    }
    "##;

    /// Line 69 of `elicitation-2026-07-28.mdx`.
    pub const EMPTY_CAPABILITIES: &str = r##"
    {
      "_meta": {
        "io.modelcontextprotocol/clientCapabilities": {
          "elicitation": {}
        }
      }
    }
    "##;

    /// Line 126 of `elicitation-2026-07-28.mdx`.
    pub const STRING_SCHEMA: &str = r##"
    {
      "type": "string",
      "title": "Display Name",
      "description": "Description text",
      "minLength": 3,
      "maxLength": 50,
      "format": "email",
      "default": "user@example.com"
    }
    "##;

    /// Line 245 of `elicitation-2026-07-28.mdx`.
    pub const SIMPLE_INPUT_REQUEST: &str = r##"
    {
      "method": "elicitation/create",
      "params": {
        "mode": "form",
        "message": "Please provide your GitHub username",
        "requestedSchema": {
          "type": "object",
          "properties": {
            "name": {
              "type": "string"
            }
          },
          "required": ["name"]
        }
      }
    }
    "##;

    /// Line 266 of `elicitation-2026-07-28.mdx`.
    pub const SIMPLE_RESULT: &str = r##"
    {
      "action": "accept",
      "content": {
        "name": "octocat"
      }
    }
    "##;

    /// Line 279 of `elicitation-2026-07-28.mdx`.
    pub const STRUCTURED_INPUT_REQUEST: &str = r##"
    {
      "method": "elicitation/create",
      "params": {
        "mode": "form",
        "message": "Please provide your contact information",
        "requestedSchema": {
          "type": "object",
          "properties": {
            "name": {
              "type": "string",
              "description": "Your full name"
            },
            "email": {
              "type": "string",
              "format": "email",
              "description": "Your email address"
            },
            "age": {
              "type": "number",
              "minimum": 18,
              "description": "Your age"
            }
          },
          "required": ["name", "email"]
        }
      }
    }
    "##;

    /// Line 311 of `elicitation-2026-07-28.mdx`.
    pub const STRUCTURED_RESULT: &str = r##"
    {
      "action": "accept",
      "content": {
        "name": "Monalisa Octocat",
        "email": "octocat@github.com",
        "age": 30
      }
    }
    "##;

    /// Line 357 of `elicitation-2026-07-28.mdx`.
    pub const URL_INPUT_REQUEST: &str = r##"
    {
      "method": "elicitation/create",
      "params": {
        "mode": "url",
        "url": "https://mcp.example.com/ui/set_api_key",
        "message": "Please provide your API key to continue."
      }
    }
    "##;

    /// Line 370 of `elicitation-2026-07-28.mdx`.
    pub const URL_RESULT: &str = r##"
    {
      "action": "accept"
    }
    "##;

    /// Line 438 of `elicitation-2026-07-28.mdx`.
    pub const ACTIONS_RESULT: &str = r##"
    {
      "action": "accept",
      "content": {
        "propertyName": "value",
        "anotherProperty": 42
      }
    }
    "##;
}
