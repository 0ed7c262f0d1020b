//! The checks of one value against one property schema: the single place
//! where every constraint is enforced, for servers and clients alike.

use serde_json::Value;

use super::Violation;
use crate::schema::num::EXACT_FLOAT_LIMIT;
use crate::schema::{EnumRules, Kind, Num, NumberRules, PropertySchema, StringRules};

/// A value that passed its schema, in the shape its kind reads as.
#[derive(Debug, Clone, Copy, PartialEq)]
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
    if rules.min_length.is_some() || rules.max_length.is_some() {
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

fn choice(rules: &EnumRules, kind: &Kind, value: &Value) -> Result<usize, Vec<Violation>> {
    let Value::String(s) = value else {
        // Not a string at all: the type is wrong, and it is no option either.
        return Err(vec![wrong_type(kind), not_an_option(rules)]);
    };
    rules.position(s).ok_or_else(|| vec![not_an_option(rules)])
}
