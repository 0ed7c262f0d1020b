//! The checks of one value against one property schema: the single place
//! where every constraint is enforced, for servers and clients alike.

use serde_json::Value;

use super::Violation;
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
    match &schema.kind {
        Kind::String(rules) => string(rules, value).map(Checked::Str),
        Kind::Number(rules) => number(rules, value).map(Checked::Num),
        Kind::Boolean(_) => match value {
            Value::Bool(b) => Ok(Checked::Bool(*b)),
            _ => Err(vec![wrong_type(&schema.kind)]),
        },
        Kind::Enum(rules) => choice(rules, value).map(Checked::Choice),
    }
}

fn wrong_type(kind: &Kind) -> Violation {
    Violation::Type {
        expected: kind.describe(),
    }
}

fn string<'v>(rules: &StringRules, value: &'v Value) -> Result<&'v str, Vec<Violation>> {
    let Value::String(s) = value else {
        return Err(vec![Violation::Type {
            expected: "a string",
        }]);
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
    if broken.is_empty() {
        Ok(s)
    } else {
        Err(broken)
    }
}

fn number(rules: &NumberRules, value: &Value) -> Result<Num, Vec<Violation>> {
    let expected = if rules.integer {
        "an integer"
    } else {
        "a number"
    };
    let Value::Number(n) = value else {
        return Err(vec![Violation::Type { expected }]);
    };
    let Some(num) = Num::from_json(n) else {
        return Err(vec![Violation::Type { expected }]);
    };
    let mut broken = Vec::new();
    if rules.integer && !num.is_whole() {
        broken.push(Violation::NotInteger);
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
    if broken.is_empty() {
        Ok(num)
    } else {
        Err(broken)
    }
}

fn choice(rules: &EnumRules, value: &Value) -> Result<usize, Vec<Violation>> {
    let not_an_option = || Violation::NotAnOption {
        options: rules.options.to_vec(),
    };
    let Value::String(s) = value else {
        return Err(vec![not_an_option()]);
    };
    rules.position(s).ok_or_else(|| vec![not_an_option()])
}
