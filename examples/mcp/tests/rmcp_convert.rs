//! Conversions to and from rmcp's elicitation types lose nothing: every
//! snapshot schema of every revision goes through rmcp and comes back the
//! same, and what rmcp cannot hold is an error, not a silent change.

use std::fs;
use std::path::Path;

use elicit_rmcp::{
    input_required_to_rmcp, request_from_rmcp, request_to_rmcp, result_from_rmcp, result_to_rmcp,
    retry_from_rmcp,
};
use elicit_runtime::protocol::{
    Action, ElicitResult, ElicitationCapability, Elicitor, FormRequest, InputRequiredResult,
    Revision,
};
use elicit_runtime::schema::FormSchema;
use elicit_runtime::{Elicitable, Elicitation};
use serde_json::{Value, json};

/// The revision a snapshot file is written for (`name@2025-06-18.json`),
/// 2025-11-25 when the name carries none.
fn revision_of(name: &str) -> Revision {
    name.split_once('@')
        .map(|(_, rest)| Revision::parse(rest.trim_end_matches(".json")).unwrap())
        .unwrap_or(Revision::V2025_11_25)
}

fn property_names(schema: &Value) -> Vec<String> {
    schema["properties"]
        .as_object()
        .map(|properties| properties.keys().cloned().collect())
        .unwrap_or_default()
}

#[test]
fn every_snapshot_schema_survives_rmcp_exactly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/snapshots");
    let mut checked = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.contains(".error.") || name.contains("-request") {
            continue;
        }
        let snapshot: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        let revision = revision_of(&name);
        let schema = FormSchema::parse(&snapshot).unwrap().schema;
        let elicitor = Elicitor::new(revision, ElicitationCapability::form_only());
        let request = elicitor
            .check(FormRequest::new("Please fill in the form", schema))
            .unwrap();

        let params = request_to_rmcp(&request).unwrap_or_else(|error| panic!("{name}: {error}"));
        let wire = serde_json::to_value(&params).unwrap();
        let ours = request.to_json();
        assert_eq!(
            property_names(&wire["requestedSchema"]),
            property_names(&ours["requestedSchema"]),
            "{name}: property order"
        );
        for (key, property) in ours["requestedSchema"]["properties"].as_object().unwrap() {
            let theirs = &wire["requestedSchema"]["properties"][key];
            for (keyword, value) in property.as_object().unwrap() {
                let same = match (value.as_f64(), theirs[keyword].as_f64()) {
                    (Some(a), Some(b)) => a == b,
                    _ => value == &theirs[keyword],
                };
                assert!(
                    same,
                    "{name}: `{key}.{keyword}` {value} became {}",
                    theirs[keyword]
                );
            }
            assert_eq!(
                property.as_object().unwrap().len(),
                theirs.as_object().unwrap().len(),
                "{name}: `{key}` gained keywords: {theirs}"
            );
        }

        // And back, as a client reads it.
        let back = request_from_rmcp(&params).unwrap();
        assert_eq!(
            back.as_form().unwrap().requested_schema,
            request.params().as_form().unwrap().requested_schema,
            "{name}: read back"
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} snapshots were found");
}

#[test]
fn what_rmcp_cannot_hold_is_an_error() {
    for (property, place) in [
        // rmcp keeps integer bounds as `i64`.
        (
            json!({ "type": "integer", "maximum": 18446744073709551615u64 }),
            "maximum",
        ),
        // and number bounds as `f64`, which rounds 2^53 + 1.
        (
            json!({ "type": "number", "minimum": 9007199254740993u64 }),
            "minimum",
        ),
    ] {
        let schema = json!({ "type": "object", "properties": { "n": property } });
        let schema = FormSchema::parse(&schema).unwrap().schema;
        let elicitor = Elicitor::new(Revision::V2025_11_25, ElicitationCapability::form_only());
        let request = elicitor.check(FormRequest::new("n?", schema)).unwrap();
        let error = request_to_rmcp(&request).unwrap_err();
        assert!(error.to_string().contains(place), "{error}");
    }
}

#[test]
fn results_go_both_ways_unchanged() {
    let mut content = serde_json::Map::new();
    content.insert("name".into(), json!("octocat"));
    content.insert("score".into(), json!(95.5));
    content.insert("tags".into(), json!(["a", "b"]));
    for result in [
        ElicitResult::accept(content),
        ElicitResult::decline(),
        ElicitResult::cancel(),
    ] {
        let theirs = result_to_rmcp(&result);
        assert_eq!(
            serde_json::to_value(&theirs).unwrap(),
            serde_json::to_value(&result).unwrap()
        );
        assert_eq!(result_from_rmcp(&theirs).unwrap(), result);
    }
    let odd = rmcp::model::ElicitResult::new(rmcp::model::ElicitationAction::Accept)
        .with_content(json!("not an object"));
    assert!(result_from_rmcp(&odd).is_err());
}

/// Please provide your GitHub username
#[derive(Debug, PartialEq, Elicitable)]
struct GitHub {
    name: String,
}

#[test]
fn input_required_results_and_retries_go_through_rmcp() {
    let elicitor = Elicitor::new(Revision::V2026_07_28, ElicitationCapability::form_only());
    let ours = InputRequiredResult::builder(&elicitor)
        .unwrap()
        .form_default::<GitHub>("github")
        .unwrap()
        .request_state("step-2")
        .build()
        .unwrap();
    let theirs = input_required_to_rmcp(&ours).unwrap();
    assert_eq!(
        serde_json::to_value(&theirs).unwrap(),
        serde_json::to_value(&ours).unwrap()
    );

    let retry: rmcp::model::CallToolRequestParams = serde_json::from_value(json!({
        "name": "whoami",
        "inputResponses": { "github": { "action": "accept", "content": { "name": "octocat" } } },
        "requestState": "step-2"
    }))
    .unwrap();
    let retry = retry_from_rmcp(&retry).unwrap();
    assert_eq!(retry.request_state.as_deref(), Some("step-2"));
    assert_eq!(
        retry
            .input_responses
            .elicitation::<GitHub>("github")
            .unwrap(),
        Elicitation::Accept(GitHub {
            name: "octocat".into()
        })
    );
    assert_eq!(
        retry
            .input_responses
            .elicit_result("github")
            .unwrap()
            .action,
        Action::Accept
    );
}

#[test]
fn a_url_request_in_an_input_required_result_goes_through_rmcp() {
    // 2026-07-28 has no `elicitationId`; rmcp writes an empty one into
    // every URL request, which is no change to what the request asks.
    let elicitor = Elicitor::new(Revision::V2026_07_28, ElicitationCapability::form_and_url());
    let ours = InputRequiredResult::builder(&elicitor)
        .unwrap()
        .url(
            "connect",
            "Connect your account",
            "https://example.com/forms/v1",
        )
        .unwrap()
        .request_state("s")
        .build()
        .unwrap();
    let theirs = serde_json::to_value(input_required_to_rmcp(&ours).unwrap()).unwrap();
    let params = &theirs["inputRequests"]["connect"]["params"];
    assert_eq!(params["url"], "https://example.com/forms/v1");
    assert_eq!(params["mode"], "url");
    assert!(
        params.get("elicitationId").is_none_or(|id| id == ""),
        "{theirs}"
    );
}
