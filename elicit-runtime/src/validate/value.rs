//! The checks of one value against one property schema: the single place
//! where every constraint is enforced, for servers and clients alike.

use std::collections::HashMap;

use serde_json::Value;

use super::Violation;
use crate::schema::num::EXACT_FLOAT_LIMIT;
use crate::schema::{
    EnumRules, Kind, MultiSelectRules, Num, NumberRules, PropertySchema, StringRules,
};

/// A value that passed its schema, in the shape its kind reads as.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Checked<'v> {
    /// A string of a `string` property.
    Str(&'v str),
    /// A number of a `number` or `integer` property (integers are whole).
    Num(Num),
    /// A boolean.
    Bool(bool),
    /// The position of the chosen option of an enum.
    Choice(usize),
    /// The positions of the chosen options of a multi-select, in the order
    /// they were sent.
    Choices(Vec<usize>),
}

/// Checks `value` against `schema`, returning every broken rule.
///
/// ```
/// use elicit_runtime::schema::FieldSpec;
/// use elicit_runtime::validate::{self, Checked, Rule};
///
/// let schema = FieldSpec::STRING.min_length(3, "").into_schema();
/// assert_eq!(validate::value(&schema, &"abc".into()), Ok(Checked::Str("abc")));
/// let broken = validate::value(&schema, &"ab".into()).unwrap_err();
/// assert_eq!(broken[0].rule(), Rule::MinLength);
/// ```
pub fn value<'v>(schema: &PropertySchema, value: &'v Value) -> Result<Checked<'v>, Vec<Violation>> {
    let kind = &schema.kind;
    match kind {
        Kind::String(rules) => string(rules, kind, value).map(Checked::Str),
        Kind::Number(rules) => number(rules, kind, value).map(Checked::Num),
        Kind::Boolean(_) => match value {
            Value::Bool(b) => Ok(Checked::Bool(*b)),
            _ => Err(vec![wrong_type(kind)]),
        },
        Kind::Enum(rules) => choice(rules, kind, value).map(Checked::Choice),
        Kind::MultiSelect(rules) => choices(rules, kind, value).map(Checked::Choices),
    }
}

fn wrong_type(kind: &Kind) -> Violation {
    Violation::Type {
        expected: kind.describe(),
    }
}

/// `Ok` with what was checked when nothing broke, else every broken rule.
fn verdict<T>(checked: T, broken: Vec<Violation>) -> Result<T, Vec<Violation>> {
    if broken.is_empty() {
        Ok(checked)
    } else {
        Err(broken)
    }
}

fn string<'v>(
    rules: &StringRules,
    kind: &Kind,
    value: &'v Value,
) -> Result<&'v str, Vec<Violation>> {
    let Value::String(s) = value else {
        return Err(vec![wrong_type(kind)]);
    };
    let mut broken = Vec::new();
    if (rules.min_length.is_some() || rules.max_length.is_some())
        && !within_by_bytes(s.len() as u64, rules.min_length, rules.max_length)
    {
        let actual = s.chars().count() as u64;
        if let Some(min) = rules.min_length
            && actual < min
        {
            broken.push(Violation::MinLength { min, actual });
        }
        if let Some(max) = rules.max_length
            && actual > max
        {
            broken.push(Violation::MaxLength { max, actual });
        }
    }
    if let Some(format) = rules.format
        && let Err(error) = format.check(s)
    {
        broken.push(Violation::Format(error));
    }
    verdict(s.as_str(), broken)
}

/// Whether a string of `bytes` UTF-8 bytes is within the length bounds
/// whatever its characters: it has at most `bytes` code points and at
/// least a quarter as many, so counting them is needed only near a bound.
fn within_by_bytes(bytes: u64, min: Option<u64>, max: Option<u64>) -> bool {
    min.is_none_or(|min| bytes.div_ceil(4) >= min) && max.is_none_or(|max| bytes <= max)
}

fn number(rules: &NumberRules, kind: &Kind, value: &Value) -> Result<Num, Vec<Violation>> {
    let Some(num) = value.as_number().and_then(Num::from_json) else {
        return Err(vec![wrong_type(kind)]);
    };
    let mut broken = Vec::new();
    if rules.integer {
        if !num.is_whole() {
            broken.push(Violation::NotInteger);
        } else if let Num::Float(f) = num
            && f.abs() >= EXACT_FLOAT_LIMIT
        {
            broken.push(Violation::InexactInteger);
        }
    }
    if let Some(minimum) = rules.minimum
        && num < minimum
    {
        broken.push(Violation::Minimum { minimum });
    }
    if let Some(maximum) = rules.maximum
        && num > maximum
    {
        broken.push(Violation::Maximum { maximum });
    }
    verdict(num, broken)
}

/// The violation of a value that is none of the enum's options.
pub(crate) fn not_an_option(rules: &EnumRules) -> Violation {
    Violation::NotAnOption {
        options: rules.options.to_vec(),
    }
}

/// The most broken entries of one multi-select reported one by one; the
/// field fails either way, and the errors stay small for hostile content.
pub const MAX_ITEM_ERRORS: usize = 10;

/// Every value must be an option, each at most once (for a `Vec` field as
/// for a set: a multi-select chooses values, it does not count them), and
/// the count within `minItems`..=`maxItems`.
fn choices(
    rules: &MultiSelectRules,
    kind: &Kind,
    value: &Value,
) -> Result<Vec<usize>, Vec<Violation>> {
    let Value::Array(items) = value else {
        return Err(vec![wrong_type(kind)]);
    };
    let mut broken = Vec::new();
    let mut chosen = Vec::with_capacity(items.len());
    let mut seen = vec![false; rules.options.len()];
    // Many entries against many options: look values up in a map, so the
    // cost stays linear in the size of the content and of the schema.
    let index: Option<HashMap<&str, usize>> =
        (items.len() > 16 && rules.options.len() > 16).then(|| {
            rules
                .options
                .iter()
                .enumerate()
                .map(|(i, o)| (o.value.as_ref(), i))
                .collect()
        });
    let position = |s: &str| match &index {
        Some(map) => map.get(s).copied(),
        None => rules.position(s),
    };
    let mut unknown = 0;
    for (at, item) in items.iter().enumerate() {
        match item.as_str().and_then(position) {
            Some(found) if seen[found] => {
                if unknown < MAX_ITEM_ERRORS {
                    broken.push(Violation::DuplicateItem {
                        value: rules.options[found].value.to_string(),
                    });
                }
                unknown += 1;
            }
            Some(found) => {
                seen[found] = true;
                chosen.push(found);
            }
            None => {
                if unknown < MAX_ITEM_ERRORS {
                    broken.push(Violation::ItemNotAnOption {
                        index: at,
                        options: rules.options.to_vec(),
                    });
                }
                unknown += 1;
            }
        }
    }
    let count = items.len() as u64;
    if let Some(min) = rules.min_items
        && count < min
    {
        broken.push(Violation::MinItems { min, actual: count });
    }
    if let Some(max) = rules.max_items
        && count > max
    {
        broken.push(Violation::MaxItems { max, actual: count });
    }
    verdict(chosen, broken)
}

fn choice(rules: &EnumRules, kind: &Kind, value: &Value) -> Result<usize, Vec<Violation>> {
    let Value::String(s) = value else {
        // Not a string at all: the type is wrong, and it is no option either.
        return Err(vec![wrong_type(kind), not_an_option(rules)]);
    };
    rules.position(s).ok_or_else(|| vec![not_an_option(rules)])
}
