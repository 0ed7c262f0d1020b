//! One property of a wire schema: its shape, its keywords, its default.
//!
//! A property is read in three steps, none of which looks deeper than the
//! entries of a keyword's array:
//!
//! 1. [`Shape`]: what kind of value the property holds, decided by `type` and
//!    the keywords that change it (`enum`); keywords no shape supports
//!    (`$ref`, `anyOf`, ...) are rejected here.
//! 2. One pass over the keywords in document order: each keyword of the
//!    shape is checked and kept in a [`Draft`]; annotations outside the
//!    subset become warnings.
//! 3. The checks between keywords (`minimum <= maximum`, one `enumNames`
//!    entry per value), then `default` against the finished schema, with the
//!    same validator that checks content.
//!
//! A later revision adds a shape (a titled `oneOf` enum, a multi-select
//! array), its keywords in [`Shape::keywords`], and its reader; the other
//! shapes are untouched.

use std::borrow::Cow;
use std::collections::HashSet;

use serde_json::{Map, Value};

use super::error::{Pointer, SchemaError, SchemaErrorKind as K, SchemaWarning, found, name};
use crate::format::Format;
use crate::schema::{
    BooleanRules, EnumOption, EnumRules, Kind, Num, NumberRules, PropertySchema, StringRules, Text,
};
use crate::validate;

/// Keywords that decide what a schema is, which no property may use: the
/// property must be one inline primitive schema.
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

    /// Step 1: the shape, from `type` and `enum`.
    fn shape(&self, object: &Map<String, Value>) -> Result<Shape, SchemaError> {
        if object.contains_key("$ref") {
            return Err(self.error(
                K::Ref,
                "$ref",
                "`$ref` is not allowed: define the property's schema inline \
                 (clients show a referenced enum as free text)"
                    .to_owned(),
            ));
        }
        if let Some(keyword) = COMPOSITION.into_iter().find(|k| object.contains_key(*k)) {
            return Err(self.error(K::Composition, keyword, composition_message(keyword)));
        }
        let Some(ty) = object.get("type") else {
            return Err(SchemaError::new(
                K::MissingType,
                self.here().into_string(),
                "the property has no `type`; give it `type` `string`, `number`, \
                 `integer` or `boolean`",
            ));
        };
        let has_enum = object.contains_key("enum");
        let shape = match ty.as_str() {
            Some("string") if has_enum => Shape::Enum,
            Some("string") => Shape::String,
            Some("number") => Shape::Number { integer: false },
            Some("integer") => Shape::Number { integer: true },
            Some("boolean") => Shape::Boolean,
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
            Some("array") => {
                return Err(self.error(
                    K::Array,
                    "type",
                    "arrays are not allowed in revision 2025-06-18: use `type` \
                     `string`, `number`, `integer` or `boolean`, or a string \
                     `enum` for one choice"
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
                        "`type` must be `string`, `number`, `integer` or `boolean`, \
                         found {}{hint}",
                        found(ty)
                    ),
                ));
            }
        };
        if has_enum && shape != Shape::Enum {
            return Err(self.error(
                K::EnumNotString,
                "enum",
                format!(
                    "`enum` needs `type: \"string\"`, found {}: revision 2025-06-18 \
                     has string enums only",
                    found(ty)
                ),
            ));
        }
        Ok(shape)
    }

    /// Step 2: one keyword of the shape.
    fn keyword<'v>(
        &mut self,
        keyword: &str,
        value: &'v Value,
        draft: &mut Draft<'v>,
    ) -> Result<(), SchemaError> {
        match keyword {
            "minLength" => draft.min_length = Some(self.length(keyword, value)?),
            "maxLength" => draft.max_length = Some(self.length(keyword, value)?),
            "format" => draft.format = Some(self.format(value)?),
            "minimum" => draft.minimum = Some(self.number(keyword, value)?),
            "maximum" => draft.maximum = Some(self.number(keyword, value)?),
            "enum" => draft.options = Some(self.options(value)?),
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
        match applies_to(keyword) {
            Some(properties) => {
                let what = if shape == Shape::Enum && keyword != "enumNames" {
                    " (an `enum` allows only its values)"
                } else {
                    ""
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

    fn length(&self, keyword: &str, value: &Value) -> Result<u64, SchemaError> {
        let wrong = |what: &str| {
            self.error(
                K::WrongKeyType,
                keyword,
                format!(
                    "`{keyword}` must be a whole number of characters from 0 to {}, found {what}",
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

    fn options(&self, value: &Value) -> Result<Vec<EnumOption>, SchemaError> {
        let Value::Array(items) = value else {
            return Err(self.error(
                K::WrongKeyType,
                "enum",
                format!("`enum` must be an array of strings, found {}", found(value)),
            ));
        };
        if items.is_empty() {
            return Err(self.error(
                K::EmptyEnum,
                "enum",
                "`enum` is empty; list at least one value".to_owned(),
            ));
        }
        let mut seen = HashSet::with_capacity(items.len());
        let mut options = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let Value::String(text) = item else {
                return Err(SchemaError::new(
                    K::WrongKeyType,
                    self.at_index("enum", i),
                    format!("`enum` values must be strings, found {}", found(item)),
                ));
            };
            if !seen.insert(text.as_str()) {
                return Err(SchemaError::new(
                    K::DuplicateEnumValue,
                    self.at_index("enum", i),
                    format!(
                        "`enum` lists {} more than once; each value must be unique",
                        name(text)
                    ),
                ));
            }
            options.push(EnumOption {
                value: Cow::Owned(text.clone()),
                title: None,
            });
        }
        Ok(options)
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
    fn build(self, shape: Shape, draft: Draft<'_>) -> Result<PropertySchema, SchemaError> {
        let kind = match shape {
            Shape::String => {
                if let (Some(min), Some(max)) = (draft.min_length, draft.max_length)
                    && min > max
                {
                    return Err(self.error(
                        K::MinLengthAboveMaxLength,
                        "minLength",
                        format!(
                            "`minLength` ({min}) is above `maxLength` ({max}); no string \
                             could satisfy both, so `minLength` must be at most `maxLength`"
                        ),
                    ));
                }
                Kind::String(StringRules {
                    min_length: draft.min_length,
                    max_length: draft.max_length,
                    format: draft.format,
                    default: None,
                })
            }
            Shape::Number { integer } => {
                if let (Some(min), Some(max)) = (draft.minimum, draft.maximum)
                    && max < min
                {
                    return Err(self.error(
                        K::MinAboveMax,
                        "minimum",
                        format!(
                            "`minimum` ({min}) is above `maximum` ({max}); no number \
                             could satisfy both, so `minimum` must be at most `maximum`"
                        ),
                    ));
                }
                Kind::Number(NumberRules {
                    integer,
                    minimum: draft.minimum,
                    maximum: draft.maximum,
                    default: None,
                })
            }
            Shape::Boolean => Kind::Boolean(BooleanRules { default: None }),
            Shape::Enum => {
                let mut options = draft.options.unwrap_or_default();
                if options.is_empty() {
                    return Err(self.error(
                        K::EmptyEnum,
                        "enum",
                        "`enum` is empty; list at least one value".to_owned(),
                    ));
                }
                if let Some(names) = draft.names {
                    if names.len() != options.len() {
                        return Err(self.error(
                            K::EnumNamesLength,
                            "enumNames",
                            format!(
                                "`enumNames` has {} {} but `enum` has {} {}; give one \
                                 title per value, in the same order",
                                names.len(),
                                plural(names.len(), "entry", "entries"),
                                options.len(),
                                plural(options.len(), "value", "values"),
                            ),
                        ));
                    }
                    for (option, title) in options.iter_mut().zip(names) {
                        // A title equal to its value shows the same as no
                        // title, which is how the schema is written back.
                        if let Some(title) = title.as_str()
                            && title != option.value
                        {
                            option.title = Some(Cow::Owned(title.to_owned()));
                        }
                    }
                }
                // Titles written as `enumNames` stay `enumNames` when the
                // schema is written back, whatever the revision.
                let legacy_titles = options.iter().any(|o| o.title.is_some());
                Kind::Enum(EnumRules {
                    options: Cow::Owned(options),
                    default: None,
                    legacy_titles,
                })
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

    /// Checks `default` against the finished schema and stores it.
    fn default(&self, schema: &mut PropertySchema, value: &Value) -> Result<(), SchemaError> {
        let (fits, expected) = match (&schema.kind, value) {
            (Kind::String(_), _) => (value.is_string(), "a string"),
            (Kind::Enum(_), _) => (value.is_string(), "a string, one of the `enum` values"),
            (Kind::Number(rules), Value::Number(n)) => (
                Num::from_json(n).is_some_and(|n| !rules.integer || n.is_whole()),
                if rules.integer {
                    "an integer"
                } else {
                    "a number"
                },
            ),
            (Kind::Number(rules), _) => (
                false,
                if rules.integer {
                    "an integer"
                } else {
                    "a number"
                },
            ),
            (Kind::Boolean(_), _) => (value.is_boolean(), "`true` or `false`"),
            (Kind::MultiSelect(_), _) => (
                value
                    .as_array()
                    .is_some_and(|items| items.iter().all(Value::is_string)),
                "a list of strings, each one of the values",
            ),
        };
        if !fits {
            return Err(self.error(
                K::BadDefault,
                "default",
                format!("`default` must be {expected}, found {}", found(value)),
            ));
        }
        if let Err(violations) = validate::value(schema, value) {
            let why = violations.first().map_or_else(
                || "breaks the property's rules".to_owned(),
                ToString::to_string,
            );
            return Err(self.error(K::DefaultViolation, "default", format!("`default` {why}")));
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

/// The message for an `anyOf`, `oneOf` or `allOf` on a property.
fn composition_message(keyword: &str) -> String {
    let instead = match keyword {
        "anyOf" => "an optional field is the plain schema left out of `required`",
        "oneOf" => {
            "a single choice is `type: \"string\"` with `enum`, and titles go in `enumNames`"
        }
        _ => "write the property's keywords inline",
    };
    format!(
        "`{keyword}` is not allowed in revision 2025-06-18: a property has one primitive \
         `type` ({instead})"
    )
}

fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}
