//! One property of a wire schema: its shape, its keywords, its default.
//!
//! A property is read in three steps, none of which looks deeper than the
//! entries of a keyword's array and, for the `{const, title}` options of
//! `oneOf` and `items.anyOf`, the members of each entry:
//!
//! 1. [`Shape`]: what kind of value the property holds, decided by `type` and
//!    the keywords that change it (`enum`, `oneOf`); keywords no shape
//!    supports (`$ref`, `anyOf`, ...) are rejected here.
//! 2. One pass over the keywords in document order: each keyword of the
//!    shape is checked and kept in a [`Draft`]; annotations outside the
//!    subset become warnings.
//! 3. The checks between keywords (`minimum <= maximum`, one `enumNames`
//!    entry per value), then `default` against the finished schema, with the
//!    same validator that checks content.
//!
//! Every revision's shapes are read by the same reader: a shape means the
//! same in every revision that has it, so what a later revision adds (the
//! titled `oneOf` enum, the multi-select array) is one more [`Shape`], its
//! keywords in [`Shape::keywords`], and its reader in [`options`].

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::error::{Pointer, SchemaError, SchemaErrorKind as K, SchemaWarning, found, name};
use crate::excerpt::plural;
use crate::format::Format;
use crate::rules::default::{self, Refusal};
use crate::rules::{bounds, items, length};
use crate::schema::{
    BooleanRules, EnumOption, EnumRules, Kind, MultiSelectRules, Num, NumberRules, PropertySchema,
    StringRules, Text,
};

mod options;

/// Keywords that decide what a schema is, which the root may not use; a
/// property may use `oneOf` only as a titled single-select (`type: "string"`
/// with `oneOf: [{const, title}]`), and the others not at all.
pub(super) const COMPOSITION: [&str; 3] = ["anyOf", "oneOf", "allOf"];

/// Keywords outside the subset that would narrow the allowed values; they
/// are ignored with a warning that says values are not checked against them.
const ASSERTIONS: [&str; 8] = [
    "pattern",
    "const",
    "multipleOf",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "not",
    "if",
    "dependentRequired",
];

/// What kind of value a property holds, before its keywords are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// `type: string` without `enum`.
    String,
    /// `type: number` or `type: integer`.
    Number {
        /// `type: integer`.
        integer: bool,
    },
    /// `type: boolean`.
    Boolean,
    /// `type: string` with `enum`, and optionally `enumNames`.
    Enum,
    /// `type: string` with `oneOf: [{const, title}]`.
    TitledEnum,
    /// `type: array` with `items` of enum options.
    MultiSelect,
}

impl Shape {
    /// The keywords this shape reads, besides `type`, `title` and
    /// `description`.
    fn keywords(self) -> &'static [&'static str] {
        match self {
            Shape::String => &["minLength", "maxLength", "format", "default"],
            Shape::Number { .. } => &["minimum", "maximum", "default"],
            Shape::Boolean => &["default"],
            Shape::Enum => &["enum", "enumNames", "default"],
            Shape::TitledEnum => &["oneOf", "default"],
            Shape::MultiSelect => &["items", "minItems", "maxItems", "default"],
        }
    }
}

/// The properties a keyword of the subset applies to, for the warning given
/// when it appears elsewhere.
fn applies_to(keyword: &str) -> Option<&'static str> {
    match keyword {
        "minLength" | "maxLength" | "format" => {
            Some("free-text `string` properties (without `enum`)")
        }
        "minimum" | "maximum" => Some("`number` and `integer` properties"),
        "enumNames" => Some("`string` properties with `enum`"),
        "items" | "minItems" | "maxItems" => Some("multi-select `array` properties"),
        _ => None,
    }
}

/// The keywords of one property, checked one by one.
#[derive(Default)]
struct Draft<'v> {
    title: Option<Text>,
    description: Option<Text>,
    min_length: Option<u64>,
    max_length: Option<u64>,
    format: Option<Format>,
    minimum: Option<Num>,
    maximum: Option<Num>,
    min_items: Option<u64>,
    max_items: Option<u64>,
    /// The options of `enum`, `oneOf` or `items`, whichever the shape has.
    options: Option<Vec<EnumOption>>,
    names: Option<&'v [Value]>,
    default: Option<&'v Value>,
}

/// Reads the schema of property `name`.
pub(super) fn read(
    name: &str,
    value: &Value,
    warnings: &mut Vec<SchemaWarning>,
) -> Result<PropertySchema, SchemaError> {
    Reader { name, warnings }.read(value)
}

struct Reader<'a> {
    name: &'a str,
    warnings: &'a mut Vec<SchemaWarning>,
}

impl Reader<'_> {
    fn here(&self) -> Pointer {
        Pointer::root().key("properties").key(self.name)
    }

    fn at(&self, keyword: &str) -> String {
        self.here().key(keyword).into_string()
    }

    fn at_index(&self, keyword: &str, index: usize) -> String {
        self.here().key(keyword).index(index).into_string()
    }

    fn error(&self, kind: K, keyword: &str, message: String) -> SchemaError {
        SchemaError::new(kind, self.at(keyword), message)
    }

    fn warn(&mut self, keyword: &str, message: String) {
        let path = self.at(keyword);
        self.warn_at(path, message);
    }

    fn warn_at(&mut self, path: String, message: String) {
        self.warnings.push(SchemaWarning::new(path, message));
    }

    fn read(mut self, value: &Value) -> Result<PropertySchema, SchemaError> {
        let Value::Object(object) = value else {
            return Err(SchemaError::new(
                K::NotAnObject,
                self.here().into_string(),
                format!(
                    "a property's schema must be a JSON object such as \
                     `{{\"type\": \"string\"}}`, found {}",
                    found(value)
                ),
            ));
        };
        let shape = self.shape(object)?;
        let mut draft = Draft::default();
        for (key, value) in object {
            match key.as_str() {
                "type" => {}
                "title" => draft.title = Some(self.text(key, value)?),
                "description" => draft.description = Some(self.text(key, value)?),
                keyword if shape.keywords().contains(&keyword) => {
                    self.keyword(keyword, value, &mut draft)?;
                }
                keyword => self.ignore(shape, keyword),
            }
        }
        self.build(shape, draft)
    }

    /// Step 1: the shape, from `type`, `enum` and `oneOf`.
    fn shape(&self, object: &Map<String, Value>) -> Result<Shape, SchemaError> {
        self.no_composition(object)?;
        let ty = object.get("type");
        let has_one_of = object.contains_key("oneOf");
        if has_one_of && ty.and_then(Value::as_str) != Some("string") {
            let found = ty.map_or_else(|| "no `type`".to_owned(), found);
            return Err(self.error(
                K::Composition,
                "oneOf",
                format!(
                    "`oneOf` is allowed on a property only as a titled single choice, \
                     `type: \"string\"` with `oneOf: [{{\"const\": ..., \"title\": ...}}]`, \
                     found {found}"
                ),
            ));
        }
        let Some(ty) = ty else {
            return Err(SchemaError::new(
                K::MissingType,
                self.here().into_string(),
                "the property has no `type`; give it `type` `string`, `number`, \
                 `integer` or `boolean`, or `array` for a multi-select",
            ));
        };
        let has_enum = object.contains_key("enum");
        let shape = self.shape_of_type(ty, has_enum, has_one_of)?;
        if has_enum && shape != Shape::Enum {
            let hint = if shape == Shape::MultiSelect {
                "; for several choices, put the values in `items`: \
                 `{\"type\": \"string\", \"enum\": [...]}`"
            } else {
                ": enums hold strings only"
            };
            return Err(self.error(
                K::EnumNotString,
                "enum",
                format!("`enum` needs `type: \"string\"`, found {}{hint}", found(ty)),
            ));
        }
        Ok(shape)
    }

    /// Refuses `$ref`, `anyOf` and `allOf` on a property.
    fn no_composition(&self, object: &Map<String, Value>) -> Result<(), SchemaError> {
        if object.contains_key("$ref") {
            return Err(self.error(
                K::Ref,
                "$ref",
                "`$ref` is not allowed: define the property's schema inline \
                 (clients show a referenced enum as free text)"
                    .to_owned(),
            ));
        }
        if let Some(keyword) = ["anyOf", "allOf"]
            .into_iter()
            .find(|k| object.contains_key(*k))
        {
            return Err(self.error(K::Composition, keyword, composition_message(keyword)));
        }
        Ok(())
    }

    /// The shape `type` names, with `enum` or `oneOf` beside it.
    fn shape_of_type(
        &self,
        ty: &Value,
        has_enum: bool,
        has_one_of: bool,
    ) -> Result<Shape, SchemaError> {
        Ok(match ty.as_str() {
            Some("string") if has_enum && has_one_of => {
                return Err(self.error(
                    K::ConflictingOptions,
                    "oneOf",
                    "`enum` and `oneOf` both list the options; list them once: `enum` \
                     for untitled values, `oneOf` for titled ones"
                        .to_owned(),
                ));
            }
            Some("string") if has_one_of => Shape::TitledEnum,
            Some("string") if has_enum => Shape::Enum,
            Some("string") => Shape::String,
            Some("number") => Shape::Number { integer: false },
            Some("integer") => Shape::Number { integer: true },
            Some("boolean") => Shape::Boolean,
            Some("array") => Shape::MultiSelect,
            Some("object") => {
                return Err(self.error(
                    K::NestedObject,
                    "type",
                    "nested objects are not allowed: a form is flat, so give each \
                     value its own property of `type` `string`, `number`, `integer` \
                     or `boolean`"
                        .to_owned(),
                ));
            }
            _ => {
                let hint = if ty.is_array() {
                    " (an optional field is the plain schema left out of `required`, \
                     not a list of types)"
                } else {
                    ""
                };
                return Err(self.error(
                    K::UnknownType,
                    "type",
                    format!(
                        "`type` must be `string`, `number`, `integer` or `boolean`, or \
                         `array` for a multi-select, found {}{hint}",
                        found(ty)
                    ),
                ));
            }
        })
    }

    /// Step 2: one keyword of the shape.
    fn keyword<'v>(
        &mut self,
        keyword: &str,
        value: &'v Value,
        draft: &mut Draft<'v>,
    ) -> Result<(), SchemaError> {
        match keyword {
            "minLength" => draft.min_length = Some(self.count(keyword, value, "characters")?),
            "maxLength" => draft.max_length = Some(self.count(keyword, value, "characters")?),
            "minItems" => draft.min_items = Some(self.count(keyword, value, "values")?),
            "maxItems" => draft.max_items = Some(self.count(keyword, value, "values")?),
            "format" => draft.format = Some(self.format(value)?),
            "minimum" => draft.minimum = Some(self.number(keyword, value)?),
            "maximum" => draft.maximum = Some(self.number(keyword, value)?),
            "enum" => {
                let at = self.here().key(keyword);
                draft.options = Some(self.values(at, keyword, value)?);
            }
            "oneOf" => {
                let at = self.here().key(keyword);
                draft.options = Some(self.titled(at, keyword, value)?);
            }
            "items" => draft.options = Some(self.items(value)?),
            "enumNames" => draft.names = Some(self.names(value)?),
            "default" if value.is_null() => {
                self.warn(keyword, "`default: null` is read as no default".to_owned());
            }
            "default" => draft.default = Some(value),
            _ => self.ignore_unknown(keyword),
        }
        Ok(())
    }

    /// A keyword the shape does not read: a warning, never an error.
    fn ignore(&mut self, shape: Shape, keyword: &str) {
        if shape == Shape::MultiSelect && keyword == "uniqueItems" {
            self.warn(
                keyword,
                "`uniqueItems` is not part of the elicitation schema subset; ignored (a \
                 multi-select takes each value at most once anyway)"
                    .to_owned(),
            );
            return;
        }
        match applies_to(keyword) {
            Some(properties) => {
                let what = match (shape, keyword) {
                    (Shape::Enum, "enumNames") => "",
                    (Shape::Enum, _) => " (an `enum` allows only its values)",
                    (Shape::TitledEnum, "enumNames") => " (the titles are those of `oneOf`)",
                    (Shape::TitledEnum, _) => " (a `oneOf` allows only its values)",
                    (Shape::MultiSelect, "minLength" | "maxLength" | "format") => {
                        " (a multi-select allows only its options)"
                    }
                    _ => "",
                };
                self.warn(
                    keyword,
                    format!(
                        "{} applies only to {properties}; ignored{what}",
                        name(keyword)
                    ),
                );
            }
            None => self.ignore_unknown(keyword),
        }
    }

    fn ignore_unknown(&mut self, keyword: &str) {
        let effect = if ASSERTIONS.contains(&keyword) {
            ", so values are not checked against it"
        } else {
            ""
        };
        self.warn(
            keyword,
            format!(
                "{} is not part of the elicitation schema subset; ignored{effect}",
                name(keyword)
            ),
        );
    }

    fn text(&self, keyword: &str, value: &Value) -> Result<Text, SchemaError> {
        match value {
            Value::String(s) => Ok(Cow::Owned(s.clone())),
            _ => Err(self.error(
                K::WrongKeyType,
                keyword,
                format!("`{keyword}` must be a string, found {}", found(value)),
            )),
        }
    }

    /// A length or an item count: a whole number of `unit`, at least 0.
    fn count(&self, keyword: &str, value: &Value, unit: &str) -> Result<u64, SchemaError> {
        let wrong = |what: &str| {
            self.error(
                K::WrongKeyType,
                keyword,
                format!(
                    "`{keyword}` must be a whole number of {unit} from 0 to {}, found {what}",
                    u64::MAX
                ),
            )
        };
        let num = match value {
            Value::Number(n) => Num::from_json(n),
            _ => None,
        };
        let Some(num) = num.filter(|n| n.is_whole()) else {
            return Err(wrong(&found(value)));
        };
        let negative = match num.as_integer() {
            Some(i) => i < 0,
            None => num.as_f64() < 0.0,
        };
        if negative {
            return Err(self.error(
                K::NegativeLength,
                keyword,
                format!("`{keyword}` must be 0 or more, found {}", found(value)),
            ));
        }
        num.as_integer()
            .and_then(|i| u64::try_from(i).ok())
            .ok_or_else(|| wrong(&found(value)))
    }

    fn number(&self, keyword: &str, value: &Value) -> Result<Num, SchemaError> {
        let num = match value {
            Value::Number(n) => Num::from_json(n),
            _ => None,
        };
        num.ok_or_else(|| {
            self.error(
                K::WrongKeyType,
                keyword,
                format!("`{keyword}` must be a number, found {}", found(value)),
            )
        })
    }

    fn format(&self, value: &Value) -> Result<Format, SchemaError> {
        let Value::String(text) = value else {
            return Err(self.error(
                K::WrongKeyType,
                "format",
                format!("`format` must be a string, found {}", found(value)),
            ));
        };
        Format::from_name(text).ok_or_else(|| {
            self.error(
                K::BadFormat,
                "format",
                format!(
                    "`format` must be `email`, `uri`, `date` or `date-time`, found {}",
                    found(value)
                ),
            )
        })
    }

    fn names<'v>(&self, value: &'v Value) -> Result<&'v [Value], SchemaError> {
        let Value::Array(items) = value else {
            return Err(self.error(
                K::WrongKeyType,
                "enumNames",
                format!(
                    "`enumNames` must be an array of strings, found {}",
                    found(value)
                ),
            ));
        };
        if let Some((i, item)) = items.iter().enumerate().find(|(_, v)| !v.is_string()) {
            return Err(SchemaError::new(
                K::WrongKeyType,
                self.at_index("enumNames", i),
                format!("`enumNames` entries must be strings, found {}", found(item)),
            ));
        }
        Ok(items)
    }

    /// Step 3: the checks between keywords, then `default`.
    fn build(self, shape: Shape, mut draft: Draft<'_>) -> Result<PropertySchema, SchemaError> {
        let kind = match shape {
            Shape::String => self.string_kind(&draft)?,
            Shape::Number { integer } => self.number_kind(&draft, integer)?,
            Shape::Boolean => Kind::Boolean(BooleanRules { default: None }),
            Shape::Enum => self.untitled_enum(draft.options.take(), draft.names.take())?,
            Shape::TitledEnum => self.titled_enum(draft.options.take())?,
            Shape::MultiSelect => {
                self.multi_select(draft.options.take(), draft.min_items, draft.max_items)?
            }
        };
        let mut schema = PropertySchema {
            title: draft.title,
            description: draft.description,
            kind,
        };
        if let Some(default) = draft.default {
            self.default(&mut schema, default)?;
        }
        Ok(schema)
    }

    /// A string: `minLength` at most `maxLength`.
    fn string_kind(&self, draft: &Draft<'_>) -> Result<Kind, SchemaError> {
        if let (Some(min), Some(max)) = (draft.min_length, draft.max_length)
            && !length::ordered(draft.min_length, draft.max_length)
        {
            return Err(self.error(
                K::MinLengthAboveMaxLength,
                "minLength",
                length::reversed_on_wire(min, max),
            ));
        }
        Ok(Kind::String(StringRules {
            min_length: draft.min_length,
            max_length: draft.max_length,
            format: draft.format,
            default: None,
        }))
    }

    /// A number: `minimum` at most `maximum`.
    fn number_kind(&self, draft: &Draft<'_>, integer: bool) -> Result<Kind, SchemaError> {
        if let (Some(min), Some(max)) = (draft.minimum, draft.maximum)
            && !bounds::ordered(draft.minimum, draft.maximum)
        {
            return Err(self.error(
                K::MinAboveMax,
                "minimum",
                bounds::reversed_on_wire(min, max),
            ));
        }
        Ok(Kind::Number(NumberRules {
            integer,
            minimum: draft.minimum,
            maximum: draft.maximum,
            default: None,
        }))
    }

    /// A single-select written as `enum`, its titles as the legacy
    /// `enumNames` (one per value), which stay `enumNames` when the schema is
    /// written back, whatever the revision.
    fn untitled_enum(
        &self,
        options: Option<Vec<EnumOption>>,
        names: Option<&[Value]>,
    ) -> Result<Kind, SchemaError> {
        let mut options =
            self.non_empty(options, "enum", "`enum` is empty; list at least one value")?;
        if let Some(names) = names {
            if names.len() != options.len() {
                return Err(self.error(
                    K::EnumNamesLength,
                    "enumNames",
                    format!(
                        "`enumNames` has {} but `enum` has {}; give one title per value, in \
                         the same order",
                        plural(names.len() as u64, "title"),
                        plural(options.len() as u64, "value"),
                    ),
                ));
            }
            for (option, title) in options.iter_mut().zip(names) {
                // A title equal to its value shows the same as no title,
                // which is how the schema is written back.
                if let Some(title) = title.as_str()
                    && title != option.value
                {
                    option.title = Some(Cow::Owned(title.to_owned()));
                }
            }
        }
        let legacy_titles = options.iter().any(|o| o.title.is_some());
        Ok(Kind::Enum(EnumRules {
            options: Cow::Owned(options),
            default: None,
            legacy_titles,
        }))
    }

    /// A single-select written as `oneOf` of `const` and `title`.
    fn titled_enum(&self, options: Option<Vec<EnumOption>>) -> Result<Kind, SchemaError> {
        let options = self.non_empty(
            options,
            "oneOf",
            "`oneOf` is empty; list at least one option",
        )?;
        Ok(Kind::Enum(EnumRules {
            options: Cow::Owned(options),
            default: None,
            legacy_titles: false,
        }))
    }

    /// The options, refused with `message` at `keyword` when there are none.
    fn non_empty(
        &self,
        options: Option<Vec<EnumOption>>,
        keyword: &str,
        message: &str,
    ) -> Result<Vec<EnumOption>, SchemaError> {
        match options {
            Some(options) if !options.is_empty() => Ok(options),
            _ => Err(self.error(K::EmptyEnum, keyword, message.to_owned())),
        }
    }

    /// The checks of a multi-select: its `items`, and `minItems` within
    /// `maxItems` and within the number of options (each is chosen at most
    /// once).
    fn multi_select(
        &self,
        options: Option<Vec<EnumOption>>,
        min_items: Option<u64>,
        max_items: Option<u64>,
    ) -> Result<Kind, SchemaError> {
        let Some(options) = options else {
            return Err(SchemaError::new(
                K::Array,
                self.here().into_string(),
                "the `array` property has no `items`: a `requestedSchema` allows arrays \
                 only as multi-select enums, with `items` \
                 `{\"type\": \"string\", \"enum\": [...]}` or \
                 `{\"anyOf\": [{\"const\": ..., \"title\": ...}]}`",
            ));
        };
        if let (Some(min), Some(max)) = (min_items, max_items)
            && !items::ordered(min_items, max_items)
        {
            return Err(self.error(
                K::MinItemsAboveMaxItems,
                "minItems",
                items::reversed_on_wire(min, max),
            ));
        }
        if let Some(min) = min_items
            && !items::reachable(min_items, options.len())
        {
            return Err(self.error(
                K::MinItemsAboveMaxItems,
                "minItems",
                items::unreachable_on_wire(min, options.len()),
            ));
        }
        Ok(Kind::MultiSelect(MultiSelectRules {
            options: Cow::Owned(options),
            min_items,
            max_items,
            default: None,
        }))
    }

    /// Checks `default` against the finished schema and stores it.
    fn default(&self, schema: &mut PropertySchema, value: &Value) -> Result<(), SchemaError> {
        match default::check_on_wire(schema, value) {
            Ok(()) => {}
            Err(Refusal::Shape(expected)) => {
                return Err(self.error(
                    K::BadDefault,
                    "default",
                    format!("`default` must be {expected}, found {}", found(value)),
                ));
            }
            Err(Refusal::Rule(why)) => {
                return Err(self.error(K::DefaultViolation, "default", format!("`default` {why}")));
            }
        }
        match (&mut schema.kind, value) {
            (Kind::String(rules), Value::String(s)) => rules.default = Some(Cow::Owned(s.clone())),
            (Kind::Enum(rules), Value::String(s)) => rules.default = Some(Cow::Owned(s.clone())),
            (Kind::Number(rules), Value::Number(n)) => rules.default = Num::from_json(n),
            (Kind::Boolean(rules), Value::Bool(b)) => rules.default = Some(*b),
            (Kind::MultiSelect(rules), Value::Array(items)) => {
                let values = items
                    .iter()
                    .filter_map(|v| v.as_str().map(|s| Cow::Owned(s.to_owned())))
                    .collect();
                rules.default = Some(Cow::Owned(values));
            }
            _ => {}
        }
        Ok(())
    }
}

/// The message for an `anyOf` or `allOf` on a property.
fn composition_message(keyword: &str) -> String {
    let instead = match keyword {
        "anyOf" => {
            "an optional field is the plain schema left out of `required`, and the titled \
             options of a multi-select go in `items.anyOf`"
        }
        _ => "write the property's keywords inline",
    };
    format!(
        "`{keyword}` is not allowed on a property: a property has one primitive `type` ({instead})"
    )
}
