//! The wire form of a schema, for the revision a session negotiated: the
//! exact keys in the order the spec shows, and nothing else at the root.

use core::fmt;

use serde::ser::{Error as _, Serialize, SerializeMap, Serializer};

use crate::excerpt::Excerpt;
use crate::revision::Revision;
use crate::schema::{EnumOption, EnumRules, FormSchema, Kind, Num, PropertySchema};

/// The JSON Schema dialect URI a schema may name in `$schema`.
pub const DIALECT: &str = "https://json-schema.org/draft/2020-12/schema";

/// A schema ready to be written for one revision; `Serialize` writes it.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::protocol::Revision;
///
/// #[derive(Elicitable)]
/// enum Seat {
///     #[elicit(title = "By the window")]
///     Window,
///     Aisle,
/// }
///
/// #[derive(Elicitable)]
/// struct Booking {
///     seat: Seat,
/// }
///
/// let old = Booking::SCHEMA.render(Revision::V2025_06_18).unwrap().to_json();
/// assert_eq!(old["properties"]["seat"]["enumNames"][0], "By the window");
/// let new = Booking::SCHEMA.render(Revision::V2025_11_25).unwrap().to_json();
/// assert_eq!(new["properties"]["seat"]["oneOf"][0]["title"], "By the window");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct RenderedSchema<'a> {
    schema: &'a FormSchema,
    revision: Revision,
    dialect: bool,
}

/// Why a schema cannot be written for a revision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderError {
    field: String,
    revision: Revision,
}

impl RenderError {
    /// The wire name of the field the revision cannot express.
    pub fn field(&self) -> &str {
        &self.field
    }

    /// The revision asked for.
    pub fn revision(&self) -> Revision {
        self.revision
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the field `{}` is a multi-select, which revision {} cannot express: write it as one boolean per option with `FormSchema::render_downlevel`, negotiate 2025-11-25 or later, or ask for the choices in separate fields",
            Excerpt(&self.field),
            self.revision
        )
    }
}

impl std::error::Error for RenderError {}

impl FormSchema {
    /// The schema for `revision`, exactly as the form declares it, or an
    /// error naming the first field that revision cannot express (a
    /// multi-select before 2025-11-25). To send such a form to a client of
    /// 2025-06-18 anyway, with each multi-select as one boolean per option,
    /// use [`FormSchema::render_downlevel`].
    ///
    /// What a revision cannot carry on other fields is left out: 2025-06-18
    /// writes no `default` but a boolean's, and writes titled single-selects
    /// as `enum` + `enumNames`.
    ///
    /// A form's schema is a `const`: bind it first (`let schema =
    /// Form::SCHEMA;`) to keep the rendering past one expression.
    pub fn render(&self, revision: Revision) -> Result<RenderedSchema<'_>, RenderError> {
        if !revision.has_extended_schemas()
            && let Some(p) = self
                .properties
                .iter()
                .find(|p| matches!(p.schema.kind, Kind::MultiSelect(_)))
        {
            return Err(RenderError {
                field: p.name.to_string(),
                revision,
            });
        }
        Ok(RenderedSchema::unchecked(self, revision))
    }

    /// The schema for the newest revision, which can express every form.
    pub fn latest(&self) -> RenderedSchema<'_> {
        RenderedSchema::unchecked(self, Revision::LATEST)
    }

    /// The schema as a JSON value, for the newest revision.
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
        self.latest().to_json()
    }

    /// The schema as compact JSON text, for the newest revision.
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
        self.latest().to_json_string()
    }

    /// The schema as indented JSON text, for the newest revision.
    pub fn to_json_pretty(&self) -> String {
        self.latest().to_json_pretty()
    }
}

impl<'a> RenderedSchema<'a> {
    /// `schema` for `revision`, which the caller knows can express it.
    pub(crate) fn unchecked(schema: &'a FormSchema, revision: Revision) -> RenderedSchema<'a> {
        RenderedSchema {
            schema,
            revision,
            dialect: false,
        }
    }

    /// Also writes `"$schema"` with the JSON Schema 2020-12 dialect URI
    /// (from 2025-11-25; 2025-06-18 has no `$schema`).
    pub fn with_dialect(self) -> RenderedSchema<'a> {
        RenderedSchema {
            dialect: self.revision.has_extended_schemas(),
            ..self
        }
    }

    /// The revision this schema is written for.
    pub fn revision(&self) -> Revision {
        self.revision
    }

    /// As a JSON value.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// As compact JSON text.
    pub fn to_json_string(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// As indented JSON text.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// Writes the schema for [`Revision::LATEST`].
impl Serialize for FormSchema {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.latest().serialize(serializer)
    }
}

impl Serialize for RenderedSchema<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let schema = self.schema;
        let has_required = schema.properties.iter().any(|p| p.required);
        let mut map = serializer.serialize_map(None)?;
        if self.dialect {
            map.serialize_entry("$schema", DIALECT)?;
        }
        map.serialize_entry("type", "object")?;
        map.serialize_entry("properties", &Properties(*self))?;
        if has_required {
            map.serialize_entry("required", &Seq(schema.required()))?;
        }
        map.end()
    }
}

struct Properties<'a>(RenderedSchema<'a>);

impl Serialize for Properties<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let properties = &self.0.schema.properties;
        let mut map = serializer.serialize_map(Some(properties.len()))?;
        for property in properties.iter() {
            let rendered = RenderedProperty {
                schema: &property.schema,
                revision: self.0.revision,
            };
            map.serialize_entry(property.name.as_ref(), &rendered)?;
        }
        map.end()
    }
}

struct RenderedProperty<'a> {
    schema: &'a PropertySchema,
    revision: Revision,
}

impl Serialize for RenderedProperty<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let schema = self.schema;
        let revision = self.revision;
        let extended = revision.has_extended_schemas();
        let writes_default = writes_default(&schema.kind, revision);
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("type", schema.kind.type_name())?;
        if let Some(title) = &schema.title {
            map.serialize_entry("title", title)?;
        }
        if let Some(description) = &schema.description {
            map.serialize_entry("description", description)?;
        }
        match &schema.kind {
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
                if let Some(default) = rules.default.as_ref().filter(|_| writes_default) {
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
                if let Some(default) = rules.default.filter(|_| writes_default) {
                    map.serialize_entry("default", &default)?;
                }
            }
            Kind::Boolean(rules) => {
                if let Some(default) = rules.default {
                    map.serialize_entry("default", &default)?;
                }
            }
            Kind::Enum(rules) => {
                if titles_as_enum_names(rules, revision) {
                    map.serialize_entry("enum", &Values(&rules.options))?;
                    let names = rules.options.iter().map(EnumOption::label);
                    map.serialize_entry("enumNames", &Seq(names))?;
                } else if rules.is_titled() {
                    map.serialize_entry("oneOf", &Titled(&rules.options))?;
                } else {
                    map.serialize_entry("enum", &Values(&rules.options))?;
                }
                if let Some(default) = rules.default.as_ref().filter(|_| writes_default) {
                    map.serialize_entry("default", default)?;
                }
            }
            Kind::MultiSelect(rules) => {
                if !extended {
                    return Err(S::Error::custom(
                        "a multi-select field cannot be written for revision 2025-06-18",
                    ));
                }
                if let Some(min) = rules.min_items {
                    map.serialize_entry("minItems", &min)?;
                }
                if let Some(max) = rules.max_items {
                    map.serialize_entry("maxItems", &max)?;
                }
                map.serialize_entry("items", &Items(&rules.options, rules.is_titled()))?;
                if let Some(default) = &rules.default {
                    map.serialize_entry("default", &Seq(default.iter().map(AsRef::as_ref)))?;
                }
            }
        }
        map.end()
    }
}

/// Whether `revision` writes the `default` of a property of `kind`: a
/// boolean's always, the others' from 2025-11-25, which brought `default`
/// to every kind.
pub(crate) fn writes_default(kind: &Kind, revision: Revision) -> bool {
    matches!(kind, Kind::Boolean(_)) || revision.has_extended_schemas()
}

/// Whether `revision` writes a single-select's titles as the legacy
/// `enumNames`: always in 2025-06-18, which has no `oneOf`, and with
/// `legacy_titles` on every revision.
pub(crate) fn titles_as_enum_names(rules: &EnumRules, revision: Revision) -> bool {
    rules.is_titled() && (rules.legacy_titles || !revision.has_extended_schemas())
}

/// The `items` of a multi-select: `{type: string, enum}` or `{anyOf}`.
struct Items<'a>(&'a [EnumOption], bool);

impl Serialize for Items<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if self.1 {
            map.serialize_entry("anyOf", &Titled(self.0))?;
        } else {
            map.serialize_entry("type", "string")?;
            map.serialize_entry("enum", &Values(self.0))?;
        }
        map.end()
    }
}

/// The values of the options, as an array of strings.
struct Values<'a>(&'a [EnumOption]);

impl Serialize for Values<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|o| o.value.as_ref()))
    }
}

/// The options as `[{const, title}]`; an untitled option's title is its
/// value, since the schema requires both.
struct Titled<'a>(&'a [EnumOption]);

impl Serialize for Titled<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(ConstTitle))
    }
}

struct ConstTitle<'a>(&'a EnumOption);

impl Serialize for ConstTitle<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("const", self.0.value.as_ref())?;
        map.serialize_entry("title", self.0.label())?;
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
        match self.to_json() {
            Some(number) => number.serialize(serializer),
            None => Err(S::Error::custom("a schema number must be finite")),
        }
    }
}
