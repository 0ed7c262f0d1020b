//! The hostile input catalogue: one case per attack, each with the error it
//! must get. Every case ends in a typed error or a correct value, never a
//! panic, and no case is slower than linear in its input.

use elicit_runtime::limits::{JsonError, LimitError};
use elicit_runtime::protocol::{ElicitRequestParams, MessageError, ResultError};
use elicit_runtime::rules::{Received, Rule, ValidationErrors};
use elicit_runtime::schema::Kind;
use elicit_runtime::{ElicitError, Elicitable, Elicitation, Limits, UrlConsent};
use serde_json::{Map, Value, json};

#[derive(Debug, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Size {
    Small,
    Large,
}

#[derive(Debug, Elicitable)]
struct Form {
    #[elicit(max_length = 16, format = "email")]
    email: String,
    #[elicit(min_length = 1)]
    name: String,
    count: u32,
    ratio: f64,
    size: Size,
    flag: bool,
    extra: Option<i64>,
    wide: Option<u64>,
}

/// A form that denies unknown fields.
#[derive(Debug, Elicitable)]
#[elicit(deny_unknown_fields)]
struct Strict {
    name: Option<String>,
}

const FIELDS: [&str; 8] = [
    "email", "name", "count", "ratio", "size", "flag", "extra", "wide",
];

/// Content every field of `Form` accepts.
fn valid() -> Map<String, Value> {
    let Value::Object(map) = json!({
        "email": "a@b.c", "name": "n", "count": 1, "ratio": 0.5, "size": "small", "flag": true
    }) else {
        unreachable!("an object literal")
    };
    map
}

fn valid_with(field: &str, value: Value) -> Value {
    let mut content = valid();
    content.insert(field.to_owned(), value);
    Value::Object(content)
}

fn accept(content: Value) -> Value {
    json!({ "action": "accept", "content": content })
}

fn attempt(content: Value) -> Result<Elicitation<Form>, ElicitError> {
    Elicitation::<Form>::from_json(&accept(content))
}

fn from_text(text: &str) -> Result<Elicitation<Form>, ElicitError> {
    Elicitation::<Form>::from_json_str(text)
}

/// The result error of a read that must fail before validation.
fn malformed(read: Result<Elicitation<Form>, ElicitError>) -> ResultError {
    match read {
        Err(ElicitError::MalformedResult(error)) => error,
        other => panic!("expected a malformed result, got {other:?}"),
    }
}

/// The field errors of a read that must fail validation.
fn invalid(read: Result<Elicitation<Form>, ElicitError>) -> ValidationErrors {
    match read {
        Err(ElicitError::InvalidContent(errors)) => errors,
        other => panic!("expected invalid content, got {other:?}"),
    }
}

fn rules(errors: &ValidationErrors) -> Vec<(&str, Rule)> {
    errors.iter().map(|e| (e.field(), e.rule())).collect()
}

fn accepted(read: Result<Elicitation<Form>, ElicitError>) -> Form {
    match read {
        Ok(Elicitation::Accept(form)) => form,
        other => panic!("expected the content to be accepted, got {other:?}"),
    }
}

// --- 64 MiB strings --------------------------------------------------------

const HUGE: usize = 64 << 20;

#[test]
fn a_64_mib_string_in_text_is_refused_before_it_is_read() {
    let text = accept(valid_with("name", json!("x".repeat(HUGE)))).to_string();
    let error = malformed(from_text(&text));
    assert_eq!(
        error,
        ResultError::TooLarge(LimitError::Bytes {
            limit: 4 << 20,
            actual: text.len()
        })
    );
    assert!(error.to_string().contains("raise `Limits::max_bytes`"));
}

#[test]
fn a_64_mib_string_in_a_value_breaks_the_string_limit() {
    let error = malformed(attempt(valid_with("name", json!("x".repeat(HUGE)))));
    assert_eq!(
        error,
        ResultError::TooLarge(LimitError::StringBytes {
            limit: 1 << 20,
            actual: HUGE
        })
    );
}

#[test]
fn a_64_mib_string_within_raised_limits_is_validated_and_the_error_stays_small() {
    let limits = Limits::DEFAULT.max_bytes(2 * HUGE).max_string_bytes(HUGE);
    let big = "x".repeat(HUGE);
    let text = accept(valid_with("email", json!(big))).to_string();
    let errors = match Elicitation::<Form>::from_json_str_with(&text, &limits) {
        Err(ElicitError::InvalidContent(errors)) => errors,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        rules(&errors),
        [("email", Rule::MaxLength), ("email", Rule::Format)]
    );
    let shown = errors.to_string();
    assert!(shown.len() < 1_000, "{} bytes", shown.len());
    for error in &errors {
        if let Received::Value(text) = error.received() {
            assert!(text.chars().count() <= 44);
        }
    }
}

// --- deep nesting ------------------------------------------------------------

fn nested(depth: usize) -> String {
    format!(
        r#"{{"action":"accept","content":{{"name":{}{}}}}}"#,
        "[".repeat(depth),
        "]".repeat(depth)
    )
}

#[test]
fn deeply_nested_text_breaks_the_depth_limit_without_a_stack_overflow() {
    for depth in [31, 100_000] {
        assert_eq!(
            malformed(from_text(&nested(depth))),
            ResultError::TooLarge(LimitError::Depth { limit: 32 }),
            "{depth}"
        );
    }
    // Two levels for the result and its content, 30 arrays: exactly 32.
    let errors = invalid(from_text(&nested(30)));
    assert!(
        errors
            .iter()
            .any(|e| (e.field(), e.rule()) == ("name", Rule::Type))
    );
}

#[test]
fn nesting_past_the_parsers_own_limit_is_a_syntax_error_even_with_a_raised_limit() {
    let limits = Limits::DEFAULT.max_depth(1_000_000);
    match Elicitation::<Form>::from_json_str_with(&nested(100_000), &limits) {
        Err(ElicitError::MalformedResult(ResultError::NotJson { message })) => {
            assert!(message.contains("recursion limit exceeded"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_deeply_nested_value_breaks_the_depth_limit() {
    let mut deep = json!(1);
    for _ in 0..1_000 {
        deep = json!([deep]);
    }
    assert_eq!(
        malformed(attempt(valid_with("name", deep))),
        ResultError::TooLarge(LimitError::Depth { limit: 32 })
    );
}

// --- 100 000 properties ------------------------------------------------------

fn many_properties(n: usize) -> Value {
    let mut content: Map<String, Value> = (0..n).map(|i| (format!("k{i}"), json!(i))).collect();
    content.extend(valid());
    Value::Object(content)
}

#[test]
fn a_hundred_thousand_properties_break_the_property_limit() {
    let content = many_properties(100_000);
    let text = accept(content.clone()).to_string();
    assert!(
        text.len() < 4 << 20,
        "the text itself is within the byte limit"
    );
    let limit = ResultError::TooLarge(LimitError::Properties { limit: 10_000 });
    assert_eq!(malformed(from_text(&text)), limit);
    assert_eq!(malformed(attempt(content)), limit);
}

#[test]
fn a_hundred_thousand_properties_within_raised_limits_are_ignored_or_denied() {
    let limits = Limits::DEFAULT.max_properties(200_000);
    let content = many_properties(100_000);
    let read = Elicitation::<Form>::from_json_with(&accept(content.clone()), &limits);
    let form = accepted(read);
    assert_eq!(
        (form.email.as_str(), form.count, form.flag),
        ("a@b.c", 1, true)
    );
    assert!(matches!(form.size, Size::Small));
    let denied = Elicitation::<Strict>::from_json_with(&accept(content), &limits);
    match denied {
        Err(ElicitError::InvalidContent(errors)) => {
            assert_eq!(errors.len(), 100_000 + 6 - 1);
            assert!(errors.iter().all(|e| e.rule() == Rule::Unknown));
        }
        other => panic!("{other:?}"),
    }
}

// --- numbers -----------------------------------------------------------------

#[test]
fn integers_beyond_u64_and_i64_are_inexact_not_wrapped() {
    for (field, number) in [
        ("wide", "18446744073709551616"),
        ("extra", "-9223372036854775809"),
        ("count", "123456789012345678901234567890"),
    ] {
        let text = accept(valid_with(field, json!(0))).to_string().replace(
            &format!(r#""{field}":0"#),
            &format!(r#""{field}":{number}"#),
        );
        let errors = invalid(from_text(&text));
        let first = errors.iter().next().expect("one error");
        assert_eq!(
            (first.field(), first.rule()),
            (field, Rule::Integer),
            "{number}"
        );
    }
    // Within `u64` but beyond `i64`: exact, and it fits a `u64` field only.
    let form = accepted(attempt(valid_with("wide", json!(u64::MAX))));
    assert_eq!(form.wide, Some(u64::MAX));
    for beyond_i64 in [json!(u64::MAX), json!(i64::MAX as u64 + 1)] {
        let errors = invalid(attempt(valid_with("extra", beyond_i64)));
        assert_eq!(rules(&errors), [("extra", Rule::Range)]);
    }
    // A float field takes any finite number.
    let text = accept(valid_with("ratio", json!(0)))
        .to_string()
        .replace(r#""ratio":0"#, r#""ratio":123456789012345678901234567890"#);
    assert_eq!(accepted(from_text(&text)).ratio, 1.2345678901234568e29);
}

#[test]
fn a_number_beyond_f64_is_not_json_serde_can_hold() {
    let text = accept(valid_with("ratio", json!(0)))
        .to_string()
        .replace(r#""ratio":0"#, r#""ratio":1e400"#);
    match malformed(from_text(&text)) {
        ResultError::NotJson { message } => {
            assert!(message.contains("number out of range"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn numbers_finer_than_f64_read_as_the_nearest_f64() {
    // The text's exact value is past what a JSON number reader holds; the
    // nearest `f64` is what every validator on serde_json sees.
    for (number, count, ratio) in [
        ("1.0000000000000000001", 1, 1.0),
        ("1e-400", 0, 0.0),
        ("0.99999999999999999999", 1, 1.0),
    ] {
        let text = accept(Value::Object(valid()))
            .to_string()
            .replace(r#""count":1"#, &format!(r#""count":{number}"#))
            .replace(r#""ratio":0.5"#, &format!(r#""ratio":{number}"#));
        let form = accepted(from_text(&text));
        assert_eq!((form.count, form.ratio), (count, ratio), "{number}");
    }
}

#[test]
fn negative_zero_is_zero() {
    let text = accept(valid_with("count", json!(0)))
        .to_string()
        .replace(r#""count":0"#, r#""count":-0,"extra":-0,"wide":-0"#)
        .replace(r#""ratio":0.5"#, r#""ratio":-0"#);
    let form = accepted(from_text(&text));
    assert_eq!((form.count, form.extra, form.wide), (0, Some(0), Some(0)));
    assert!(form.ratio == 0.0 && form.ratio.is_sign_negative());
}

// --- strings -----------------------------------------------------------------

#[test]
fn lone_surrogate_escapes_are_not_json() {
    for escape in [r"\ud800", r"\udfff", r"\ud800\u0041", r"x\udc00y"] {
        let text = format!(r#"{{"action":"accept","content":{{"name":"{escape}"}}}}"#);
        match malformed(from_text(&text)) {
            ResultError::NotJson { message } => {
                assert!(
                    message.contains("escape") || message.contains("surrogate"),
                    "{escape}: {message}"
                );
            }
            other => panic!("{escape}: {other:?}"),
        }
    }
    // A pair is one character.
    let text = accept(valid_with("name", json!("x")))
        .to_string()
        .replace(r#""name":"x""#, r#""name":"\ud83d\ude00""#);
    assert_eq!(accepted(from_text(&text)).name, "😀");
}

/// Raw, a control character is not JSON; escaped, it is a JSON string,
/// which a text field refuses as its error unless it is a tab or a line
/// break (the text policy: no NUL or escape reaches the tool).
#[test]
fn raw_control_characters_are_not_json_and_escaped_ones_are_the_fields_error() {
    for raw in ['\u{0}', '\u{1}', '\n', '\u{1f}'] {
        let text = format!(r#"{{"action":"accept","content":{{"name":"a{raw}b"}}}}"#);
        match malformed(from_text(&text)) {
            ResultError::NotJson { message } => {
                assert!(message.contains("control character"), "{message}");
            }
            other => panic!("{raw:?}: {other:?}"),
        }
    }
    let escaped = |name: &str| {
        let text = accept(valid_with("name", json!("x")))
            .to_string()
            .replace(r#""name":"x""#, &format!(r#""name":"{name}""#));
        from_text(&text)
    };
    for name in [
        r"\u0000",
        r"a\u001f",
        r"\u001b[31m",
        r"a\u007fb",
        r"a\u009bb",
    ] {
        let errors = invalid(escaped(name));
        assert_eq!(rules(&errors), [("name", Rule::ControlCharacter)], "{name}");
    }
    assert_eq!(accepted(escaped(r"a\tb\r\nc")).name, "a\tb\r\nc");
}

#[test]
fn control_and_bidirectional_characters_never_reach_a_message() {
    let key = format!("\u{1b}[31m{}\n", "k".repeat(1 << 10));
    let mut content = Map::new();
    content.insert(key, json!("\u{1b}[2J\r"));
    let errors = Strict::from_content(&content).unwrap_err();
    assert_eq!(Strict::from_content(&Map::new()).unwrap().name, None);
    let shown = errors.to_string();
    assert!(shown.len() < 200, "{} bytes", shown.len());
    assert!(!shown.contains('\u{1b}') && !shown.contains('\n') && !shown.contains('\r'));

    // Bidirectional controls cannot reorder a message around them.
    let mut content = Map::new();
    content.insert("\u{202e}evil\u{2066}".to_owned(), json!("\u{202e}gpj.exe"));
    let shown = Strict::from_content(&content).unwrap_err().to_string();
    assert!(
        !shown.contains('\u{202e}') && !shown.contains('\u{2066}'),
        "{shown}"
    );
    assert!(shown.contains("\\u{202e}"), "{shown}");

    let action = format!("\u{1b}{}", "a".repeat(1 << 20));
    let error = Elicitation::<Form>::from_json(&json!({ "action": action })).unwrap_err();
    let shown = error.to_string();
    assert!(shown.len() < 200 && !shown.contains('\u{1b}'), "{shown}");
}

#[test]
fn email_and_uri_refuse_characters_shown_as_nothing() {
    use elicit_runtime::format::Format;
    // Each would make the address read as another one.
    for invisible in [
        '\u{202e}',  // right-to-left override
        '\u{2066}',  // left-to-right isolate
        '\u{200b}',  // zero-width space
        '\u{200f}',  // right-to-left mark
        '\u{00ad}',  // soft hyphen
        '\u{feff}',  // zero-width no-break space
        '\u{fe0f}',  // variation selector
        '\u{e0041}', // tag character
    ] {
        for address in [
            format!("ada{invisible}@example.com"),
            format!("ada@exa{invisible}mple.com"),
            format!("\"ada{invisible}\"@example.com"),
        ] {
            let error = Format::Email.check(&address).unwrap_err().to_string();
            assert!(
                error.contains("an invisible or direction-changing character"),
                "{address:?}: {error}"
            );
            assert!(
                !error.contains(invisible),
                "the message shows it escaped: {error}"
            );
        }
        let uri = format!("https://example.com/{invisible}path");
        assert!(Format::Uri.check(&uri).is_err(), "{uri:?}");
    }
    // Visible non-ASCII stays allowed, as SMTPUTF8 has it.
    assert!(Format::Email.check("用户@例子.广告").is_ok());
    assert!(Format::Email.check("josé@exämple.com").is_ok());
}

// --- duplicate keys ----------------------------------------------------------

#[test]
fn a_name_given_twice_is_refused_wherever_it_is() {
    for (text, key) in [
        (
            r#"{"action":"accept","content":{"count":1,"count":-5}}"#,
            "count",
        ),
        (r#"{"action":"decline","action":"accept"}"#, "action"),
        (
            r#"{"action":"accept","content":{},"content":{"name":"n"}}"#,
            "content",
        ),
        (r#"{"action":"decline","_meta":{"a":{"b":1,"b":2}}}"#, "b"),
    ] {
        let error = malformed(from_text(text));
        assert_eq!(
            error,
            ResultError::DuplicateKey { key: key.into() },
            "{text}"
        );
        assert!(error.to_string().contains("send each name once"));
        assert_eq!(
            UrlConsent::from_json_str(text),
            Err(ResultError::DuplicateKey { key: key.into() })
        );
    }
    // The same name in two different objects is no duplicate.
    let text = r#"{"action":"decline","_meta":{"a":{"x":1},"b":{"x":1}}}"#;
    assert!(matches!(from_text(text), Ok(Elicitation::Decline)));
}

// --- the wrong shapes --------------------------------------------------------

#[test]
fn content_that_is_not_an_object_is_malformed() {
    for content in [json!("x"), json!(5), json!(true), json!([]), json!([{}])] {
        let error = malformed(attempt(content.clone()));
        assert!(
            matches!(error, ResultError::ContentNotObject { .. }),
            "{content}: {error:?}"
        );
    }
    // `null` is no content, read as `{}`: the required fields are missing.
    let errors = invalid(attempt(Value::Null));
    assert_eq!(
        errors.iter().filter(|e| e.rule() == Rule::Required).count(),
        6
    );
    for result in [
        json!(null),
        json!(1),
        json!("accept"),
        json!([{"action": "accept"}]),
    ] {
        let error = malformed(Elicitation::<Form>::from_json(&result));
        assert!(matches!(error, ResultError::NotAnObject { .. }), "{result}");
    }
}

#[test]
fn wrong_types_everywhere_report_every_field() {
    // Each sample in every field, with the fields that must reject it.
    let all = FIELDS.to_vec();
    let not_numbers = vec!["email", "name", "size", "flag"];
    let samples = [
        (json!(null), all.clone()),
        (
            json!(true),
            vec!["email", "name", "count", "ratio", "size", "extra", "wide"],
        ),
        (json!(0), not_numbers.clone()),
        (
            json!(-1.5),
            vec!["email", "name", "count", "size", "flag", "extra", "wide"],
        ),
        (
            json!("text"),
            vec!["email", "count", "ratio", "size", "flag", "extra", "wide"],
        ),
        (json!([]), all.clone()),
        (json!([1, 2]), all.clone()),
        (json!({}), all.clone()),
        (json!({ "a": { "b": [] } }), all.clone()),
    ];
    for (sample, rejecting) in samples {
        let content: Map<String, Value> = FIELDS
            .iter()
            .map(|f| ((*f).to_owned(), sample.clone()))
            .collect();
        let errors = invalid(attempt(Value::Object(content)));
        let mut fields: Vec<&str> = errors.iter().map(|e| e.field()).collect();
        fields.dedup();
        assert_eq!(fields, rejecting, "{sample}");
    }
}

#[test]
fn text_that_is_not_one_json_value_is_not_json() {
    for text in [
        "",
        " ",
        "\u{feff}{\"action\":\"decline\"}",
        "{\"action\":\"decline\"} {}",
        "{\"action\":\"decline\"}x",
        "{\"action\":'decline'}",
        "{action:\"decline\"}",
        "{\"action\":\"decline\",}",
        "NaN",
        "[1,]",
    ] {
        assert!(
            matches!(malformed(from_text(text)), ResultError::NotJson { .. }),
            "{text:?}"
        );
    }
}

// --- a schema with 10 000 enum values ----------------------------------------

fn wide_enum_request(n: usize) -> String {
    let values: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    json!({
        "message": "Pick",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "one": { "type": "string", "enum": values },
                "many": { "type": "array", "items": { "type": "string", "enum": values } }
            },
            "required": ["one"]
        }
    })
    .to_string()
}

#[test]
fn a_schema_with_10_000_enum_values_is_read_and_checked_in_linear_time() {
    let params = ElicitRequestParams::from_json_str(&wide_enum_request(10_000)).unwrap();
    let schema = &params.as_form().expect("a form request").requested_schema;
    let Kind::Enum(one) = &schema.properties[0].schema.kind else {
        panic!("an enum")
    };
    assert_eq!(one.options.len(), 10_000);

    let all: Vec<String> = (0..10_000).rev().map(|i| format!("v{i}")).collect();
    let content = json!({ "one": "v9999", "many": all });
    elicit_runtime::rules::content(schema, content.as_object().unwrap(), false).unwrap();

    // A value that is no option: one short error, whatever the enum's size.
    let content = json!({ "one": "nope", "many": ["v1", "v1", "nope"] });
    let errors =
        elicit_runtime::rules::content(schema, content.as_object().unwrap(), false).unwrap_err();
    let found = rules(&errors);
    assert_eq!(
        found,
        [
            ("one", Rule::Enum),
            ("many", Rule::UniqueItems),
            ("many", Rule::Enum)
        ]
    );
    let shown = errors.to_string();
    assert!(shown.len() < 1_000, "{} bytes: {shown}", shown.len());
    assert!(shown.contains("and 9980 more"), "{shown}");
}

#[test]
fn a_request_with_a_hundred_thousand_properties_breaks_the_property_limit() {
    let properties: Map<String, Value> = (0..100_000)
        .map(|i| (format!("f{i}"), json!({ "type": "string" })))
        .collect();
    let text = json!({
        "message": "Fill in",
        "requestedSchema": { "type": "object", "properties": properties }
    })
    .to_string();
    assert_eq!(
        ElicitRequestParams::from_json_str(&text),
        Err(MessageError::Json(JsonError::TooLarge(
            LimitError::Properties { limit: 10_000 }
        )))
    );
    let raised = Limits::DEFAULT.max_properties(100_000);
    let params = ElicitRequestParams::from_json_str_with(&text, &raised).unwrap();
    assert_eq!(
        params.as_form().unwrap().requested_schema.properties.len(),
        100_000
    );
}

#[test]
fn a_request_naming_a_member_twice_is_refused() {
    let text = r#"{"message":"a","requestedSchema":{"type":"object","properties":{"x":{"type":"string"},"x":{"type":"number"}}}}"#;
    assert_eq!(
        ElicitRequestParams::from_json_str(text),
        Err(MessageError::Json(JsonError::DuplicateKey {
            key: "x".into()
        }))
    );
}

#[test]
fn unknown_fields_of_a_large_form_are_found_by_name() {
    let properties: Map<String, Value> = (0..1_000)
        .map(|i| (format!("f{i}"), json!({ "type": "integer" })))
        .collect();
    let schema = elicit_runtime::schema::FormSchema::parse(
        &json!({ "type": "object", "properties": properties }),
    )
    .unwrap()
    .schema;
    // Every other property of the content is one the form lacks.
    let content: Map<String, Value> = (0..20_000)
        .map(|i| {
            let name = if i % 2 == 0 {
                format!("f{}", i / 2 % 1_000)
            } else {
                format!("x{i}")
            };
            (name, json!(i))
        })
        .collect();
    let errors = elicit_runtime::rules::content(&schema, &content, true).unwrap_err();
    let unknown: Vec<&str> = errors.iter().map(|e| e.field()).collect();
    let expected: Vec<String> = (0..20_000)
        .filter(|i| i % 2 == 1)
        .map(|i| format!("x{i}"))
        .collect();
    assert_eq!(unknown, expected);
    assert!(errors.iter().all(|e| e.rule() == Rule::Unknown));
}
