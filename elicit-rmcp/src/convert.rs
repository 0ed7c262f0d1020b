//! Conversions between this crate's messages and rmcp's: rmcp's request
//! types built directly ([`to_rmcp`]), the rest through
//! their common wire form.

use rmcp::model as mcp;
use serde_json::Value;

use crate::error::ConversionError;
use crate::to_rmcp;
use crate::transcode::transcode;
use elicit_runtime::flow::ClientSupport;
use elicit_runtime::limits::Limits;
use elicit_runtime::limits::{JsonError, LimitError};
use elicit_runtime::protocol::{
    Action, CheckedRequest, ElicitRequestParams, ElicitResult, ElicitationCapability,
    InputRequiredResult, InputResponses, MessageError, ResultError, RetryParams,
};
use elicit_runtime::rules::Received;

/// A checked request as rmcp's `elicitation/create` params, for
/// `Peer::create_elicitation`.
///
/// rmcp always writes `mode`, also for 2025-06-18, which has no such key;
/// the 2025-06-18 schema leaves request params open, so this is the one
/// key the wire may gain. Nothing else changes.
///
/// # Errors
///
/// [`ConversionError`] when rmcp's types cannot hold the request exactly
/// (an integer bound beyond `i64`, for instance).
///
/// # Examples
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_rmcp::request_to_rmcp;
/// use elicit_runtime::protocol::{ElicitationCapability, Elicitor, Revision};
///
/// #[derive(Elicitable)]
/// struct Booking {
///     guests: u8,
///     notes: Option<String>,
/// }
///
/// let elicitor = Elicitor::new(Revision::V2025_11_25, ElicitationCapability::form_only());
/// let request = elicitor.form::<Booking>("Book a table").unwrap();
/// let params = request_to_rmcp(&request).unwrap();
/// let wire = serde_json::to_value(&params).unwrap();
/// let names: Vec<&String> = wire["requestedSchema"]["properties"].as_object().unwrap().keys().collect();
/// assert_eq!(names, ["guests", "notes"]);
/// ```
pub fn request_to_rmcp(
    request: &CheckedRequest,
) -> Result<mcp::ElicitRequestParams, ConversionError> {
    to_rmcp::elicit_params(request.params(), request.revision(), true)
        .map(|(params, _)| params)
        .map_err(|reason| ConversionError {
            from: "a checked request",
            to: "rmcp's `ElicitRequestParams`",
            reason,
        })
}

/// [`request_to_rmcp`] through the JSON both sides write: written, read
/// as rmcp's type, written again and compared. What the direct conversion
/// is tested against; not for use.
#[doc(hidden)]
pub fn request_to_rmcp_via_json(
    request: &CheckedRequest,
) -> Result<mcp::ElicitRequestParams, ConversionError> {
    const FROM: &str = "a checked request";
    const TO: &str = "rmcp's `ElicitRequestParams`";
    let wire = request.to_json();
    if let Some(reason) = integer_beyond_i64(&wire) {
        return Err(ConversionError {
            from: FROM,
            to: TO,
            reason,
        });
    }
    transcode(&wire, FROM, TO)
}

/// rmcp keeps an integer property's `minimum`, `maximum` and `default` as
/// `i64`; names the first one beyond it, which rmcp would only report as
/// an unmatched variant.
fn integer_beyond_i64(wire: &Value) -> Option<String> {
    let properties = wire.pointer("/requestedSchema/properties")?.as_object()?;
    properties.iter().find_map(|(name, property)| {
        if property.get("type")? != "integer" {
            return None;
        }
        ["minimum", "maximum", "default"].iter().find_map(|key| {
            let number = property.get(*key)?.as_number()?;
            number.as_i64().is_none().then(|| {
                format!(
                    "`requestedSchema/properties/{name}/{key}` is {number}, beyond the `i64` \
                     range rmcp keeps integer bounds in: use a bound within `i64`"
                )
            })
        })
    })
}

/// rmcp's `elicitation/create` params as this crate's typed params, for a
/// client to check ([`Elicitor::check`](elicit_runtime::protocol::Elicitor::check))
/// and answer.
///
/// Keys this crate does not model are ignored, as in any parse.
///
/// # Errors
///
/// [`ConversionError`] when the params are not valid elicitation params
/// (a URL-mode `url` that is not an absolute URI, say).
pub fn request_from_rmcp(
    params: &mcp::ElicitRequestParams,
) -> Result<ElicitRequestParams, ConversionError> {
    let fail = |error: serde_json::Error| ConversionError {
        from: "rmcp's `ElicitRequestParams`",
        to: "elicitation request params",
        reason: error.to_string(),
    };
    serde_json::from_value(serde_json::to_value(params).map_err(fail)?).map_err(fail)
}

/// A result as rmcp's `ElicitResult`, for a client handler to return.
///
/// ```
/// use elicit_rmcp::result_to_rmcp;
/// use elicit_runtime::protocol::ElicitResult;
/// use rmcp::model::ElicitationAction;
///
/// let result = result_to_rmcp(&ElicitResult::decline());
/// assert_eq!(result.action, ElicitationAction::Decline);
/// assert!(result.content.is_none());
/// ```
pub fn result_to_rmcp(result: &ElicitResult) -> mcp::ElicitResult {
    let action = match result.action {
        elicit_runtime::protocol::Action::Accept => mcp::ElicitationAction::Accept,
        elicit_runtime::protocol::Action::Decline => mcp::ElicitationAction::Decline,
        elicit_runtime::protocol::Action::Cancel => mcp::ElicitationAction::Cancel,
    };
    let mut converted = mcp::ElicitResult::new(action);
    converted.content = result.content.clone().map(Value::Object);
    converted.meta = result.meta.clone().map(mcp::MetaObject);
    converted
}

/// rmcp's `ElicitResult` as this crate's, for
/// [`Elicitation::from_result`](elicit_runtime::Elicitation::from_result).
///
/// # Errors
///
/// [`ResultError`] when the result is malformed (`content` that is not an
/// object, say).
pub fn result_from_rmcp(result: &mcp::ElicitResult) -> Result<ElicitResult, ResultError> {
    let limits = &Limits::DEFAULT;
    let meta = result.meta.as_ref().map(|meta| &meta.0);
    // The result as the object it is written as: `action`, `content`,
    // `_meta`; checked whole before anything is copied, and in the order a
    // result read from JSON is (its last member first).
    let members = 1 + usize::from(result.content.is_some()) + usize::from(meta.is_some());
    limits.check_root(members).map_err(ResultError::TooLarge)?;
    if let Some(meta) = meta {
        limits
            .check_members_at(2, meta.iter())
            .map_err(ResultError::TooLarge)?;
    }
    if let Some(content) = &result.content {
        limits
            .check_value_at(2, content)
            .map_err(ResultError::TooLarge)?;
    }
    let action = match result.action {
        mcp::ElicitationAction::Accept => Action::Accept,
        mcp::ElicitationAction::Decline => Action::Decline,
        mcp::ElicitationAction::Cancel => Action::Cancel,
        // rmcp's enum is open to actions this crate does not know.
        ref other => {
            return Err(ResultError::UnknownAction {
                action: elicit_runtime::__integration::Excerpt(&format!("{other:?}")).to_string(),
            });
        }
    };
    let content = match &result.content {
        _ if action != Action::Accept => None,
        None | Some(Value::Null) => None,
        Some(Value::Object(content)) => Some(content.clone()),
        Some(other) => {
            return Err(ResultError::ContentNotObject {
                received: Received::of(other),
            });
        }
    };
    Ok(ElicitResult {
        action,
        content,
        meta: meta.cloned(),
    })
}

/// [`result_from_rmcp`] through the JSON rmcp writes: written, then read
/// as this crate's result. What the direct reading is tested against; not
/// for use.
///
/// # Errors
///
/// As [`result_from_rmcp`], and [`ResultError::NotJson`] when rmcp's
/// result cannot be written.
#[doc(hidden)]
pub fn result_from_rmcp_via_json(result: &mcp::ElicitResult) -> Result<ElicitResult, ResultError> {
    let value = serde_json::to_value(result).map_err(|error| ResultError::NotJson {
        message: error.to_string(),
    })?;
    ElicitResult::from_value(value)
}

/// The `elicitation` capability rmcp's client capabilities declare, if
/// any.
///
/// ```
/// use elicit_rmcp::capability_from_rmcp;
/// use elicit_runtime::protocol::Mode;
/// use rmcp::model::ClientCapabilities;
///
/// let capabilities = ClientCapabilities::builder().enable_elicitation().build();
/// let capability = capability_from_rmcp(&capabilities).unwrap();
/// assert!(capability.supports(Mode::Form));
/// assert!(capability_from_rmcp(&ClientCapabilities::default()).is_none());
/// ```
pub fn capability_from_rmcp(
    capabilities: &mcp::ClientCapabilities,
) -> Option<ElicitationCapability> {
    capabilities.elicitation.as_ref().map(elicitation_from_rmcp)
}

/// rmcp's `elicitation` capability as this crate's, field by field: what
/// rmcp writes of it (`form` with its `schemaValidation`, `url`), read
/// without writing it out.
fn elicitation_from_rmcp(capability: &mcp::ElicitationCapability) -> ElicitationCapability {
    let mut converted = ElicitationCapability::legacy();
    converted.form = capability.form.as_ref().map(|form| {
        let mut settings = serde_json::Map::new();
        if let Some(validation) = form.schema_validation {
            settings.insert("schemaValidation".to_owned(), Value::Bool(validation));
        }
        settings
    });
    converted.url = capability.url.as_ref().map(|_| serde_json::Map::new());
    converted
}

/// What a client declared in rmcp's capabilities, as a flow reads it:
/// [`ClientSupport::from_client_capabilities`] of rmcp's JSON, without
/// the JSON.
pub(super) fn support_from_rmcp(capabilities: &mcp::ClientCapabilities) -> ClientSupport {
    let mut support = match &capabilities.elicitation {
        Some(elicitation) => ClientSupport::elicitation(elicitation_from_rmcp(elicitation)),
        None => ClientSupport::none(),
    };
    if capabilities.sampling.is_some() {
        support = support.with_sampling();
    }
    if capabilities.roots.is_some() {
        support = support.with_roots();
    }
    support
}

/// A capability as rmcp's, for a client to declare in its
/// `ClientCapabilities`.
///
/// ```
/// use elicit_rmcp::capability_to_rmcp;
/// use elicit_runtime::protocol::ElicitationCapability;
///
/// let capability = capability_to_rmcp(&ElicitationCapability::form_and_url());
/// assert!(capability.form.is_some() && capability.url.is_some());
/// ```
pub fn capability_to_rmcp(capability: &ElicitationCapability) -> mcp::ElicitationCapability {
    let mut capabilities = serde_json::Map::new();
    capability.write_to_client_capabilities(&mut capabilities);
    capabilities
        .remove("elicitation")
        .and_then(|value| serde_json::from_value(value).ok())
        .unwrap_or_default()
}

/// An input-required result as rmcp's, for a 2026-07-28 tool to return
/// from `call_tool`.
///
/// # Errors
///
/// [`ConversionError`] when rmcp's types cannot hold a request exactly.
pub fn input_required_to_rmcp(
    result: &InputRequiredResult,
) -> Result<mcp::InputRequiredResult, ConversionError> {
    to_rmcp::input_required(result).map_err(|reason| ConversionError {
        from: "an input-required result",
        to: "rmcp's `InputRequiredResult`",
        reason,
    })
}

/// [`input_required_to_rmcp`] through the JSON both sides write: written,
/// read as rmcp's type, written again and compared. What the direct
/// conversion is tested against; not for use.
#[doc(hidden)]
pub fn input_required_to_rmcp_via_json(
    result: &InputRequiredResult,
) -> Result<mcp::InputRequiredResult, ConversionError> {
    transcode(
        result,
        "an input-required result",
        "rmcp's `InputRequiredResult`",
    )
}

/// The `inputResponses`, `requestState` and `_meta` of a retried
/// `tools/call`, as this crate's [`RetryParams`], read from rmcp's params
/// without writing them out: the params are checked against
/// [`Limits::DEFAULT`] as the JSON they stand for, before anything is
/// copied.
///
/// # Errors
///
/// [`ConversionError`] when the params break the limits.
///
/// # Examples
///
/// ```
/// use elicit_rmcp::retry_from_rmcp;
/// use rmcp::model::CallToolRequestParams;
/// use serde_json::json;
///
/// let mut params = CallToolRequestParams::new("plan_trip");
/// params.request_state = Some("es3.token".into());
/// params.input_responses = Some(
///     [("where".to_owned(), json!({ "action": "decline" }))].into_iter().collect(),
/// );
/// let retry = retry_from_rmcp(&params).unwrap();
/// assert_eq!(retry.request_state.as_deref(), Some("es3.token"));
/// assert_eq!(retry.input_responses.get("where"), Some(&json!({ "action": "decline" })));
/// ```
pub fn retry_from_rmcp(
    params: &mcp::CallToolRequestParams,
) -> Result<RetryParams, ConversionError> {
    let fail = |error: LimitError| ConversionError {
        from: "rmcp's `CallToolRequestParams`",
        to: "retry params",
        reason: MessageError::Json(JsonError::TooLarge(error)).to_string(),
    };
    let limits = &Limits::DEFAULT;
    let meta = params.meta.as_ref().map(|meta| &meta.0.0);
    let responses = params.input_responses.as_ref();
    // The params as the object they are written as: `_meta`, `name`,
    // `arguments`, `inputResponses`, `requestState`.
    let members = 1
        + usize::from(meta.is_some())
        + usize::from(params.arguments.is_some())
        + usize::from(responses.is_some())
        + usize::from(params.request_state.is_some());
    limits.check_root(members).map_err(fail)?;
    limits.check_string(&params.name).map_err(fail)?;
    if let Some(state) = &params.request_state {
        limits.check_string(state).map_err(fail)?;
    }
    for object in [meta, params.arguments.as_ref()].into_iter().flatten() {
        limits.check_members_at(2, object.iter()).map_err(fail)?;
    }
    if let Some(responses) = responses {
        limits.check_members_at(2, responses.iter()).map_err(fail)?;
    }
    let mut input = InputResponses::new();
    for (key, response) in responses.into_iter().flatten() {
        input.insert_value(key.clone(), response.clone());
    }
    let retry = RetryParams::new(input, params.request_state.clone());
    Ok(match meta {
        Some(meta) => retry.with_meta(meta.clone()),
        None => retry,
    })
}

/// [`retry_from_rmcp`] through a `Value` of the whole params. What the
/// direct reading is tested against; not for use.
#[doc(hidden)]
pub fn retry_from_rmcp_via_json(
    params: &mcp::CallToolRequestParams,
) -> Result<RetryParams, ConversionError> {
    let value = serde_json::to_value(params).map_err(|error| ConversionError {
        from: "rmcp's `CallToolRequestParams`",
        to: "retry params",
        reason: error.to_string(),
    })?;
    RetryParams::from_params(&value).map_err(|error| ConversionError {
        from: "rmcp's `CallToolRequestParams`",
        to: "retry params",
        reason: error.to_string(),
    })
}
