//! What can be wrong with a wire schema, and what is merely tolerated.

use core::fmt;
use std::borrow::Cow;

use serde_json::Value;

use crate::excerpt::Excerpt;

/// Why a `requestedSchema` could not be read: where the first problem is,
/// what kind of problem it is, and a message that says what is allowed.
///
/// `Display` reads ``invalid `requestedSchema` at `<path>`: <message>``, in
/// lowercase and without a trailing period; at the root the `at` part is left
/// out.
///
/// ```
/// use elicit_runtime::schema::FormSchema;
/// use elicit_runtime::wire::{SchemaError, SchemaErrorKind};
/// use serde_json::json;
///
/// let error = FormSchema::parse(&json!({
///     "type": "object",
///     "properties": { "age": { "type": "number", "minimum": "18" } }
/// }))
/// .unwrap_err();
/// assert_eq!(error.kind(), SchemaErrorKind::WrongKeyType);
/// assert_eq!(error.path(), "/properties/age/minimum");
/// assert_eq!(
///     error.to_string(),
///     "invalid `requestedSchema` at `/properties/age/minimum`: \
///      `minimum` must be a number, found the string `\"18\"`",
/// );
/// assert_eq!(SchemaError::JSONRPC_CODE, -32602);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError {
    kind: SchemaErrorKind,
    path: String,
    message: Cow<'static, str>,
}

/// The kind of a [`SchemaError`], for code that reacts to particular
/// problems; the error's message carries the details.
///
/// New kinds may be added as later revisions of the protocol are supported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SchemaErrorKind {
    /// The schema, or the schema of a property, is not a JSON object.
    NotAnObject,
    /// The root `type` is missing or is not `"object"`.
    RootType,
    /// The root has no `properties`.
    MissingProperties,
    /// A property is `type: "object"`: forms are flat.
    NestedObject,
    /// A property is `type: "array"` but not a multi-select enum: it has no
    /// `items`, or `items` is not `{type: "string", enum}` or
    /// `{anyOf: [{const, title}]}`.
    Array,
    /// A `$ref`, at the root or on a property: schemas are inline.
    Ref,
    /// An `anyOf`, `oneOf` or `allOf` at the root, an `anyOf` or `allOf` on
    /// a property, or a `oneOf` on a property that is not `type: "string"`:
    /// a property has exactly one primitive `type`, and `oneOf` only lists
    /// the titled options of a single choice.
    Composition,
    /// A property has no `type`.
    MissingType,
    /// A property's `type` is not `string`, `number`, `integer` or
    /// `boolean` (for example `"null"`, or a list of types).
    UnknownType,
    /// An `enum` on a property whose `type` is not `string`.
    EnumNotString,
    /// A keyword's value has the wrong JSON type (a `title` that is not a
    /// string, a `minLength` that is not a whole number, an `enum` entry
    /// that is not a string, a `oneOf` option that is not an object or whose
    /// `const` or `title` is not a string, `properties` that is not an
    /// object, ...).
    WrongKeyType,
    /// `required` names a property that `properties` does not define.
    RequiredUnknown,
    /// `required` is not an array, or one of its entries is not a string.
    RequiredNotArray,
    /// `required` names the same property twice.
    DuplicateRequired,
    /// `enumNames` does not have one title per `enum` value.
    EnumNamesLength,
    /// `enum`, `oneOf`, `items.enum` or `items.anyOf` is empty.
    EmptyEnum,
    /// `enum`, `oneOf`, `items.enum` or `items.anyOf` lists the same value
    /// twice.
    DuplicateEnumValue,
    /// `minimum` is above `maximum`.
    MinAboveMax,
    /// `minLength` is above `maxLength`.
    MinLengthAboveMaxLength,
    /// `format` is not `email`, `uri`, `date` or `date-time`.
    BadFormat,
    /// `default` has the wrong type for its property (a string `default` on
    /// a boolean, a fractional `default` on an integer, a multi-select
    /// `default` that is not an array of strings, ...).
    BadDefault,
    /// `default` has the right type but breaks the property's own rules: not
    /// one of the options, outside `minimum`/`maximum`, outside
    /// `minLength`/`maxLength`, not matching `format`, or (for a
    /// multi-select) an entry that is no option, an option named twice, or
    /// a count outside `minItems`/`maxItems`.
    DefaultViolation,
    /// `minLength`, `maxLength`, `minItems` or `maxItems` is negative.
    NegativeLength,
    /// A property lists its options twice: `enum` together with `oneOf`, or
    /// `items.enum` together with `items.anyOf`.
    ConflictingOptions,
    /// An option of `oneOf` or `items.anyOf` has no `const`.
    MissingConst,
    /// `minItems` is above `maxItems`, or above the number of options (each
    /// value of a multi-select is chosen at most once).
    MinItemsAboveMaxItems,
}

impl SchemaError {
    /// The JSON-RPC error code a client answers an `elicitation/create` with
    /// when its `requestedSchema` is invalid: `-32602`, invalid params.
    pub const JSONRPC_CODE: i64 = -32602;

    pub(super) fn new(
        kind: SchemaErrorKind,
        path: String,
        message: impl Into<Cow<'static, str>>,
    ) -> SchemaError {
        SchemaError {
            kind,
            path,
            message: message.into(),
        }
    }

    /// The kind of problem.
    pub fn kind(&self) -> SchemaErrorKind {
        self.kind
    }

    /// Where the problem is, as a JSON Pointer (RFC 6901) into the schema:
    /// `""` for the root, `/properties/age/minimum`, `/required/1`. A `~` in
    /// a property name is written `~0` and a `/` is written `~1`.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// What is wrong and what is allowed, without the path: lowercase, no
    /// trailing period.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid `requestedSchema`")?;
        if !self.path.is_empty() {
            write!(f, " at `{}`", Excerpt(&self.path))?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for SchemaError {}

/// Something in a `requestedSchema` that was tolerated and ignored: where it
/// is and why it was ignored.
///
/// `Display` reads ``at `<path>`: <message>``, in lowercase and without a
/// trailing period.
///
/// ```
/// use elicit_runtime::schema::FormSchema;
/// use serde_json::json;
///
/// let parsed = FormSchema::parse(&json!({
///     "type": "object",
///     "properties": { "code": { "type": "string", "pattern": "^[0-9]+$" } }
/// }))
/// .unwrap();
/// let warning = &parsed.warnings[0];
/// assert_eq!(warning.path(), "/properties/code/pattern");
/// assert_eq!(
///     warning.to_string(),
///     "at `/properties/code/pattern`: `pattern` is not part of the elicitation \
///      schema subset; ignored, so values are not checked against it",
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaWarning {
    path: String,
    message: Cow<'static, str>,
}

impl SchemaWarning {
    pub(super) fn new(path: String, message: impl Into<Cow<'static, str>>) -> SchemaWarning {
        SchemaWarning {
            path,
            message: message.into(),
        }
    }

    /// Where the ignored keyword is, as a JSON Pointer (RFC 6901), such as
    /// `/$schema` or `/properties/code/pattern`.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Why it was ignored: lowercase, no trailing period.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for SchemaWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at `{}`: {}", Excerpt(&self.path), self.message)
    }
}

/// Builds a JSON Pointer, escaping each token as RFC 6901 asks.
#[derive(Debug, Clone, Default)]
pub(super) struct Pointer(String);

impl Pointer {
    /// The pointer to the root, `""`.
    pub(super) fn root() -> Pointer {
        Pointer(String::new())
    }

    /// The pointer to member `key` of this location.
    pub(super) fn key(mut self, key: &str) -> Pointer {
        self.0.reserve(key.len() + 1);
        self.0.push('/');
        for c in key.chars() {
            match c {
                '~' => self.0.push_str("~0"),
                '/' => self.0.push_str("~1"),
                c => self.0.push(c),
            }
        }
        self
    }

    /// The pointer to entry `index` of this location.
    pub(super) fn index(mut self, index: usize) -> Pointer {
        self.0.push('/');
        self.0.push_str(&index.to_string());
        self
    }

    pub(super) fn into_string(self) -> String {
        self.0
    }
}

/// A name from the wire in backticks, for messages.
pub(super) fn name(text: &str) -> String {
    format!("`{}`", Excerpt(text))
}

/// What was found instead, for messages: `` `null` ``, `` `2.5` ``,
/// ``the string `"abc"` ``, `an array`, `an object`. Long strings are cut.
pub(super) fn found(value: &Value) -> String {
    match value {
        Value::Null => "`null`".to_owned(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) => format!("`{n}`"),
        Value::String(s) => format!("the string `\"{}\"`", Excerpt(s)),
        Value::Array(_) => "an array".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}
