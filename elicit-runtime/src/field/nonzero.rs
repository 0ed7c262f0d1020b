//! `NonZero` integers: the integer's range without 0.
//!
//! An unsigned `NonZero` type starts at 1, so its schema says
//! `minimum: 1` and 0 breaks that bound. A signed one holds every integer
//! of its range but 0, which a `requestedSchema` cannot say (it has no
//! `not`): its schema is the integer's range, 0 is refused when the field
//! is read ([`Unfit::Zero`]), and a bound or default of 0 is a compile
//! error, so that `minimum = 1` says what `minimum = 0` would have meant.
//!
//! ```
//! use std::num::{NonZeroI8, NonZeroU8};
//!
//! use elicit_runtime::rules::Rule;
//! use elicit_runtime::{Elicitable, Elicitation};
//! use serde_json::json;
//!
//! #[derive(Debug, Elicitable)]
//! struct Step {
//!     size: NonZeroU8,
//!     offset: NonZeroI8,
//! }
//!
//! assert_eq!(
//!     Step::SCHEMA.to_json()["properties"],
//!     json!({
//!         "size": { "type": "integer", "minimum": 1, "maximum": 255 },
//!         "offset": { "type": "integer", "minimum": -128, "maximum": 127 }
//!     })
//! );
//! let answer = json!({ "action": "accept", "content": { "size": 2, "offset": -3 } });
//! let Ok(Elicitation::Accept(step)) = Elicitation::<Step>::from_json(&answer) else { panic!() };
//! assert_eq!((step.size.get(), step.offset.get()), (2, -3));
//!
//! let answer = json!({ "action": "accept", "content": { "size": 0, "offset": 0 } });
//! let error = Elicitation::<Step>::from_json(&answer).unwrap_err();
//! let errors = error.validation_errors().unwrap();
//! let rules: Vec<Rule> = errors.iter().map(|e| e.rule()).collect();
//! assert_eq!(rules, [Rule::Minimum, Rule::Fit]);
//! assert_eq!(
//!     errors.to_string(),
//!     "`size` must be at least 1 (received 0)\n\
//!      `offset` must not be 0, which `NonZeroI8` cannot hold: send another number (received 0)",
//! );
//! ```

use std::num::NonZero;

use serde_json::Value;

use super::number::{highest, read_integer};
use super::{ElicitField, FieldValue};
use crate::builders::FieldSpec;
use crate::rules::{Unfit, Violation};
use crate::schema::PropertySchema;

macro_rules! nonzero_field {
    ($($ty:ident as $name:literal),*) => {$(
        impl ElicitField for NonZero<$ty> {
            const SPEC: FieldSpec =
                FieldSpec::nonzero(lowest($ty::MIN as i128), highest($ty::MAX as u128));

            fn read(value: &Value, schema: &PropertySchema) -> Result<NonZero<$ty>, Vec<Violation>> {
                let n: $ty = read_integer(
                    value,
                    schema,
                    lowest($ty::MIN as i128),
                    highest($ty::MAX as u128),
                )?;
                NonZero::new(n).ok_or_else(|| {
                    vec![Violation::Unfit { ty: $name, reason: Unfit::Zero }]
                })
            }
        }

        impl FieldValue for NonZero<$ty> {
            /// The number; one beyond `i64` and `u64` as the nearest float,
            /// which the validator refuses as inexact.
            fn to_value(&self) -> Value {
                let n = self.get();
                i64::try_from(n)
                    .map(Value::from)
                    .or_else(|_| u64::try_from(n).map(Value::from))
                    .unwrap_or_else(|_| Value::from(n as f64))
            }
        }
    )*};
}

/// The smallest value of a `NonZero` type over an integer type whose
/// smallest is `min`: 1 for an unsigned type.
const fn lowest(min: i128) -> i128 {
    if min == 0 { 1 } else { min }
}

nonzero_field!(
    u8 as "NonZeroU8",
    u16 as "NonZeroU16",
    u32 as "NonZeroU32",
    u64 as "NonZeroU64",
    u128 as "NonZeroU128",
    usize as "NonZeroUsize",
    i8 as "NonZeroI8",
    i16 as "NonZeroI16",
    i32 as "NonZeroI32",
    i64 as "NonZeroI64",
    i128 as "NonZeroI128",
    isize as "NonZeroIsize"
);

#[cfg(test)]
mod tests {
    use std::num::{NonZeroI64, NonZeroU64, NonZeroU128};

    use serde_json::json;

    use super::*;
    use crate::field::read_own as read;
    use crate::rules::Rule;
    use crate::schema::Num;

    #[test]
    fn zero_is_refused_by_the_bound_or_the_reader() {
        let unsigned = read::<NonZeroU64>(json!(0)).unwrap_err();
        assert_eq!(
            unsigned,
            [Violation::Minimum {
                minimum: Num::Int(1)
            }]
        );
        let signed = read::<NonZeroI64>(json!(0)).unwrap_err();
        assert_eq!(signed[0].rule(), Rule::Fit);
        assert_eq!(
            signed[0].to_string(),
            "must not be 0, which `NonZeroI64` cannot hold: send another number"
        );
        assert_eq!(signed[0].expected(), "a number other than 0");
        // `-0.0` is zero too.
        assert!(read::<NonZeroI64>(json!(-0.0)).is_err());
    }

    #[test]
    fn values_in_range_read_and_write_back() {
        let n = read::<NonZeroI64>(json!(i64::MIN)).unwrap();
        assert_eq!(n.get(), i64::MIN);
        assert_eq!(n.to_value(), json!(i64::MIN));
        let n = read::<NonZeroU128>(json!(u64::MAX)).unwrap();
        assert_eq!(n.get(), u128::from(u64::MAX));
        assert_eq!(
            read::<NonZeroU64>(json!(-1)).unwrap_err(),
            [Violation::Minimum {
                minimum: Num::Int(1)
            }]
        );
        assert_eq!(
            read::<NonZeroI64>(json!(u64::MAX)).unwrap_err(),
            [Violation::OutOfRange {
                min: Num::Int(i128::from(i64::MIN)),
                max: Num::Int(i128::from(i64::MAX)),
            }]
        );
    }
}
