//! Secret fields: [`Secret`], and `secrecy::SecretString` with the
//! `secrecy` feature. Each is a string whose spec is marked secret, so a
//! form with one is asked only as a web form; the text checked against the
//! schema is copied once, into the secret's own buffer.

use serde_json::Value;

use super::{ElicitField, read_checked};
use crate::builders::FieldSpec;
use crate::rules::{Checked, Violation};
use crate::schema::PropertySchema;
use crate::secret::{Secret, exact_box};

/// Reads the text of a secret field into a box of exactly its length,
/// which `wrap` turns into the secret without another copy.
pub(super) fn read_secret<T>(
    value: &Value,
    schema: &PropertySchema,
    wrap: impl FnOnce(Box<str>) -> T,
) -> Result<T, Vec<Violation>> {
    read_checked(value, schema, |checked| match checked {
        Checked::Str(s) => Some(Ok(wrap(exact_box(s.to_owned())))),
        _ => None,
    })
}

impl ElicitField for Secret {
    const SPEC: FieldSpec = FieldSpec::SECRET;

    fn read(value: &Value, schema: &PropertySchema) -> Result<Secret, Vec<Violation>> {
        read_secret(value, schema, |text| Secret::from(String::from(text)))
    }
}

#[cfg(feature = "secrecy")]
impl ElicitField for secrecy::SecretString {
    const SPEC: FieldSpec = FieldSpec::SECRET;

    fn read(
        value: &Value,
        schema: &PropertySchema,
    ) -> Result<secrecy::SecretString, Vec<Violation>> {
        read_secret(value, schema, secrecy::SecretString::from)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::field::read_own;

    #[test]
    fn reads_a_string_and_refuses_the_rest() {
        let secret: Secret = read_own(json!("hunter2")).unwrap();
        assert_eq!(secret.expose(), "hunter2");
        assert!(read_own::<Secret>(json!(7)).is_err());
        const {
            assert!(<Secret as ElicitField>::SPEC.secret);
            assert!(<Option<Secret> as ElicitField>::SPEC.secret);
            assert!(!<String as ElicitField>::SPEC.secret);
        }
    }

    #[cfg(feature = "secrecy")]
    #[test]
    fn reads_a_secret_string() {
        use secrecy::ExposeSecret;

        let secret: secrecy::SecretString = read_own(json!("hunter2")).unwrap();
        assert_eq!(secret.expose_secret(), "hunter2");
        assert!(!format!("{secret:?}").contains("hunter2"));
    }
}
