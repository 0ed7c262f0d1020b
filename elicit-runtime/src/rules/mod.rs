//! Validation of content against a form schema: the rules of the schema
//! subset, one file each, the check of one value against one property,
//! which asks them in turn, and the check of a whole content object, every
//! failing field reported at once.
//!
//! Each rule's file holds it whole: the `const` check the derive's code
//! runs at compile time (through the field builders, `builders`), the
//! check the wire parser runs on a schema it reads, the check of content,
//! and the messages of all three. Messages that quote what the user wrote
//! in an attribute (`min_length = 5`) are the derive's, since only it sees
//! the tokens.
//!
//! | rule | file |
//! |---|---|
//! | required, `type`, unknown fields | `kind.rs` |
//! | `minLength`, `maxLength` | `length.rs` |
//! | no control characters in text, but tabs and line breaks (elicit's own) | `text.rs` |
//! | `minimum`, `maximum`, integers, the Rust type's range | `bounds.rs` |
//! | `format` | `format.rs` |
//! | enum membership, each entry once | `choice.rs` |
//! | `minItems`, `maxItems` | `items.rs` |
//! | `default` | `default.rs` |
//! | what the Rust type holds beyond the schema (UUIDs, IP addresses, instants, non-zero integers) | `fit.rs` |
//!
//! Around them: [`Violation`] (one broken rule), [`FieldError`] and
//! [`ValidationErrors`] (every failing field of a response, `errors.rs`),
//! the check of a whole content object ([`content()`], `content.rs`) and
//! the form prefilled with what passed (`prefill.rs`).

pub(crate) mod bounds;
pub(crate) mod choice;
pub(crate) mod default;
pub(crate) mod fit;
pub(crate) mod format;
pub(crate) mod items;
pub(crate) mod kind;
pub(crate) mod length;
pub(crate) mod text;
mod violation;

mod content;
mod errors;
mod prefill;

use serde_json::Value;

pub use choice::{LISTED_OPTIONS, MAX_ITEM_ERRORS, OneOf};
pub use content::content;
pub(crate) use content::{read_property, report, unknown_fields};
pub use errors::{FieldError, FieldNames, Received, ValidationErrors};
pub use fit::Unfit;
pub use violation::{Rule, Violation};

use crate::schema::{Kind, Num, PropertySchema};

/// Whether `min..=max` holds any count: of a string's code points or of a
/// multi-select's values, whose rules share it.
pub(crate) const fn ordered(min: Option<u64>, max: Option<u64>) -> bool {
    match (min, max) {
        (Some(min), Some(max)) => min <= max,
        _ => true,
    }
}

/// Whether `count` lies within `min..=max`, either bound optional: a
/// string's code points or a multi-select's values.
#[inline]
pub(crate) fn within(count: u64, min: Option<u64>, max: Option<u64>) -> bool {
    min.is_none_or(|min| count >= min) && max.is_none_or(|max| count <= max)
}

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

/// `value` in its checked shape when it passes every rule of `schema`, with
/// no report: what reading content that passes needs, asking each rule's
/// `accepts`. `None` says nothing of why; [`value`] then finds every broken
/// rule. Enums and multi-selects are left to their readers, which match
/// the values themselves.
///
/// Inlined where a field is read, where the schema is a constant: what the
/// field's rules do not ask for is left out of the code.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn passing<'v>(schema: &PropertySchema, value: &'v Value) -> Option<Checked<'v>> {
    match (&schema.kind, value) {
        (Kind::String(rules), Value::String(s)) => {
            // A format's grammar leaves control characters out (`text`'s
            // test of every format holds it): text is scanned for them
            // only without one.
            (length::accepts(s, rules.min_length, rules.max_length)
                && format::accepts(s, rules.format)
                && (rules.format.is_some() || text::accepts(s)))
            .then_some(Checked::Str(s))
        }
        (Kind::Number(rules), Value::Number(n)) => {
            let num = Num::from_json(n)?;
            bounds::accepts(num, rules.integer, rules.minimum, rules.maximum)
                .then_some(Checked::Num(num))
        }
        (Kind::Boolean(_), Value::Bool(b)) => Some(Checked::Bool(*b)),
        _ => None,
    }
}

/// The string of `value` when `schema` is an enum's and `value` a string:
/// the shape of a choice, whose membership the enum's reader decides by
/// matching its own values, which are the options of the schema it is
/// read with.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn choice_text<'v>(schema: &PropertySchema, value: &'v Value) -> Option<&'v str> {
    match (&schema.kind, value) {
        (Kind::Enum(_), Value::String(s)) => Some(s),
        _ => None,
    }
}

/// The entries of `value` when `schema` is a multi-select's, `value` an
/// array of as many entries as it allows, and each a string named once:
/// the shape of a multi-select, whose membership the enum's reader decides.
#[inline]
pub(crate) fn choice_list<'v>(schema: &PropertySchema, value: &'v Value) -> Option<&'v [Value]> {
    match (&schema.kind, value) {
        (Kind::MultiSelect(rules), Value::Array(entries))
            if items::accepts(entries.len() as u64, rules.min_items, rules.max_items)
                && choice::named_once(entries) =>
        {
            Some(entries)
        }
        _ => None,
    }
}

/// Checks `value` against `schema`, returning every broken rule: the single
/// place where every constraint is enforced, for servers and clients alike.
///
/// ```
/// use elicit_runtime::schema::FormSchema;
/// use elicit_runtime::rules::{self, Checked, Rule};
/// use serde_json::json;
///
/// let form = FormSchema::parse(&json!({
///     "type": "object",
///     "properties": { "name": { "type": "string", "minLength": 3 } }
/// }))
/// .unwrap()
/// .schema;
/// let schema = &form.properties[0].schema;
/// assert_eq!(rules::value(schema, &"abc".into()), Ok(Checked::Str("abc")));
/// let broken = rules::value(schema, &"ab".into()).unwrap_err();
/// assert_eq!(broken[0].rule(), Rule::MinLength);
/// ```
pub fn value<'v>(schema: &PropertySchema, value: &'v Value) -> Result<Checked<'v>, Vec<Violation>> {
    let kind = &schema.kind;
    let mut broken = Vec::new();
    let checked = match (kind, value) {
        (Kind::String(rules), Value::String(s)) => {
            length::check(s, rules.min_length, rules.max_length, &mut broken);
            format::check(s, rules.format, &mut broken);
            text::check(s, &mut broken);
            Checked::Str(s)
        }
        (Kind::Number(rules), Value::Number(n)) => {
            let Some(num) = Num::from_json(n) else {
                return Err(vec![kind::wrong_type(kind)]);
            };
            bounds::check(
                num,
                rules.integer,
                rules.minimum,
                rules.maximum,
                &mut broken,
            );
            Checked::Num(num)
        }
        (Kind::Boolean(_), Value::Bool(b)) => Checked::Bool(*b),
        (Kind::Enum(rules), Value::String(s)) => match rules.position(s) {
            Some(i) => Checked::Choice(i),
            None => return Err(vec![choice::not_an_option(&rules.options)]),
        },
        // Not a string at all: the type is wrong, and it is no option either.
        (Kind::Enum(rules), _) => {
            return Err(vec![
                kind::wrong_type(kind),
                choice::not_an_option(&rules.options),
            ]);
        }
        (Kind::MultiSelect(rules), Value::Array(entries)) => {
            let chosen = choice::check_entries(&rules.options, entries, &mut broken);
            items::check(
                entries.len() as u64,
                rules.min_items,
                rules.max_items,
                &mut broken,
            );
            Checked::Choices(chosen)
        }
        _ => return Err(vec![kind::wrong_type(kind)]),
    };
    if broken.is_empty() {
        Ok(checked)
    } else {
        Err(broken)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::json;

    use super::*;
    use crate::format::Format;
    use crate::schema::{EnumOption, MultiSelectRules, NumberRules, StringRules};

    fn property(kind: Kind) -> PropertySchema {
        PropertySchema {
            title: None,
            description: None,
            kind,
        }
    }

    fn strings() -> impl Strategy<Value = String> {
        prop_oneof![
            "[a-z0-9.@:/-]{0,24}",
            "\\PC{0,12}",
            Just("ada@example.com".to_owned()),
            Just("https://example.com/a?b#c".to_owned()),
            Just("2026-02-29".to_owned()),
            Just("2026-12-03T09:30:00.5+01:00".to_owned()),
            Just("é€😀".to_owned()),
        ]
    }

    fn string_rules() -> impl Strategy<Value = StringRules> {
        let format = prop_oneof![
            Just(None),
            Just(Some(Format::Email)),
            Just(Some(Format::Uri)),
            Just(Some(Format::Date)),
            Just(Some(Format::DateTime)),
        ];
        (
            proptest::option::of(0u64..30),
            proptest::option::of(0u64..30),
            format,
        )
            .prop_map(|(min_length, max_length, format)| StringRules {
                min_length,
                max_length,
                format,
                default: None,
            })
    }

    fn nums() -> impl Strategy<Value = Num> {
        prop_oneof![
            (-1000i128..1000).prop_map(Num::Int),
            (-1000.0f64..1000.0).prop_map(Num::Float),
            (-1000i64..1000).prop_map(|i| Num::Float(i as f64)),
            Just(Num::Float(9007199254740992.0)),
            Just(Num::Float(-1e300)),
            Just(Num::Int(i128::from(u64::MAX))),
            Just(Num::Int(i128::from(i64::MIN))),
        ]
    }

    fn number_rules() -> impl Strategy<Value = NumberRules> {
        (
            any::<bool>(),
            proptest::option::of(nums()),
            proptest::option::of(nums()),
        )
            .prop_map(|(integer, minimum, maximum)| NumberRules {
                integer,
                minimum,
                maximum,
                default: None,
            })
    }

    fn values() -> impl Strategy<Value = Value> {
        prop_oneof![
            strings().prop_map(Value::from),
            nums().prop_filter_map("a JSON number", |n| n.to_json().map(Value::Number)),
            any::<bool>().prop_map(Value::from),
            Just(Value::Null),
            Just(json!(["a"])),
        ]
    }

    proptest! {
        /// The happy path takes exactly what the full check passes, in
        /// the same shape, for every kind it takes.
        #[test]
        fn passing_is_the_full_check_without_the_report(
            kind in prop_oneof![
                string_rules().prop_map(Kind::String),
                number_rules().prop_map(Kind::Number),
                Just(Kind::Boolean(Default::default())),
            ],
            value in values(),
        ) {
            let schema = property(kind);
            prop_assert_eq!(passing(&schema, &value), super::value(&schema, &value).ok());
        }

        /// A multi-select's shape is taken only where the full check
        /// passes too.
        #[test]
        fn a_choice_list_passes_the_full_check(
            entries in proptest::collection::vec(prop_oneof!["[abc]", Just("d".to_owned())], 0..6),
            min_items in proptest::option::of(0u64..4),
            max_items in proptest::option::of(0u64..4),
        ) {
            let options: Vec<EnumOption> =
                ["a", "b", "c"].into_iter().map(|v| EnumOption::new(v, None)).collect();
            let schema = property(Kind::MultiSelect(MultiSelectRules {
                options: options.into(),
                min_items,
                max_items,
                default: None,
            }));
            let value = json!(entries);
            let full = super::value(&schema, &value);
            let listed = choice_list(&schema, &value);
            let all_options = entries.iter().all(|e| e != "d");
            // Membership is the enum's to decide: with it, the two agree.
            prop_assert_eq!(listed.is_some() && all_options, full.is_ok());
        }
    }

    #[test]
    fn many_entries_are_left_to_the_full_check() {
        let options: Vec<EnumOption> = (0..40)
            .map(|i| EnumOption {
                value: format!("v{i}").into(),
                title: None,
            })
            .collect();
        let schema = property(Kind::MultiSelect(MultiSelectRules {
            options: options.into(),
            min_items: None,
            max_items: None,
            default: None,
        }));
        let few: Vec<String> = (0..32).map(|i| format!("v{i}")).collect();
        let many: Vec<String> = (0..33).map(|i| format!("v{i}")).collect();
        assert!(choice_list(&schema, &json!(few)).is_some());
        assert!(choice_list(&schema, &json!(many)).is_none());
        assert!(super::value(&schema, &json!(many)).is_ok());
    }

    #[test]
    fn a_choice_is_a_string_of_an_enum() {
        let schema = property(Kind::Enum(crate::schema::EnumRules {
            options: vec![EnumOption::new("a", None)].into(),
            default: None,
            legacy_titles: false,
        }));
        assert_eq!(choice_text(&schema, &json!("z")), Some("z"));
        assert_eq!(choice_text(&schema, &json!(1)), None);
        let text = property(Kind::String(StringRules::default()));
        assert_eq!(choice_text(&text, &json!("a")), None);
    }
}
