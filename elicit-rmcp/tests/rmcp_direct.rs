//! rmcp's types built directly equal what the JSON route gives (this
//! crate's JSON written, read as rmcp's type, written again and compared):
//! for random forms of the whole model, every revision, with and without
//! `_meta`, every kind of input request, and what rmcp cannot hold is an
//! error on both routes. Retries read straight from rmcp's params, and
//! results straight from rmcp's result, equal what a `Value` of them
//! reads as, limits included.

// The runtime's random forms: this test is the workspace's, and is left
// out of the published crate.
#[path = "../../elicit-runtime/tests/support/mod.rs"]
mod support;

use elicit_rmcp::{
    input_required_to_rmcp, input_required_to_rmcp_via_json, request_to_rmcp,
    request_to_rmcp_via_json, result_from_rmcp, result_from_rmcp_via_json, retry_from_rmcp,
    retry_from_rmcp_via_json,
};
use elicit_runtime::protocol::{
    ElicitRequestParams, ElicitationCapability, ElicitationId, Elicitor, FormRequest, InputRequest,
    InputRequiredResult, Revision, UrlPolicy, UrlRequest,
};
use elicit_runtime::schema::FormSchema;
use proptest::prelude::*;
use rmcp::model as mcp;
use serde_json::{Map, Value, json};
use support::forms::{self, FormDesc};

/// The schema a description reads into.
fn parse(form: &FormDesc) -> FormSchema {
    FormSchema::parse(&form.wire()).unwrap().schema
}

fn meta() -> impl Strategy<Value = Option<Map<String, Value>>> {
    proptest::option::weighted(
        0.4,
        proptest::collection::vec(("[a-z/.]{1,12}", forms::junk()), 0..3)
            .prop_map(|entries| entries.into_iter().collect()),
    )
}

fn revision() -> impl Strategy<Value = Revision> {
    proptest::sample::select(Revision::ALL.to_vec())
}

/// Both routes fail, or both give rmcp types that write the same text
/// (key order included).
fn same<T: serde::Serialize, E: std::fmt::Display>(
    direct: Result<T, E>,
    via_json: Result<T, E>,
) -> Result<(), TestCaseError> {
    match (direct, via_json) {
        (Ok(direct), Ok(via_json)) => {
            prop_assert_eq!(
                serde_json::to_string(&direct).unwrap(),
                serde_json::to_string(&via_json).unwrap()
            );
        }
        (Err(_), Err(_)) => {}
        (Ok(direct), Err(error)) => prop_assert!(
            false,
            "only the JSON route fails ({error}); direct: {}",
            serde_json::to_string(&direct).unwrap()
        ),
        (Err(error), Ok(via_json)) => prop_assert!(
            false,
            "only the direct route fails ({error}); JSON route: {}",
            serde_json::to_string(&via_json).unwrap()
        ),
    }
    Ok(())
}

fn url_request(with_id: bool, meta: Option<Map<String, Value>>) -> UrlRequest {
    let mut url = UrlRequest::new_with_policy(
        "Connect your account",
        "https://example.com/connect?visit=1",
        UrlPolicy::Https,
    )
    .unwrap();
    if with_id {
        url = url.with_elicitation_id(ElicitationId::new("e-1"));
    }
    url.meta = meta;
    url
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `elicitation/create` params, as a server of 2025-06-18 and 2025-11-25
    /// sends them (and as 2026-07-28 would write them).
    #[test]
    fn a_checked_request_converts_as_its_json_does(
        form in forms::form(5),
        revision in revision(),
        message in ".{0,12}",
        meta in meta(),
    ) {
        let mut request = FormRequest::new(message, parse(&form));
        request.meta = meta;
        let elicitor = Elicitor::new(revision, ElicitationCapability::form_and_url());
        if let Ok(checked) = elicitor.check(request) {
            let direct = request_to_rmcp(&checked);
            let via_json = request_to_rmcp_via_json(&checked);
            if let (Ok(direct), Ok(via_json)) = (&direct, &via_json) {
                prop_assert_eq!(direct, via_json);
            }
            same(direct, via_json)?;
        }
    }

    /// Input-required results: forms, URL requests, other kinds, a state,
    /// `_meta` at every level.
    #[test]
    fn an_input_required_result_converts_as_its_json_does(
        forms in proptest::collection::vec((forms::form(4), meta()), 0..3),
        url in proptest::option::of((any::<bool>(), meta())),
        roots in any::<bool>(),
        sampling in proptest::option::of((forms::junk(), any::<bool>())),
        state in proptest::option::of("[a-zA-Z0-9._-]{0,40}"),
        meta in meta(),
    ) {
        let mut result = InputRequiredResult::default();
        for (i, (form, meta)) in forms.iter().enumerate() {
            let mut request = FormRequest::new(format!("form {i}"), parse(form));
            request.meta = meta.clone();
            // Keys in an order rmcp's sorted map changes.
            result
                .input_requests
                .insert(format!("{}", 9 - i), ElicitRequestParams::from(request))
                .unwrap();
        }
        if let Some((with_id, meta)) = url {
            let request = ElicitRequestParams::from(url_request(with_id, meta));
            result.input_requests.insert("url", request).unwrap();
        }
        if roots {
            let request: InputRequest =
                serde_json::from_value(json!({ "method": "roots/list" })).unwrap();
            result.input_requests.insert("roots", request).unwrap();
        }
        if let Some((junk, unknown)) = sampling {
            let mut params = json!({ "messages": [], "maxTokens": 10, "_meta": { "junk": junk } });
            if unknown {
                // A key rmcp's sampling params do not keep.
                params["notInTheSchema"] = json!(1);
            }
            let request: InputRequest = serde_json::from_value(json!({
                "method": "sampling/createMessage",
                "params": params
            }))
            .unwrap();
            result.input_requests.insert("sampling", request).unwrap();
        }
        result.request_state = state;
        result.meta = meta;
        same(input_required_to_rmcp(&result), input_required_to_rmcp_via_json(&result))?;
    }

    /// Retries: the responses, state, `_meta` and arguments of any shape.
    #[test]
    fn a_retry_reads_as_its_json_does(
        responses in proptest::option::of(
            proptest::collection::btree_map("[a-z]{1,6}", forms::junk(), 0..4)
        ),
        state in proptest::option::of(".{0,20}"),
        arguments in proptest::option::of(
            proptest::collection::vec(("[a-z]{1,6}", forms::junk()), 0..3)
                .prop_map(|entries| entries.into_iter().collect::<Map<String, Value>>())
        ),
        meta in meta(),
    ) {
        let mut params = mcp::CallToolRequestParams::new("tool");
        params.input_responses = responses;
        params.request_state = state;
        params.arguments = arguments;
        params.meta = meta.map(|meta| mcp::RequestMetaObject(mcp::MetaObject(meta)));
        let direct = retry_from_rmcp(&params);
        let via_json = retry_from_rmcp_via_json(&params);
        prop_assert_eq!(direct.map_err(|e| e.to_string()), via_json.map_err(|e| e.to_string()));
    }

    /// Results: every action, content of any shape (an object, another
    /// value, `null`, none), with and without `_meta`.
    #[test]
    fn a_result_reads_as_its_json_does(
        action in prop_oneof![
            Just(mcp::ElicitationAction::Accept),
            Just(mcp::ElicitationAction::Decline),
            Just(mcp::ElicitationAction::Cancel),
        ],
        content in proptest::option::of(prop_oneof![
            forms::junk(),
            proptest::collection::vec(("[a-z]{1,6}", forms::junk()), 0..4)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]),
        meta in meta(),
    ) {
        let mut result = mcp::ElicitResult::new(action);
        result.content = content;
        result.meta = meta.map(mcp::MetaObject);
        let direct = result_from_rmcp(&result);
        let via_json = result_from_rmcp_via_json(&result);
        prop_assert_eq!(direct, via_json);
    }
}

#[test]
fn a_result_beyond_the_limits_is_refused_as_through_json() {
    let long = "x".repeat(elicit_runtime::Limits::DEFAULT.string_bytes() + 1);
    let mut deep = mcp::ElicitResult::new(mcp::ElicitationAction::Accept);
    deep.content = Some(json!({ "a": nested(200) }));
    let mut deep_declined = mcp::ElicitResult::new(mcp::ElicitationAction::Decline);
    deep_declined.content = Some(nested(200));
    let mut long_content = mcp::ElicitResult::new(mcp::ElicitationAction::Accept);
    long_content.content = Some(json!({ "a": long.clone() }));
    let mut long_meta = mcp::ElicitResult::new(mcp::ElicitationAction::Cancel);
    long_meta.meta = Some(mcp::MetaObject(
        [("k".to_owned(), Value::String(long.clone()))]
            .into_iter()
            .collect(),
    ));
    let mut both = long_meta.clone();
    both.content = Some(json!({ "a": nested(200) }));
    let mut many = mcp::ElicitResult::new(mcp::ElicitationAction::Accept);
    many.content = Some(Value::Object(
        (0..20_000).map(|i| (format!("k{i}"), json!(i))).collect(),
    ));
    for result in [deep, deep_declined, long_content, long_meta, both, many] {
        let direct = result_from_rmcp(&result).unwrap_err();
        let via_json = result_from_rmcp_via_json(&result).unwrap_err();
        assert_eq!(direct, via_json);
        assert!(
            matches!(direct, elicit_runtime::protocol::ResultError::TooLarge(_)),
            "{direct}"
        );
    }
}

/// Nested `depth` arrays deep.
fn nested(depth: usize) -> Value {
    (0..depth).fold(json!(1), |inner, _| json!([inner]))
}

#[test]
fn a_retry_beyond_the_limits_is_refused_as_through_json() {
    let long = "x".repeat(elicit_runtime::Limits::DEFAULT.string_bytes() + 1);
    let mut cases = Vec::new();
    let mut deep = mcp::CallToolRequestParams::new("tool");
    deep.input_responses = Some([("a".to_owned(), nested(200))].into_iter().collect());
    cases.push(deep);
    let mut deep_arguments = mcp::CallToolRequestParams::new("tool");
    deep_arguments.arguments = Some([("a".to_owned(), nested(200))].into_iter().collect());
    cases.push(deep_arguments);
    let mut long_state = mcp::CallToolRequestParams::new("tool");
    long_state.request_state = Some(long.clone());
    cases.push(long_state);
    cases.push(mcp::CallToolRequestParams::new(long.clone()));
    let mut long_meta = mcp::CallToolRequestParams::new("tool");
    long_meta.meta = Some(mcp::RequestMetaObject(mcp::MetaObject(
        [("k".to_owned(), Value::String(long.clone()))]
            .into_iter()
            .collect(),
    )));
    cases.push(long_meta);
    let mut many = mcp::CallToolRequestParams::new("tool");
    many.input_responses = Some((0..20_000).map(|i| (format!("k{i}"), json!(i))).collect());
    cases.push(many);
    for params in &cases {
        let direct = retry_from_rmcp(params).unwrap_err();
        let via_json = retry_from_rmcp_via_json(params).unwrap_err();
        assert_eq!(direct.to_string(), via_json.to_string());
        assert!(
            direct.to_string().to_lowercase().contains("limit"),
            "{direct}"
        );
    }
}

#[test]
fn what_rmcp_cannot_hold_is_an_error_on_both_routes() {
    let schemas = [
        json!({ "type": "object", "properties": { "n": { "type": "integer", "maximum": 18446744073709551615u64 } } }),
        json!({ "type": "object", "properties": { "n": { "type": "number", "minimum": 9007199254740993u64 } } }),
        json!({ "type": "object", "properties": { "s": { "type": "string", "maxLength": 5000000000u64 } } }),
    ];
    for schema in schemas {
        let schema = FormSchema::parse(&schema).unwrap().schema;
        let elicitor = Elicitor::new(Revision::V2025_11_25, ElicitationCapability::form_only());
        let checked = elicitor
            .check(FormRequest::new("m", schema.clone()))
            .unwrap();
        let direct = request_to_rmcp(&checked).unwrap_err();
        assert!(request_to_rmcp_via_json(&checked).is_err());
        assert!(
            direct.to_string().contains("requestedSchema/properties/"),
            "{direct}"
        );
        let mut result = InputRequiredResult::default();
        result
            .input_requests
            .insert(
                "k",
                ElicitRequestParams::from(FormRequest::new("m", schema)),
            )
            .unwrap();
        let direct = input_required_to_rmcp(&result).unwrap_err();
        assert!(input_required_to_rmcp_via_json(&result).is_err());
        assert!(direct.to_string().contains("inputRequests/k"), "{direct}");
    }
}

/// Capabilities of every shape rmcp holds read as their JSON reads.
#[test]
fn client_capabilities_read_as_their_json_does() {
    use elicit_rmcp::{capability_from_rmcp, support_of};
    use elicit_runtime::flow::ClientSupport;
    use elicit_runtime::protocol::ElicitationCapability as Capability;

    let elicitations = [
        None,
        Some(json!({})),
        Some(json!({ "form": {} })),
        Some(json!({ "form": { "schemaValidation": true } })),
        Some(json!({ "form": { "schemaValidation": false }, "url": {} })),
        Some(json!({ "url": {} })),
    ];
    let mut checked = 0;
    for elicitation in &elicitations {
        for sampling in [None, Some(json!({})), Some(json!({ "tools": {} }))] {
            for roots in [None, Some(json!({})), Some(json!({ "listChanged": true }))] {
                let mut wire = Map::new();
                for (key, value) in [
                    ("elicitation", elicitation),
                    ("sampling", &sampling),
                    ("roots", &roots),
                ] {
                    if let Some(value) = value {
                        wire.insert(key.to_owned(), value.clone());
                    }
                }
                let capabilities: mcp::ClientCapabilities =
                    serde_json::from_value(Value::Object(wire)).unwrap();
                let written = serde_json::to_value(&capabilities).unwrap();
                assert_eq!(
                    support_of(Some(&capabilities)),
                    ClientSupport::from_client_capabilities(&written),
                    "{written}"
                );
                assert_eq!(
                    capability_from_rmcp(&capabilities),
                    Capability::from_client_capabilities(&written),
                    "{written}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 54);
}
