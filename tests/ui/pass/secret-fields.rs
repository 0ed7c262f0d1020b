use elicit_runtime::{Elicitable, Elicitation, FormMode, Secret};
use serde_json::json;

/// A key, whose type keeps it secret
#[derive(Elicitable)]
#[elicit(min_length = 20)]
struct ApiKey(Secret);

/// Connect your account
#[derive(Debug, Elicitable)]
struct Connect {
    account: String,
    #[elicit(secret, min_length = 8, title = "Password")]
    password: Secret,
    /// Only if your account has one
    #[elicit(secret)]
    otp: Option<Secret>,
    #[elicit(secret)]
    key: ApiKey,
}

impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("ApiKey").field(&self.0).finish()
    }
}

/// A form without secrets may be asked in form mode.
#[derive(Elicitable)]
struct Profile {
    name: String,
}

fn form_mode<T: FormMode>() {}

fn main() {
    form_mode::<Profile>();
    let secret: Vec<bool> = Connect::SCHEMA.properties.iter().map(|p| p.secret).collect();
    assert_eq!(secret, [false, true, true, true]);
    assert!(!Profile::SCHEMA.properties[0].secret);
    // Each secret is a string property with its constraints.
    assert_eq!(
        Connect::SCHEMA.to_json()["properties"],
        json!({
            "account": { "type": "string" },
            "password": { "type": "string", "title": "Password", "minLength": 8 },
            "otp": { "type": "string", "description": "Only if your account has one" },
            "key": { "type": "string", "description": "A key, whose type keeps it secret", "minLength": 20 }
        })
    );

    let answer = json!({
        "action": "accept",
        "content": { "account": "ada", "password": "correct horse", "key": "k".repeat(20) }
    });
    let Ok(Elicitation::Accept(connect)) = Elicitation::<Connect>::from_json(&answer) else {
        panic!("not read")
    };
    assert_eq!(connect.password.expose(), "correct horse");
    assert!(connect.otp.is_none());
    assert_eq!(connect.key.0.expose(), "k".repeat(20));
    let shown = format!("{connect:?}");
    assert!(!shown.contains("horse") && !shown.contains("kkkk"), "{shown}");
}
