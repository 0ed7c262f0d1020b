//! A form with 64 fields: the generated reading code scales, and every field
//! keeps its place.

use elicit_runtime::Elicitable;
use serde_json::{Map, Value, json};

#[derive(Debug, Elicitable)]
struct Wide {
    f00: String,
    #[elicit(maximum = 100)]
    f01: u8,
    f02: bool,
    f03: Option<i32>,
    f04: f64,
    f05: Option<String>,
    f06: u16,
    f07: i64,
    f08: String,
    #[elicit(maximum = 100)]
    f09: u8,
    f10: bool,
    f11: Option<i32>,
    f12: f64,
    f13: Option<String>,
    f14: u16,
    f15: i64,
    f16: String,
    #[elicit(maximum = 100)]
    f17: u8,
    f18: bool,
    f19: Option<i32>,
    f20: f64,
    f21: Option<String>,
    f22: u16,
    f23: i64,
    f24: String,
    #[elicit(maximum = 100)]
    f25: u8,
    f26: bool,
    f27: Option<i32>,
    f28: f64,
    f29: Option<String>,
    f30: u16,
    f31: i64,
    f32: String,
    #[elicit(maximum = 100)]
    f33: u8,
    f34: bool,
    f35: Option<i32>,
    f36: f64,
    f37: Option<String>,
    f38: u16,
    f39: i64,
    f40: String,
    #[elicit(maximum = 100)]
    f41: u8,
    f42: bool,
    f43: Option<i32>,
    f44: f64,
    f45: Option<String>,
    f46: u16,
    f47: i64,
    f48: String,
    #[elicit(maximum = 100)]
    f49: u8,
    f50: bool,
    f51: Option<i32>,
    f52: f64,
    f53: Option<String>,
    f54: u16,
    f55: i64,
    f56: String,
    #[elicit(maximum = 100)]
    f57: u8,
    f58: bool,
    f59: Option<i32>,
    f60: f64,
    f61: Option<String>,
    f62: u16,
    f63: i64,
}

fn value(i: usize) -> Value {
    match i % 8 {
        0 | 5 => json!(format!("v{i}")),
        1 | 3 | 6 | 7 => json!(i),
        2 => json!(i % 2 == 0),
        _ => json!(i as f64 + 0.5),
    }
}

fn main() {
    let schema = Wide::SCHEMA.to_json();
    let properties = schema["properties"].as_object().unwrap();
    assert_eq!(properties.len(), 64);
    let names: Vec<&str> = properties.keys().map(String::as_str).collect();
    let expected: Vec<String> = (0..64).map(|i| format!("f{i:02}")).collect();
    assert_eq!(names, expected);
    // `Option` fields (every fourth and sixth of eight) are not required.
    let required = schema["required"].as_array().unwrap();
    assert_eq!(required.len(), 48);
    assert_eq!(
        properties["f01"],
        json!({ "type": "integer", "minimum": 0, "maximum": 100 })
    );
    assert_eq!(properties["f63"], json!({ "type": "integer" }));

    let content: Map<String, Value> = (0..64).map(|i| (format!("f{i:02}"), value(i))).collect();
    let form = Wide::from_content(&content).unwrap();
    assert_eq!(form.f00, "v0");
    assert_eq!(form.f09, 9);
    assert!(form.f10);
    assert_eq!(form.f11, Some(11));
    assert_eq!(form.f12, 12.5);
    assert_eq!(form.f61.as_deref(), Some("v61"));
    assert_eq!(form.f63, 63);

    // Every failing field is reported, in field order.
    let errors = Wide::from_content(&Map::new()).unwrap_err();
    assert_eq!(errors.len(), 48);
    assert_eq!(errors.iter().next().unwrap().field(), "f00");
}
