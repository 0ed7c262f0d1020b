//! Client side: reading a server's request into a typed form, and checking
//! the user's answer against it before sending, against `jsonschema`
//! compiling the same schema and checking the same answer.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{Contact, Wide};
use criterion::{Criterion, criterion_group, criterion_main};
use elicit_runtime::FormMode;
use elicit_runtime::protocol::{ElicitRequestParams, Revision};
use elicit_runtime::rules;
use elicit_runtime::schema::FormSchema;
use serde_json::Value;

fn client<T: FormMode>(c: &mut Criterion, name: &str, content: Value) {
    let schema = T::SCHEMA
        .render(Revision::LATEST)
        .expect("renders")
        .to_json();
    let request = T::default_request()
        .render(Revision::LATEST)
        .expect("renders")
        .to_json();
    let message = serde_json::json!({
        "jsonrpc": "2.0",
        "id": 7,
        "method": "elicitation/create",
        "params": request,
    });
    let parsed = FormSchema::parse(&schema).expect("parses").schema;
    // The parsed schema is the form's own, and accepts the content.
    assert_eq!(parsed, T::SCHEMA);
    assert!(ElicitRequestParams::from_jsonrpc(&message).is_ok());
    let map = common::object(&content);
    assert!(rules::content(&parsed, map, false).is_ok());
    let validator = common::validator::<T>();
    assert!(validator.is_valid(&content));

    let mut group = c.benchmark_group(format!("client/{name}"));
    group.bench_function("elicit_parse_schema", |b| {
        b.iter(|| FormSchema::parse(black_box(&schema)))
    });
    group.bench_function("elicit_parse_request", |b| {
        b.iter(|| ElicitRequestParams::from_jsonrpc(black_box(&message)))
    });
    group.bench_function("jsonschema_compile", |b| {
        b.iter(|| {
            jsonschema::options()
                .should_validate_formats(true)
                .build(black_box(&schema))
        })
    });
    group.bench_function("elicit_validate", |b| {
        b.iter(|| rules::content(&parsed, black_box(map), false))
    });
    group.bench_function("jsonschema_validate", |b| {
        b.iter(|| validator.is_valid(black_box(&content)))
    });
    group.finish();
}

fn forms(c: &mut Criterion) {
    client::<Contact>(c, "contact5", common::contact_content());
    client::<Wide>(c, "wide32", common::wide::wide_content());
}

fn config() -> Criterion {
    common::criterion(Duration::from_millis(1500), 30)
}

criterion_group! { name = benches; config = config(); targets = forms }
criterion_main!(benches);
