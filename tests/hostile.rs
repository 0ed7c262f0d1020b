//! Hostile input: wrong types everywhere, huge values, odd JSON. Every case
//! ends in a typed error or a correct value, never a panic.

use elicit_runtime::validate::{Received, Rule};
use elicit_runtime::{ElicitError, Elicitable, Elicitation};
use serde_json::{Value, json};

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
}

const FIELDS: [&str; 7] = ["email", "name", "count", "ratio", "size", "flag", "extra"];

fn attempt(content: Value) -> Result<Elicitation<Form>, ElicitError> {
    Elicitation::<Form>::from_json(&json!({ "action": "accept", "content": content }))
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
            vec!["email", "name", "count", "ratio", "size", "extra"],
        ),
        (json!(0), not_numbers.clone()),
        (
            json!(-1.5),
            vec!["email", "name", "count", "size", "flag", "extra"],
        ),
        (
            json!("text"),
            vec!["email", "count", "ratio", "size", "flag", "extra"],
        ),
        (json!([]), all.clone()),
        (json!([1, 2]), all.clone()),
        (json!({}), all.clone()),
        (json!({ "a": { "b": [] } }), all.clone()),
    ];
    for (sample, rejecting) in samples {
        let content: serde_json::Map<String, Value> = FIELDS
            .iter()
            .map(|f| ((*f).to_owned(), sample.clone()))
            .collect();
        match attempt(Value::Object(content)) {
            Err(ElicitError::InvalidContent(errors)) => {
                let mut fields: Vec<&str> = errors.iter().map(|e| e.field()).collect();
                fields.dedup();
                assert_eq!(fields, rejecting, "{sample}");
            }
            other => panic!("{sample}: {other:?}"),
        }
    }
}

#[test]
fn huge_numbers_are_errors_not_wraps() {
    for (count, expected) in [
        (json!(4_294_967_296_u64), vec![Rule::Maximum]),
        (json!(u64::MAX), vec![Rule::Maximum]),
        (json!(i64::MIN), vec![Rule::Minimum]),
        (json!(1e300), vec![Rule::Integer, Rule::Maximum]),
        (json!(-1e300), vec![Rule::Integer, Rule::Minimum]),
        (json!(f64::MAX), vec![Rule::Integer, Rule::Maximum]),
        (json!(4.5e9), vec![Rule::Maximum]),
    ] {
        let content = json!({
            "email": "a@b.c", "name": "n", "count": count, "ratio": 1, "size": "small", "flag": true
        });
        let errors = attempt(content).unwrap_err();
        let rules: Vec<Rule> = errors
            .validation_errors()
            .unwrap()
            .iter()
            .map(|e| e.rule())
            .collect();
        assert_eq!(rules, expected, "{count}");
    }
    // Numbers past f64 are not JSON serde can hold: a typed parse error.
    let text = r#"{"action":"accept","content":{"count":1e400}}"#;
    assert!(matches!(
        Elicitation::<Form>::from_json_str(text),
        Err(ElicitError::MalformedResult(_))
    ));
    // Integers past u64 arrive as floats whose exact value is lost.
    let text = r#"{"action":"accept","content":{"email":"a@b.c","name":"n","count":1,"ratio":1,"size":"small","flag":true,"extra":123456789012345678901234567890}}"#;
    let errors = Elicitation::<Form>::from_json_str(text).unwrap_err();
    let error = errors
        .validation_errors()
        .unwrap()
        .iter()
        .next()
        .unwrap()
        .clone();
    assert_eq!((error.field(), error.rule()), ("extra", Rule::Integer));
}

#[test]
fn a_huge_string_is_rejected_and_the_error_stays_small() {
    let big = "x".repeat(8 << 20);
    let content = json!({
        "email": big, "name": big, "count": 1, "ratio": 1, "size": "small", "flag": true
    });
    let errors = attempt(content).unwrap_err();
    let errors = errors.validation_errors().unwrap();
    assert_eq!(
        errors.field("email").count(),
        2,
        "too long and not an email"
    );
    let shown = errors.to_string();
    assert!(shown.len() < 1_000, "{} bytes", shown.len());
    for error in errors {
        if let Received::Value(text) = error.received() {
            assert!(text.chars().count() <= 44);
        }
    }
}

#[test]
fn deeply_nested_json_is_an_error_not_a_stack_overflow() {
    let depth = 100_000;
    let text = format!(
        r#"{{"action":"accept","content":{{"name":{}{}}}}}"#,
        "[".repeat(depth),
        "]".repeat(depth)
    );
    assert!(matches!(
        Elicitation::<Form>::from_json_str(&text),
        Err(ElicitError::MalformedResult(_))
    ));
}

#[test]
fn strings_with_control_characters_and_escapes_are_plain_strings() {
    let text = r#"{"action":"accept","content":{"email":"a@b.c","name":"\u0000\u001f\ud83d\ude00\t","count":1,"ratio":-0,"size":"small","flag":false}}"#;
    let Ok(Elicitation::Accept(form)) = Elicitation::<Form>::from_json_str(text) else {
        panic!("valid content rejected");
    };
    assert_eq!(form.name, "\u{0}\u{1f}😀\t");
    assert_eq!(form.ratio, 0.0);
    // A lone surrogate escape is not valid JSON text for serde_json.
    let lone = r#"{"action":"accept","content":{"name":"\ud800"}}"#;
    assert!(matches!(
        Elicitation::<Form>::from_json_str(lone),
        Err(ElicitError::MalformedResult(_))
    ));
}

#[test]
fn duplicate_keys_keep_the_last_value_and_are_still_validated() {
    let text = r#"{"action":"accept","content":{"email":"a@b.c","name":"n","count":1,"count":-5,"ratio":1,"size":"small","flag":true}}"#;
    let errors = Elicitation::<Form>::from_json_str(text).unwrap_err();
    let error = errors
        .validation_errors()
        .unwrap()
        .iter()
        .next()
        .unwrap()
        .clone();
    assert_eq!((error.field(), error.rule()), ("count", Rule::Minimum));
}

#[test]
fn many_unknown_properties_are_ignored() {
    let mut content: serde_json::Map<String, Value> =
        (0..100_000).map(|i| (format!("k{i}"), json!(i))).collect();
    for (k, v) in [
        ("email", json!("a@b.c")),
        ("name", json!("n")),
        ("count", json!(1)),
        ("ratio", json!(0.5)),
        ("size", json!("large")),
        ("flag", json!(false)),
    ] {
        content.insert(k.into(), v);
    }
    let Ok(Elicitation::Accept(form)) = attempt(Value::Object(content)) else {
        panic!("valid content rejected");
    };
    assert_eq!(
        (form.email.as_str(), form.count, form.flag, form.extra),
        ("a@b.c", 1, false, None)
    );
    assert!(matches!(form.size, Size::Large));
}

#[test]
fn every_json_shape_as_a_result_is_handled() {
    for result in [
        json!(null),
        json!(1),
        json!("accept"),
        json!([{"action": "accept"}]),
        json!({ "action": null }),
        json!({ "action": "accept", "content": "x" }),
        json!({ "action": "accept", "content": 5 }),
        json!({ "action": "accept", "content": true }),
    ] {
        assert!(matches!(
            Elicitation::<Form>::from_json(&result),
            Err(ElicitError::MalformedResult(_))
        ));
    }
}

#[test]
fn hostile_names_and_actions_make_short_one_line_errors() {
    #[derive(Debug, Elicitable)]
    #[elicit(deny_unknown_fields)]
    struct Strict {
        name: Option<String>,
    }
    let key = format!("\u{1b}[31m{}", "k".repeat(1 << 20));
    let mut content = serde_json::Map::new();
    content.insert(key, json!(1));
    let errors = Strict::from_content(&content).unwrap_err();
    let shown = errors.to_string();
    assert!(shown.len() < 200, "{} bytes", shown.len());
    assert!(!shown.contains('\u{1b}') && !shown.contains('\n'));
    assert!(
        Strict::from_content(&serde_json::Map::new())
            .unwrap()
            .name
            .is_none()
    );

    let action = "a".repeat(1 << 20);
    let error = Elicitation::<Form>::from_json(&json!({ "action": action })).unwrap_err();
    assert!(error.to_string().len() < 200);
}
