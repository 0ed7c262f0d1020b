//! Forms for a revision without multi-select (2025-06-18): each
//! multi-select written as one boolean per option, and the names those
//! booleans get.

use std::borrow::Cow;
use std::collections::HashSet;

use serde::{Serialize, Serializer};

use super::RenderedSchema;
use crate::revision::Revision;
use crate::schema::{
    BooleanRules, EnumOption, FormSchema, Kind, MultiSelectRules, Property, PropertySchema, Text,
};

/// A form as it is written for one revision, with every multi-select the
/// revision cannot express written as booleans: see
/// [`FormSchema::render_downlevel`].
///
/// `Serialize` writes the `requestedSchema`; [`Downlevel::read`] reads the
/// client's answer back into the form's type, booleans and all.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::protocol::Revision;
///
/// #[derive(Debug, PartialEq, Elicitable)]
/// enum Topping {
///     #[elicit(title = "Olives")]
///     Olives,
///     #[elicit(title = "Extra cheese")]
///     Cheese,
/// }
///
/// #[derive(Debug, PartialEq, Elicitable)]
/// struct Pizza {
///     #[elicit(title = "Toppings")]
///     toppings: Vec<Topping>,
/// }
///
/// let schema = Pizza::SCHEMA;
/// let old = schema.render_downlevel(Revision::V2025_06_18);
/// assert_eq!(
///     old.to_json(),
///     serde_json::json!({
///         "type": "object",
///         "properties": {
///             "toppings_Olives": { "type": "boolean", "title": "Toppings: Olives" },
///             "toppings_Cheese": { "type": "boolean", "title": "Toppings: Extra cheese" }
///         }
///     })
/// );
/// let answer = serde_json::json!({ "toppings_Olives": false, "toppings_Cheese": true });
/// let pizza: Pizza = old.read(answer.as_object().unwrap()).unwrap();
/// assert_eq!(pizza.toppings, [Topping::Cheese]);
///
/// // A revision with multi-select gets the form as it is.
/// let new = schema.render_downlevel(Revision::V2025_11_25);
/// assert!(!new.is_downlevelled());
/// assert_eq!(new.to_json()["properties"]["toppings"]["type"], "array");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Downlevel<'a> {
    revision: Revision,
    schema: Cow<'a, FormSchema>,
    groups: Vec<BooleanGroup>,
}

/// One multi-select written as booleans, one per option, in the order of
/// the options.
///
/// Each boolean is named `<field>_<value>`, where the option's value keeps
/// its ASCII letters, digits, `_` and `-` and has every other character
/// replaced by `_`. A name that another property of the form or an earlier
/// boolean already has gets the first free suffix `_2`, `_3`, ... (in the
/// order of the form, then of the options), so every name is unique and
/// the same form always gets the same names.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::protocol::Revision;
///
/// #[derive(Elicitable)]
/// #[elicit(rename_all = "kebab-case")]
/// enum Diet {
///     Vegan,
///     GlutenFree,
/// }
///
/// #[derive(Elicitable)]
/// struct Order {
///     diet: Vec<Diet>,
///     // The name the first boolean would get: it gets `diet_vegan_2`.
///     diet_vegan: Option<bool>,
/// }
///
/// let schema = Order::SCHEMA;
/// let old = schema.render_downlevel(Revision::V2025_06_18);
/// let group = old.group("diet").unwrap();
/// assert_eq!(group.names().collect::<Vec<_>>(), ["diet_vegan_2", "diet_gluten-free"]);
/// assert_eq!(group.value_of("diet_gluten-free"), Some("gluten-free"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct BooleanGroup {
    field: Text,
    required: bool,
    booleans: Vec<Boolean>,
}

/// One boolean of a [`BooleanGroup`]: its name, the option it stands for,
/// and whether it is ticked unless the user changes it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Boolean {
    pub(crate) name: Text,
    pub(crate) value: Text,
    pub(crate) default: bool,
}

impl BooleanGroup {
    /// The wire name of the multi-select.
    pub fn field(&self) -> &str {
        &self.field
    }

    /// The names of the booleans, in the order of the options.
    pub fn names(&self) -> impl ExactSizeIterator<Item = &str> + Clone {
        self.booleans.iter().map(|b| b.name.as_ref())
    }

    /// The option value the boolean `name` stands for.
    pub fn value_of(&self, name: &str) -> Option<&str> {
        self.booleans
            .iter()
            .find(|b| b.name == name)
            .map(|b| b.value.as_ref())
    }

    /// The name of the boolean that stands for the option `value`.
    pub fn name_of(&self, value: &str) -> Option<&str> {
        self.booleans
            .iter()
            .find(|b| b.value == value)
            .map(|b| b.name.as_ref())
    }

    /// Whether the multi-select is required in the form it came from.
    pub(crate) fn required(&self) -> bool {
        self.required
    }

    pub(crate) fn booleans(&self) -> &[Boolean] {
        &self.booleans
    }
}

impl FormSchema {
    /// The schema for `revision`, with every multi-select the revision
    /// cannot express (all of them for 2025-06-18) written as one boolean
    /// per option: what a server sends a client of that revision.
    ///
    /// Unlike [`FormSchema::render`], this never fails. For 2025-11-25 and
    /// later it writes the same as `render`. For 2025-06-18 each
    /// multi-select becomes, at its place, one `boolean` per option, in the
    /// options' order, named as [`BooleanGroup`] says; each is titled
    /// `"<field title>: <option title>"` (the field's wire name or the
    /// option's value where there is no title), is not required, and
    /// defaults to `true` for the options of the multi-select's `default`
    /// and `false` for the others (no default when the multi-select has
    /// none). The first boolean carries the field's description, followed
    /// by what `min_items` and `max_items` ask for (`Tick at most 2 of the
    /// 4 "Dietary needs" options.`), since the revision cannot say it; the
    /// server still checks the counts when it reads the answer.
    ///
    /// What 2025-06-18 cannot carry is left out, as by `render`: `default`
    /// on strings, numbers and single-selects (a boolean keeps its
    /// default), and `$schema`. Titled single-selects are written as
    /// `enum` + `enumNames`. [`Elicitable::portability`](crate::Elicitable::portability)
    /// lists what happens to a form on each revision.
    ///
    /// Read the answer with [`Downlevel::read`] (or, for a request built by
    /// an [`Elicitor`](crate::protocol::Elicitor), with
    /// [`CheckedRequest::read`](crate::protocol::CheckedRequest::read)).
    pub fn render_downlevel(&self, revision: Revision) -> Downlevel<'_> {
        self.downlevel(revision, false)
    }

    /// The form for `revision`, its multi-selects written as booleans when
    /// the revision has no multi-select or when `always` (a form with
    /// `#[elicit(downlevel)]`).
    pub(crate) fn downlevel(&self, revision: Revision, always: bool) -> Downlevel<'_> {
        let needed = always || !revision.has_extended_schemas();
        let has_multi = || {
            self.properties
                .iter()
                .any(|p| matches!(p.schema.kind, Kind::MultiSelect(_)))
        };
        if !needed || !has_multi() {
            return Downlevel {
                revision,
                schema: Cow::Borrowed(self),
                groups: Vec::new(),
            };
        }
        // Every name of the form is taken, also a multi-select's own name,
        // which the written form no longer has: content naming it is then
        // never mistaken for an answer.
        let mut taken: HashSet<String> =
            self.properties.iter().map(|p| p.name.to_string()).collect();
        let mut properties = Vec::with_capacity(self.properties.len());
        let mut groups = Vec::new();
        for property in self.properties.iter() {
            match &property.schema.kind {
                Kind::MultiSelect(rules) => {
                    let group = group_of(property, rules, &mut taken);
                    properties.extend(booleans(property, rules, &group));
                    groups.push(group);
                }
                _ => properties.push(property.clone()),
            }
        }
        Downlevel {
            revision,
            schema: Cow::Owned(FormSchema {
                properties: Cow::Owned(properties),
            }),
            groups,
        }
    }
}

/// The names of the booleans of one multi-select, claimed in `taken`.
fn group_of(
    property: &Property,
    rules: &MultiSelectRules,
    taken: &mut HashSet<String>,
) -> BooleanGroup {
    let default = rules.default.as_deref().unwrap_or_default();
    let booleans = rules
        .options
        .iter()
        .map(|option| Boolean {
            name: Cow::Owned(boolean_name(&property.name, &option.value, taken)),
            value: option.value.clone(),
            default: default.contains(&option.value),
        })
        .collect();
    BooleanGroup {
        field: property.name.clone(),
        required: property.required,
        booleans,
    }
}

/// `<field>_<value>`, the value's characters other than ASCII letters,
/// digits, `_` and `-` replaced by `_`, with the first free suffix `_2`,
/// `_3`, ... when the name is taken.
fn boolean_name(field: &str, value: &str, taken: &mut HashSet<String>) -> String {
    let mut base = String::with_capacity(field.len() + 1 + value.len());
    base.push_str(field);
    base.push('_');
    base.extend(value.chars().map(|c| {
        if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
            c
        } else {
            '_'
        }
    }));
    let mut name = base.clone();
    let mut n = 2u64;
    while taken.contains(&name) {
        name = format!("{base}_{n}");
        n += 1;
    }
    taken.insert(name.clone());
    name
}

/// The boolean properties of one multi-select.
fn booleans<'a>(
    property: &'a Property,
    rules: &'a MultiSelectRules,
    group: &'a BooleanGroup,
) -> impl Iterator<Item = Property> + 'a {
    let label = property.schema.title.as_deref().unwrap_or(&property.name);
    let has_default = rules.default.is_some();
    rules
        .options
        .iter()
        .zip(&group.booleans)
        .enumerate()
        .map(move |(i, (option, boolean))| Property {
            name: boolean.name.clone(),
            required: false,
            secret: false,
            schema: PropertySchema {
                title: Some(Cow::Owned(format!(
                    "{label}: {}",
                    EnumOption::label(option)
                ))),
                description: if i == 0 {
                    first_description(property.schema.description.as_deref(), rules, label)
                } else {
                    None
                },
                kind: Kind::Boolean(BooleanRules {
                    default: has_default.then_some(boolean.default),
                }),
            },
        })
}

/// The description of the first boolean: the field's, then what its item
/// counts ask for.
fn first_description(
    description: Option<&str>,
    rules: &MultiSelectRules,
    label: &str,
) -> Option<Text> {
    let hint = count_hint(rules, label);
    match (description, hint) {
        (None, None) => None,
        (Some(text), None) => Some(Cow::Owned(text.to_owned())),
        (None, Some(hint)) => Some(Cow::Owned(hint)),
        (Some(text), Some(hint)) => {
            let ends = text.trim_end().ends_with(['.', '!', '?', ':']);
            let sep = if ends { " " } else { ". " };
            Some(Cow::Owned(format!("{}{sep}{hint}", text.trim_end())))
        }
    }
}

/// `Tick at most 2 of the 4 "Dietary needs" options.`, or nothing when the
/// counts do not narrow the choice.
fn count_hint(rules: &MultiSelectRules, label: &str) -> Option<String> {
    let n = rules.options.len() as u64;
    let min = rules.min_items.filter(|&min| min > 0);
    let max = rules.max_items.filter(|&max| max < n);
    let what = match (min, max) {
        (Some(min), Some(max)) if min == max => format!("exactly {min}"),
        (Some(min), Some(max)) => format!("{min} to {max}"),
        (Some(min), None) => format!("at least {min}"),
        (None, Some(max)) => format!("at most {max}"),
        (None, None) => return None,
    };
    Some(format!("Tick {what} of the {n} \"{label}\" options."))
}

impl<'a> Downlevel<'a> {
    /// The revision the form is written for.
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// The form as written: the booleans in place of the multi-selects.
    pub fn schema(&self) -> &FormSchema {
        &self.schema
    }

    /// `true` when a multi-select was written as booleans.
    pub fn is_downlevelled(&self) -> bool {
        !self.groups.is_empty()
    }

    /// The multi-selects written as booleans, in form order.
    pub fn groups(&self) -> &[BooleanGroup] {
        &self.groups
    }

    /// The booleans of the multi-select `field`, if it was written as
    /// booleans.
    pub fn group(&self, field: &str) -> Option<&BooleanGroup> {
        self.groups.iter().find(|g| g.field == field)
    }

    /// The schema ready to be written ([`RenderedSchema::with_dialect`]
    /// adds `$schema` from 2025-11-25).
    pub fn rendered(&self) -> RenderedSchema<'_> {
        RenderedSchema::unchecked(&self.schema, self.revision)
    }

    /// As a JSON value.
    pub fn to_json(&self) -> serde_json::Value {
        self.rendered().to_json()
    }

    /// As compact JSON text.
    pub fn to_json_string(&self) -> String {
        self.rendered().to_json_string()
    }

    /// As indented JSON text.
    pub fn to_json_pretty(&self) -> String {
        self.rendered().to_json_pretty()
    }

    /// The same form, owning its schema.
    pub fn into_owned(self) -> Downlevel<'static> {
        Downlevel {
            revision: self.revision,
            schema: Cow::Owned(self.schema.into_owned()),
            groups: self.groups,
        }
    }

    /// The written schema and the groups of booleans, to build a request.
    pub(crate) fn into_parts(self) -> (FormSchema, Vec<BooleanGroup>) {
        (self.schema.into_owned(), self.groups)
    }
}

impl Serialize for Downlevel<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.rendered().serialize(serializer)
    }
}
