//! Secret fields (`#[elicit(secret)]`): their value is in no `Debug`, no
//! error and no prefilled form, and reading a form wipes it from the content
//! it came from, so the only copy left is the form's own `Secret`, which
//! zeroes it when dropped.

use elicit_runtime::fallback::{InputSchemaError, input_schema_for};
use elicit_runtime::protocol::{
    ElicitationCapability, Elicitor, FormRequest, RequestError, Revision,
};
use elicit_runtime::rules::{self, Received, Rule, ValidationErrors};
use elicit_runtime::{Elicitable, Elicitation, FormMode, Secret};
use serde_json::{Map, Value, json};

/// Whose type keeps it secret
#[derive(Elicitable)]
#[elicit(min_length = 20)]
struct ApiKey(Secret);

impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("ApiKey").field(&self.0).finish()
    }
}

/// Connect your account
#[derive(Debug, Elicitable)]
struct Connect {
    account: String,
    #[elicit(secret, min_length = 8)]
    password: Secret,
    #[elicit(secret)]
    otp: Option<Secret>,
    #[elicit(secret)]
    key: Option<ApiKey>,
}

const PASSWORD: &str = "correct horse battery";
const KEY: &str = "sk-live-0123456789abcdef";

fn content(value: Value) -> Map<String, Value> {
    value.as_object().expect("an object").clone()
}

/// Every string inside `value`, keys and values.
fn texts(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| texts(v, out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| {
            out.push(k.clone());
            texts(v, out);
        }),
        _ => {}
    }
}

/// Whether `secret` can be found in `content`, whole or in part.
fn holds(content: &Map<String, Value>, secret: &str) -> bool {
    let mut all = Vec::new();
    texts(&Value::Object(content.clone()), &mut all);
    all.iter().any(|text| text.contains(&secret[..6]))
}

#[test]
fn every_secret_property_knows_it_is_one() {
    let schema = Connect::SCHEMA;
    let secret: Vec<(&str, bool)> = schema
        .properties
        .iter()
        .map(|p| (p.name.as_ref(), p.secret))
        .collect();
    assert_eq!(
        secret,
        [
            ("account", false),
            ("password", true),
            ("otp", true),
            ("key", true)
        ]
    );
}

#[test]
fn debug_never_writes_a_secret() {
    let mut answer = content(json!({ "account": "ada", "password": PASSWORD, "key": KEY }));
    let connect = Connect::from_content_wiping(&mut answer).expect("valid");
    assert_eq!(connect.account, "ada");
    assert_eq!(connect.password.expose(), PASSWORD);
    assert!(connect.otp.is_none());
    assert_eq!(connect.key.as_ref().map(|k| k.0.expose()), Some(KEY));
    let shown = format!("{connect:?} {connect:#?}");
    assert!(!shown.contains(&PASSWORD[..6]), "{shown}");
    assert!(!shown.contains(&KEY[..6]), "{shown}");
    assert!(shown.contains("ada"), "the rest is shown: {shown}");
}

#[test]
fn reading_wipes_every_secret_from_the_content() {
    let mut answer = content(json!({ "account": "ada", "password": PASSWORD, "key": KEY }));
    assert!(holds(&answer, PASSWORD));
    let connect = Connect::from_content_wiping(&mut answer).expect("valid");
    assert!(
        !holds(&answer, PASSWORD) && !holds(&answer, KEY),
        "{answer:?}"
    );
    // What is not secret stays, to show again.
    assert_eq!(answer, content(json!({ "account": "ada" })));
    drop(connect);
}

#[test]
fn a_failed_read_wipes_too_and_names_no_secret() {
    let mut answer = content(json!({ "account": 7, "password": "short", "key": "sk-live-x" }));
    let errors = Connect::from_content_wiping(&mut answer).expect_err("invalid");
    assert!(!holds(&answer, "short!") && !holds(&answer, "sk-live-x"));
    assert!(answer.get("password").is_none() && answer.get("key").is_none());
    // The error says what is wrong with the secret, not what it was.
    let password = errors.field("password").next().expect("an error");
    assert_eq!(password.rule(), Rule::MinLength);
    assert_eq!(password.received(), &Received::Hidden);
    let key = errors.field("key").next().expect("an error");
    assert_eq!(key.received(), &Received::Hidden);
    let shown = format!("{errors} {errors:?}");
    assert!(
        !shown.contains("short") && !shown.contains("sk-live"),
        "{shown}"
    );
    // What is not secret is still quoted, for the user to see.
    let account = errors.field("account").next().expect("an error");
    assert_eq!(account.received(), &Received::Value("7".into()));
}

#[test]
fn hostile_values_in_a_secret_slot_are_refused_hidden_and_wiped() {
    for hostile in [
        json!(["hunter2hunter2"]),
        json!({ "nested": "hunter2hunter2" }),
        json!(12345678),
        json!(true),
        json!(null),
    ] {
        let mut answer = content(json!({ "account": "ada", "password": hostile }));
        let errors = Connect::from_content_wiping(&mut answer).expect_err("invalid");
        let error = errors.field("password").next().expect("an error");
        assert_eq!(error.received(), &Received::Hidden);
        assert!(!format!("{errors:?}").contains("hunter2"));
        assert!(!format!("{errors:?}").contains("12345678"));
        assert_eq!(answer, content(json!({ "account": "ada" })));
    }
}

#[test]
fn the_content_validator_hides_a_secret_too() {
    let answer = content(json!({ "account": "ada", "password": "short" }));
    let errors: ValidationErrors =
        rules::content(&Connect::SCHEMA, &answer, false).expect_err("invalid");
    let error = errors.field("password").next().expect("an error");
    assert_eq!(error.received(), &Received::Hidden);
}

#[test]
fn an_answer_read_as_an_elicitation_hides_a_secret() {
    let answer =
        json!({ "action": "accept", "content": { "account": "ada", "password": "short" } });
    let error = Elicitation::<Connect>::from_json(&answer).expect_err("invalid");
    assert!(!format!("{error} {error:?}").contains("short"));
}

#[test]
fn a_form_asked_again_never_offers_a_secret_back() {
    let answer = content(json!({ "account": 7, "password": PASSWORD, "key": KEY }));
    let errors = Connect::from_content(&answer).expect_err("invalid");
    let again = Connect::SCHEMA.prefilled(&answer, &errors);
    for property in again.properties.iter().filter(|p| p.secret) {
        assert_eq!(property.schema.default_value(), None, "{}", property.name);
    }
    let text = again.to_json().to_string();
    assert!(
        !text.contains(&PASSWORD[..6]) && !text.contains(&KEY[..6]),
        "{text}"
    );
}

/// A form without secrets.
#[derive(Elicitable)]
struct Profile {
    #[expect(dead_code, reason = "read only through the form")]
    name: String,
}

fn form_mode<T: FormMode>() -> bool {
    !T::SCHEMA.properties.iter().any(|p| p.secret)
}

#[test]
fn a_form_without_secrets_may_be_asked_in_form_mode() {
    // A form with a secret does not implement `FormMode`: the compile-fail
    // cases in `tests/ui/fail/secrets/` hold that.
    assert!(form_mode::<Profile>());
}

#[test]
fn a_secret_schema_sent_by_hand_is_refused_at_run_time() {
    // Through its type the form would not compile; its schema, built into
    // a request by hand, is refused before it is sent.
    let elicitor = Elicitor::new(Revision::LATEST, ElicitationCapability::legacy());
    let refused = elicitor
        .check(FormRequest::new("Connect", Connect::SCHEMA))
        .expect_err("refused");
    assert_eq!(
        refused,
        RequestError::SecretInFormMode {
            field: "password".into()
        }
    );
    assert!(refused.to_string().contains("`web_form`"), "{refused}");
    assert!(
        elicitor
            .check(FormRequest::new("Profile", Profile::SCHEMA))
            .is_ok()
    );
}

#[test]
fn a_secret_schema_given_to_the_fallback_by_hand_is_refused() {
    let base = json!({ "type": "object" });
    let base = base.as_object().expect("an object");
    let refused = input_schema_for(base, &Connect::SCHEMA).expect_err("refused");
    assert_eq!(
        refused,
        InputSchemaError::Secret {
            field: "password".into()
        }
    );
    assert!(refused.to_string().contains("`web_form`"), "{refused}");
    assert!(input_schema_for(base, &Profile::SCHEMA).is_ok());
}
