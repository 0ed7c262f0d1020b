//! The rules of the schema subset, one file each, and the check of one
//! value against one property, which asks them in turn.
//!
//! Each file holds its rule whole: the `const` check the derive's code
//! runs at compile time (through `FieldSpec`), the check the wire parser
//! runs on a schema it reads, the check of content, and the messages of
//! all three. Messages that quote what the user wrote in an attribute
//! (`min_length = 5`) are the derive's, since only it sees the tokens.
//!
//! | rule | file |
//! |---|---|
//! | required, `type`, unknown fields | `kind.rs` |
//! | `minLength`, `maxLength` | `length.rs` |
//! | `minimum`, `maximum`, integers, the Rust type's range | `bounds.rs` |
//! | `format` | `format.rs` |
//! | enum membership, each entry once | `choice.rs` |
//! | `minItems`, `maxItems` | `items.rs` |
//! | `default` | `default.rs` |
//! | what the Rust type holds beyond the schema (UUIDs, IP addresses, instants, non-zero integers) | `fit.rs` |

pub(crate) mod bounds;
pub(crate) mod choice;
pub(crate) mod default;
pub(crate) mod fit;
pub(crate) mod format;
pub(crate) mod items;
pub(crate) mod kind;
pub(crate) mod length;
mod violation;

use serde_json::Value;

pub use choice::MAX_ITEM_ERRORS;
pub use fit::Unfit;
pub use violation::{Rule, Violation};

use super::{Kind, Num, PropertySchema};

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

/// Checks `value` against `schema`, returning every broken rule: the single
/// place where every constraint is enforced, for servers and clients alike.
///
/// ```
/// use elicit_runtime::schema::FormSchema;
/// use elicit_runtime::validate::{self, Checked, Rule};
/// use serde_json::json;
///
/// let form = FormSchema::parse(&json!({
///     "type": "object",
///     "properties": { "name": { "type": "string", "minLength": 3 } }
/// }))
/// .unwrap()
/// .schema;
/// let schema = &form.properties[0].schema;
/// assert_eq!(validate::value(schema, &"abc".into()), Ok(Checked::Str("abc")));
/// let broken = validate::value(schema, &"ab".into()).unwrap_err();
/// assert_eq!(broken[0].rule(), Rule::MinLength);
/// ```
pub fn value<'v>(schema: &PropertySchema, value: &'v Value) -> Result<Checked<'v>, Vec<Violation>> {
    let kind = &schema.kind;
    let mut broken = Vec::new();
    let checked = match (kind, value) {
        (Kind::String(rules), Value::String(s)) => {
            length::check(s, rules.min_length, rules.max_length, &mut broken);
            format::check(s, rules.format, &mut broken);
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
