//! Down-levelled requests are valid 2025-06-18 `elicitation/create`
//! requests: checked against the `ElicitRequest` definition of the official
//! 2025-06-18 schema (`tests/schemas/`, vendored from the MCP specification
//! repository), as it is and made strict, so that a key the revision does
//! not define is caught too.

#[path = "../../examples/forms/booking.rs"]
#[allow(dead_code)]
mod booking_form;
#[path = "../../examples/mcp/src/conformance_forms.rs"]
#[allow(dead_code)]
mod conformance_forms;

use std::collections::BTreeSet;

use elicit_runtime::protocol::{ElicitationCapability, Elicitor, Revision};
use elicit_runtime::{Elicitable, FormMode};
use serde_json::{Value, json};

use booking_form::Booking;
use conformance_forms::{Defaults, Enums};

const SCHEMA: &str = include_str!("../../tests/schemas/elicit-request-2025-06-18.schema.json");

/// A validator of whole `elicitation/create` requests against the
/// vendored definitions; with `strict`, each primitive schema, the
/// `requestedSchema` and the params take no key the revision does not
/// define.
fn validator(strict: bool) -> jsonschema::Validator {
    let mut root: Value = serde_json::from_str(SCHEMA).unwrap();
    if strict {
        let definitions = root["definitions"].as_object_mut().unwrap();
        for name in [
            "StringSchema",
            "NumberSchema",
            "BooleanSchema",
            "EnumSchema",
        ] {
            definitions[name]["additionalProperties"] = json!(false);
        }
        let params = &mut definitions["ElicitRequest"]["properties"]["params"];
        params["additionalProperties"] = json!(false);
        params["properties"]["requestedSchema"]["additionalProperties"] = json!(false);
    }
    root["allOf"] = json!([{ "$ref": "#/definitions/ElicitRequest" }]);
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft7)
        .build(&root)
        .unwrap_or_else(|e| panic!("the vendored schema does not build: {e}"))
}

/// The errors of `request` against the official and the strict schema.
fn errors(request: &Value) -> Vec<String> {
    [false, true]
        .into_iter()
        .flat_map(|strict| {
            validator(strict)
                .iter_errors(request)
                .map(move |e| format!("{} (strict: {strict}): {e}", e.instance_path()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The JSON-RPC request an elicitor of 2025-06-18 sends for `T`.
fn request_for<T: FormMode>() -> Value {
    let elicitor = Elicitor::new(Revision::V2025_06_18, ElicitationCapability::legacy());
    elicitor.form_default::<T>().unwrap().to_jsonrpc(1).unwrap()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Colour {
    #[elicit(title = "Bright red")]
    Red,
    Green,
    #[elicit(rename = "sky blue")]
    Blue,
}

/// Pick colours
#[derive(Debug, Elicitable)]
#[allow(dead_code)] // only its schema is sent
struct Palette {
    /// Colours for the walls
    #[elicit(title = "Walls", min_items = 1, max_items = 2)]
    walls: Vec<Colour>,
    #[elicit(default = ["red", "sky blue"])]
    trim: Option<BTreeSet<Colour>>,
    #[elicit(default = "Studio", min_length = 2, max_length = 40)]
    name: Option<String>,
    #[elicit(default = 2.5, minimum = 0)]
    coats: Option<f64>,
    #[elicit(default = "green")]
    door: Option<Colour>,
    #[elicit(default = true)]
    agree: bool,
    walls_red: Option<String>,
}

#[test]
fn down_levelled_requests_are_valid_2025_06_18_requests() {
    for (name, request) in [
        ("booking", request_for::<Booking>()),
        ("palette", request_for::<Palette>()),
        ("conformance enums", request_for::<Enums>()),
        ("conformance defaults", request_for::<Defaults>()),
    ] {
        assert_eq!(request["method"], "elicitation/create");
        assert!(
            errors(&request).is_empty(),
            "{name}: {:#?}\n{request:#}",
            errors(&request)
        );
        let properties = request["params"]["requestedSchema"]["properties"]
            .as_object()
            .unwrap();
        assert!(properties.values().all(|p| p["type"] != "array"), "{name}");
    }
}

#[test]
fn the_schema_refuses_what_2025_06_18_cannot_express() {
    // The same forms written for 2025-11-25 are not 2025-06-18 requests:
    // the multi-select breaks the official schema, the defaults the strict
    // one. This is what the test above would catch.
    let elicitor = Elicitor::new(Revision::V2025_11_25, ElicitationCapability::legacy());
    let mut booking = elicitor
        .form_default::<Booking>()
        .unwrap()
        .to_jsonrpc(1)
        .unwrap();
    let official = validator(false);
    assert!(!official.is_valid(&booking));
    booking["params"].as_object_mut().unwrap().remove("mode");
    let dietary = booking["params"]["requestedSchema"]["properties"]
        .as_object_mut()
        .unwrap()
        .shift_remove("dietary");
    assert!(dietary.is_some());
    assert!(
        official.is_valid(&booking),
        "only the multi-select broke it"
    );
    assert!(
        !validator(true).is_valid(&booking),
        "the strict schema refuses the `default` of `seating`"
    );

    let defaults = elicitor
        .form_default::<Defaults>()
        .unwrap()
        .to_jsonrpc(1)
        .unwrap();
    assert!(!errors(&defaults).is_empty());
}
