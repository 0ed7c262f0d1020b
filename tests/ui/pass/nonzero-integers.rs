use std::num::{
    NonZero, NonZeroI8, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI128, NonZeroIsize, NonZeroU8,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU128, NonZeroUsize,
};

use elicit_runtime::Elicitable;
use serde_json::json;

/// Fewer people than one is no party.
#[derive(Debug, PartialEq, Elicitable)]
#[elicit(maximum = 12)]
struct PartySize(NonZeroU8);

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    a: NonZeroU8,
    b: NonZeroU16,
    c: NonZeroU32,
    d: NonZeroU64,
    e: NonZeroU128,
    f: NonZeroUsize,
    g: NonZeroI8,
    h: NonZeroI16,
    i: NonZeroI32,
    j: NonZeroI64,
    k: NonZeroI128,
    l: NonZeroIsize,
    // The generic spelling is the same type.
    m: Option<NonZero<u32>>,
    #[elicit(minimum = 1, default = 5)]
    n: Option<NonZeroI32>,
    party: PartySize,
}

fn main() {
    // An unsigned `NonZero` starts at 1; a signed one has its integer's
    // range, 0 refused when read.
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "a": { "type": "integer", "minimum": 1, "maximum": 255 },
                "b": { "type": "integer", "minimum": 1, "maximum": 65535 },
                "c": { "type": "integer", "minimum": 1, "maximum": 4294967295u32 },
                "d": { "type": "integer", "minimum": 1 },
                "e": { "type": "integer", "minimum": 1 },
                "f": { "type": "integer", "minimum": 1 },
                "g": { "type": "integer", "minimum": -128, "maximum": 127 },
                "h": { "type": "integer", "minimum": -32768, "maximum": 32767 },
                "i": { "type": "integer", "minimum": -2147483648i32, "maximum": 2147483647 },
                "j": { "type": "integer" },
                "k": { "type": "integer" },
                "l": { "type": "integer" },
                "m": { "type": "integer", "minimum": 1, "maximum": 4294967295u32 },
                "n": { "type": "integer", "minimum": 1, "maximum": 2147483647, "default": 5 },
                "party": {
                    "type": "integer",
                    "description": "Fewer people than one is no party.",
                    "minimum": 1,
                    "maximum": 12
                }
            },
            "required": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "party"]
        })
    );
    let content = json!({
        "a": 255, "b": 1, "c": 7, "d": u64::MAX, "e": 1, "f": 2,
        "g": -128, "h": -1, "i": 5, "j": i64::MIN, "k": -9, "l": 30.0,
        "party": 12
    });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    let nz = |n: i64| NonZeroI64::new(n).unwrap();
    assert_eq!(form.a.get(), 255);
    assert_eq!(form.d.get(), u64::MAX);
    assert_eq!(form.g.get(), -128);
    assert_eq!(form.j, nz(i64::MIN));
    assert_eq!(form.l.get(), 30);
    assert_eq!(form.m, None);
    // Absent, `n` reads as its default.
    assert_eq!(form.n, NonZeroI32::new(5));
    assert_eq!(form.party, PartySize(NonZeroU8::new(12).unwrap()));

    // Zero: below `minimum` for an unsigned type, refused by the reader
    // for a signed one; every failing field at once.
    let content = json!({
        "a": 0, "b": 1, "c": 1, "d": 1, "e": 1, "f": 1,
        "g": 0, "h": 1, "i": 1, "j": -0.0, "k": 1, "l": 1, "m": 0, "n": 0,
        "party": 13
    });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(
        failed,
        [
            ("a", "minimum"),
            ("g", "fit"),
            ("j", "fit"),
            ("m", "minimum"),
            ("n", "minimum"),
            ("party", "maximum")
        ]
    );
    assert_eq!(
        errors.iter().nth(1).unwrap().to_string(),
        "`g` must not be 0, which `NonZeroI8` cannot hold: send another number (received 0)"
    );
}
