//! `char`: a string of one character (one Unicode scalar value, as lengths
//! count them).
//!
//! ```
//! use elicit_runtime::{Elicitable, Elicitation};
//! use serde_json::json;
//!
//! #[derive(Debug, Elicitable)]
//! struct Initial {
//!     letter: char,
//! }
//!
//! assert_eq!(
//!     Initial::SCHEMA.to_json()["properties"]["letter"],
//!     json!({ "type": "string", "minLength": 1, "maxLength": 1 })
//! );
//! let answer = json!({ "action": "accept", "content": { "letter": "😀" } });
//! let Ok(Elicitation::Accept(initial)) = Elicitation::<Initial>::from_json(&answer) else { panic!() };
//! assert_eq!(initial.letter, '😀');
//! let answer = json!({ "action": "accept", "content": { "letter": "ab" } });
//! let error = Elicitation::<Initial>::from_json(&answer).unwrap_err();
//! assert_eq!(
//!     error.validation_errors().unwrap().to_string(),
//!     "`letter` must have at most 1 character, has 2 (received \"ab\")"
//! );
//! ```

use serde_json::Value;

use super::{ElicitField, FieldValue, read_checked};
use crate::builders::FieldSpec;
use crate::rules::{Checked, Violation};
use crate::schema::PropertySchema;

impl ElicitField for char {
    const SPEC: FieldSpec = FieldSpec::string(Some(1), Some(1), None, None);

    fn read(value: &Value, schema: &PropertySchema) -> Result<char, Vec<Violation>> {
        read_checked(value, schema, |checked| match checked {
            // The lengths hold one character, unless the form's attributes
            // widened them: any other count is refused by the same rule.
            Checked::Str(s) => {
                let mut chars = s.chars();
                Some(match (chars.next(), chars.next()) {
                    (Some(c), None) => Ok(c),
                    (None, _) => Err(Violation::MinLength { min: 1, actual: 0 }),
                    (Some(_), Some(_)) => Err(Violation::MaxLength {
                        max: 1,
                        actual: s.chars().count() as u64,
                    }),
                })
            }
            _ => None,
        })
    }
}

impl FieldValue for char {
    fn to_value(&self) -> Value {
        Value::String(self.to_string())
    }
}
