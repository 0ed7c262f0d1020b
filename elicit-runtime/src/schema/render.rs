//! The wire form of a schema: `serde::Serialize` in the exact key order the
//! spec shows, and nothing else at the root.

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::{FormSchema, Kind, Num, PropertySchema};

impl FormSchema {
    /// The schema as a JSON value (`type`, `properties`, `required`).
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    ///
    /// #[derive(Elicitable)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// assert_eq!(
    ///     Name::SCHEMA.to_json(),
    ///     serde_json::json!({
    ///         "type": "object",
    ///         "properties": { "name": { "type": "string" } },
    ///         "required": ["name"]
    ///     })
    /// );
    /// ```
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// The schema as compact JSON text, as it is sent.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    ///
    /// #[derive(Elicitable)]
    /// struct Agree {
    ///     #[elicit(default = false)]
    ///     agree: bool,
    /// }
    ///
    /// assert_eq!(
    ///     Agree::SCHEMA.to_json_string(),
    ///     r#"{"type":"object","properties":{"agree":{"type":"boolean","default":false}},"required":["agree"]}"#
    /// );
    /// ```
    pub fn to_json_string(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The schema as indented JSON text, for people to read.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

impl Serialize for FormSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let has_required = self.properties.iter().any(|p| p.required);
        let mut map = serializer.serialize_map(Some(2 + usize::from(has_required)))?;
        map.serialize_entry("type", "object")?;
        map.serialize_entry("properties", &Properties(self))?;
        if has_required {
            map.serialize_entry("required", &Required(self))?;
        }
        map.end()
    }
}

struct Properties<'a>(&'a FormSchema);

impl Serialize for Properties<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.properties.len()))?;
        for property in self.0.properties.iter() {
            map.serialize_entry(property.name.as_ref(), &property.schema)?;
        }
        map.end()
    }
}

struct Required<'a>(&'a FormSchema);

impl Serialize for Required<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.required())
    }
}

impl Serialize for PropertySchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("type", self.kind.type_name())?;
        if let Some(title) = &self.title {
            map.serialize_entry("title", title)?;
        }
        if let Some(description) = &self.description {
            map.serialize_entry("description", description)?;
        }
        match &self.kind {
            Kind::String(rules) => {
                if let Some(min) = rules.min_length {
                    map.serialize_entry("minLength", &min)?;
                }
                if let Some(max) = rules.max_length {
                    map.serialize_entry("maxLength", &max)?;
                }
                if let Some(format) = rules.format {
                    map.serialize_entry("format", format.as_str())?;
                }
                if let Some(default) = &rules.default {
                    map.serialize_entry("default", default)?;
                }
            }
            Kind::Number(rules) => {
                if let Some(min) = rules.minimum {
                    map.serialize_entry("minimum", &min)?;
                }
                if let Some(max) = rules.maximum {
                    map.serialize_entry("maximum", &max)?;
                }
                if let Some(default) = rules.default {
                    map.serialize_entry("default", &default)?;
                }
            }
            Kind::Boolean(rules) => {
                if let Some(default) = rules.default {
                    map.serialize_entry("default", &default)?;
                }
            }
            Kind::Enum(rules) => {
                let values = rules.options.iter().map(|o| o.value.as_ref());
                map.serialize_entry("enum", &Seq(values))?;
                if rules.is_titled() {
                    let names = rules
                        .options
                        .iter()
                        .map(|o| o.title.as_deref().unwrap_or(&o.value));
                    map.serialize_entry("enumNames", &Seq(names))?;
                }
                if let Some(default) = &rules.default {
                    map.serialize_entry("default", default)?;
                }
            }
        }
        map.end()
    }
}

/// A sequence written straight from an iterator, without collecting.
struct Seq<I>(I);

impl<'a, I: Iterator<Item = &'a str> + Clone> Serialize for Seq<I> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.clone())
    }
}

impl Serialize for Num {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match *self {
            Num::Int(i) => match i64::try_from(i) {
                Ok(v) => serializer.serialize_i64(v),
                Err(_) => match u64::try_from(i) {
                    Ok(v) => serializer.serialize_u64(v),
                    Err(_) => serializer.serialize_f64(i as f64),
                },
            },
            Num::Float(f) => serializer.serialize_f64(f),
        }
    }
}
