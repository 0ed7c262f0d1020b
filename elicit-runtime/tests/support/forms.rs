//! Random forms drawn from the whole supported model: a description of each
//! field, written to the wire by hand (independently of the library's
//! renderer), content that satisfies it, and mutations that break exactly one
//! rule.

use std::cmp::Ordering;

use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Map, Value, json};

use super::formats::{self, Fmt};

/// A bound of a number field.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Bound {
    Int(i64),
    Float(f64),
}

impl Bound {
    fn json(self) -> Value {
        match self {
            Bound::Int(i) => json!(i),
            Bound::Float(f) => json!(f),
        }
    }

    fn as_f64(self) -> f64 {
        match self {
            Bound::Int(i) => i as f64,
            Bound::Float(f) => f,
        }
    }
}

/// How the titles of a single choice are written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Titles {
    /// `enum` alone.
    None,
    /// `enum` with the legacy `enumNames`.
    EnumNames,
    /// `oneOf: [{const, title}]`.
    OneOf,
}

/// The kind of a field with its rules.
#[derive(Debug, Clone, PartialEq)]
pub enum Field {
    Text {
        min: Option<u64>,
        max: Option<u64>,
        format: Option<Fmt>,
    },
    Number {
        integer: bool,
        min: Option<Bound>,
        max: Option<Bound>,
    },
    Boolean,
    Choice {
        values: Vec<String>,
        titles: Titles,
    },
    Choices {
        values: Vec<String>,
        titled: bool,
        min_items: Option<u64>,
        max_items: Option<u64>,
    },
}

/// One field of a random form.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldDesc {
    pub name: String,
    pub required: bool,
    pub title: Option<String>,
    pub description: Option<String>,
    pub field: Field,
    pub default: Option<Value>,
}

/// A random form: its fields, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct FormDesc {
    pub fields: Vec<FieldDesc>,
}

/// A value no option of any generated enum has: every option ends with
/// `~` and its index.
pub const NOT_AN_OPTION: &str = "NOT-AN-OPTION";

/// Text of any characters: control characters, surrogate-free astral
/// characters, combining marks, quotes and backslashes included.
fn any_text(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(any::<char>(), 0..=max).prop_map(String::from_iter)
}

/// Text of exactly `len` characters that a text field accepts: any
/// character but the control characters it refuses (every one but the tab
/// and the line breaks), each of which becomes a `·` (`any_text` keeps
/// them).
fn text_of(len: usize) -> impl Strategy<Value = String> {
    let accepted = |c: char| match c.is_control() && !matches!(c, '\t' | '\n' | '\r') {
        true => '·',
        false => c,
    };
    proptest::collection::vec(any::<char>().prop_map(accepted), len).prop_map(String::from_iter)
}

fn bound(integer: bool) -> BoxedStrategy<Bound> {
    if integer {
        prop_oneof![
            4 => (-1_000i64..1_000).prop_map(Bound::Int),
            1 => any::<i64>().prop_map(Bound::Int),
            1 => (-1.0e4..1.0e4f64).prop_map(Bound::Float),
        ]
        .boxed()
    } else {
        prop_oneof![
            2 => (-1_000i64..1_000).prop_map(Bound::Int),
            1 => any::<i64>().prop_map(Bound::Int),
            3 => (-1.0e6..1.0e6f64).prop_map(Bound::Float),
            1 => proptest::num::f64::NORMAL.prop_map(Bound::Float),
        ]
        .boxed()
    }
}

/// Two optional bounds with `min <= max`.
fn bounds(integer: bool) -> impl Strategy<Value = (Option<Bound>, Option<Bound>)> {
    (
        proptest::option::weighted(0.6, bound(integer)),
        proptest::option::weighted(0.6, bound(integer)),
    )
        .prop_map(move |(a, b)| match (a, b) {
            (Some(a), Some(b)) if exact_gt(a, b) => (Some(b), Some(a)),
            other => other,
        })
        // An integer field keeps at least one integer between its bounds.
        .prop_map(move |(min, max)| {
            if integer && integer_range(min, max).is_none() {
                (min, None)
            } else {
                (min, max)
            }
        })
}

/// `a > b`, exactly.
fn exact_gt(a: Bound, b: Bound) -> bool {
    match (a, b) {
        (Bound::Int(a), Bound::Int(b)) => a > b,
        _ => a.as_f64() > b.as_f64(),
    }
}

fn options(max: usize) -> impl Strategy<Value = Vec<String>> {
    (any_text(3), 1..=max).prop_map(|(word, n)| (0..n).map(|i| format!("{word}~{i}")).collect())
}

fn kind() -> impl Strategy<Value = Field> {
    let text = (
        proptest::option::weighted(0.4, 0u64..6),
        proptest::option::weighted(0.4, 0u64..10),
    )
        .prop_map(|(min, extra)| Field::Text {
            min,
            max: extra.map(|extra| min.unwrap_or(0) + extra),
            format: None,
        });
    let formatted =
        (formats::any_format(), proptest::bool::weighted(0.3)).prop_map(|(format, capped)| {
            Field::Text {
                min: None,
                max: capped.then_some(400),
                format: Some(format),
            }
        });
    let number = any::<bool>().prop_flat_map(|integer| {
        bounds(integer).prop_map(move |(min, max)| Field::Number { integer, min, max })
    });
    let choice = (
        options(6),
        prop_oneof![
            Just(Titles::None),
            Just(Titles::EnumNames),
            Just(Titles::OneOf)
        ],
    )
        .prop_map(|(values, titles)| Field::Choice { values, titles });
    let choices = (options(6), any::<bool>(), any::<Index>(), any::<Index>()).prop_map(
        |(values, titled, a, b)| {
            let n = values.len() + 1;
            let (lo, hi) = (a.index(n), b.index(n));
            let (lo, hi) = (lo.min(hi) as u64, lo.max(hi) as u64);
            Field::Choices {
                values,
                titled,
                min_items: (lo > 0 || a.index(2) == 0).then_some(lo),
                max_items: (b.index(3) > 0).then_some(hi),
            }
        },
    );
    prop_oneof![
        3 => text,
        2 => formatted,
        3 => number,
        1 => Just(Field::Boolean),
        2 => choice,
        2 => choices,
    ]
}

/// A random form of up to `max_fields` fields, every name distinct.
pub fn form(max_fields: usize) -> impl Strategy<Value = FormDesc> {
    let field = (
        any_text(4),
        any::<bool>(),
        proptest::option::weighted(0.3, any_text(8)),
        proptest::option::weighted(0.3, any_text(12)),
        kind(),
    );
    proptest::collection::vec(field, 0..=max_fields)
        .prop_flat_map(|fields| {
            let fields: Vec<_> = fields
                .into_iter()
                .enumerate()
                .map(
                    |(i, (name, required, title, description, field))| FieldDesc {
                        name: format!("{name}#{i}"),
                        required,
                        title,
                        description,
                        field,
                        default: None,
                    },
                )
                .collect();
            // Some fields get a default, itself a valid value.
            let defaults: Vec<_> = fields
                .iter()
                .map(|f| proptest::option::weighted(0.25, valid_value(&f.field)))
                .collect();
            (Just(fields), defaults)
        })
        .prop_map(|(mut fields, defaults)| {
            for (field, default) in fields.iter_mut().zip(defaults) {
                field.default = default;
            }
            FormDesc { fields }
        })
}

impl FormDesc {
    /// The wire `requestedSchema`, written from the description.
    pub fn wire(&self) -> Value {
        let mut properties = Map::new();
        for field in &self.fields {
            properties.insert(field.name.clone(), field.wire());
        }
        let required: Vec<&str> = self
            .fields
            .iter()
            .filter(|f| f.required)
            .map(|f| f.name.as_str())
            .collect();
        json!({ "type": "object", "properties": properties, "required": required })
    }
}

impl FieldDesc {
    fn wire(&self) -> Value {
        let mut schema = Map::new();
        let mut put = |key: &str, value: Value| {
            schema.insert(key.to_owned(), value);
        };
        match &self.field {
            Field::Text { min, max, format } => {
                put("type", json!("string"));
                if let Some(min) = min {
                    put("minLength", json!(min));
                }
                if let Some(max) = max {
                    put("maxLength", json!(max));
                }
                if let Some(format) = format {
                    put("format", json!(format.name()));
                }
            }
            Field::Number { integer, min, max } => {
                put("type", json!(if *integer { "integer" } else { "number" }));
                if let Some(min) = min {
                    put("minimum", min.json());
                }
                if let Some(max) = max {
                    put("maximum", max.json());
                }
            }
            Field::Boolean => put("type", json!("boolean")),
            Field::Choice { values, titles } => {
                put("type", json!("string"));
                match titles {
                    Titles::None => put("enum", json!(values)),
                    Titles::EnumNames => {
                        put("enum", json!(values));
                        put("enumNames", json!(titles_of(values)));
                    }
                    Titles::OneOf => put("oneOf", titled(values)),
                }
            }
            Field::Choices {
                values,
                titled: with_titles,
                min_items,
                max_items,
            } => {
                put("type", json!("array"));
                if *with_titles {
                    put("items", json!({ "anyOf": titled(values) }));
                } else {
                    put("items", json!({ "type": "string", "enum": values }));
                }
                if let Some(min) = min_items {
                    put("minItems", json!(min));
                }
                if let Some(max) = max_items {
                    put("maxItems", json!(max));
                }
            }
        }
        if let Some(title) = &self.title {
            put("title", json!(title));
        }
        if let Some(description) = &self.description {
            put("description", json!(description));
        }
        if let Some(default) = &self.default {
            put("default", default.clone());
        }
        Value::Object(schema)
    }
}

/// A title for each value, never equal to it.
pub fn titles_of(values: &[String]) -> Vec<String> {
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            format!(
                "{} title {i}",
                v.trim_end_matches(|c: char| c.is_ascii_digit())
            )
        })
        .collect()
}

fn titled(values: &[String]) -> Value {
    let titles = titles_of(values);
    Value::Array(
        values
            .iter()
            .zip(titles)
            .map(|(value, title)| json!({ "const": value, "title": title }))
            .collect(),
    )
}

/// The lowest and highest integer a field accepts, within `i64`.
fn integer_range(min: Option<Bound>, max: Option<Bound>) -> Option<(i64, i64)> {
    let lo = match min {
        None => i64::MIN,
        Some(Bound::Int(i)) => i,
        Some(Bound::Float(f)) => f.ceil() as i64,
    };
    let hi = match max {
        None => i64::MAX,
        Some(Bound::Int(i)) => i,
        Some(Bound::Float(f)) => f.floor() as i64,
    };
    (lo <= hi).then_some((lo, hi))
}

/// A value that satisfies every rule of `field`.
pub fn valid_value(field: &Field) -> BoxedStrategy<Value> {
    match field.clone() {
        Field::Text {
            min, max, format, ..
        } => match format {
            Some(format) => formats::valid(format).prop_map(Value::String).boxed(),
            None => {
                let lo = min.unwrap_or(0) as usize;
                let hi = max.map_or(lo + 12, |m| m as usize);
                (lo..=hi)
                    .prop_flat_map(text_of)
                    .prop_map(Value::String)
                    .boxed()
            }
        },
        Field::Number {
            integer: true,
            min,
            max,
        } => {
            let Some((lo, hi)) = integer_range(min, max) else {
                return Just(Value::Null).boxed();
            };
            (lo..=hi, any::<bool>())
                .prop_map(|(i, as_float)| {
                    // A whole number written with a decimal point is an
                    // integer too, where a float holds it exactly.
                    if as_float && i.unsigned_abs() < (1 << 53) {
                        json!(i as f64)
                    } else {
                        json!(i)
                    }
                })
                .boxed()
        }
        Field::Number {
            integer: false,
            min,
            max,
        } => number_between(min, max),
        Field::Boolean => any::<bool>().prop_map(Value::Bool).boxed(),
        Field::Choice { values, .. } => proptest::sample::select(values)
            .prop_map(Value::String)
            .boxed(),
        Field::Choices {
            values,
            min_items,
            max_items,
            ..
        } => {
            let lo = min_items.unwrap_or(0) as usize;
            let hi = max_items.map_or(values.len(), |m| (m as usize).min(values.len()));
            proptest::sample::subsequence(values, lo..=hi)
                .prop_shuffle()
                .prop_map(|chosen| json!(chosen))
                .boxed()
        }
    }
}

/// A number within the bounds, exactly, as JSON.
fn number_between(min: Option<Bound>, max: Option<Bound>) -> BoxedStrategy<Value> {
    let exact = |b: Bound| match b {
        Bound::Int(i) => json!(i),
        Bound::Float(f) => json!(f),
    };
    let lo = min.map_or(-1.0e300, Bound::as_f64);
    let hi = max.map_or(1.0e300, Bound::as_f64);
    let mut picks: Vec<BoxedStrategy<Value>> = Vec::new();
    if lo < hi {
        // Floats strictly inside, away from rounding at integer bounds.
        let (inner_lo, inner_hi) = (lo.next_up(), hi.next_down());
        if inner_lo < inner_hi {
            picks.push(
                (inner_lo..inner_hi)
                    .prop_filter("within the exact bounds", move |f| within(*f, min, max))
                    .prop_map(|f| json!(f))
                    .boxed(),
            );
        }
    }
    if let Some(b) = min {
        picks.push(Just(exact(b)).boxed());
    }
    if let Some(b) = max {
        picks.push(Just(exact(b)).boxed());
    }
    if picks.is_empty() {
        return Just(json!(0)).boxed();
    }
    proptest::strategy::Union::new(picks).boxed()
}

/// `min <= f <= max`, exactly.
fn within(f: f64, min: Option<Bound>, max: Option<Bound>) -> bool {
    let ge = |b: Bound| match b {
        Bound::Float(m) => f >= m,
        Bound::Int(m) => cmp_exact(f, m).is_ge(),
    };
    let le = |b: Bound| match b {
        Bound::Float(m) => f <= m,
        Bound::Int(m) => cmp_exact(f, m).is_le(),
    };
    min.is_none_or(ge) && max.is_none_or(le)
}

/// `f` against `i`, without rounding either.
fn cmp_exact(f: f64, i: i64) -> Ordering {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if f >= TWO_63 {
        return Ordering::Greater;
    }
    if f < -TWO_63 {
        return Ordering::Less;
    }
    match (f.trunc() as i64).cmp(&i) {
        Ordering::Equal => f.fract().partial_cmp(&0.0).unwrap_or(Ordering::Equal),
        order => order,
    }
}

/// Valid content for `form`: every required field, some optional ones, and
/// a few properties the form does not have.
pub fn valid_content(form: &FormDesc) -> BoxedStrategy<Map<String, Value>> {
    let fields: Vec<_> = form
        .fields
        .iter()
        .map(|f| {
            let value = valid_value(&f.field);
            if f.required {
                value.prop_map(Some).boxed()
            } else {
                proptest::option::weighted(0.6, value).boxed()
            }
        })
        .collect();
    let names: Vec<String> = form.fields.iter().map(|f| f.name.clone()).collect();
    let extras = proptest::collection::vec((any_text(4), junk()), 0..3);
    (fields, extras)
        .prop_map(move |(values, extras)| {
            let mut content = Map::new();
            for (name, value) in names.iter().zip(values) {
                if let Some(value) = value {
                    content.insert(name.clone(), value);
                }
            }
            for (name, value) in extras {
                let name = format!("{name}+extra");
                if !names.contains(&name) {
                    content.insert(name, value);
                }
            }
            content
        })
        .boxed()
}

/// Any JSON value of the kinds content can carry, biased to the edges.
pub fn junk() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|i| json!(i)),
        any::<u64>().prop_map(|u| json!(u)),
        (-1_000i64..1_000).prop_map(|i| json!(i)),
        prop_oneof![
            Just(0.5),
            Just(-0.0),
            Just(1e20),
            Just(9_007_199_254_740_993.0),
            Just(f64::MAX),
            Just(f64::MIN_POSITIVE),
            -1.0e6..1.0e6f64,
        ]
        .prop_map(|f| json!(f)),
        any_text(6).prop_map(Value::String),
        formats::any_sample().prop_map(Value::String),
        Just(json!(NOT_AN_OPTION)),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::vec((any_text(3), inner), 0..3)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

/// The rule a mutation breaks, by its keyword.
pub type RuleName = &'static str;

/// One change to valid content, and the one rule of one field it breaks.
#[derive(Debug, Clone)]
pub struct Mutation {
    pub field: String,
    /// The new value, or `None` to remove the field.
    pub value: Option<Value>,
    pub rule: RuleName,
}

/// Every mutation of the field `desc` whose valid value is `current`
/// (`None` when absent), each breaking exactly one rule.
pub fn mutations(desc: &FieldDesc, current: Option<&Value>) -> Vec<Mutation> {
    let mut out = Vec::new();
    let mut add = |value: Option<Value>, rule: RuleName| {
        out.push(Mutation {
            field: desc.name.clone(),
            value,
            rule,
        });
    };
    if desc.required && current.is_some() {
        add(None, "required");
    }
    match &desc.field {
        Field::Text { min, max, format } => {
            add(Some(json!(5)), "type");
            if format.is_none() {
                if let Some(min) = min.filter(|&m| m > 0) {
                    add(Some(json!("é".repeat(min as usize - 1))), "minLength");
                }
                if let Some(max) = max {
                    add(Some(json!("😀".repeat(*max as usize + 1))), "maxLength");
                }
            }
            if let Some(format) = format {
                for bad in formats::invalid_samples(*format) {
                    add(Some(json!(bad)), "format");
                }
            }
        }
        Field::Number { integer, min, max } => {
            add(Some(json!("5")), "type");
            if let Some(below) = min.and_then(|m| beyond(m, *integer, -1)) {
                add(Some(below), "minimum");
            }
            if let Some(above) = max.and_then(|m| beyond(m, *integer, 1)) {
                add(Some(above), "maximum");
            }
            if *integer && let Some(fraction) = fraction_within(*min, *max) {
                add(Some(json!(fraction)), "integer");
            }
        }
        Field::Boolean => add(Some(json!("true")), "type"),
        Field::Choice { .. } => add(Some(json!(NOT_AN_OPTION)), "enum"),
        Field::Choices {
            values,
            min_items,
            max_items,
            ..
        } => {
            add(Some(json!(values[0])), "type");
            let chosen: Vec<Value> = current
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            if let Some(last) = chosen.len().checked_sub(1) {
                let mut replaced = chosen.clone();
                replaced[last] = json!(NOT_AN_OPTION);
                add(Some(Value::Array(replaced)), "enum");
            }
            if chosen.len() >= 2 {
                let mut twice = chosen.clone();
                twice[1] = twice[0].clone();
                add(Some(Value::Array(twice)), "uniqueItems");
            }
            if let Some(min) = min_items.filter(|&m| m > 0) {
                add(Some(json!(values[..min as usize - 1])), "minItems");
            }
            if let Some(max) = max_items.filter(|&m| (m as usize) < values.len()) {
                add(Some(json!(values[..=max as usize])), "maxItems");
            }
        }
    }
    out
}

/// A number just past bound `b` in `direction` (-1 below, 1 above), of the
/// field's kind (a whole number for an integer field).
fn beyond(b: Bound, integer: bool, direction: i64) -> Option<Value> {
    match b {
        Bound::Int(i) => i.checked_add(direction).map(|v| json!(v)),
        Bound::Float(f) if integer => {
            let v = if direction < 0 {
                f.floor() - 1.0
            } else {
                f.ceil() + 1.0
            };
            (v.abs() < 9e15).then(|| json!(v as i64))
        }
        Bound::Float(f) => {
            let v = if direction < 0 {
                f.next_down()
            } else {
                f.next_up()
            };
            v.is_finite().then(|| json!(v))
        }
    }
}

/// A number with a fractional part within the bounds, if one is easy to
/// find exactly.
fn fraction_within(min: Option<Bound>, max: Option<Bound>) -> Option<f64> {
    let (lo, hi) = integer_range(min, max)?;
    let candidate = if lo > -(1 << 52) && lo < (1 << 52) {
        lo as f64 + 0.5
    } else if hi > -(1 << 52) && hi < (1 << 52) {
        hi as f64 - 0.5
    } else {
        0.5
    };
    within(candidate, min, max).then_some(candidate)
}
