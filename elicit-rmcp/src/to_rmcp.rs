//! rmcp's request types built field by field from this crate's, exactly as
//! the crate writes them for a revision: what the JSON route (write, read
//! as rmcp's type, compare) gives, without the JSON. The differential
//! tests (`tests/rmcp_direct.rs`) hold the two routes equal for every
//! shape.

use std::borrow::Cow;
use std::collections::BTreeMap;

use rmcp::model as mcp;
use serde_json::{Map, Value};

use elicit_runtime::format::Format;
use elicit_runtime::protocol::{
    ElicitRequestParams, FormRequest, InputRequest, InputRequiredResult, Revision, UrlRequest,
};
use elicit_runtime::schema::{
    EnumOption, EnumRules, FormSchema, Kind, MultiSelectRules, Num, NumberRules, PropertySchema,
    StringRules,
};

/// Why a message cannot be carried by rmcp's types as this crate writes it,
/// in words for [`ConversionError::reason`](crate::ConversionError).
pub(super) type Reason = String;

/// A request's `_meta`.
type Meta = Map<String, Value>;

/// An input-required result (always written for the newest revision, the
/// only one that has them) as rmcp's.
pub(super) fn input_required(
    result: &InputRequiredResult,
) -> Result<mcp::InputRequiredResult, Reason> {
    if result.input_requests.is_empty() && result.request_state.is_none() {
        // rmcp reads no such result, nor does a client.
        return Err(
            "the result has neither `inputRequests` nor `requestState`: ask for \
                    something, or carry a state"
                .to_owned(),
        );
    }
    let requests = match result.input_requests.is_empty() {
        true => None,
        false => {
            let mut requests = BTreeMap::new();
            for (key, request) in result.input_requests.iter() {
                let converted = input_request(request)
                    .map_err(|reason| format!("`inputRequests/{key}`: {reason}"))?;
                requests.insert(key.to_owned(), converted);
            }
            Some(requests)
        }
    };
    let mut converted = mcp::InputRequiredResult::new(requests, result.request_state.clone());
    converted.meta = result.meta.clone().map(mcp::MetaObject);
    Ok(converted)
}

/// One entry of `inputRequests`: an elicitation built directly; the other
/// kinds (`sampling/createMessage`, `roots/list`), kept as JSON by this
/// crate, read as rmcp reads them and checked.
fn input_request(request: &InputRequest) -> Result<mcp::InputRequest, Reason> {
    match request {
        InputRequest::Elicitation(params) => {
            let (params, meta) = elicit_params(params, Revision::LATEST, false)?;
            let mut request = mcp::ElicitRequest::new(params);
            // rmcp keeps a request's `_meta` beside its params, in its
            // extensions, as it does when it reads one.
            if let Some(meta) = meta {
                request
                    .extensions
                    .insert(mcp::RequestMetaObject(mcp::MetaObject(meta.clone())));
            }
            Ok(mcp::InputRequest::Elicitation(request))
        }
        // Rare, and of shapes this crate does not model: through JSON,
        // checked to lose nothing.
        _ => crate::transcode::transcode(request, "an input request", "rmcp's `InputRequest`")
            .map_err(|error| error.reason),
    }
}

/// Elicitation params as rmcp's, for `revision`, with their `_meta`
/// `inside` them (for `elicitation/create` sent by the server) or apart
/// (for the request's extensions inside an input-required result, where
/// rmcp keeps it).
pub(super) fn elicit_params(
    params: &ElicitRequestParams,
    revision: Revision,
    inside: bool,
) -> Result<(mcp::ElicitRequestParams, Option<&Meta>), Reason> {
    // The same checks as writing them (a multi-select before 2025-11-25, a
    // URL request where the revision has none or lacks its id).
    params.render(revision).map_err(|error| error.to_string())?;
    let meta = match params {
        ElicitRequestParams::Form(form) => form.meta.as_ref(),
        ElicitRequestParams::Url(url) => url.meta.as_ref(),
    };
    let (inner, apart) = match inside {
        true => (
            meta.map(|meta| mcp::RequestMetaObject(mcp::MetaObject(meta.clone()))),
            None,
        ),
        false => (None, meta),
    };
    let converted = match params {
        ElicitRequestParams::Form(form) => form_params(form, revision, inner)?,
        ElicitRequestParams::Url(url) => url_params(url, revision, inner)?,
    };
    Ok((converted, apart))
}

fn form_params(
    form: &FormRequest,
    revision: Revision,
    meta: Option<mcp::RequestMetaObject>,
) -> Result<mcp::ElicitRequestParams, Reason> {
    Ok(mcp::ElicitRequestParams::FormElicitationParams {
        meta,
        message: form.message.clone(),
        requested_schema: schema(&form.requested_schema, revision)?,
    })
}

fn url_params(
    url: &UrlRequest,
    revision: Revision,
    meta: Option<mcp::RequestMetaObject>,
) -> Result<mcp::ElicitRequestParams, Reason> {
    let has_ids = revision.has_elicitation_id();
    let elicitation_id = match &url.elicitation_id {
        Some(id) if has_ids => id.to_string(),
        // The revision has no `elicitationId` (2026-07-28), and rmcp
        // writes one on every URL request, `""` when it has none: an extra
        // member the revision's schema lets a client ignore.
        _ if !has_ids => String::new(),
        _ => {
            return Err(format!(
                "a URL request on revision {revision} needs an `elicitationId`: give it one \
                 with `UrlRequest::with_elicitation_id`"
            ));
        }
    };
    Ok(mcp::ElicitRequestParams::UrlElicitationParams {
        meta,
        message: url.message.clone(),
        url: url.url.clone(),
        elicitation_id,
    })
}

/// The `requestedSchema` as rmcp's, properties in the form's order.
fn schema(form: &FormSchema, revision: Revision) -> Result<mcp::ElicitationSchema, Reason> {
    let mut properties = BTreeMap::new();
    let mut order = Vec::with_capacity(form.properties.len());
    for property in form.properties.iter() {
        let converted = property_schema(&property.schema, revision).map_err(|reason| {
            format!("`requestedSchema/properties/{}`: {reason}", property.name)
        })?;
        if properties
            .insert(property.name.to_string(), converted)
            .is_some()
        {
            return Err(format!(
                "`requestedSchema/properties/{}` is named twice: name each property once",
                property.name
            ));
        }
        order.push(property.name.to_string());
    }
    let mut converted = mcp::ElicitationSchema::new(properties);
    converted.property_order = Some(order);
    let required: Vec<String> = form.required().map(str::to_owned).collect();
    converted.required = (!required.is_empty()).then_some(required);
    Ok(converted)
}

fn property_schema(
    schema: &PropertySchema,
    revision: Revision,
) -> Result<mcp::PrimitiveSchemaDefinition, Reason> {
    let title = schema.title.clone();
    let description = schema.description.clone();
    let extended = revision.has_extended_schemas();
    // Before 2025-11-25 only a boolean writes its default.
    let writes_default = matches!(schema.kind, Kind::Boolean(_)) || extended;
    Ok(match &schema.kind {
        Kind::String(rules) => {
            let mut converted = string_schema(rules, writes_default)?;
            converted.title = title;
            converted.description = description;
            mcp::PrimitiveSchemaDefinition::String(converted)
        }
        Kind::Number(rules) if rules.integer => {
            let mut converted = mcp::IntegerSchema::new();
            converted.title = title;
            converted.description = description;
            converted.minimum = rules.minimum.map(|n| integer(n, "minimum")).transpose()?;
            converted.maximum = rules.maximum.map(|n| integer(n, "maximum")).transpose()?;
            converted.default = default_number(rules, writes_default, |n| integer(n, "default"))?;
            mcp::PrimitiveSchemaDefinition::Integer(converted)
        }
        Kind::Number(rules) => {
            let mut converted = mcp::NumberSchema::new();
            converted.title = title;
            converted.description = description;
            converted.minimum = rules.minimum.map(|n| float(n, "minimum")).transpose()?;
            converted.maximum = rules.maximum.map(|n| float(n, "maximum")).transpose()?;
            converted.default = default_number(rules, writes_default, |n| float(n, "default"))?;
            mcp::PrimitiveSchemaDefinition::Number(converted)
        }
        Kind::Boolean(rules) => {
            let mut converted = mcp::BooleanSchema::new();
            converted.title = title;
            converted.description = description;
            converted.default = rules.default;
            mcp::PrimitiveSchemaDefinition::Boolean(converted)
        }
        Kind::Enum(rules) => {
            mcp::PrimitiveSchemaDefinition::Enum(single_select(rules, extended, title, description))
        }
        Kind::MultiSelect(rules) => {
            mcp::PrimitiveSchemaDefinition::Enum(multi_select(rules, title, description))
        }
        _ => return Err("a field of a kind rmcp's schemas have no type for".to_owned()),
    })
}

fn string_schema(rules: &StringRules, writes_default: bool) -> Result<mcp::StringSchema, Reason> {
    let mut converted = mcp::StringSchema::new();
    converted.min_length = rules
        .min_length
        .map(|n| length(n, "minLength"))
        .transpose()?;
    converted.max_length = rules
        .max_length
        .map(|n| length(n, "maxLength"))
        .transpose()?;
    converted.format = rules.format.map(format);
    converted.default = rules
        .default
        .as_ref()
        .filter(|_| writes_default)
        .map(|default| default.to_string());
    Ok(converted)
}

fn format(format: Format) -> mcp::StringFormat {
    match format {
        Format::Email => mcp::StringFormat::Email,
        Format::Uri => mcp::StringFormat::Uri,
        Format::Date => mcp::StringFormat::Date,
        Format::DateTime => mcp::StringFormat::DateTime,
    }
}

fn default_number<T>(
    rules: &NumberRules,
    writes_default: bool,
    convert: impl Fn(Num) -> Result<T, Reason>,
) -> Result<Option<T>, Reason> {
    rules
        .default
        .filter(|_| writes_default)
        .map(convert)
        .transpose()
}

/// rmcp keeps string lengths as `u32`.
fn length(n: u64, key: &str) -> Result<u32, Reason> {
    u32::try_from(n).map_err(|_| {
        format!("`{key}` is {n}, beyond the `u32` range rmcp keeps lengths in: use a length within `u32`")
    })
}

/// rmcp keeps an integer property's bounds and default as `i64`.
fn integer(n: Num, key: &str) -> Result<i64, Reason> {
    match n {
        Num::Int(i) => i64::try_from(i).map_err(|_| {
            format!(
                "`{key}` is {i}, beyond the `i64` range rmcp keeps integer bounds in: use a \
                 bound within `i64`"
            )
        }),
        Num::Float(f) => Err(format!(
            "`{key}` of an integer property is the fraction {f}, which rmcp keeps as `i64`: \
             write it as an integer"
        )),
    }
}

/// rmcp keeps a number property's bounds and default as `f64`: an integer
/// beyond 2^53 would change on the way.
fn float(n: Num, key: &str) -> Result<f64, Reason> {
    let f = match n {
        Num::Int(i) => i as f64,
        Num::Float(f) => f,
    };
    match Num::Float(f) == n {
        true => Ok(f),
        false => Err(format!(
            "`{key}` is {n}, which rmcp's `f64` would change to {f}: use a bound an `f64` holds \
             exactly"
        )),
    }
}

fn values(options: &[EnumOption]) -> Vec<String> {
    options.iter().map(|o| o.value.to_string()).collect()
}

fn titled(options: &[EnumOption]) -> Vec<mcp::ConstTitle> {
    options
        .iter()
        .map(|o| mcp::ConstTitle::new(o.value.to_string(), o.label()))
        .collect()
}

fn single_select(
    rules: &EnumRules,
    extended: bool,
    title: Option<Cow<'static, str>>,
    description: Option<Cow<'static, str>>,
) -> mcp::EnumSchema {
    let default = rules
        .default
        .as_ref()
        .filter(|_| extended)
        .map(|default| default.to_string());
    let titled_schema = rules.is_titled();
    if titled_schema && (rules.legacy_titles || !extended) {
        let mut converted = mcp::LegacyEnumSchema::new(values(&rules.options));
        converted.enum_names = Some(rules.options.iter().map(|o| o.label().to_owned()).collect());
        converted.title = title;
        converted.description = description;
        converted.default = default;
        mcp::EnumSchema::Legacy(converted)
    } else if titled_schema {
        let mut converted = mcp::TitledSingleSelectEnumSchema::new(titled(&rules.options));
        converted.title = title;
        converted.description = description;
        converted.default = default;
        mcp::EnumSchema::Single(mcp::SingleSelectEnumSchema::Titled(converted))
    } else {
        let mut built = mcp::EnumSchema::builder(values(&rules.options))
            .untitled()
            .build();
        if let mcp::EnumSchema::Single(mcp::SingleSelectEnumSchema::Untitled(converted)) =
            &mut built
        {
            converted.title = title;
            converted.description = description;
            converted.default = default;
        }
        built
    }
}

fn multi_select(
    rules: &MultiSelectRules,
    title: Option<Cow<'static, str>>,
    description: Option<Cow<'static, str>>,
) -> mcp::EnumSchema {
    let default = rules
        .default
        .as_ref()
        .map(|values| values.iter().map(ToString::to_string).collect::<Vec<_>>());
    let mut built = match rules.is_titled() {
        true => mcp::EnumSchema::Multi(mcp::MultiSelectEnumSchema::Titled(
            mcp::TitledMultiSelectEnumSchema::new(mcp::TitledItems::new(titled(&rules.options))),
        )),
        false => mcp::EnumSchema::builder(values(&rules.options))
            .untitled()
            .multiselect()
            .build(),
    };
    match &mut built {
        mcp::EnumSchema::Multi(mcp::MultiSelectEnumSchema::Titled(converted)) => {
            converted.title = title;
            converted.description = description;
            converted.min_items = rules.min_items;
            converted.max_items = rules.max_items;
            converted.default = default;
        }
        mcp::EnumSchema::Multi(mcp::MultiSelectEnumSchema::Untitled(converted)) => {
            converted.title = title;
            converted.description = description;
            converted.min_items = rules.min_items;
            converted.max_items = rules.max_items;
            converted.default = default;
        }
        // rmcp's builder makes an untitled multi-select of an untitled
        // multi-select builder.
        _ => {}
    }
    built
}
