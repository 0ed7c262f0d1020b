//! `Option<T>`: the same schema as `T`, left out of `required`.

use serde_json::Value;

use super::ElicitField;
use crate::builders::FieldSpec;
use crate::rules::Violation;
use crate::schema::PropertySchema;

impl<T: ElicitField> ElicitField for Option<T> {
    const SPEC: FieldSpec = T::SPEC;
    const REQUIRED: bool = false;

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read(value: &Value, schema: &PropertySchema) -> Result<Option<T>, Vec<Violation>> {
        T::read(value, schema).map(Some)
    }

    #[inline]
    fn absent() -> Option<Option<T>> {
        Some(None)
    }
}
