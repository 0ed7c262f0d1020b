//! The typed model of a `requestedSchema`: a flat object of primitive
//! properties.
//!
//! Every node can be built in a `const` (borrowed text and slices, as the
//! derive does) or owned (as a schema parsed from the wire is), so one model
//! and one validator serve servers and clients alike.

use std::borrow::Cow;

use serde_json::Value;

use super::Num;
use crate::format::Format;

/// Text held by the schema: `'static` for derived forms, owned for parsed ones.
pub type Text = Cow<'static, str>;

/// A whole `requestedSchema`: the properties of the form, in order.
///
/// The root of the wire form holds nothing else (`type: object` and
/// `required` follow from the properties); keys a revision adds at the root
/// are options of rendering, not of the model.
///
/// ```
/// use elicit_runtime::Elicitable;
///
/// #[derive(Elicitable)]
/// struct Contact {
///     /// Your full name
///     name: String,
///     age: Option<u8>,
/// }
///
/// let schema = &Contact::SCHEMA;
/// assert_eq!(schema.properties.len(), 2);
/// assert_eq!(schema.properties[0].name, "name");
/// assert!(schema.properties[0].required);
/// assert!(!schema.properties[1].required);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct FormSchema {
    /// The properties, in the order they are shown to the user.
    pub properties: Cow<'static, [Property]>,
}

/// One field of a form: its wire name, whether it is required, and its schema.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Property {
    /// The name of the property on the wire (after any rename).
    pub name: Text,
    /// Whether the property is listed in `required`.
    pub required: bool,
    /// Whether the property holds a secret (`#[elicit(secret)]`): a form
    /// with one is asked only as a web form, never in form mode, and the
    /// value is never echoed back, in an error or a prefilled form.
    /// Always `false` in a schema parsed from the wire, which has no such
    /// word.
    pub secret: bool,
    /// The primitive schema of the property.
    pub schema: PropertySchema,
}

/// The schema of one property: annotations and the kind with its rules.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct PropertySchema {
    /// `title`: a short label for the field.
    pub title: Option<Text>,
    /// `description`: help text for the field.
    pub description: Option<Text>,
    /// What kind of value the field holds, with its constraints.
    pub kind: Kind,
}

/// The kind of a primitive property, with its constraints.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Kind {
    /// `type: string`.
    String(StringRules),
    /// `type: number` or `type: integer`.
    Number(NumberRules),
    /// `type: boolean`.
    Boolean(BooleanRules),
    /// `type: string` with `enum` or `oneOf`: one choice among fixed values.
    Enum(EnumRules),
    /// `type: array` of enum values: several choices among fixed values
    /// (from revision 2025-11-25).
    MultiSelect(MultiSelectRules),
}

/// Constraints of a `string` property.
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct StringRules {
    /// `minLength`, in Unicode scalar values.
    pub min_length: Option<u64>,
    /// `maxLength`, in Unicode scalar values.
    pub max_length: Option<u64>,
    /// `format`.
    pub format: Option<Format>,
    /// `default`.
    pub default: Option<Text>,
}

/// Constraints of a `number` or `integer` property.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct NumberRules {
    /// `true` for `type: integer`, `false` for `type: number`.
    pub integer: bool,
    /// `minimum` (inclusive).
    pub minimum: Option<Num>,
    /// `maximum` (inclusive).
    pub maximum: Option<Num>,
    /// `default`.
    pub default: Option<Num>,
}

/// Constraints of a `boolean` property.
#[derive(Debug, Clone, PartialEq, Default)]
#[non_exhaustive]
pub struct BooleanRules {
    /// `default`.
    pub default: Option<bool>,
}

/// Constraints of a single-select enum property.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct EnumRules {
    /// The allowed values, in order, each with an optional display title.
    pub options: Cow<'static, [EnumOption]>,
    /// `default`: one of the values.
    pub default: Option<Text>,
    /// Titles are written as the legacy `enumNames` even where a revision
    /// has `oneOf` (2025-11-25 and later); 2025-06-18 always uses
    /// `enumNames`.
    pub legacy_titles: bool,
}

/// Constraints of a multi-select property.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct MultiSelectRules {
    /// The values that may be chosen, in order, with optional titles.
    pub options: Cow<'static, [EnumOption]>,
    /// `minItems`: the fewest values to choose.
    pub min_items: Option<u64>,
    /// `maxItems`: the most values to choose.
    pub max_items: Option<u64>,
    /// `default`: the values chosen unless the user changes them.
    pub default: Option<Cow<'static, [Text]>>,
}

/// One allowed value of an enum, with its display title.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct EnumOption {
    /// The value sent on the wire.
    pub value: Text,
    /// The title shown to the user (`enumNames` entry).
    pub title: Option<Text>,
}

impl PropertySchema {
    /// The `default` as the JSON value content would carry, if there is one.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    ///
    /// #[derive(Elicitable)]
    /// struct News {
    ///     #[elicit(default = true)]
    ///     subscribe: bool,
    /// }
    ///
    /// let schema = &News::SCHEMA.properties[0].schema;
    /// assert_eq!(schema.default_value(), Some(serde_json::json!(true)));
    /// ```
    pub fn default_value(&self) -> Option<Value> {
        match &self.kind {
            Kind::String(rules) => rules.default.as_deref().map(Value::from),
            Kind::Number(rules) => rules.default.and_then(Num::to_json).map(Value::Number),
            Kind::Boolean(rules) => rules.default.map(Value::Bool),
            Kind::Enum(rules) => rules.default.as_deref().map(Value::from),
            Kind::MultiSelect(rules) => rules
                .default
                .as_ref()
                .map(|values| values.iter().map(|v| Value::from(v.as_ref())).collect()),
        }
    }
}

impl Kind {
    /// The JSON Schema `type` of this kind (`"string"`, `"integer"`, ...).
    pub const fn type_name(&self) -> &'static str {
        match self {
            Kind::String(_) | Kind::Enum(_) => "string",
            Kind::Number(NumberRules { integer: true, .. }) => "integer",
            Kind::Number(_) => "number",
            Kind::Boolean(_) => "boolean",
            Kind::MultiSelect(_) => "array",
        }
    }

    /// A plain-words name of the kind, for messages (`"a string"`, ...).
    pub const fn describe(&self) -> &'static str {
        match self {
            Kind::String(_) | Kind::Enum(_) => "a string",
            Kind::Number(NumberRules { integer: true, .. }) => "an integer",
            Kind::Number(_) => "a number",
            Kind::Boolean(_) => "`true` or `false`",
            Kind::MultiSelect(_) => "a list of the listed values",
        }
    }
}

impl EnumRules {
    /// `true` when any option carries a title.
    pub fn is_titled(&self) -> bool {
        is_titled(&self.options)
    }

    /// The position of `value` among the options.
    pub fn position(&self, value: &str) -> Option<usize> {
        position(&self.options, value)
    }
}

impl MultiSelectRules {
    /// `true` when any option carries a title.
    pub fn is_titled(&self) -> bool {
        is_titled(&self.options)
    }

    /// The position of `value` among the options.
    pub fn position(&self, value: &str) -> Option<usize> {
        position(&self.options, value)
    }
}

impl EnumOption {
    /// The title to show: the title, else the value itself.
    pub fn label(&self) -> &str {
        self.title.as_deref().unwrap_or(&self.value)
    }
}

fn is_titled(options: &[EnumOption]) -> bool {
    options.iter().any(|o| o.title.is_some())
}

impl FormSchema {
    /// The property with this wire name.
    pub fn property(&self, name: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.name == name)
    }

    /// The names listed in `required`, in order.
    pub fn required(&self) -> impl Iterator<Item = &str> + Clone {
        self.properties
            .iter()
            .filter(|p| p.required)
            .map(|p| p.name.as_ref())
    }

    /// Whether a property is secret ([`Property::secret`]): such a form
    /// is asked only where the answer does not pass through the model
    /// (the client's form or the server's page), and its answer is kept in
    /// no sealed state.
    ///
    /// ```
    /// use elicit_runtime::{Elicitable, Secret};
    ///
    /// #[derive(Elicitable)]
    /// struct Connect {
    ///     account: String,
    ///     #[elicit(secret)]
    ///     api_key: Secret,
    /// }
    ///
    /// #[derive(Elicitable)]
    /// struct Table {
    ///     size: u8,
    /// }
    ///
    /// assert!(Connect::SCHEMA.has_secrets());
    /// assert!(!Table::SCHEMA.has_secrets());
    /// ```
    pub fn has_secrets(&self) -> bool {
        self.properties.iter().any(|p| p.secret)
    }
}

/// The position of `value` among `options`, by a scan.
pub(crate) fn position(options: &[EnumOption], value: &str) -> Option<usize> {
    options.iter().position(|option| option.value == value)
}
