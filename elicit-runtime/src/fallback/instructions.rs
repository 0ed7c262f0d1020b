//! What a tool returns to a client that cannot show its form: instructions
//! for the model to ask the user and call the tool again with the answers.

use serde_json::{Map, Value};

use crate::form::FormMode;
use crate::protocol::Revision;
use crate::schema::FormSchema;
use crate::schema::describe::label;

/// Instructions for the model, in place of a form the client cannot show:
/// the message, each field with its constraints, and how to call the tool
/// again with the answers as arguments.
///
/// It is a tool's result for this turn: [`Instructions::to_text`] is the
/// text content the model reads; [`Instructions::to_json`] is the same for
/// a program (`structuredContent`). The answers come back as the tool's
/// arguments, read with [`Elicitable::from_arguments`](crate::Elicitable::from_arguments).
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::fallback::Instructions;
///
/// /// Which table?
/// #[derive(Elicitable)]
/// struct Table {
///     /// How many people
///     #[elicit(title = "Party size", minimum = 1, maximum = 12)]
///     size: u8,
///     #[elicit(default = false)]
///     terrace: bool,
/// }
///
/// let instructions = Instructions::for_form::<Table>("book", Table::MESSAGE);
/// assert_eq!(
///     instructions.to_text(),
///     "The tool `book` needs answers from the user, and this client cannot show forms. \
///      Ask the user for the fields below, in your own words and without answering for them, \
///      then call `book` again with the answers as arguments; if the user would rather not \
///      answer, do not call it again.\n\
///      \n\
///      Message for the user: Which table?\n\
///      \n\
///      Fields:\n\
///      - `size` (Party size): How many people. Required integer: from 1 to 12.\n\
///      - `terrace`: Required boolean, default false.\n\
///      \n\
///      Arguments for `book`, with each \"<...>\" replaced by the user's answer and each \
///      default kept unless the user picks another (leave out an optional field the user \
///      does not answer):\n\
///      {\"size\":\"<Party size>\",\"terrace\":false}"
/// );
/// let json = instructions.to_json();
/// assert_eq!(json["tool"], "book");
/// assert_eq!(json["requestedSchema"], Table::SCHEMA.to_json());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Instructions {
    tool: String,
    message: String,
    schema: FormSchema,
    arguments: Map<String, Value>,
}

impl Instructions {
    /// The status [`Instructions::to_json`] writes, for a program to tell
    /// instructions from the tool's usual results.
    pub const STATUS: &'static str = "input_needed";

    /// Instructions to fill in the form `T`, shown with `message`, and call
    /// the tool `tool` again with the answers.
    pub fn for_form<T: FormMode>(
        tool: impl Into<String>,
        message: impl Into<String>,
    ) -> Instructions {
        Instructions::for_schema(tool, message, T::SCHEMA)
    }

    /// Instructions for a form known by its schema, such as one parsed from
    /// another server's request ([`FormSchema::parse`]).
    ///
    /// ```
    /// use elicit_runtime::fallback::Instructions;
    /// use elicit_runtime::schema::FormSchema;
    /// use serde_json::json;
    ///
    /// let schema = FormSchema::parse(&json!({
    ///     "type": "object",
    ///     "properties": { "plan": { "type": "string", "oneOf": [
    ///         { "const": "free", "title": "Free" }, { "const": "pro", "title": "Pro" }
    ///     ] } },
    ///     "required": ["plan"]
    /// }))
    /// .unwrap()
    /// .schema;
    /// let text = Instructions::for_schema("subscribe", "Pick a plan", schema).to_text();
    /// assert!(text.contains("- `plan`: Required string: one of \"free\" (Free), \"pro\" (Pro).\n"));
    /// ```
    pub fn for_schema(
        tool: impl Into<String>,
        message: impl Into<String>,
        schema: FormSchema,
    ) -> Instructions {
        Instructions {
            tool: tool.into(),
            message: message.into(),
            schema,
            arguments: Map::new(),
        }
    }

    /// The same instructions, with the tool's own `arguments` of this call
    /// repeated in the arguments to call it again with, so the model keeps
    /// them. The form's fields among them are left out: their answers come
    /// from the user.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::fallback::Instructions;
    /// use serde_json::json;
    ///
    /// #[derive(Elicitable)]
    /// struct Size {
    ///     size: u8,
    /// }
    ///
    /// let call = json!({ "restaurant": "chez-ada", "size": "four" });
    /// let instructions = Instructions::for_form::<Size>("book", "How many?")
    ///     .with_arguments(call.as_object().unwrap());
    /// assert_eq!(
    ///     serde_json::Value::Object(instructions.arguments()),
    ///     json!({ "restaurant": "chez-ada", "size": "<size>" })
    /// );
    /// ```
    pub fn with_arguments(mut self, arguments: &Map<String, Value>) -> Instructions {
        self.arguments = arguments
            .iter()
            .filter(|(name, _)| self.schema.property(name).is_none())
            .map(|(name, value)| (name.clone(), value.clone()))
            .collect();
        self
    }

    /// The tool to call again.
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// The message for the user.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The form.
    pub fn schema(&self) -> &FormSchema {
        &self.schema
    }

    /// The arguments to call the tool again with: the tool's own (see
    /// [`Instructions::with_arguments`]), then, in form order, each field
    /// with a default set to it, and each other required field set to a
    /// placeholder, `"<label>"` (its title, else its name), for the model
    /// to replace with the user's answer. Optional fields without a default
    /// are left out.
    pub fn arguments(&self) -> Map<String, Value> {
        let mut arguments = self.arguments.clone();
        for property in self.schema.properties.iter() {
            let value = match property.schema.default_value() {
                Some(default) => default,
                None if property.required => Value::String(format!("<{}>", label(property))),
                None => continue,
            };
            arguments.insert(property.name.to_string(), value);
        }
        arguments
    }

    /// The text for the model: what to ask and how to call the tool again,
    /// as [`Instructions`] shows (its `Display`).
    pub fn to_text(&self) -> String {
        self.to_string()
    }

    /// The instructions for a program, fit for a tool result's
    /// `structuredContent`:
    ///
    /// - `status`: [`Instructions::STATUS`], `"input_needed"`;
    /// - `tool`: the tool to call again;
    /// - `message`: the message for the user;
    /// - `requestedSchema`: the form, as `elicitation/create` at 2025-11-25
    ///   writes it, so a client can show it as a form after all;
    /// - `arguments`: [`Instructions::arguments`], placeholders included.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::fallback::Instructions;
    /// use serde_json::json;
    ///
    /// #[derive(Elicitable)]
    /// struct Name {
    ///     name: String,
    /// }
    ///
    /// assert_eq!(
    ///     Instructions::for_form::<Name>("greet", "Who are you?").to_json(),
    ///     json!({
    ///         "status": "input_needed",
    ///         "tool": "greet",
    ///         "message": "Who are you?",
    ///         "requestedSchema": {
    ///             "type": "object",
    ///             "properties": { "name": { "type": "string" } },
    ///             "required": ["name"]
    ///         },
    ///         "arguments": { "name": "<name>" }
    ///     })
    /// );
    /// ```
    pub fn to_json(&self) -> Value {
        let mut json = Map::new();
        json.insert("status".to_owned(), Value::from(Instructions::STATUS));
        json.insert("tool".to_owned(), Value::from(self.tool.as_str()));
        json.insert("message".to_owned(), Value::from(self.message.as_str()));
        json.insert("requestedSchema".to_owned(), requested_schema(&self.schema));
        json.insert("arguments".to_owned(), Value::Object(self.arguments()));
        Value::Object(json)
    }
}

/// The form as 2025-11-25 writes it, which expresses every form.
pub(super) fn requested_schema(schema: &FormSchema) -> Value {
    match schema.render(Revision::V2025_11_25) {
        Ok(rendered) => rendered.to_json(),
        // 2025-11-25 expresses every form; the newest revision writes the same.
        Err(_) => schema.to_json(),
    }
}
