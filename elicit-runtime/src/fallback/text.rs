//! The words of the instructions: one preamble, the message, a line per
//! field, and the arguments to call the tool again with.

use core::fmt;

use serde_json::Value;

use super::Instructions;
use crate::excerpt::{Escaped, OneLine};
use crate::schema::describe::{Reader, constraints_for};
use crate::schema::{Kind, Property};

/// Writes the instructions as the text a model reads:
///
/// ```text
/// The tool `book` needs answers from the user, and this client cannot show forms. Ask ...
///
/// Message for the user: Which table?
///
/// Fields:
/// - `size` (Party size): How many people. Required integer: from 1 to 12.
///
/// Arguments for `book`, with each "<...>" replaced by the user's answer and ...:
/// {"size":"<Party size>"}
/// ```
impl fmt::Display for Instructions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tool = OneLine(self.tool());
        write!(
            f,
            "The tool `{tool}` needs answers from the user, and this client cannot show forms. \
             Ask the user for the fields below, in your own words and without answering for \
             them, then call `{tool}` again with the answers as arguments; if the user would \
             rather not answer, do not call it again.\n\n"
        )?;
        write!(f, "Message for the user: {}\n\n", Escaped(self.message()))?;
        f.write_str("Fields:\n")?;
        if self.schema().properties.is_empty() {
            f.write_str("(none: call the tool again as it is)\n")?;
        }
        for property in self.schema().properties.iter() {
            field(f, property)?;
        }
        let arguments = Value::Object(self.arguments());
        write!(
            f,
            "\nArguments for `{tool}`, with each \"<...>\" replaced by the user's answer and \
             each default kept unless the user picks another (leave out an optional field the \
             user does not answer):\n{arguments}"
        )
    }
}

/// One line: the name, the title, the description, whether it is required,
/// its JSON type, its default and its constraints.
///
/// ```text
/// - `seating` (Seating): Required string, default "indoor": one of "indoor" (Indoors), "bar".
/// ```
fn field(f: &mut fmt::Formatter<'_>, property: &Property) -> fmt::Result {
    let schema = &property.schema;
    write!(f, "- `{}`", OneLine(&property.name))?;
    if let Some(title) = &schema.title {
        write!(f, " ({})", OneLine(title))?;
    }
    f.write_str(": ")?;
    if let Some(description) = &schema.description {
        let description = description.trim();
        if !description.is_empty() {
            write!(f, "{}", OneLine(description))?;
            if !description.ends_with(['.', '!', '?']) {
                f.write_str(".")?;
            }
            f.write_str(" ")?;
        }
    }
    let required = if property.required {
        "Required"
    } else {
        "Optional"
    };
    write!(f, "{required} {}", json_type(&schema.kind))?;
    if let Some(default) = schema.default_value() {
        write!(f, ", default {default}")?;
    }
    let constraints = constraints_for(schema, Reader::Model);
    if !constraints.is_empty() {
        write!(f, ": {}", constraints.join("; "))?;
    }
    f.write_str(".\n")
}

/// The JSON type of an answer, in words.
fn json_type(kind: &Kind) -> &'static str {
    match kind {
        Kind::MultiSelect(_) => "array of strings",
        other => other.type_name(),
    }
}
