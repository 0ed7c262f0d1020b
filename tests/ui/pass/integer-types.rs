use elicit_runtime::Elicitable;
use serde_json::json;

#[derive(Debug, PartialEq, Elicitable)]
struct Form {
    a: u8,
    b: u16,
    c: u32,
    d: u64,
    e: u128,
    f: usize,
    g: i8,
    h: i16,
    i: i32,
    j: i64,
    k: i128,
    l: isize,
}

fn main() {
    // Each type's range is implied as bounds where it is narrower than the
    // integers JSON numbers hold exactly (2^53 - 1).
    assert_eq!(
        Form::SCHEMA.to_json(),
        json!({
            "type": "object",
            "properties": {
                "a": { "type": "integer", "minimum": 0, "maximum": 255 },
                "b": { "type": "integer", "minimum": 0, "maximum": 65535 },
                "c": { "type": "integer", "minimum": 0, "maximum": 4294967295u32 },
                "d": { "type": "integer", "minimum": 0 },
                "e": { "type": "integer", "minimum": 0 },
                "f": { "type": "integer", "minimum": 0 },
                "g": { "type": "integer", "minimum": -128, "maximum": 127 },
                "h": { "type": "integer", "minimum": -32768, "maximum": 32767 },
                "i": { "type": "integer", "minimum": -2147483648i32, "maximum": 2147483647 },
                "j": { "type": "integer" },
                "k": { "type": "integer" },
                "l": { "type": "integer" }
            },
            "required": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]
        })
    );
    let content = json!({
        "a": 255, "b": 65535, "c": 4294967295u32, "d": u64::MAX, "e": 7, "f": 8,
        "g": -128, "h": -32768, "i": -2147483648i32, "j": i64::MIN, "k": -9, "l": 30.0
    });
    let form = Form::from_content(content.as_object().unwrap()).unwrap();
    assert_eq!(
        form,
        Form {
            a: 255,
            b: 65535,
            c: u32::MAX,
            d: u64::MAX,
            e: 7,
            f: 8,
            g: -128,
            h: -32768,
            i: i32::MIN,
            j: i64::MIN,
            k: -9,
            l: 30,
        }
    );

    // Out of the type's range, fractional, or not a number at all: every
    // failing field is reported at once.
    let content = json!({
        "a": 256, "b": -1, "c": 1, "d": 1, "e": 1, "f": 1,
        "g": 1, "h": 1, "i": 2.5, "j": "5", "k": 1, "l": 1
    });
    let errors = Form::from_content(content.as_object().unwrap()).unwrap_err();
    let failed: Vec<_> = errors
        .iter()
        .map(|e| (e.field(), e.rule().as_str()))
        .collect();
    assert_eq!(
        failed,
        [
            ("a", "maximum"),
            ("b", "minimum"),
            ("i", "integer"),
            ("j", "type")
        ]
    );
}
