//! Number fields: every integer type (its range implied as bounds) and the
//! two float types.

use serde_json::Value;

use super::{ElicitField, read_checked};
use crate::builders::FieldSpec;
use crate::rules::{Checked, Violation};
use crate::schema::{Num, PropertySchema};

macro_rules! integer_field {
    ($($ty:ident),*) => {$(
        impl ElicitField for $ty {
            const SPEC: FieldSpec = FieldSpec::integer($ty::MIN as i128, highest($ty::MAX as u128));

            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn read(value: &Value, schema: &PropertySchema) -> Result<$ty, Vec<Violation>> {
                read_integer(value, schema, $ty::MIN as i128, highest($ty::MAX as u128))
            }
        }
    )*};
}

/// Reads an integer of type `T`, whose range is `lowest..=highest` as the
/// field's messages name it.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn read_integer<T: TryFrom<i128>>(
    value: &Value,
    schema: &PropertySchema,
    lowest: i128,
    highest: i128,
) -> Result<T, Vec<Violation>> {
    read_checked(value, schema, |checked| match checked {
        // A `match`, not `ok_or`: the error, built eagerly, would be
        // dropped on every read that passes.
        Checked::Num(n) => Some(match n.as_integer().and_then(|i| T::try_from(i).ok()) {
            Some(value) => Ok(value),
            None => Err(Violation::OutOfRange {
                min: Num::Int(lowest),
                max: Num::Int(highest),
            }),
        }),
        _ => None,
    })
}

/// The largest value of an integer type as `i128`, capped for `u128`.
pub(super) const fn highest(max: u128) -> i128 {
    if max > i128::MAX as u128 {
        i128::MAX
    } else {
        max as i128
    }
}

integer_field!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);

impl ElicitField for f64 {
    const SPEC: FieldSpec = FieldSpec::float(f64::MAX);

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read(value: &Value, schema: &PropertySchema) -> Result<f64, Vec<Violation>> {
        read_checked(value, schema, |checked| match checked {
            Checked::Num(n) => Some(Ok(n.as_f64())),
            _ => None,
        })
    }
}

impl ElicitField for f32 {
    const SPEC: FieldSpec = FieldSpec::float(f32::MAX as f64);

    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn read(value: &Value, schema: &PropertySchema) -> Result<f32, Vec<Violation>> {
        read_checked(value, schema, |checked| match checked {
            Checked::Num(n) => {
                let narrow = n.as_f64() as f32;
                Some(if narrow.is_finite() {
                    Ok(narrow)
                } else {
                    Err(Violation::OutOfRange {
                        min: Num::Float(f32::MIN as f64),
                        max: Num::Float(f32::MAX as f64),
                    })
                })
            }
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::builders::KindSpec;
    use crate::field::ElicitField;
    use crate::schema::Num;

    fn bounds<T: ElicitField>() -> (Option<Num>, Option<Num>) {
        match T::SPEC.kind {
            KindSpec::Number {
                minimum, maximum, ..
            } => (minimum, maximum),
            _ => unreachable!("an integer type has a number spec"),
        }
    }

    #[test]
    fn implied_bounds_are_the_type_range_within_safe_integers() {
        assert_eq!(bounds::<u8>(), (Some(Num::Int(0)), Some(Num::Int(255))));
        assert_eq!(
            bounds::<i16>(),
            (Some(Num::Int(-32768)), Some(Num::Int(32767)))
        );
        assert_eq!(
            bounds::<u32>(),
            (Some(Num::Int(0)), Some(Num::Int(4_294_967_295)))
        );
        assert_eq!(bounds::<i64>(), (None, None));
        assert_eq!(bounds::<u64>(), (Some(Num::Int(0)), None));
        assert_eq!(bounds::<u128>(), (Some(Num::Int(0)), None));
        assert_eq!(bounds::<i128>(), (None, None));
    }

    #[test]
    fn values_must_fit_the_type() {
        let schema = <u128 as ElicitField>::SPEC.into_schema();
        assert_eq!(
            u128::read(&serde_json::json!(u64::MAX), &schema),
            Ok(u128::from(u64::MAX))
        );
        assert!(u128::read(&serde_json::json!(-1), &schema).is_err());
        let schema = <i64 as ElicitField>::SPEC.into_schema();
        assert_eq!(
            i64::read(&serde_json::json!(i64::MIN), &schema),
            Ok(i64::MIN)
        );
        assert!(i64::read(&serde_json::json!(u64::MAX), &schema).is_err());
    }
}
