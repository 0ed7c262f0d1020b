use elicit_runtime::{Elicitable, Elicitation};
use secrecy::{ExposeSecret, SecretString};
use serde_json::json;

/// Sign in
#[derive(Debug, Elicitable)]
struct SignIn {
    email: String,
    #[elicit(secret, min_length = 8)]
    password: SecretString,
    #[elicit(secret)]
    otp: Option<SecretString>,
}

fn main() {
    assert_eq!(
        SignIn::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "email": { "type": "string" },
                "password": { "type": "string", "minLength": 8 },
                "otp": { "type": "string" }
            },
            "required": ["email", "password"]
        })
    );
    let secret: Vec<bool> = SignIn::SCHEMA.properties.iter().map(|p| p.secret).collect();
    assert_eq!(secret, [false, true, true]);

    let mut content = json!({ "email": "ada@example.com", "password": "correct horse", "otp": "123456" })
        .as_object()
        .unwrap()
        .clone();
    let sign_in = SignIn::from_content_wiping(&mut content).unwrap();
    assert_eq!(sign_in.password.expose_secret(), "correct horse");
    assert_eq!(sign_in.otp.as_ref().map(|otp| otp.expose_secret()), Some("123456"));
    assert_eq!(content, *json!({ "email": "ada@example.com" }).as_object().unwrap());
    let shown = format!("{sign_in:?}");
    assert!(!shown.contains("horse") && !shown.contains("123456"), "{shown}");

    let answer = json!({ "action": "accept", "content": { "email": "ada@example.com", "password": "short" } });
    let error = Elicitation::<SignIn>::from_json(&answer).unwrap_err();
    assert!(!format!("{error} {error:?}").contains("short"));
}
