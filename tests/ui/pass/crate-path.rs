//! `crate = "..."` points the generated code at a re-export, for crates that
//! do not depend on `elicit_runtime` under its own name.

mod reexport {
    pub use elicit_runtime as elicit;
}

// No `elicit_runtime` in scope under any name but the re-export.
mod user {
    use crate::reexport::elicit::Elicitable;

    #[derive(Debug, PartialEq, Elicitable)]
    #[elicit(crate = "crate::reexport::elicit")]
    pub enum Size {
        Small,
        Large,
    }

    #[derive(Debug, PartialEq, Elicitable)]
    #[elicit(crate = "crate::reexport::elicit", format = "email")]
    pub struct Email(pub String);

    #[derive(Debug, PartialEq, Elicitable)]
    #[elicit(crate = "crate::reexport::elicit")]
    pub struct Form {
        pub size: Size,
        pub email: Email,
    }
}

use reexport::elicit::Elicitable;
use serde_json::json;

fn main() {
    assert_eq!(
        user::Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "size": { "type": "string", "enum": ["Small", "Large"] },
                "email": { "type": "string", "format": "email" }
            },
            "required": ["size", "email"]
        })
    );
    let content = json!({ "size": "Large", "email": "a@example.com" });
    let form = user::Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        user::Form {
            size: user::Size::Large,
            email: user::Email("a@example.com".to_owned())
        }
    );
}
