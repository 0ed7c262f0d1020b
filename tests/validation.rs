//! Content validation: each rule rejects what it must, names the field and
//! the rule, and valid content reads back exactly.

use elicit_runtime::rules::{Received, Rule, Violation};
use elicit_runtime::{ElicitError, Elicitable, Elicitation};
use serde_json::{Value, json};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Plan {
    #[elicit(title = "Free")]
    Free,
    Pro,
}

#[derive(Debug, PartialEq, Elicitable)]
#[elicit(format = "uri")]
struct Homepage(String);

/// Tell us about yourself
#[derive(Debug, PartialEq, Elicitable)]
struct Profile {
    #[elicit(min_length = 2, max_length = 5)]
    nick: String,
    #[elicit(format = "email")]
    email: String,
    #[elicit(format = "date")]
    birthday: String,
    #[elicit(format = "date-time")]
    seen: String,
    homepage: Homepage,
    #[elicit(minimum = 1, maximum = 10)]
    rating: i32,
    #[elicit(minimum = 0.5, maximum = 2.5)]
    factor: f64,
    small: i8,
    big: u64,
    plan: Plan,
    agree: bool,
    note: Option<String>,
}

fn valid() -> Value {
    json!({
        "nick": "ada",
        "email": "ada@example.com",
        "birthday": "1815-12-10",
        "seen": "2025-06-18T09:30:00Z",
        "homepage": "https://example.com/ada",
        "rating": 7,
        "factor": 1.25,
        "small": -128,
        "big": 18_446_744_073_709_551_615_u64,
        "plan": "pro",
        "agree": true
    })
}

fn read(content: &Value) -> Result<Profile, elicit_runtime::rules::ValidationErrors> {
    Profile::from_content(content.as_object().expect("test content is an object"))
}

/// The (field, rule) pairs of the errors for `content`.
fn failures(content: &Value) -> Vec<(String, Rule)> {
    match read(content) {
        Ok(profile) => panic!("accepted invalid content: {profile:?}"),
        Err(errors) => errors
            .iter()
            .map(|e| (e.field().to_owned(), e.rule()))
            .collect(),
    }
}

fn with(field: &str, value: Value) -> Value {
    let mut content = valid();
    content[field] = value;
    content
}

fn without(field: &str) -> Value {
    let mut content = valid();
    content.as_object_mut().unwrap().remove(field);
    content
}

#[test]
fn valid_content_reads_back_exactly() {
    let profile = read(&valid()).unwrap();
    assert_eq!(
        profile,
        Profile {
            nick: "ada".into(),
            email: "ada@example.com".into(),
            birthday: "1815-12-10".into(),
            seen: "2025-06-18T09:30:00Z".into(),
            homepage: Homepage("https://example.com/ada".into()),
            rating: 7,
            factor: 1.25,
            small: -128,
            big: u64::MAX,
            plan: Plan::Pro,
            agree: true,
            note: None,
        }
    );
    let with_note = read(&with("note", json!("hi"))).unwrap();
    assert_eq!(with_note.note.as_deref(), Some("hi"));
}

#[test]
fn each_rule_names_its_field_and_rule() {
    let cases = [
        (without("nick"), "nick", Rule::Required),
        (with("nick", json!(5)), "nick", Rule::Type),
        (with("nick", json!("a")), "nick", Rule::MinLength),
        (with("nick", json!("abcdef")), "nick", Rule::MaxLength),
        (with("email", json!("nobody")), "email", Rule::Format),
        (
            with("birthday", json!("2023-02-29")),
            "birthday",
            Rule::Format,
        ),
        (
            with("seen", json!("2025-06-18 09:30")),
            "seen",
            Rule::Format,
        ),
        (
            with("homepage", json!("example.com")),
            "homepage",
            Rule::Format,
        ),
        (with("rating", json!(0)), "rating", Rule::Minimum),
        (with("rating", json!(11)), "rating", Rule::Maximum),
        (with("rating", json!(7.5)), "rating", Rule::Integer),
        (with("rating", json!("7")), "rating", Rule::Type),
        (with("factor", json!(0.25)), "factor", Rule::Minimum),
        (with("factor", json!(3)), "factor", Rule::Maximum),
        (with("small", json!(-129)), "small", Rule::Minimum),
        (with("small", json!(128)), "small", Rule::Maximum),
        (with("big", json!(-1)), "big", Rule::Minimum),
        (with("big", json!(1e20)), "big", Rule::Integer),
        (with("plan", json!("enterprise")), "plan", Rule::Enum),
        (with("plan", json!("Pro")), "plan", Rule::Enum),
        (with("agree", json!("true")), "agree", Rule::Type),
        (with("agree", json!(1)), "agree", Rule::Type),
        (with("note", json!(null)), "note", Rule::Type),
        (with("note", json!(["a"])), "note", Rule::Type),
    ];
    // A number where an enum's string goes breaks its type and its options.
    assert_eq!(
        failures(&with("plan", json!(1))),
        [
            ("plan".to_owned(), Rule::Type),
            ("plan".to_owned(), Rule::Enum)
        ]
    );
    for (content, field, rule) in cases {
        assert_eq!(
            failures(&content),
            [(field.to_owned(), rule)],
            "content {content}"
        );
    }
}

#[test]
fn every_failing_field_is_reported_at_once() {
    let mut content = valid();
    content["nick"] = json!("x");
    content["email"] = json!(3);
    content["rating"] = json!(100);
    content["plan"] = json!("gold");
    content.as_object_mut().unwrap().remove("agree");
    assert_eq!(
        failures(&content),
        [
            ("nick".to_owned(), Rule::MinLength),
            ("email".to_owned(), Rule::Type),
            ("rating".to_owned(), Rule::Maximum),
            ("plan".to_owned(), Rule::Enum),
            ("agree".to_owned(), Rule::Required),
        ]
    );
}

#[test]
fn one_field_can_break_several_rules() {
    #[derive(Debug, Elicitable)]
    struct Short {
        #[elicit(max_length = 3, format = "email")]
        mail: String,
    }
    let errors =
        Short::from_content(json!({ "mail": "not-an-email" }).as_object().unwrap()).unwrap_err();
    let rules: Vec<Rule> = errors.field("mail").map(|e| e.rule()).collect();
    assert_eq!(rules, [Rule::MaxLength, Rule::Format]);
    let fine = Short::from_content(json!({ "mail": "a@b" }).as_object().unwrap()).unwrap();
    assert_eq!(fine.mail, "a@b");
}

#[test]
fn errors_carry_expected_and_received() {
    let errors = read(&with("rating", json!(11))).unwrap_err();
    let error = errors.iter().next().unwrap();
    assert_eq!(error.field(), "rating");
    assert_eq!(error.expected(), "a number of at most 10");
    assert_eq!(error.received(), &Received::Value("11".into()));
    assert_eq!(
        error.to_string(),
        "`rating` must be at most 10 (received 11)"
    );
    assert!(matches!(
        error.violation(),
        Violation::Maximum { maximum } if maximum.to_string() == "10"
    ));

    let missing = read(&without("email")).unwrap_err();
    let error = missing.iter().next().unwrap();
    assert_eq!(error.received(), &Received::Nothing);
    assert_eq!(error.to_string(), "`email` is required");
}

#[test]
fn integers_accept_whole_floats_and_must_fit_the_rust_type() {
    assert_eq!(read(&with("rating", json!(7.0))).unwrap().rating, 7);
    assert_eq!(read(&with("small", json!(-0.0))).unwrap().small, 0);
    assert_eq!(
        failures(&with("small", json!(1.5))),
        [("small".to_owned(), Rule::Integer)]
    );
    // Beyond 2^53 a float has lost the integer's exact value.
    assert_eq!(
        failures(&with("big", json!(1.8446744073709552e19))),
        [("big".to_owned(), Rule::Integer)]
    );
}

#[test]
fn lengths_count_code_points_not_bytes() {
    // Five code points, twenty bytes.
    assert_eq!(
        read(&with("nick", json!("😀😀😀😀😀")))
            .unwrap()
            .nick
            .chars()
            .count(),
        5
    );
    assert_eq!(
        failures(&with("nick", json!("😀😀😀😀😀😀"))),
        [("nick".to_owned(), Rule::MaxLength)]
    );
    // "é" as e + combining accent is two code points.
    assert!(read(&with("nick", json!("e\u{301}"))).is_ok());
}

#[test]
fn empty_content_is_content() {
    let accepted =
        Elicitation::<Optional>::from_json(&json!({ "action": "accept", "content": {} }));
    assert_eq!(
        accepted,
        Ok(Elicitation::Accept(Optional { nickname: None }))
    );

    let required = Elicitation::<Profile>::from_json(&json!({ "action": "accept", "content": {} }));
    let errors = required.unwrap_err();
    assert_eq!(errors.validation_errors().unwrap().len(), 11);
}

#[test]
fn unknown_fields_are_ignored_unless_denied() {
    assert!(read(&with("extra", json!({ "nested": true }))).is_ok());

    #[derive(Debug, Elicitable)]
    #[elicit(deny_unknown_fields)]
    struct Strict {
        name: String,
    }
    let errors =
        Strict::from_content(json!({ "name": "a", "nmae": "b" }).as_object().unwrap()).unwrap_err();
    let found: Vec<_> = errors.iter().map(|e| (e.field(), e.rule())).collect();
    assert_eq!(found, [("nmae", Rule::Unknown)]);
    const { assert!(Strict::DENY_UNKNOWN_FIELDS) };
    let fine = Strict::from_content(json!({ "name": "a" }).as_object().unwrap()).unwrap();
    assert_eq!(fine.name, "a");
}

#[test]
fn decline_and_cancel_carry_no_content_to_check() {
    let declined = json!({ "action": "decline", "content": { "nick": 5 } });
    assert_eq!(
        Elicitation::<Profile>::from_json(&declined),
        Ok(Elicitation::Decline)
    );
    let cancelled = json!({ "action": "cancel", "content": "whatever" });
    assert_eq!(
        Elicitation::<Profile>::from_json(&cancelled),
        Ok(Elicitation::Cancel)
    );
}

#[test]
fn malformed_results_are_typed_errors() {
    use elicit_runtime::protocol::ResultError;
    let cases = [
        (
            json!([]),
            "the result must be an object, received an array of 0 items",
        ),
        (
            json!({}),
            "missing `action`: expected `accept`, `decline` or `cancel`",
        ),
        (
            json!({ "action": 1 }),
            "`action` must be the string `accept`, `decline` or `cancel`, received 1",
        ),
        (
            json!({ "action": "ACCEPT" }),
            "unknown `action` `ACCEPT`: expected `accept`, `decline` or `cancel`",
        ),
        (
            json!({ "action": "accept", "content": [1] }),
            "`content` must be an object of field values, received an array of 1 item",
        ),
        (
            json!({ "action": "decline", "_meta": 5 }),
            "`_meta` must be an object, received 5",
        ),
    ];
    for (result, reason) in cases {
        match Elicitation::<Profile>::from_json(&result) {
            Err(ElicitError::MalformedResult(got)) => assert_eq!(got.to_string(), reason),
            other => panic!("{result}: {other:?}"),
        }
        // The typed reader says the same.
        let typed =
            serde_json::from_value::<elicit_runtime::protocol::ElicitResult>(result.clone());
        assert_eq!(typed.unwrap_err().to_string(), reason, "{result}");
    }
    let not_json = Elicitation::<Profile>::from_json_str("{\"action\":");
    assert!(matches!(
        not_json,
        Err(ElicitError::MalformedResult(ResultError::NotJson { .. }))
    ));
}

#[test]
fn typed_and_json_readers_agree_on_odd_results() {
    use elicit_runtime::protocol::ElicitResult;
    for result in [
        json!({ "action": "decline", "content": "x" }),
        json!({ "action": "cancel", "content": [1, 2] }),
        json!({ "action": "accept", "content": null }),
        json!({ "action": "decline", "extra": true }),
    ] {
        let typed: ElicitResult = serde_json::from_value(result.clone()).unwrap();
        let via_typed = Elicitation::<Optional>::from_result(&typed);
        let via_json = Elicitation::<Optional>::from_json(&result);
        assert_eq!(via_typed, via_json, "{result}");
        assert!(typed.content.is_none());
    }
}

#[derive(Debug, PartialEq, Elicitable)]
struct Optional {
    nickname: Option<String>,
}

#[test]
fn typed_results_read_the_same_as_json() {
    let result: elicit_runtime::protocol::ElicitResult =
        serde_json::from_value(json!({ "action": "accept", "content": valid() })).unwrap();
    let typed = Elicitation::<Profile>::from_result(&result).unwrap();
    let untyped =
        Elicitation::<Profile>::from_json(&json!({ "action": "accept", "content": valid() }))
            .unwrap();
    assert_eq!(typed, untyped);
}

#[test]
fn f32_fields_reject_values_beyond_f32() {
    #[derive(Debug, Elicitable)]
    struct Narrow {
        x: f32,
    }
    let ok = Narrow::from_content(json!({ "x": 1.5 }).as_object().unwrap()).unwrap();
    assert_eq!(ok.x, 1.5);
    let errors = Narrow::from_content(json!({ "x": 1e300 }).as_object().unwrap()).unwrap_err();
    assert_eq!(errors.iter().next().unwrap().rule(), Rule::Range);
}

#[test]
fn bounds_near_two_to_the_53_compare_exactly() {
    #[derive(Debug, Elicitable)]
    struct Near {
        #[elicit(minimum = 9007199254740993)]
        x: i64,
    }
    let read = |v: Value| Near::from_content(json!({ "x": v }).as_object().unwrap());
    assert_eq!(
        read(json!(9_007_199_254_740_993_i64)).unwrap().x,
        9_007_199_254_740_993
    );
    let below: Vec<Rule> = read(json!(9_007_199_254_740_992_i64))
        .unwrap_err()
        .iter()
        .map(|e| e.rule())
        .collect();
    assert_eq!(below, [Rule::Minimum]);
    // The same number as a float: its exact value is unknown, and it is
    // below the minimum.
    let float: Vec<Rule> = read(json!(9_007_199_254_740_992.0))
        .unwrap_err()
        .iter()
        .map(|e| e.rule())
        .collect();
    assert_eq!(float, [Rule::Integer, Rule::Minimum]);
}

#[test]
fn out_of_range_says_the_range() {
    #[derive(Debug, Elicitable)]
    struct Wide {
        x: i64,
    }
    let errors = Wide::from_content(json!({ "x": u64::MAX }).as_object().unwrap()).unwrap_err();
    assert_eq!(
        errors.to_string(),
        "`x` must be between -9223372036854775808 and 9223372036854775807 (received 18446744073709551615)"
    );
    assert_eq!(
        Wide::from_content(json!({ "x": -5 }).as_object().unwrap())
            .unwrap()
            .x,
        -5
    );
}
