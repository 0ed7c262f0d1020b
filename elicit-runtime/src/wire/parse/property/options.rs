//! The options of a choice: `enum` and `items.enum` (untitled values),
//! `oneOf` and `items.anyOf` (`{const, title}` entries), and the `items` of
//! a multi-select that holds them.
//!
//! Each reader looks at the entries of one array and, for titled entries,
//! at the members of each entry; nothing deeper.

use std::borrow::Cow;
use std::collections::HashSet;

use serde_json::{Map, Value};

use super::Reader;
use crate::schema::EnumOption;
use crate::wire::parse::error::{Pointer, SchemaError, SchemaErrorKind as K, found, name};

/// What every message about a malformed array property ends with.
const ARRAYS: &str = "a `requestedSchema` allows arrays only as multi-select enums, with \
                      `items` `{\"type\": \"string\", \"enum\": [...]}` or \
                      `{\"anyOf\": [{\"const\": ..., \"title\": ...}]}`";

/// The members of `items` that [`Reader::items`] reads.
const ITEMS_KEYWORDS: [&str; 3] = ["type", "enum", "anyOf"];

impl Reader<'_> {
    /// `enum` or `items.enum` at `at`: distinct strings, at least one.
    pub(super) fn values(
        &self,
        at: Pointer,
        label: &str,
        value: &Value,
    ) -> Result<Vec<EnumOption>, SchemaError> {
        let Value::Array(items) = value else {
            return Err(SchemaError::new(
                K::WrongKeyType,
                at.into_string(),
                format!(
                    "`{label}` must be an array of strings, found {}",
                    found(value)
                ),
            ));
        };
        if items.is_empty() {
            return Err(SchemaError::new(
                K::EmptyEnum,
                at.into_string(),
                format!("`{label}` is empty; list at least one value"),
            ));
        }
        let mut seen = HashSet::with_capacity(items.len());
        let mut options = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let Value::String(text) = item else {
                return Err(SchemaError::new(
                    K::WrongKeyType,
                    at.clone().index(i).into_string(),
                    format!("`{label}` values must be strings, found {}", found(item)),
                ));
            };
            if !seen.insert(text.as_str()) {
                return Err(SchemaError::new(
                    K::DuplicateEnumValue,
                    at.clone().index(i).into_string(),
                    format!(
                        "`{label}` lists {} more than once; each value must be unique",
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

    /// `oneOf` or `items.anyOf` at `at`: options `{const, title}` with
    /// distinct string values, at least one.
    ///
    /// A missing `title` is a warning and the option is read as untitled; a
    /// `title` equal to its value is read as no title (both show the value,
    /// and that is how the model writes it back); other members of an
    /// option are ignored with a warning.
    pub(super) fn titled(
        &mut self,
        at: Pointer,
        label: &str,
        value: &Value,
    ) -> Result<Vec<EnumOption>, SchemaError> {
        let Value::Array(entries) = value else {
            return Err(SchemaError::new(
                K::WrongKeyType,
                at.into_string(),
                format!(
                    "`{label}` must be an array of options \
                     `{{\"const\": ..., \"title\": ...}}`, found {}",
                    found(value)
                ),
            ));
        };
        if entries.is_empty() {
            return Err(SchemaError::new(
                K::EmptyEnum,
                at.into_string(),
                format!("`{label}` is empty; list at least one option"),
            ));
        }
        let mut seen = HashSet::with_capacity(entries.len());
        let mut options = Vec::with_capacity(entries.len());
        for (i, entry) in entries.iter().enumerate() {
            let option = self.option(at.clone().index(i), label, entry)?;
            if !seen.insert(entry.get("const").and_then(Value::as_str)) {
                return Err(SchemaError::new(
                    K::DuplicateEnumValue,
                    at.clone().index(i).key("const").into_string(),
                    format!(
                        "`{label}` lists {} more than once; each value must be unique",
                        name(&option.value)
                    ),
                ));
            }
            options.push(option);
        }
        Ok(options)
    }

    /// One option `{const, title}` of `label`, at `here`.
    fn option(
        &mut self,
        here: Pointer,
        label: &str,
        entry: &Value,
    ) -> Result<EnumOption, SchemaError> {
        let Value::Object(fields) = entry else {
            return Err(SchemaError::new(
                K::WrongKeyType,
                here.into_string(),
                format!(
                    "`{label}` options must be objects \
                     `{{\"const\": ..., \"title\": ...}}`, found {}",
                    found(entry)
                ),
            ));
        };
        let value = match fields.get("const") {
            Some(Value::String(value)) => value,
            Some(other) => {
                return Err(SchemaError::new(
                    K::WrongKeyType,
                    here.key("const").into_string(),
                    format!(
                        "`const` must be a string, the value sent for this option, \
                         found {}",
                        found(other)
                    ),
                ));
            }
            None => {
                return Err(SchemaError::new(
                    K::MissingConst,
                    here.into_string(),
                    format!(
                        "the option has no `const`; each option of `{label}` is \
                         `{{\"const\": value, \"title\": label}}`"
                    ),
                ));
            }
        };
        let title = match fields.get("title") {
            Some(Value::String(title)) => Some(title),
            Some(other) => {
                return Err(SchemaError::new(
                    K::WrongKeyType,
                    here.key("title").into_string(),
                    format!("`title` must be a string, found {}", found(other)),
                ));
            }
            None => None,
        };
        self.ignore_members(&here, label, fields);
        if title.is_none() {
            self.warn_at(
                here.into_string(),
                format!(
                    "the option {} has no `title`, which the schema requires; its \
                     value is shown as its title",
                    name(value)
                ),
            );
        }
        Ok(EnumOption {
            value: Cow::Owned(value.clone()),
            title: title
                .filter(|title| *title != value)
                .map(|title| Cow::Owned(title.clone())),
        })
    }

    /// Warnings for the members of an option besides `const` and `title`.
    fn ignore_members(&mut self, here: &Pointer, label: &str, fields: &Map<String, Value>) {
        for key in fields.keys() {
            if key != "const" && key != "title" {
                self.warn_at(
                    here.clone().key(key).into_string(),
                    format!(
                        "{} is not part of a `{label}` option, which has only `const` and \
                         `title`; ignored",
                        name(key)
                    ),
                );
            }
        }
    }

    /// The `items` of a multi-select: `{type: "string", enum}` or
    /// `{anyOf: [{const, title}]}` (where `type: "string"` may be given
    /// too); anything else is not a multi-select, and arrays are allowed
    /// only as multi-selects.
    pub(super) fn items(&mut self, value: &Value) -> Result<Vec<EnumOption>, SchemaError> {
        let here = self.here().key("items");
        let at = |keyword: &str| here.clone().key(keyword).into_string();
        let Value::Object(items) = value else {
            return Err(SchemaError::new(
                K::Array,
                here.into_string(),
                format!(
                    "`items` must be an object, found {}; {ARRAYS}",
                    found(value)
                ),
            ));
        };
        Self::items_keywords(&here, items)?;
        let ty = items.get("type");
        let options = match (items.get("enum"), items.get("anyOf")) {
            (Some(_), Some(_)) => {
                return Err(SchemaError::new(
                    K::ConflictingOptions,
                    at("anyOf"),
                    "`items.enum` and `items.anyOf` both list the options; list them once: \
                     `enum` for untitled values, `anyOf` for titled ones",
                ));
            }
            (None, Some(any_of)) => {
                self.titled(here.clone().key("anyOf"), "items.anyOf", any_of)?
            }
            (Some(_), None) if ty.is_none() => {
                return Err(SchemaError::new(
                    K::Array,
                    here.into_string(),
                    format!("`items` with `enum` needs `type: \"string\"`; {ARRAYS}"),
                ));
            }
            (Some(values), None) => self.values(here.clone().key("enum"), "items.enum", values)?,
            (None, None) => {
                return Err(SchemaError::new(
                    K::Array,
                    here.into_string(),
                    format!("`items` lists no options (no `enum` or `anyOf`); {ARRAYS}"),
                ));
            }
        };
        for key in items.keys() {
            if !ITEMS_KEYWORDS.contains(&key.as_str()) {
                self.warn_at(
                    at(key),
                    format!(
                        "{} is not part of a multi-select's `items`, which has only `type` \
                         and `enum`, or `anyOf`; ignored",
                        name(key)
                    ),
                );
            }
        }
        Ok(options)
    }

    /// The keywords `items` refuses: `$ref`, `oneOf`, `allOf`, and a `type`
    /// other than `"string"`.
    fn items_keywords(here: &Pointer, items: &Map<String, Value>) -> Result<(), SchemaError> {
        let at = |keyword: &str| here.clone().key(keyword).into_string();
        if items.contains_key("$ref") {
            return Err(SchemaError::new(
                K::Ref,
                at("$ref"),
                "`$ref` is not allowed: list the options inline in `items` (clients show \
                 a referenced enum as free text)",
            ));
        }
        if let Some(keyword) = ["oneOf", "allOf"]
            .into_iter()
            .find(|k| items.contains_key(*k))
        {
            return Err(SchemaError::new(
                K::Array,
                at(keyword),
                format!(
                    "`items.{keyword}` is not allowed: the titled options of a multi-select \
                     go in `items.anyOf`; {ARRAYS}"
                ),
            ));
        }
        if let Some(ty) = items.get("type")
            && ty.as_str() != Some("string")
        {
            return Err(SchemaError::new(
                K::Array,
                at("type"),
                format!(
                    "`items.type` must be `\"string\"`, found {}; {ARRAYS}",
                    found(ty)
                ),
            ));
        }
        Ok(())
    }
}
