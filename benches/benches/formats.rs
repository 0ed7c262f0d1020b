//! Format checks on values as users send them: each iteration checks a
//! set of varied valid values, a new shape each time, against `jsonschema`'s
//! check of the same format.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::formats::{FORMATS, varied};
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

fn formats(c: &mut Criterion) {
    for (name, format) in FORMATS {
        let values = varied(format);
        let validator = jsonschema::options()
            .should_validate_formats(true)
            .build(&json!({ "type": "string", "format": name }))
            .expect("a schema jsonschema compiles");
        let json: Vec<Value> = values.iter().map(|v| Value::from(*v)).collect();
        // Both take every value, so each runs to the end of each value.
        for (value, json) in values.iter().zip(&json) {
            assert!(format.check(value).is_ok(), "{value}");
            assert!(validator.is_valid(json), "{value}");
        }
        let mut group = c.benchmark_group(format!("format/{name}"));
        group.bench_function("elicit", |b| {
            b.iter(|| {
                values
                    .iter()
                    .all(|value| black_box(format).check(black_box(value)).is_ok())
            })
        });
        group.bench_function("jsonschema", |b| {
            b.iter(|| {
                json.iter()
                    .all(|value| validator.is_valid(black_box(value)))
            })
        });
        group.finish();
    }
}

fn config() -> Criterion {
    common::criterion(Duration::from_millis(1500), 30)
}

criterion_group! { name = benches; config = config(); targets = formats }
criterion_main!(benches);
