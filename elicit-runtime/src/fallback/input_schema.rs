//! A form's fields added to a tool's input schema as optional arguments, so
//! one tool serves clients that can show the form and clients that cannot.

use core::fmt;

use serde_json::{Map, Value};

use super::instructions::requested_schema;
use crate::excerpt::Excerpt;
use crate::form::FormMode;
use crate::rules::Received;
use crate::schema::FormSchema;

/// The tool's input schema `base` with the fields of the form `T` added as
/// optional arguments.
///
/// Each field is written as `elicitation/create` writes it at 2025-11-25
/// (titles, descriptions, formats, bounds, options, defaults), and is left
/// out of `required`: a client that can show the form is asked through it,
/// and the model of one that cannot passes the answers as arguments (see
/// [`Instructions`](super::Instructions)). The tool's own properties, its
/// `required` list and every other keyword are kept as they are; a schema
/// with no `type` gets `"type": "object"`, and one with no `properties`
/// gets them.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::fallback;
/// use serde_json::json;
///
/// #[derive(Elicitable)]
/// struct Party {
///     /// How many people
///     #[elicit(minimum = 1, maximum = 12)]
///     size: u8,
/// }
///
/// let base = json!({
///     "type": "object",
///     "properties": { "restaurant": { "type": "string" } },
///     "required": ["restaurant"]
/// });
/// let merged = fallback::input_schema::<Party>(base.as_object().unwrap()).unwrap();
/// assert_eq!(
///     serde_json::Value::Object(merged),
///     json!({
///         "type": "object",
///         "properties": {
///             "restaurant": { "type": "string" },
///             "size": { "type": "integer", "description": "How many people", "minimum": 1, "maximum": 12 }
///         },
///         "required": ["restaurant"]
///     })
/// );
///
/// // A form field named like one of the tool's arguments is refused.
/// let clash = json!({ "type": "object", "properties": { "size": { "type": "string" } } });
/// let error = fallback::input_schema::<Party>(clash.as_object().unwrap()).unwrap_err();
/// assert_eq!(error.clashes(), ["size"]);
/// ```
///
/// # Errors
///
/// An [`InputSchemaError`] when a field of the form has the name of one of
/// the tool's properties (every such name is listed), or when `base` is not
/// the schema of an object of arguments.
pub fn input_schema<T: FormMode>(
    base: &Map<String, Value>,
) -> Result<Map<String, Value>, InputSchemaError> {
    input_schema_for(base, &T::SCHEMA)
}

/// [`input_schema`] for a form known by its schema.
///
/// # Errors
///
/// As [`input_schema`], and [`InputSchemaError::Secret`] when the form has
/// a secret field.
pub fn input_schema_for(
    base: &Map<String, Value>,
    form: &FormSchema,
) -> Result<Map<String, Value>, InputSchemaError> {
    if let Some(secret) = form.properties.iter().find(|p| p.secret) {
        return Err(InputSchemaError::Secret {
            field: Excerpt(&secret.name).to_string(),
        });
    }
    match base.get("type") {
        None => {}
        Some(Value::String(ty)) if ty == "object" => {}
        Some(other) => {
            return Err(InputSchemaError::NotAnObject {
                found: Received::of(other).to_string(),
            });
        }
    }
    let empty = Map::new();
    let own = match base.get("properties") {
        None => &empty,
        Some(Value::Object(own)) => own,
        Some(other) => {
            return Err(InputSchemaError::PropertiesNotAnObject {
                found: Received::of(other).to_string(),
            });
        }
    };
    let clashes: Vec<String> = form
        .properties
        .iter()
        .filter(|property| own.contains_key(property.name.as_ref()))
        .map(|property| property.name.to_string())
        .collect();
    if !clashes.is_empty() {
        return Err(InputSchemaError::Clash { fields: clashes });
    }
    let mut properties = own.clone();
    if let Value::Object(mut rendered) = requested_schema(form)
        && let Some(Value::Object(fields)) = rendered.remove("properties")
    {
        properties.extend(fields);
    }
    // The keys in the base's order; `type` first when it was missing, and
    // `properties` after `type` when they were.
    let mut properties = Some(Value::Object(properties));
    let mut merged = Map::with_capacity(base.len() + 2);
    if !base.contains_key("type") {
        merged.insert("type".to_owned(), Value::from("object"));
        if !base.contains_key("properties") {
            merged.insert(
                "properties".to_owned(),
                properties.take().unwrap_or_default(),
            );
        }
    }
    for (key, value) in base {
        match key.as_str() {
            "properties" => {
                merged.insert(key.clone(), properties.take().unwrap_or_default());
            }
            "type" => {
                merged.insert(key.clone(), value.clone());
                if !base.contains_key("properties") {
                    merged.insert(
                        "properties".to_owned(),
                        properties.take().unwrap_or_default(),
                    );
                }
            }
            _ => {
                merged.insert(key.clone(), value.clone());
            }
        }
    }
    Ok(merged)
}

/// Why a form's fields cannot be added to a tool's input schema.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::fallback::{self, InputSchemaError};
/// use serde_json::json;
///
/// #[derive(Elicitable)]
/// struct Contact {
///     name: String,
///     email: String,
/// }
///
/// let base = json!({ "properties": { "name": {}, "email": {} } });
/// let error = fallback::input_schema::<Contact>(base.as_object().unwrap()).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "the form's fields `name`, `email` have the names of the tool's own arguments: \
///      rename the fields with `#[elicit(rename = \"...\")]`, or the tool's arguments"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputSchemaError {
    /// Fields of the form have the names of the tool's own properties.
    Clash {
        /// The names, in form order.
        fields: Vec<String>,
    },
    /// The schema's `type` is not `"object"`: a tool takes an object of
    /// arguments.
    NotAnObject {
        /// The `type` found, cut short.
        found: String,
    },
    /// The schema's `properties` is not an object.
    PropertiesNotAnObject {
        /// What was found, cut short.
        found: String,
    },
    /// The form has a secret field
    /// ([`Property::secret`](crate::schema::Property::secret)), which the
    /// model would ask the user for and pass as an argument: a schema given
    /// by hand, since a secret form's type is not
    /// [`FormMode`].
    Secret {
        /// The secret field's name, cut short.
        field: String,
    },
}

impl InputSchemaError {
    /// The names of the form's fields that clash with the tool's
    /// properties (empty for the other errors).
    pub fn clashes(&self) -> &[String] {
        match self {
            InputSchemaError::Clash { fields } => fields,
            InputSchemaError::NotAnObject { .. }
            | InputSchemaError::PropertiesNotAnObject { .. }
            | InputSchemaError::Secret { .. } => &[],
        }
    }
}

impl fmt::Display for InputSchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputSchemaError::Clash { fields } => {
                let (noun, verb) = if fields.len() == 1 {
                    ("field", "has the name of one of")
                } else {
                    ("fields", "have the names of")
                };
                write!(f, "the form's {noun} ")?;
                for (i, field) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "`{}`", Excerpt(field))?;
                }
                let fix = if fields.len() == 1 {
                    "rename the field with `#[elicit(rename = \"...\")]`, or the tool's argument"
                } else {
                    "rename the fields with `#[elicit(rename = \"...\")]`, or the tool's arguments"
                };
                write!(f, " {verb} the tool's own arguments: {fix}")
            }
            InputSchemaError::NotAnObject { found } => write!(
                f,
                "the tool's input schema has `type` {found}, not \"object\": a tool takes an \
                 object of arguments, so give it `\"type\": \"object\"`"
            ),
            InputSchemaError::PropertiesNotAnObject { found } => write!(
                f,
                "the tool's input schema has `properties` that is {found}, not an object: \
                 give each argument's schema under its name in an object"
            ),
            InputSchemaError::Secret { field } => write!(
                f,
                "the form has the secret field `{field}`, which a tool's arguments would pass \
                 through the model: ask the form as a web form, with `web_form`"
            ),
        }
    }
}

impl std::error::Error for InputSchemaError {}
