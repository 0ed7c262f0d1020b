//! Number fields: every integer type (its range implied as bounds) and the
//! two float types.

use serde_json::Value;

use super::{ElicitField, read_checked};
use crate::schema::{FieldSpec, PropertySchema};
use crate::validate::{Checked, Violation};

macro_rules! integer_field {
    ($($ty:ident),*) => {$(
        impl ElicitField for $ty {
            const SPEC: FieldSpec = FieldSpec::integer($ty::MIN as i128, $ty::MAX as i128);

            fn read(value: &Value, schema: &PropertySchema) -> Result<$ty, Vec<Violation>> {
                read_checked(value, schema, |checked| match checked {
                    Checked::Num(n) => Some(
                        n.as_integer()
                            .and_then(|i| $ty::try_from(i).ok())
                            .ok_or(Violation::OutOfRange { rust_type: stringify!($ty) }),
                    ),
                    _ => None,
                })
            }
        }
    )*};
}

integer_field!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);

impl ElicitField for f64 {
    const SPEC: FieldSpec = FieldSpec::number();

    fn read(value: &Value, schema: &PropertySchema) -> Result<f64, Vec<Violation>> {
        read_checked(value, schema, |checked| match checked {
            Checked::Num(n) => Some(Ok(n.as_f64())),
            _ => None,
        })
    }
}

impl ElicitField for f32 {
    const SPEC: FieldSpec = FieldSpec::number();

    fn read(value: &Value, schema: &PropertySchema) -> Result<f32, Vec<Violation>> {
        read_checked(value, schema, |checked| match checked {
            Checked::Num(n) => {
                let narrow = n.as_f64() as f32;
                Some(if narrow.is_finite() {
                    Ok(narrow)
                } else {
                    Err(Violation::OutOfRange { rust_type: "f32" })
                })
            }
            _ => None,
        })
    }
}
