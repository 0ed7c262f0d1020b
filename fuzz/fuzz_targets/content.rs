//! Content validation: the derived reader and the schema-driven validator,
//! on a form with every kind of field. They report the same errors, but for
//! the fit into the Rust type, which only the derived reader checks; and the
//! schema read back from its wire form validates the same. An input
//! `[schema, content]` validates the content against that schema, read from
//! the wire, and against the same schema written and read again.
#![no_main]

use std::collections::BTreeSet;
use std::sync::LazyLock;

use elicit_runtime::protocol::Revision;
use elicit_runtime::schema::FormSchema;
use elicit_runtime::rules::{self, Rule, ValidationErrors};
use elicit_runtime::{Elicitable, Limits};
use libfuzzer_sys::fuzz_target;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Topping {
    #[elicit(title = "Cheese")]
    Cheese,
    Ham,
    Olives,
}

// The fields are read by the derived reader; this target compares verdicts.
#[allow(dead_code)]
#[derive(Debug, Elicitable)]
struct Everything {
    #[elicit(min_length = 1, max_length = 20)]
    name: String,
    #[elicit(format = "email")]
    email: String,
    #[elicit(format = "uri")]
    site: Option<String>,
    #[elicit(format = "date")]
    day: Option<String>,
    #[elicit(format = "date-time", default = "2025-06-18T09:30:00Z")]
    at: Option<String>,
    #[elicit(minimum = 1, maximum = 10)]
    rating: u8,
    big: Option<u64>,
    signed: Option<i64>,
    #[elicit(minimum = -1.5, maximum = 1e10)]
    ratio: Option<f64>,
    narrow: Option<f32>,
    agree: bool,
    topping: Option<Topping>,
    #[elicit(min_items = 1, max_items = 2)]
    toppings: Option<Vec<Topping>>,
    set: Option<BTreeSet<Topping>>,
}

#[allow(dead_code)]
#[derive(Debug, Elicitable)]
#[elicit(deny_unknown_fields)]
struct Strict {
    name: Option<String>,
    count: Option<i32>,
}

static PARSED: LazyLock<FormSchema> = LazyLock::new(|| {
    FormSchema::parse(&Everything::SCHEMA.to_json())
        .expect("the derived schema reads")
        .schema
});

fn rules(errors: &ValidationErrors) -> Vec<(String, Rule)> {
    errors
        .iter()
        .map(|e| (e.field().to_owned(), e.rule()))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let content = match Limits::DEFAULT.read_json(text) {
        Ok(serde_json::Value::Object(content)) => content,
        Ok(serde_json::Value::Array(pair)) => return against_any_schema(&pair),
        _ => return,
    };
    let derived = Everything::from_content(&content).err();
    let schema = rules::content(&Everything::SCHEMA, &content, false).err();
    let parsed = rules::content(&PARSED, &content, false).err();
    let mut derived_rules = derived.as_ref().map(rules).unwrap_or_default();
    derived_rules.retain(|(_, rule)| *rule != Rule::Range);
    assert_eq!(
        derived_rules,
        schema.as_ref().map(rules).unwrap_or_default()
    );
    assert_eq!(schema, parsed);
    if let Some(errors) = derived {
        let shown = errors.to_string();
        assert!(!shown.contains('\r'));
    }
    let strict = Strict::from_content(&content).err();
    let unknown = rules::content(&Strict::SCHEMA, &content, true).err();
    let mut strict_rules = strict.as_ref().map(rules).unwrap_or_default();
    strict_rules.retain(|(_, rule)| *rule != Rule::Range);
    assert_eq!(
        strict_rules,
        unknown.as_ref().map(rules).unwrap_or_default()
    );
});

/// Validates `[schema, content]`: the schema read from the wire and the
/// same schema written and read again give the same verdict.
fn against_any_schema(pair: &[serde_json::Value]) {
    let [schema, serde_json::Value::Object(content)] = pair else {
        return;
    };
    let Ok(parsed) = FormSchema::parse(schema) else {
        return;
    };
    let written = parsed
        .schema
        .render(Revision::V2026_07_28)
        .expect("every model renders for the newest revision")
        .to_json();
    let again = FormSchema::parse(&written)
        .expect("a written schema reads")
        .schema;
    for deny in [false, true] {
        let first = rules::content(&parsed.schema, content, deny);
        assert_eq!(first, rules::content(&again, content, deny));
        if let Err(errors) = first {
            assert!(errors.iter().all(|e| !e.to_string().contains('\n')));
        }
    }
}
