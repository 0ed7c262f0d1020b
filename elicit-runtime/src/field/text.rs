//! String fields: `String` and the cheap owned string types.

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use serde_json::Value;

use super::{ElicitField, read_checked};
use crate::schema::PropertySchema;
use crate::schema::spec::FieldSpec;
use crate::validate::{Checked, Violation};

macro_rules! string_field {
    ($($ty:ty),*) => {$(
        impl ElicitField for $ty {
            const SPEC: FieldSpec = FieldSpec::STRING;

            fn read(value: &Value, schema: &PropertySchema) -> Result<Self, Vec<Violation>> {
                read_checked(value, schema, |checked| match checked {
                    Checked::Str(s) => Some(Ok(<$ty>::from(s.to_owned()))),
                    _ => None,
                })
            }
        }
    )*};
}

string_field!(String, Box<str>, Cow<'static, str>, Rc<str>, Arc<str>);
