//! Server side: reading an accepted answer, and writing the
//! `requestedSchema`, against serde, `jsonschema` and rmcp.

mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{Contact, Emails, Event, Survey, Wide};
use criterion::{Criterion, criterion_group, criterion_main};
use elicit_runtime::protocol::Revision;
use elicit_runtime::{Elicitable, FormMode};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// (a) accepted content to a typed value, four ways.
fn read_form<T>(c: &mut Criterion, name: &str, content: Value, broken: Value)
where
    T: Elicitable + DeserializeOwned + schemars::JsonSchema + PartialEq + core::fmt::Debug,
{
    common::check_agreement::<T>(&content, &broken);
    let result = common::accepted(&content);
    let validator = common::validator::<T>();
    let mut group = c.benchmark_group(format!("read/{name}"));
    group.bench_function("elicit", |b| {
        b.iter(|| common::elicit::<T>(black_box(&result)))
    });
    group.bench_function("elicit_from_content", |b| {
        b.iter(|| T::from_content(common::object(black_box(&content))))
    });
    group.bench_function("serde", |b| {
        b.iter(|| common::serde_alone::<T>(black_box(&content)))
    });
    group.bench_function("jsonschema_serde", |b| {
        b.iter(|| common::jsonschema_serde::<T>(&validator, black_box(&content)))
    });
    group.bench_function("rmcp_read", |b| {
        b.iter(|| common::rmcp_read::<T>(black_box(&content)))
    });
    group.finish();
}

/// (b) the `requestedSchema` as JSON: elicit's const schema rendered, against
/// rmcp's schema generated from the type and serialized.
fn schema<T: FormMode + schemars::JsonSchema + 'static>(c: &mut Criterion, name: &str) {
    let mut group = c.benchmark_group(format!("schema/{name}"));
    group.bench_function("elicit_cached", |b| {
        b.iter(|| T::schema_json(black_box(Revision::LATEST)))
    });
    group.bench_function("elicit_string", |b| {
        b.iter(|| black_box(T::SCHEMA).to_json_string())
    });
    group.bench_function("elicit_value", |b| {
        b.iter(|| black_box(T::SCHEMA).to_json())
    });
    group.bench_function("elicit_request", |b| {
        b.iter(|| serde_json::to_string(&T::default_request()))
    });
    group.bench_function("rmcp_string", |b| {
        b.iter(|| serde_json::to_string(&common::rmcp_schema::<T>()))
    });
    group.bench_function("rmcp_value", |b| {
        b.iter(|| serde_json::to_value(common::rmcp_schema::<T>()))
    });
    group.finish();
}

/// (a) and (b) for one form.
fn form<T>(c: &mut Criterion, name: &str, content: Value, broken: Value)
where
    T: FormMode + DeserializeOwned + schemars::JsonSchema + PartialEq + core::fmt::Debug + 'static,
{
    read_form::<T>(c, name, content, broken);
    schema::<T>(c, name);
}

fn forms(c: &mut Criterion) {
    let broken = json!({ "name": "", "email": "nobody", "age": 12, "reach": "fax" });
    form::<Contact>(c, "contact5", common::contact_content(), broken);
    let mut broken = common::wide::wide_content();
    broken["email_1"] = json!("not an address");
    form::<Wide>(c, "wide32", common::wide::wide_content(), broken);
    form::<Event>(
        c,
        "event7",
        common::more::event_content(),
        common::more::event_broken(),
    );
    form::<Emails>(
        c,
        "emails5",
        common::more::emails_content(),
        common::more::emails_broken(),
    );
    form::<Survey>(
        c,
        "survey8",
        common::more::survey_content(),
        common::more::survey_broken(),
    );
}

fn config() -> Criterion {
    common::criterion(Duration::from_millis(1500), 30)
}

criterion_group! { name = benches; config = config(); targets = forms }
criterion_main!(benches);
