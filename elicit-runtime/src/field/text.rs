//! String fields: `String` and the cheap owned string types, and the
//! reading of types parsed from text (`char`, IP addresses, UUIDs).

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use serde_json::Value;

use super::{ElicitField, read_checked};
use crate::builders::FieldSpec;
use crate::rules::fit::Fit;
use crate::rules::{Checked, Unfit, Violation};
use crate::schema::PropertySchema;

macro_rules! string_field {
    ($($ty:ty),*) => {$(
        impl ElicitField for $ty {
            const SPEC: FieldSpec = FieldSpec::STRING;

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
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

/// Reads a string field whose type `ty` holds the text `fit` describes:
/// the schema's checks, then `fit`'s (the same the derive runs on a
/// `default` at compile time), then `parse`, which then should not fail;
/// if it does, the value is reported as one `ty` cannot hold.
pub(super) fn read_fitted<T>(
    value: &Value,
    schema: &PropertySchema,
    ty: &'static str,
    fit: Fit,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Result<T, Vec<Violation>> {
    read_checked(value, schema, |checked| match checked {
        Checked::Str(s) => Some(match fit.problem(s) {
            Some(problem) => Err(Violation::Unfit {
                ty,
                reason: problem.unfit(fit),
            }),
            None => parse(s).ok_or(Violation::Unfit {
                ty,
                reason: Unfit::Unrepresentable,
            }),
        }),
        _ => None,
    })
}
