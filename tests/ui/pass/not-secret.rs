use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    /// A hint shown on the login page, never the password itself
    #[elicit(not_secret)]
    password_hint: String,
    #[elicit(not_secret, title = "Token budget")]
    token_limit: u32,
    // Ordinary names that merely contain a secret-looking word pass as they are.
    tokenizer_name: String,
    keyboard_layout: String,
    username: String,
}

fn main() {
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "password_hint": {
                    "type": "string",
                    "description": "A hint shown on the login page, never the password itself"
                },
                "token_limit": { "type": "integer", "title": "Token budget", "minimum": 0, "maximum": 4294967295u32 },
                "tokenizer_name": { "type": "string" },
                "keyboard_layout": { "type": "string" },
                "username": { "type": "string" }
            },
            "required": ["password_hint", "token_limit", "tokenizer_name", "keyboard_layout", "username"]
        })
    );
    let content = json!({
        "password_hint": "pet", "token_limit": 1000, "tokenizer_name": "bpe",
        "keyboard_layout": "qwerty", "username": "ada"
    });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(form.token_limit, 1000);
}
