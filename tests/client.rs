//! The client side: reading requests (and refusing malformed ones with the
//! right error), building answers per field kind with defaults, and the
//! guards (rate limit, secret warnings, URL view).

use std::time::{Duration, Instant};

use elicit_runtime::client::{
    self, Ask, FormError, FormView, RateLimiter, UrlView, UrlWarning, secret_warnings,
};
use elicit_runtime::protocol::{Action, UrlRequest};
use elicit_runtime::rules::Rule;
use elicit_runtime::wire::SchemaErrorKind;
use serde_json::{Value, json};

fn form_params(schema: Value) -> Value {
    json!({ "mode": "form", "message": "Fill in the form", "requestedSchema": schema })
}

fn one_field(property: Value) -> Value {
    form_params(json!({ "type": "object", "properties": { "field": property } }))
}

fn form(schema: Value) -> FormView {
    FormView::from_request(&form_params(schema)).unwrap()
}

// ---------------------------------------------------------------------------
// Reading requests

#[test]
fn tolerated_annotations_are_warnings() {
    let form = FormView::from_request(&form_params(json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "title": "Contact",
        "description": "Who you are",
        "properties": {
            "name": { "type": "string", "x-widget": "large", "examples": ["Ada"] },
            "code": { "type": "string", "pattern": "^[0-9]+$" }
        }
    })))
    .unwrap();
    let paths: Vec<&str> = form.warnings().iter().map(|w| w.path()).collect();
    assert_eq!(
        paths,
        [
            "/title",
            "/description",
            "/properties/name/x-widget",
            "/properties/name/examples",
            "/properties/code/pattern"
        ]
    );
    assert_eq!(form.fields().len(), 2);
}

/// Each malformed schema, with the error kind and path it is refused with.
#[test]
fn schemas_outside_the_subset_are_refused_precisely() {
    let cases: Vec<(Value, SchemaErrorKind, &str)> = vec![
        (
            json!({ "type": "object", "properties": { "address": {
                "type": "object", "properties": { "city": { "type": "string" } } } } }),
            SchemaErrorKind::NestedObject,
            "/properties/address/type",
        ),
        (
            json!({ "type": "object", "properties": { "color": { "$ref": "#/$defs/color" } } }),
            SchemaErrorKind::Ref,
            "/properties/color/$ref",
        ),
        (
            json!({ "type": "object", "$ref": "#/$defs/form", "properties": {} }),
            SchemaErrorKind::Ref,
            "/$ref",
        ),
        (
            json!({ "type": "object", "properties": { "tags": {
                "type": "array", "items": { "type": "string" } } } }),
            SchemaErrorKind::Array,
            "/properties/tags/items",
        ),
        (
            json!({ "type": "object", "properties": { "scores": {
                "type": "array", "items": { "type": "number", "enum": [1, 2] } } } }),
            SchemaErrorKind::Array,
            "/properties/scores/items/type",
        ),
        (
            json!({ "type": "object", "properties": { "tags": { "type": "array" } } }),
            SchemaErrorKind::Array,
            "/properties/tags",
        ),
        (
            json!({ "type": "object", "properties": { "name": { "type": "string" } },
                    "required": ["name", "email"] }),
            SchemaErrorKind::RequiredUnknown,
            "/required/1",
        ),
        (
            json!({ "type": "object", "properties": { "size": {
                "type": "string", "enum": ["s", "m", "l"], "enumNames": ["Small", "Medium"] } } }),
            SchemaErrorKind::EnumNamesLength,
            "/properties/size/enumNames",
        ),
        (
            json!({ "type": "object", "properties": { "age": {
                "type": "integer", "minimum": 65, "maximum": 18 } } }),
            SchemaErrorKind::MinAboveMax,
            "/properties/age/minimum",
        ),
        (
            json!({ "type": "object", "properties": { "n": {
                "type": "string", "minLength": 5, "maxLength": 2 } } }),
            SchemaErrorKind::MinLengthAboveMaxLength,
            "/properties/n/minLength",
        ),
        (
            json!({ "type": "object", "properties": { "n": { "type": ["string", "null"] } } }),
            SchemaErrorKind::UnknownType,
            "/properties/n/type",
        ),
        (
            json!({ "type": "object", "properties": { "n": { "anyOf": [{ "type": "string" }] } } }),
            SchemaErrorKind::Composition,
            "/properties/n/anyOf",
        ),
        (
            json!({ "type": "object", "properties": { "agree": {
                "type": "boolean", "default": "yes" } } }),
            SchemaErrorKind::BadDefault,
            "/properties/agree/default",
        ),
        (
            json!({ "type": "array" }),
            SchemaErrorKind::RootType,
            "/type",
        ),
        (
            json!({ "type": "object" }),
            SchemaErrorKind::MissingProperties,
            "",
        ),
    ];
    for (schema, kind, path) in cases {
        let error = FormView::from_request(&form_params(schema.clone())).unwrap_err();
        let FormError::Schema(found) = &error else {
            panic!("{schema}: {error:?}");
        };
        assert_eq!((found.kind(), found.path()), (kind, path), "{schema}");
        // Every refusal is answered with invalid params, and says why.
        let response = error.to_jsonrpc(3);
        assert_eq!(response["error"]["code"], -32602);
        assert_eq!(response["error"]["message"], error.to_string());
        assert!(error.to_string().starts_with("invalid `requestedSchema`"));
        // Ask refuses it the same way.
        assert_eq!(Ask::from_params(&form_params(schema)), Err(error));
    }
}

#[test]
fn malformed_params_are_refused() {
    let cases: Vec<(Value, &str)> = vec![
        (json!("hello"), "must be an object"),
        (
            json!({ "mode": "voice", "message": "hi" }),
            "unknown elicitation `mode` `voice`",
        ),
        (
            json!({ "mode": 3, "message": "hi" }),
            "`mode` must be the string",
        ),
        (
            json!({ "requestedSchema": { "type": "object", "properties": {} } }),
            "missing field `message`",
        ),
        (
            json!({ "message": 5, "requestedSchema": { "type": "object", "properties": {} } }),
            "invalid type: integer `5`",
        ),
        (
            json!({ "message": "hi" }),
            "missing field `requestedSchema`",
        ),
        (
            json!({ "mode": "url", "message": "Open", "elicitationId": "1" }),
            "missing field `url`",
        ),
        (
            json!({ "mode": "url", "message": "Open", "url": "example.com/x" }),
            "not an absolute URI",
        ),
    ];
    for (params, needle) in cases {
        let error = Ask::from_params(&params).unwrap_err();
        assert!(
            matches!(error, FormError::Params { .. }),
            "{params}: {error:?}"
        );
        let text = error.to_string();
        assert!(
            text.starts_with("invalid `elicitation/create` params: "),
            "{text}"
        );
        assert!(text.contains(needle), "{params}: {text}");
        assert_eq!(error.to_error()["code"], FormError::JSONRPC_CODE);
    }
}

#[test]
fn form_mode_is_the_default_in_every_revision() {
    let schema = json!({ "type": "object", "properties": { "name": { "type": "string" } } });
    let without =
        FormView::from_request(&json!({ "message": "m", "requestedSchema": schema })).unwrap();
    let with = FormView::from_request(
        &json!({ "mode": "form", "message": "m", "requestedSchema": schema }),
    )
    .unwrap();
    assert_eq!(without, with);
    let null =
        FormView::from_request(&json!({ "mode": null, "message": "m", "requestedSchema": schema }))
            .unwrap();
    assert_eq!(null, with);
}

// ---------------------------------------------------------------------------
// Answers, per field kind

#[test]
fn string_answers() {
    let form = FormView::from_request(&one_field(json!({
        "type": "string", "minLength": 2, "maxLength": 5, "format": "email"
    })))
    .unwrap();
    let mut answer = form.answer();
    let error = answer.set_text("field", "a").unwrap_err();
    let rules: Vec<Rule> = error.iter().map(|e| e.rule()).collect();
    assert_eq!(rules, [Rule::MinLength, Rule::Format]);
    assert_eq!(answer.get("field"), None, "a refused value is not kept");
    assert!(answer.set_text("field", "a@b.c").is_ok());
    assert_eq!(answer.get("field"), Some(&json!("a@b.c")));
    // Spaces are part of a string as typed.
    assert!(answer.set_text("field", " a@b").is_err());
    // Empty text leaves the field out; an empty string is set explicitly.
    answer.set_text("field", "").unwrap();
    assert_eq!(answer.get("field"), None);
    let plain = FormView::from_request(&one_field(json!({ "type": "string" }))).unwrap();
    let mut answer = plain.answer();
    answer.set("field", "").unwrap();
    assert_eq!(answer.content().unwrap()["field"], "");
}

#[test]
fn number_and_integer_answers() {
    let number = FormView::from_request(&one_field(json!({
        "type": "number", "minimum": -1.5, "maximum": 100
    })))
    .unwrap();
    let mut answer = number.answer();
    for (typed, sent) in [
        ("95.5", json!(95.5)),
        ("-1.5", json!(-1.5)),
        (" +4 ", json!(4)),
        (".5", json!(0.5)),
        ("1e2", json!(100.0)),
    ] {
        answer
            .set_text("field", typed)
            .unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(answer.get("field"), Some(&sent), "{typed}");
    }
    for (typed, rule) in [
        ("101", Rule::Maximum),
        ("-2", Rule::Minimum),
        ("ten", Rule::Type),
        ("+-3", Rule::Type),
        ("1,5", Rule::Type),
    ] {
        let error = answer.set_text("field", typed).unwrap_err();
        assert_eq!(error.iter().next().unwrap().rule(), rule, "{typed}");
    }
    // No coercion through `set`: a string is no number.
    assert_eq!(
        answer
            .set("field", "5")
            .unwrap_err()
            .iter()
            .next()
            .unwrap()
            .rule(),
        Rule::Type
    );

    let integer = FormView::from_request(&one_field(json!({ "type": "integer" }))).unwrap();
    let mut answer = integer.answer();
    for typed in ["30", "30.0", "3e1", "+30"] {
        answer.set_text("field", typed).unwrap();
        assert_eq!(answer.get("field").unwrap().to_string(), "30", "{typed}");
    }
    // Beyond 2^53 a float is not exact, and is left for the validator to refuse.
    let error = answer.set_text("field", "1e20").unwrap_err();
    assert_eq!(error.iter().next().unwrap().rule(), Rule::Integer);
    let error = answer.set_text("field", "30.5").unwrap_err();
    assert_eq!(
        error.to_string(),
        "`field` must be a whole number (received 30.5)"
    );
}

#[test]
fn boolean_answers() {
    let form = FormView::from_request(&one_field(json!({ "type": "boolean" }))).unwrap();
    let mut answer = form.answer();
    for (typed, value) in [
        ("yes", true),
        ("Y", true),
        ("TRUE", true),
        ("on", true),
        ("1", true),
        ("no", false),
        ("N", false),
        ("false", false),
        ("off", false),
        ("0", false),
    ] {
        answer.set_text("field", typed).unwrap();
        assert_eq!(answer.get("field"), Some(&json!(value)), "{typed}");
    }
    let error = answer.set_text("field", "maybe").unwrap_err();
    assert_eq!(
        error.to_string(),
        "`field` must be `true` or `false` (received \"maybe\")"
    );
    assert!(answer.set("field", "true").is_err());
}

#[test]
fn single_select_answers() {
    let titled = FormView::from_request(&one_field(json!({
        "type": "string",
        "oneOf": [
            { "const": "#FF0000", "title": "Red" },
            { "const": "#00FF00", "title": "Green" }
        ]
    })))
    .unwrap();
    let mut answer = titled.answer();
    for typed in ["#00FF00", "Green", "green", "  GREEN "] {
        answer.set_text("field", typed).unwrap();
        assert_eq!(answer.get("field"), Some(&json!("#00FF00")), "{typed}");
    }
    let error = answer.set_text("field", "Blue").unwrap_err();
    assert_eq!(error.iter().next().unwrap().rule(), Rule::Enum);
    assert!(
        answer.set("field", "Green").is_err(),
        "`set` takes values, not titles"
    );

    // A loose match that fits two options names neither.
    let ambiguous =
        FormView::from_request(&one_field(json!({ "type": "string", "enum": ["a", "A"] })))
            .unwrap();
    let mut answer = ambiguous.answer();
    answer.set_text("field", "A").unwrap();
    assert_eq!(answer.get("field"), Some(&json!("A")));
    let legacy = FormView::from_request(&one_field(json!({
        "type": "string", "enum": ["s", "l"], "enumNames": ["Small", "Large"]
    })))
    .unwrap();
    let mut answer = legacy.answer();
    answer.set_text("field", "large").unwrap();
    assert_eq!(answer.get("field"), Some(&json!("l")));
}

#[test]
fn multi_select_answers() {
    let form = FormView::from_request(&one_field(json!({
        "type": "array",
        "minItems": 1,
        "maxItems": 2,
        "items": { "anyOf": [
            { "const": "#FF0000", "title": "Red" },
            { "const": "#00FF00", "title": "Green" },
            { "const": "#0000FF", "title": "Blue" }
        ] }
    })))
    .unwrap();
    let mut answer = form.answer();
    answer.set_text("field", "Blue, red").unwrap();
    assert_eq!(answer.get("field"), Some(&json!(["#0000FF", "#FF0000"])));
    answer.set_text("field", "Green").unwrap();
    assert_eq!(answer.get("field"), Some(&json!(["#00FF00"])));
    let cases = [
        ("red, green, blue", Rule::MaxItems),
        ("[]", Rule::MinItems),
        ("red, red", Rule::UniqueItems),
        ("red, purple", Rule::Enum),
    ];
    for (typed, rule) in cases {
        let error = answer.set_text("field", typed).unwrap_err();
        assert!(error.iter().any(|e| e.rule() == rule), "{typed}: {error}");
    }
    answer.set("field", json!(["#FF0000", "#0000FF"])).unwrap();
    assert!(answer.set("field", json!("#FF0000")).is_err());
}

#[test]
fn unknown_fields_and_missing_required_ones() {
    let form = form(json!({
        "type": "object",
        "properties": { "name": { "type": "string" }, "nick": { "type": "string" } },
        "required": ["name"]
    }));
    let mut answer = form.answer();
    let error = answer.set("email", "a@b.c").unwrap_err();
    assert_eq!(error.iter().next().unwrap().rule(), Rule::Unknown);
    let error = answer.set_text("email", "a@b.c").unwrap_err();
    assert_eq!(error.iter().next().unwrap().rule(), Rule::Unknown);
    let error = answer.finish().unwrap_err();
    assert_eq!(error.to_string(), "`name` is required");
    answer.set("name", "Ada").unwrap();
    // Optional fields without a default are left out.
    assert_eq!(
        serde_json::to_value(answer.finish().unwrap()).unwrap(),
        json!({ "action": "accept", "content": { "name": "Ada" } })
    );
    assert_eq!(answer.clear("name"), Some(json!("Ada")));
    assert!(answer.finish().is_err());
}

/// The schema of the conformance suite's `elicitation-sep1034-defaults`
/// scenario: a client that accepts without changing anything sends every
/// default.
#[test]
fn defaults_fill_every_omitted_field() {
    let form = form(json!({
        "type": "object",
        "properties": {
            "name": { "type": "string", "default": "John Doe" },
            "age": { "type": "integer", "default": 30 },
            "score": { "type": "number", "default": 95.5 },
            "status": { "type": "string", "enum": ["active", "inactive", "pending"], "default": "active" },
            "verified": { "type": "boolean", "default": true },
            "tags": { "type": "array", "items": { "type": "string", "enum": ["a", "b"] }, "default": ["b"] }
        },
        "required": ["name", "age", "score", "status", "verified"]
    }));
    let answer = form.answer();
    assert_eq!(answer.effective("score"), Some(json!(95.5)));
    assert_eq!(
        serde_json::to_value(answer.finish().unwrap()).unwrap(),
        json!({ "action": "accept", "content": {
            "name": "John Doe", "age": 30, "score": 95.5, "status": "active",
            "verified": true, "tags": ["b"]
        } })
    );
    // A value set wins over the default, and content keeps the form order.
    let mut answer = form.answer();
    answer.set("verified", false).unwrap();
    answer.set_text("name", "Ada").unwrap();
    let content = answer.content().unwrap();
    let keys: Vec<&str> = content.keys().map(String::as_str).collect();
    assert_eq!(keys, ["name", "age", "score", "status", "verified", "tags"]);
    assert_eq!(
        (content["name"].clone(), content["verified"].clone()),
        (json!("Ada"), json!(false))
    );
    // Clearing a field brings its default back.
    answer.set_text("name", "").unwrap();
    assert_eq!(answer.content().unwrap()["name"], "John Doe");
}

#[test]
fn an_empty_form_is_accepted_with_empty_content() {
    let form = form(json!({ "type": "object", "properties": {} }));
    let result = form.answer().finish().unwrap();
    assert_eq!(result.action, Action::Accept);
    assert_eq!(
        serde_json::to_value(result).unwrap(),
        json!({ "action": "accept", "content": {} })
    );
}

#[test]
fn read_text_refuses_empty_text_only_where_it_cannot_be_sent() {
    let form = form(json!({
        "type": "object",
        "properties": {
            "a": { "type": "string" },
            "b": { "type": "string", "default": "x" },
            "c": { "type": "string" }
        },
        "required": ["a", "b"]
    }));
    let [a, b, c] = [0, 1, 2].map(|i| &form.fields()[i]);
    assert_eq!(
        client::read_text(a, "").unwrap_err().to_string(),
        "`a` is required"
    );
    assert_eq!(client::read_text(b, "").unwrap(), None);
    assert_eq!(client::read_text(c, "").unwrap(), None);
}

// ---------------------------------------------------------------------------
// Guards

#[test]
fn rate_limiter_counts_per_server_in_a_sliding_window() {
    let mut limiter = RateLimiter::new(3, Duration::from_secs(10));
    let t0 = Instant::now();
    let at = |s: u64| t0 + Duration::from_secs(s);
    for s in [0, 1, 2] {
        limiter.check("a", at(s)).unwrap();
    }
    let refused = limiter.check("a", at(5)).unwrap_err();
    assert_eq!((refused.server(), refused.limit()), ("a", 3));
    assert_eq!(refused.retry_after(), Duration::from_secs(5));
    // A refused request does not count: at 10 s the first one has left.
    limiter.check("a", at(10)).unwrap();
    assert!(limiter.check("a", at(10)).is_err());
    limiter.check("b", at(10)).unwrap();
    limiter.reset("a");
    limiter.check("a", at(10)).unwrap();
    let mut none = RateLimiter::new(0, Duration::from_secs(1));
    assert_eq!(
        none.check("a", t0).unwrap_err().to_string(),
        "the server `a` sent more than 0 elicitation requests within 1s: the request was not \
         shown; it may ask again in 1s"
    );
}

#[test]
fn secret_warnings_from_names_and_titles() {
    let form = form(json!({
        "type": "object",
        "properties": {
            "username": { "type": "string" },
            "email": { "type": "string", "title": "Email" },
            "api_key": { "type": "string" },
            "value": { "type": "string", "title": "Credit card number" },
            "accessToken": { "type": "string" },
            "keyboard_layout": { "type": "string" },
            "cvv": { "type": "string", "title": "Security code" }
        }
    }));
    let found: Vec<(String, String, bool)> = secret_warnings(&form)
        .iter()
        .map(|w| (w.field().to_owned(), w.word().to_owned(), w.in_title()))
        .collect();
    assert_eq!(
        found,
        [
            ("api_key".to_owned(), "`api key`".to_owned(), false),
            ("value".to_owned(), "`credit card`".to_owned(), true),
            ("accessToken".to_owned(), "`token`".to_owned(), false),
            ("cvv".to_owned(), "`cvv`".to_owned(), false),
        ]
    );
}

#[test]
fn url_view_shows_host_and_flags_what_misleads() {
    let view = |url: &str| url_view("Open", url);
    let plain = view("https://mcp.example.com/ui/set_api_key");
    assert_eq!(
        (plain.scheme(), plain.host(), plain.port()),
        ("https", "mcp.example.com", None)
    );
    assert!(plain.warnings().is_empty());
    let cases: Vec<(&str, &str, Vec<UrlWarning>)> = vec![
        (
            "http://example.com/",
            "example.com",
            vec![UrlWarning::NotHttps],
        ),
        (
            "https://user:pw@evil.example:8443/x",
            "evil.example",
            vec![UrlWarning::Userinfo],
        ),
        (
            "https://192.168.0.1/login",
            "192.168.0.1",
            vec![UrlWarning::IpAddress],
        ),
        ("https://[::1]:9000/", "::1", vec![UrlWarning::IpAddress]),
        (
            "https://xn--pple-43d.com/",
            "xn--pple-43d.com",
            vec![UrlWarning::Punycode],
        ),
        (
            "https://ex%61mple.com/",
            "ex%61mple.com",
            vec![UrlWarning::EncodedHost],
        ),
        (
            "mailto:someone@example.com",
            "",
            vec![
                UrlWarning::NotAWebPage,
                UrlWarning::NotHttps,
                UrlWarning::NoHost,
            ],
        ),
        ("HTTPS://EXAMPLE.COM/Path", "example.com", vec![]),
    ];
    for (url, host, warnings) in cases {
        let shown = view(url);
        assert_eq!(shown.url(), url, "the full URL is kept as sent");
        assert_eq!(shown.host(), host, "{url}");
        assert_eq!(shown.warnings(), warnings, "{url}");
    }
    assert_eq!(view("https://a.example:8443/").port(), Some("8443"));
    // Text from the server cannot move the cursor or fake lines.
    let text = UrlView::new(&UrlRequest::new("Hi\u{1b}[2J\rthere", "https://a.example/").unwrap())
        .consent_text("srv\nfake");
    assert!(text.starts_with("The server `srv\\nfake` asks"));
    assert!(text.contains("Message: Hi\\u{1b}[2J\\rthere\n"));
}

/// A URL-mode request as a client reads it from the wire, where any
/// absolute URI may arrive.
fn url_view(message: &str, url: &str) -> UrlView {
    let request: UrlRequest =
        serde_json::from_value(json!({ "mode": "url", "url": url, "message": message })).unwrap();
    UrlView::new(&request)
}

/// The attack: a server sends a URL that runs code or reads local files
/// where it opens. The client reads it, warns first, and will not open it.
#[test]
fn url_view_will_not_open_what_is_no_web_page() {
    for url in [
        "javascript:alert(1)",
        "JavaScript:alert(document.cookie)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "data:text/html,%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "file:///etc/passwd",
        "vbscript:msgbox",
        "ms-msdt:/id",
    ] {
        let view = url_view("Click to continue", url);
        assert!(!view.is_openable(), "{url}");
        assert_eq!(view.warnings()[0], UrlWarning::NotAWebPage, "{url}");
        assert!(
            view.consent_text("srv")
                .contains("Warning: the address is not a web page (`http` or `https`), so this client will not open it\n"),
            "{url}"
        );
    }
    for url in [
        "https://mcp.example.com/connect",
        "http://evil.example/",
        "HTTP://127.0.0.1:8080/x",
    ] {
        let view = url_view("Continue", url);
        assert!(view.is_openable(), "{url}");
        assert!(!view.warnings().contains(&UrlWarning::NotAWebPage), "{url}");
    }
}

#[test]
fn requests_in_undeclared_modes_are_refused() {
    use elicit_runtime::protocol::{ElicitationCapability, Mode, Revision};
    let form =
        Ask::from_params(&form_params(json!({ "type": "object", "properties": {} }))).unwrap();
    let url = Ask::from_params(&json!({
        "mode": "url", "elicitationId": "1", "url": "https://a.example/", "message": "Open"
    }))
    .unwrap();
    let cases = [
        (
            ElicitationCapability::legacy(),
            Revision::V2025_06_18,
            true,
            false,
        ),
        (
            ElicitationCapability::form_and_url(),
            Revision::V2025_06_18,
            true,
            false,
        ),
        (
            ElicitationCapability::form_only(),
            Revision::V2025_11_25,
            true,
            false,
        ),
        (
            ElicitationCapability::form_and_url(),
            Revision::V2025_11_25,
            true,
            true,
        ),
        (
            ElicitationCapability::form_and_url(),
            Revision::V2026_07_28,
            true,
            true,
        ),
    ];
    for (declared, revision, form_ok, url_ok) in cases {
        assert_eq!(
            form.check_mode(&declared, revision).is_ok(),
            form_ok,
            "{revision}"
        );
        assert_eq!(
            url.check_mode(&declared, revision).is_ok(),
            url_ok,
            "{revision}"
        );
    }
    let refused = url
        .check_mode(&ElicitationCapability::form_only(), Revision::V2025_11_25)
        .unwrap_err();
    assert_eq!(
        refused,
        FormError::ModeNotDeclared {
            mode: Mode::Url,
            revision: Revision::V2025_11_25
        }
    );
    assert_eq!(
        refused.to_string(),
        "the request is in `url` mode, which this client did not declare for revision \
         `2025-11-25`: a server must send only the modes the client declared in its \
         `elicitation` capability"
    );
}

#[test]
fn long_option_lists_are_described_in_one_line() {
    let options: Vec<String> = (1..=25).map(|i| format!("o{i}")).collect();
    let form =
        FormView::from_request(&one_field(json!({ "type": "string", "enum": options }))).unwrap();
    assert_eq!(
        client::describe::constraints(&form.fields()[0].schema),
        ["one of: o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, and 15 more"]
    );
}
