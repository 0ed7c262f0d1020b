//! `uuid::Uuid` (feature `uuid`): a string of 36 characters, checked as a
//! UUID in its hyphenated form (`67e55044-10b1-426f-9247-bb680e5fe0c8`,
//! hexadecimal digits in either case) when read. The other forms `uuid`
//! parses (32 digits, braced, `urn:uuid:`) have other lengths, which the
//! schema's `minLength` and `maxLength` of 36 refuse; a `default` is
//! checked as a UUID at compile time.
//!
//! ```
//! use elicit_runtime::{Elicitable, Elicitation};
//! use serde_json::json;
//! use uuid::Uuid;
//!
//! #[derive(Debug, Elicitable)]
//! struct Order {
//!     id: Uuid,
//! }
//!
//! assert_eq!(
//!     Order::SCHEMA.to_json()["properties"]["id"],
//!     json!({ "type": "string", "minLength": 36, "maxLength": 36 })
//! );
//! let answer = json!({ "action": "accept", "content": { "id": "67E55044-10B1-426F-9247-BB680E5FE0C8" } });
//! let Ok(Elicitation::Accept(order)) = Elicitation::<Order>::from_json(&answer) else { panic!() };
//! assert_eq!(order.id.to_string(), "67e55044-10b1-426f-9247-bb680e5fe0c8");
//! ```

use ::uuid::Uuid;
use serde_json::Value;

use super::text::read_fitted;
use super::{ElicitField, FieldValue};
use crate::builders::FieldSpec;
use crate::rules::Violation;
use crate::rules::fit::Fit;
use crate::schema::PropertySchema;

impl ElicitField for Uuid {
    const SPEC: FieldSpec = FieldSpec::string(Some(36), Some(36), None, Some(Fit::Uuid));

    fn read(value: &Value, schema: &PropertySchema) -> Result<Uuid, Vec<Violation>> {
        read_fitted(value, schema, "uuid::Uuid", Fit::Uuid, |s| {
            Uuid::try_parse(s).ok()
        })
    }
}

impl FieldValue for Uuid {
    fn to_value(&self) -> Value {
        Value::String(self.hyphenated().to_string())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::field::read_own;
    use crate::rules::{Rule, Unfit};

    fn read(text: &str) -> Result<Uuid, Vec<Violation>> {
        read_own(text)
    }

    #[test]
    fn only_the_hyphenated_form_is_read() {
        let id = read("67e55044-10b1-426f-9247-bb680e5fe0c8").unwrap();
        assert_eq!(id.to_value(), json!("67e55044-10b1-426f-9247-bb680e5fe0c8"));
        for other in [
            "67e5504410b1426f9247bb680e5fe0c8",
            "{67e55044-10b1-426f-9247-bb680e5fe0c8}",
            "urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8",
        ] {
            assert!(
                matches!(
                    read(other).unwrap_err()[0].rule(),
                    Rule::MinLength | Rule::MaxLength
                ),
                "{other}"
            );
        }
        let error = read("67e55044-10b1-426f-9247-bb680e5fe0cg").unwrap_err();
        assert_eq!(
            error,
            [Violation::Unfit {
                ty: "uuid::Uuid",
                reason: Unfit::Syntax(Fit::Uuid),
            }]
        );
        assert_eq!(
            error[0].to_string(),
            "is not a UUID such as `67e55044-10b1-426f-9247-bb680e5fe0c8`, which `uuid::Uuid` \
             needs: send 32 hexadecimal digits in groups of 8, 4, 4, 4 and 12, joined by `-`"
        );
    }
}
