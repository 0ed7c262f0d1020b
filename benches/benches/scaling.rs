//! Scaling: the cost of reading a form grows linearly with its number of
//! fields and with the length of its strings; refusing a multi-select's
//! broken entries costs one look-up each, however many options it has.

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use elicit_runtime::Elicitable;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

include!(concat!(env!("OUT_DIR"), "/scaling_forms.rs"));

/// Content for a form of `n` fields, in the form's order or reversed.
fn content(n: usize, reversed: bool) -> Value {
    let mut names: Vec<usize> = (0..n).collect();
    if reversed {
        names.reverse();
    }
    let map: Map<String, Value> = names
        .into_iter()
        .map(|i| (format!("field_{i}"), Value::from(format!("answer {i}"))))
        .collect();
    Value::Object(map)
}

fn fields<T: Elicitable + DeserializeOwned + PartialEq + core::fmt::Debug>(
    c: &mut Criterion,
    n: usize,
) {
    let mut group = c.benchmark_group("fields");
    group.throughput(Throughput::Elements(n as u64));
    for reversed in [false, true] {
        let content = content(n, reversed);
        let map = content.as_object().expect("an object");
        let read = T::from_content(map).expect("accepted");
        assert_eq!(read, T::deserialize(&content).expect("serde reads it"));
        let order = if reversed { "reversed" } else { "in_order" };
        group.bench_with_input(
            BenchmarkId::new(format!("elicit_{order}"), n),
            map,
            |b, map| b.iter(|| T::from_content(black_box(map))),
        );
        group.bench_with_input(
            BenchmarkId::new(format!("serde_{order}"), n),
            &content,
            |b, content| b.iter(|| T::deserialize(black_box(content))),
        );
    }
    group.finish();
}

fn by_fields(c: &mut Criterion) {
    fields::<Fields1>(c, 1);
    fields::<Fields4>(c, 4);
    fields::<Fields16>(c, 16);
    fields::<Fields64>(c, 64);
    fields::<Fields256>(c, 256);
}

/// One free string field.
#[derive(Debug, PartialEq, Elicitable, Deserialize)]
pub struct Text {
    text: String,
}

/// One string field with a length bound, so its code points are counted.
#[derive(Debug, PartialEq, Elicitable, Deserialize)]
pub struct Bounded {
    #[elicit(max_length = 2_000_000)]
    text: String,
}

fn by_length(c: &mut Criterion) {
    let mut group = c.benchmark_group("string");
    for len in [1_usize, 1 << 10, 1 << 16, 1 << 20] {
        // Mostly ASCII, with a two-byte letter every 64 bytes.
        let text: String = (0..len)
            .map(|i| if i % 64 == 63 { 'é' } else { 'a' })
            .scan(0, |bytes, c| {
                *bytes += c.len_utf8();
                (*bytes <= len).then_some(c)
            })
            .collect();
        let content = serde_json::json!({ "text": text });
        let map = content.as_object().expect("an object");
        assert_eq!(Text::from_content(map).expect("accepted").text, text);
        assert_eq!(Bounded::from_content(map).expect("accepted").text, text);
        group.throughput(Throughput::Bytes(len as u64));
        group.bench_with_input(BenchmarkId::new("elicit_free", len), map, |b, map| {
            b.iter(|| Text::from_content(black_box(map)))
        });
        group.bench_with_input(BenchmarkId::new("elicit_bounded", len), map, |b, map| {
            b.iter(|| Bounded::from_content(black_box(map)))
        });
        group.bench_with_input(BenchmarkId::new("serde", len), &content, |b, content| {
            b.iter(|| Text::deserialize(black_box(content)))
        });
    }
    group.finish();
}

/// A multi-select of 1 000 to 100 000 options (from the wire), answered
/// with 10 options and 10 entries that are none: refused with 10 errors.
fn by_options(c: &mut Criterion) {
    let mut group = c.benchmark_group("multi_select_refused");
    let entries = common::options::entries(10, 10);
    for options in [1_000_usize, 10_000, 100_000] {
        let schema = common::options::multi_select(options);
        assert_eq!(common::options::refuse(&schema, &entries), 10);
        group.bench_with_input(BenchmarkId::new("bad10", options), &schema, |b, schema| {
            b.iter(|| common::options::refuse(black_box(schema), black_box(&entries)))
        });
    }
    group.finish();
}

fn config() -> Criterion {
    common::criterion(Duration::from_millis(800), 20)
}

criterion_group! { name = benches; config = config(); targets = by_fields, by_length, by_options }
criterion_main!(benches);
