//! Content is read the same whatever the order of its properties, with
//! unknown properties anywhere, absent fields and defaults in between.

use elicit_runtime::rules::Rule;
use elicit_runtime::{Elicitable, Elicitation};
use serde_json::{Map, Value, json};

#[derive(Debug, Clone, PartialEq, Elicitable)]
struct Order {
    first: String,
    second: Option<u8>,
    #[elicit(default = 3)]
    third: Option<u32>,
    fourth: bool,
}

#[derive(Debug, Clone, PartialEq, Elicitable)]
#[elicit(deny_unknown_fields)]
struct Strict {
    a: String,
    b: Option<String>,
    c: u8,
}

/// The entries in the order given.
fn ordered(entries: &[(&str, Value)]) -> Map<String, Value> {
    entries
        .iter()
        .map(|(k, v)| ((*k).to_owned(), v.clone()))
        .collect()
}

/// Every order of `entries` (Heap's algorithm).
fn permutations(entries: &[(&'static str, Value)]) -> Vec<Vec<(&'static str, Value)>> {
    fn go(
        k: usize,
        items: &mut Vec<(&'static str, Value)>,
        out: &mut Vec<Vec<(&'static str, Value)>>,
    ) {
        if k <= 1 {
            out.push(items.clone());
            return;
        }
        for i in 0..k {
            go(k - 1, items, out);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            items.swap(j, k - 1);
        }
    }
    let mut items = entries.to_vec();
    let mut out = Vec::new();
    go(items.len(), &mut items, &mut out);
    out
}

#[test]
fn every_order_of_the_content_reads_the_same() {
    let entries = [
        ("first", json!("one")),
        ("second", json!(2)),
        ("fourth", json!(true)),
        ("extra", json!("ignored")),
        ("more", json!(null)),
    ];
    let expected = Order {
        first: "one".into(),
        second: Some(2),
        third: Some(3),
        fourth: true,
    };
    let orders = permutations(&entries);
    assert_eq!(orders.len(), 120);
    for order in orders {
        let content = ordered(&order);
        assert_eq!(
            Order::from_content(&content),
            Ok(expected.clone()),
            "{order:?}"
        );
    }
}

#[test]
fn every_order_reports_the_same_errors() {
    let entries = [
        ("first", json!(1)),
        ("third", json!("three")),
        ("fourth", json!(true)),
        ("extra", json!(0)),
    ];
    for order in permutations(&entries) {
        let errors = Order::from_content(&ordered(&order)).unwrap_err();
        let found: Vec<_> = errors.iter().map(|e| (e.field(), e.rule())).collect();
        assert_eq!(
            found,
            [("first", Rule::Type), ("third", Rule::Type)],
            "{order:?}"
        );
    }
}

#[test]
fn unknown_fields_are_denied_wherever_they_stand() {
    let entries = [
        ("a", json!("x")),
        ("c", json!(1)),
        ("zz", json!(true)),
        ("b", json!("y")),
    ];
    for order in permutations(&entries) {
        let errors = Strict::from_content(&ordered(&order)).unwrap_err();
        let found: Vec<_> = errors.iter().map(|e| (e.field(), e.rule())).collect();
        assert_eq!(found, [("zz", Rule::Unknown)], "{order:?}");
    }
    // Every entry a field, in any order, and an optional field absent.
    for order in permutations(&[("c", json!(1)), ("a", json!("x"))]) {
        let read = Strict::from_content(&ordered(&order)).unwrap();
        assert_eq!(
            read,
            Strict {
                a: "x".into(),
                b: None,
                c: 1
            }
        );
    }
}

#[test]
fn results_read_whatever_the_order_of_their_keys() {
    let keys = [
        ("content", json!({ "a": "x", "c": 1 })),
        ("_meta", json!({ "k": 1 })),
        ("action", json!("accept")),
        ("other", json!([1])),
    ];
    for order in permutations(&keys) {
        let result = Value::Object(ordered(&order));
        let read = Elicitation::<Strict>::from_json(&result).unwrap();
        assert_eq!(
            read,
            Elicitation::Accept(Strict {
                a: "x".into(),
                b: None,
                c: 1
            })
        );
    }
    let broken = json!({ "content": {}, "action": "accept", "_meta": 5 });
    assert!(Elicitation::<Strict>::from_json(&broken).is_err());
}
