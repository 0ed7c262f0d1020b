//! Reading a wire `requestedSchema` into the typed model: the rules are
//! documented on [`FormSchema::parse`].

use std::borrow::Cow;
use std::collections::HashMap;

use serde::de::{Deserialize, Deserializer, Error as _};
use serde_json::{Map, Value};

use crate::schema::{FormSchema, Property};

mod error;
mod property;

use error::{Pointer, found, name};
pub use error::{SchemaError, SchemaErrorKind, SchemaWarning};

/// A schema read from the wire, with what was ignored in it.
///
/// A string `$schema` at the root (from revision 2025-11-25) is accepted
/// without a warning but not kept: the model has no place for it, and
/// [`RenderedSchema::with_dialect`](super::RenderedSchema::with_dialect)
/// writes the JSON Schema 2020-12 dialect when asked, whatever the peer
/// named.
///
/// ```
/// use elicit_runtime::schema::FormSchema;
/// use serde_json::json;
///
/// let parsed = FormSchema::parse(&json!({
///     "$schema": "https://json-schema.org/draft/2020-12/schema",
///     "type": "object",
///     "title": "Contact",
///     "properties": { "name": { "type": "string" } }
/// }))
/// .unwrap();
/// assert_eq!(parsed.schema.properties.len(), 1);
/// let paths: Vec<&str> = parsed.warnings.iter().map(|w| w.path()).collect();
/// assert_eq!(paths, ["/title"]);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The schema.
    pub schema: FormSchema,
    /// What was tolerated and ignored, in document order.
    pub warnings: Vec<SchemaWarning>,
}

impl FormSchema {
    /// Reads a wire `requestedSchema` into the typed model: the same
    /// [`FormSchema`] the derive builds (with owned text), so a client can
    /// render the form and check the answer with the one validator.
    ///
    /// It reads the schemas of every revision (2025-06-18, 2025-11-25 and
    /// 2026-07-28) with one set of rules, whatever revision was negotiated:
    /// no shape means one thing in one revision and another in the next, so
    /// a schema is read for what it says, and a newer shape from a peer on
    /// an older revision is read rather than refused.
    ///
    /// - the root is an object with `type: "object"`, `properties` (an object,
    ///   possibly empty), optionally `required` (an array of distinct names,
    ///   each naming a property) and optionally `$schema` (a string, accepted
    ///   and not kept; see [`Parsed`]);
    /// - each property is an object with a `type`, and optionally `title` and
    ///   `description` (strings);
    /// - `string`: `minLength` and `maxLength` (whole numbers of at least 0, `3`
    ///   or `3.0`, with `minLength <= maxLength`) and `format` (`email`, `uri`,
    ///   `date` or `date-time`);
    /// - `number` and `integer`: `minimum` and `maximum` (any numbers, with
    ///   `minimum <= maximum`);
    /// - `boolean`;
    /// - single-select enums, read as [`Kind::Enum`](crate::schema::Kind::Enum):
    ///   `type: "string"` with `enum`, distinct strings (at least one), untitled;
    ///   with `enum` and the legacy `enumNames`, one title per value, read with
    ///   [`legacy_titles`](crate::schema::EnumRules::legacy_titles) set when any title
    ///   differs from its value; or with `oneOf: [{"const": value, "title":
    ///   label}, ...]`, distinct string values (at least one), read with
    ///   `legacy_titles` unset;
    /// - multi-select enums, read as
    ///   [`Kind::MultiSelect`](crate::schema::Kind::MultiSelect): `type: "array"` with
    ///   `items` either `{"type": "string", "enum": [...]}` (untitled) or
    ///   `{"anyOf": [{"const", "title"}, ...]}` (titled; `"type": "string"`
    ///   may be given too), and optionally `minItems` and `maxItems` (whole
    ///   numbers of at least 0, with `minItems <= maxItems` and `minItems` at
    ///   most the number of options, since each option is chosen at most
    ///   once);
    /// - `default` on every kind, of the property's type and within its own
    ///   rules, checked by the validator that checks content: for a
    ///   multi-select, an array of distinct options within
    ///   `minItems`/`maxItems`. Revision 2025-06-18 has it on booleans only;
    ///   later revisions add it to the others, so it is read wherever it
    ///   appears.
    ///
    /// The order of `properties` is kept, and so is the order of the options.
    ///
    /// # What is an error and what is a warning
    ///
    /// What a client cannot render, or what contradicts itself, is an error
    /// ([`SchemaError`], the first problem found): a root that is not a
    /// `type: "object"` schema; a property that is a nested `object`, an
    /// `array` that is not a multi-select enum (no `items`, or `items` of
    /// any other shape), a `$ref`, an `anyOf`/`allOf`, or a `oneOf` anywhere
    /// but on a `type: "string"` property; a missing or unknown `type`; an
    /// `enum` on a non-string; options given twice (`enum` with `oneOf`,
    /// `items.enum` with `items.anyOf`); an option of `oneOf` or
    /// `items.anyOf` that is not an object or has no string `const`; a
    /// keyword of the subset whose value has the wrong type or breaks its
    /// rule; a `default` that its own property would reject.
    ///
    /// What only annotates or narrows a form is tolerated, ignored and reported
    /// as a [`SchemaWarning`]: a top-level `title` or `description` at the
    /// root, any other unknown root keyword, any keyword on a property outside
    /// the subset (`pattern`, `const`, `examples`, `uniqueItems`, vendor `x-`
    /// keys, ...) or meant for another kind (`minimum` on a string), a member
    /// of `items` besides `type`, `enum` and `anyOf`, and a member of a
    /// `oneOf`/`items.anyOf` option besides `const` and `title`. The spec
    /// allows none of these, but ignoring them still leaves a form a user can
    /// fill in and the server can check, so a client stays usable with
    /// servers that send them; a caller that wants the subset strictly can
    /// refuse any schema with warnings. `default: null` is read as no
    /// default, with a warning.
    ///
    /// An option of `oneOf` or `items.anyOf` without `title` is a warning,
    /// not an error: the schema requires the title, but the option is still
    /// a value the user can choose, shown as itself, so it is read as
    /// untitled. Its `const` is required: without it there is no value.
    ///
    /// A title equal to its value (an `enumNames` entry, or the `title` of a
    /// `oneOf`/`items.anyOf` option) is read as no title: both show the value,
    /// and that is how the model writes the schema back.
    ///
    /// # Round trip
    ///
    /// Every schema [`FormSchema::render`] writes, for any revision that can
    /// express it, reads back as an equal `FormSchema`, with these
    /// exceptions, all of which write the same wire form again:
    ///
    /// - a titled single-select written for 2025-06-18 (as `enumNames`) reads
    ///   back with `legacy_titles` set, since `enumNames` is the legacy form;
    /// - `legacy_titles` on an enum without titles is not written, so it
    ///   reads back unset;
    /// - an option whose title equals its value reads back untitled;
    /// - defaults other than boolean ones are not written for 2025-06-18, so
    ///   they do not read back from it.
    ///
    /// Reading never panics, takes time linear in the size of the input, and
    /// looks no deeper than the members of the entries of a property
    /// keyword's array (the options of `oneOf`, `items.anyOf`): nested input
    /// is rejected where the nesting starts, without recursion.
    ///
    /// # Errors
    ///
    /// A [`SchemaError`] for the first problem found, with its path and kind.
    /// A client answers the request with JSON-RPC error
    /// [`SchemaError::JSONRPC_CODE`] (`-32602`, invalid params).
    ///
    /// # Examples
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::schema::{FormSchema, Kind};
    /// use serde_json::json;
    ///
    /// let parsed = FormSchema::parse(&json!({
    ///     "type": "object",
    ///     "properties": {
    ///         "name": { "type": "string", "description": "Your full name" },
    ///         "age": { "type": "number", "minimum": 18 }
    ///     },
    ///     "required": ["name"]
    /// }))
    /// .unwrap();
    /// assert!(parsed.warnings.is_empty());
    /// let names: Vec<&str> = parsed.schema.properties.iter().map(|p| &*p.name).collect();
    /// assert_eq!(names, ["name", "age"]);
    /// assert!(parsed.schema.properties[0].required);
    /// assert!(matches!(parsed.schema.properties[1].schema.kind, Kind::Number(_)));
    ///
    /// // What the derive writes reads back as the same schema.
    /// #[derive(Elicitable)]
    /// struct Contact {
    ///     /// Your email address
    ///     #[elicit(format = "email")]
    ///     email: String,
    ///     age: Option<u8>,
    /// }
    /// let back = FormSchema::parse(&Contact::SCHEMA.to_json()).unwrap();
    /// assert_eq!(back.schema, Contact::SCHEMA);
    /// ```
    pub fn parse(value: &Value) -> Result<Parsed, SchemaError> {
        let Value::Object(root) = value else {
            return Err(SchemaError::new(
                SchemaErrorKind::NotAnObject,
                String::new(),
                format!(
                    "the schema must be a JSON object with `type: \"object\"` and \
                     `properties`, found {}",
                    found(value)
                ),
            ));
        };
        let mut warnings = Vec::new();
        root_keywords(root, &mut warnings)?;
        match root.get("type") {
            Some(Value::String(ty)) if ty == "object" => {}
            ty => {
                let found = ty.map_or_else(|| "no `type`".to_owned(), found);
                return Err(SchemaError::new(
                    SchemaErrorKind::RootType,
                    key("type"),
                    format!("the root must have `type: \"object\"`, found {found}"),
                ));
            }
        }
        let entries = match root.get("properties") {
            Some(Value::Object(entries)) => entries,
            None => {
                return Err(SchemaError::new(
                    SchemaErrorKind::MissingProperties,
                    String::new(),
                    "the root has no `properties`; list the form's fields in \
                     `properties`, an object (which may be empty)",
                ));
            }
            Some(other) => {
                return Err(SchemaError::new(
                    SchemaErrorKind::WrongKeyType,
                    key("properties"),
                    format!(
                        "`properties` must be an object mapping each field name to its \
                         schema, found {}",
                        found(other)
                    ),
                ));
            }
        };
        let mut properties = Vec::with_capacity(entries.len());
        for (name, schema) in entries {
            properties.push(Property {
                name: Cow::Owned(name.clone()),
                required: false,
                secret: false,
                schema: property::read(name, schema, &mut warnings)?,
            });
        }
        if let Some(required) = root.get("required") {
            mark_required(required, entries, &mut properties)?;
        }
        Ok(Parsed {
            schema: FormSchema {
                properties: Cow::Owned(properties),
            },
            warnings,
        })
    }
}

/// Reads a `requestedSchema` with [`FormSchema::parse`], dropping its
/// warnings; an error becomes the deserializer's error, with the
/// [`SchemaError`]'s message.
///
/// ```
/// use elicit_runtime::schema::FormSchema;
///
/// let schema: FormSchema = serde_json::from_str(
///     r#"{"type":"object","properties":{"agree":{"type":"boolean","default":false}}}"#,
/// )
/// .unwrap();
/// assert_eq!(schema.properties[0].name, "agree");
///
/// let error = serde_json::from_str::<FormSchema>(r#"{"type":"object"}"#).unwrap_err();
/// assert!(error.to_string().starts_with("invalid `requestedSchema`: the root has no `properties`"));
/// ```
impl<'de> Deserialize<'de> for FormSchema {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<FormSchema, D::Error> {
        let value = Value::deserialize(deserializer)?;
        FormSchema::parse(&value)
            .map(|parsed| parsed.schema)
            .map_err(D::Error::custom)
    }
}

/// The pointer to root keyword `keyword`.
fn key(keyword: &str) -> String {
    Pointer::root().key(keyword).into_string()
}

/// The root keywords besides `type`, `properties` and `required`: errors for
/// those that change what the schema is, warnings for the rest.
fn root_keywords(
    root: &Map<String, Value>,
    warnings: &mut Vec<SchemaWarning>,
) -> Result<(), SchemaError> {
    for (keyword, value) in root {
        let message = match keyword.as_str() {
            "type" | "properties" | "required" => continue,
            "$ref" => {
                return Err(SchemaError::new(
                    SchemaErrorKind::Ref,
                    key(keyword),
                    "`$ref` is not allowed: the root is `type: \"object\"` with its \
                     `properties` inline",
                ));
            }
            k if property::COMPOSITION.contains(&k) => {
                return Err(SchemaError::new(
                    SchemaErrorKind::Composition,
                    key(keyword),
                    format!(
                        "`{k}` is not allowed: the root is one `type: \"object\"` schema \
                         with its `properties` inline"
                    ),
                ));
            }
            "$schema" if !value.is_string() => {
                return Err(SchemaError::new(
                    SchemaErrorKind::WrongKeyType,
                    key(keyword),
                    format!("`$schema` must be a string, found {}", found(value)),
                ));
            }
            // From revision 2025-11-25; the model does not keep it.
            "$schema" => continue,
            "title" | "description" => format!(
                "a top-level `{keyword}` is not part of `requestedSchema`, which has only \
                 `type`, `properties` and `required`; ignored (some clients reject it)"
            ),
            other => format!(
                "{} is not part of `requestedSchema`, which has only `type`, `properties` \
                 and `required`; ignored",
                name(other)
            ),
        };
        warnings.push(SchemaWarning::new(key(keyword), message));
    }
    Ok(())
}

/// Marks the properties listed in `required`.
fn mark_required(
    required: &Value,
    entries: &Map<String, Value>,
    properties: &mut [Property],
) -> Result<(), SchemaError> {
    let at = |i: usize| Pointer::root().key("required").index(i).into_string();
    let Value::Array(names) = required else {
        return Err(SchemaError::new(
            SchemaErrorKind::RequiredNotArray,
            key("required"),
            format!(
                "`required` must be an array of property names, found {}",
                found(required)
            ),
        ));
    };
    // `properties` holds the entries in the same order.
    let positions: HashMap<&str, usize> = entries
        .keys()
        .enumerate()
        .map(|(i, name)| (name.as_str(), i))
        .collect();
    for (i, entry) in names.iter().enumerate() {
        let Value::String(wanted) = entry else {
            return Err(SchemaError::new(
                SchemaErrorKind::RequiredNotArray,
                at(i),
                format!(
                    "`required` entries must be property names (strings), found {}",
                    found(entry)
                ),
            ));
        };
        let Some(property) = positions
            .get(wanted.as_str())
            .and_then(|&p| properties.get_mut(p))
        else {
            return Err(SchemaError::new(
                SchemaErrorKind::RequiredUnknown,
                at(i),
                format!(
                    "`required` lists {}, which is not in `properties`; list only names \
                     of properties",
                    name(wanted)
                ),
            ));
        };
        if property.required {
            return Err(SchemaError::new(
                SchemaErrorKind::DuplicateRequired,
                at(i),
                format!(
                    "`required` lists {} more than once; list each property at most once",
                    name(wanted)
                ),
            ));
        }
        property.required = true;
    }
    Ok(())
}
