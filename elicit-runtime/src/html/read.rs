//! A submitted form page read back: the button pressed, the anti-forgery
//! token, and the content the validator reads, typed by the form's schema.

use core::fmt;
use std::borrow::Cow;

use serde_json::{Map, Number, Value};

use super::decode::{decode, pairs};
use crate::excerpt::Excerpt;
use crate::form::Elicitable;
use crate::limits::Limits;
use crate::outcome::Elicitation;
use crate::protocol::Action;
use crate::rules::ValidationErrors;
use crate::schema::{FormSchema, Kind, Property};
use crate::secret::zero_all;

/// The name the page's buttons post the [`Action`] pressed under.
pub const ACTION_FIELD: &str = "elicit-action";

/// The name of the hidden field that carries the anti-forgery token.
pub const CSRF_FIELD: &str = "elicit-csrf";

/// A submitted form page: which button was pressed, the anti-forgery token
/// it carried, and its content as the validator reads it.
///
/// ```
/// use elicit_runtime::{Elicitable, Elicitation, Limits};
/// use elicit_runtime::html::Submission;
/// use elicit_runtime::protocol::Action;
///
/// #[derive(Debug, Elicitable)]
/// struct Party {
///     size: u8,
///     terrace: bool,
/// }
///
/// let body = b"elicit-csrf=t0k&size=4&elicit-action=accept";
/// let submission = Submission::read(&Party::SCHEMA, body, &Limits::DEFAULT).unwrap();
/// assert_eq!(submission.action(), Action::Accept);
/// assert_eq!(submission.csrf(), "t0k");
/// // A checkbox left unticked is `false`.
/// assert_eq!(submission.content()["terrace"], false);
/// let party = submission.elicitation::<Party>().unwrap().accepted().unwrap();
/// assert_eq!(party.size, 4);
/// ```
///
/// Its `Debug` writes the action and the names of the fields posted, never
/// a value nor the token: a post may hold a secret. Its strings (the token,
/// every value read) are zeroed when it is dropped.
#[derive(Clone, PartialEq)]
pub struct Submission {
    action: Action,
    csrf: String,
    content: Map<String, Value>,
}

impl Submission {
    /// Reads `body`, an `application/x-www-form-urlencoded` post of the
    /// page of `schema`, within `limits`: at most [`Limits::bytes`] of
    /// body, [`Limits::properties`] pairs, and names and values of
    /// [`Limits::string_bytes`] once decoded.
    ///
    /// Values are typed by the field they fill, and left for the validator
    /// to judge, in its own words:
    ///
    /// - a string or a single-select: the text as it came;
    /// - a number: parsed (`42`, `-1.5`, `1e3`, spaces around it dropped);
    ///   what does not parse as a finite number stays a string, so the
    ///   validator reports it as not a number;
    /// - a boolean: `true` when its checkbox was ticked (it posts `true`),
    ///   `false` when it was not (an optional boolean too: a checkbox has
    ///   no third state); any other value stays a string;
    /// - a multi-select: every value posted under its name, in order, as an
    ///   array; none is an empty array for a required one;
    /// - an empty value leaves its field out, so an empty required field is
    ///   reported as required and an empty optional one is absent;
    /// - a name the form does not have is ignored.
    ///
    /// # Errors
    ///
    /// A [`ReadError`]: the body, a pair count or a value beyond the limits,
    /// a broken `%` escape, bytes that are not UTF-8, a field other than a
    /// multi-select or a control given twice, no button or an unknown one,
    /// no token, or a form with a field named as a control.
    pub fn read(
        schema: &FormSchema,
        body: &[u8],
        limits: &Limits,
    ) -> Result<Submission, ReadError> {
        if body.len() > limits.bytes() {
            return Err(ReadError::BodyBytes {
                limit: limits.bytes(),
                actual: body.len(),
            });
        }
        reserved_name(schema)?;
        let max = limits.string_bytes();
        let mut action = None;
        let mut csrf = None;
        let mut content = Map::new();
        for (count, (name, value)) in pairs(body).enumerate() {
            if count >= limits.properties() {
                return Err(ReadError::Pairs {
                    limit: limits.properties(),
                });
            }
            let name = decode(name, max)?;
            let value = decode(value, max)?;
            let repeated = || ReadError::Repeated {
                name: Excerpt(&name).to_string(),
            };
            if name == ACTION_FIELD {
                let pressed =
                    Action::from_name(&value).ok_or_else(|| ReadError::UnknownAction {
                        value: Excerpt(&value).to_string(),
                    })?;
                if action.replace(pressed).is_some() {
                    return Err(repeated());
                }
            } else if name == CSRF_FIELD {
                if csrf.replace(value.into_owned()).is_some() {
                    return Err(repeated());
                }
            } else if let Some(property) = schema.property(&name) {
                fill(&mut content, property, name, value)?;
            }
        }
        // The empty values held their place against repeats: now out.
        content.retain(|_, value| !value.is_null());
        unposted(schema, &mut content);
        Ok(Submission {
            action: action.ok_or(ReadError::NoAction)?,
            csrf: csrf.ok_or(ReadError::NoToken)?,
            content,
        })
    }

    /// The button pressed.
    pub fn action(&self) -> Action {
        self.action
    }

    /// The anti-forgery token the page carried, for the server to check.
    pub fn csrf(&self) -> &str {
        &self.csrf
    }

    /// The content, as the validator reads it (also on decline and cancel,
    /// where nothing reads it).
    pub fn content(&self) -> &Map<String, Value> {
        &self.content
    }

    /// The content, owned: no longer wiped with the submission, so wipe
    /// what holds a secret yourself (a `Secret` field of the form read from
    /// it is wiped on drop).
    pub fn into_content(mut self) -> Map<String, Value> {
        core::mem::take(&mut self.content)
    }

    /// The answer as `T`: on [`Action::Accept`], the content validated and
    /// read by [`Elicitable::from_content`] (the page shows the form as
    /// declared, so a form with [`Elicitable::DOWNLEVEL`] is read from its
    /// own content, not from booleans); [`Elicitation::Decline`] and
    /// [`Elicitation::Cancel`] read nothing.
    ///
    /// # Errors
    ///
    /// The [`ValidationErrors`] of accepted content, every failing field at
    /// once: render the page again with them ([`FormPage::again`]).
    ///
    /// [`FormPage::again`]: super::FormPage::again
    pub fn elicitation<T: Elicitable>(&self) -> Result<Elicitation<T>, ValidationErrors> {
        match self.action {
            Action::Accept => T::from_content(&self.content).map(Elicitation::Accept),
            Action::Decline => Ok(Elicitation::Decline),
            Action::Cancel => Ok(Elicitation::Cancel),
        }
    }
}

/// Zeroes the token and every string of the content: a post may hold a
/// secret.
impl Drop for Submission {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.csrf);
        zero_all(&mut self.content);
    }
}

impl fmt::Debug for Submission {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Submission")
            .field("action", &self.action)
            .field("csrf", &"<redacted>")
            .field("fields", &self.content.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// Refuses a form with a field named as one of the page's controls.
fn reserved_name(schema: &FormSchema) -> Result<(), ReadError> {
    match schema
        .properties
        .iter()
        .find(|p| p.name == ACTION_FIELD || p.name == CSRF_FIELD)
    {
        Some(reserved) => Err(ReadError::ReservedName {
            name: Excerpt(&reserved.name).to_string(),
        }),
        None => Ok(()),
    }
}

/// Puts the posted `value` of the field `property` into `content`: a
/// multi-select gathers its values, any other field takes one value, typed
/// by its kind; an empty value holds its place as `null` until the end.
fn fill(
    content: &mut Map<String, Value>,
    property: &Property,
    name: Cow<'_, str>,
    value: Cow<'_, str>,
) -> Result<(), ReadError> {
    if let Kind::MultiSelect(_) = property.schema.kind {
        let entry = content
            .entry(name.into_owned())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(items) = entry {
            items.push(Value::String(value.into_owned()));
        }
        return Ok(());
    }
    if content.contains_key(name.as_ref()) {
        return Err(ReadError::Repeated {
            name: Excerpt(&name).to_string(),
        });
    }
    if value.is_empty() {
        // Left out; a second empty value is still a repeat.
        content.insert(name.into_owned(), Value::Null);
        return Ok(());
    }
    let typed = match &property.schema.kind {
        Kind::Number(_) => number(&value),
        Kind::Boolean(_) => match value.as_ref() {
            "true" => Some(Value::Bool(true)),
            "false" => Some(Value::Bool(false)),
            _ => None,
        },
        Kind::String(_) | Kind::Enum(_) | Kind::MultiSelect(_) => None,
    };
    let typed = typed.unwrap_or_else(|| Value::String(value.into_owned()));
    content.insert(name.into_owned(), typed);
    Ok(())
}

/// What a page posts nothing for: an unticked checkbox is `false`, a
/// required multi-select with nothing chosen an empty array.
fn unposted(schema: &FormSchema, content: &mut Map<String, Value>) {
    for property in schema.properties.iter() {
        let absent = !content.contains_key(property.name.as_ref());
        match &property.schema.kind {
            Kind::Boolean(_) if absent => {
                content.insert(property.name.to_string(), Value::Bool(false));
            }
            Kind::MultiSelect(_) if absent && property.required => {
                content.insert(property.name.to_string(), Value::Array(Vec::new()));
            }
            _ => {}
        }
    }
}

/// `text` as a JSON number when it is a finite one.
fn number(text: &str) -> Option<Value> {
    let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
    if let Ok(i) = text.parse::<i64>() {
        return Some(Value::from(i));
    }
    if let Ok(u) = text.parse::<u64>() {
        return Some(Value::from(u));
    }
    // Rust's float syntax also takes `inf` and `NaN`, which are no numbers.
    let float = text.parse::<f64>().ok().filter(|f| f.is_finite())?;
    Number::from_f64(float).map(Value::Number)
}

/// A post that cannot be read as a submitted form page.
///
/// ```
/// use elicit_runtime::{Elicitable, Limits};
/// use elicit_runtime::html::{ReadError, Submission};
///
/// #[derive(Elicitable)]
/// struct Name {
///     name: String,
/// }
///
/// let error = Submission::read(&Name::SCHEMA, b"name=%E2%28", &Limits::DEFAULT).unwrap_err();
/// assert_eq!(error, ReadError::NotUtf8);
/// assert_eq!(
///     error.to_string(),
///     "a name or value of the form is not UTF-8 once decoded: post the page as the browser does, in UTF-8"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadError {
    /// The body is longer than [`Limits::bytes`].
    BodyBytes {
        /// The limit.
        limit: usize,
        /// The body's length, in bytes.
        actual: usize,
    },
    /// The body has more pairs than [`Limits::properties`].
    Pairs {
        /// The limit.
        limit: usize,
    },
    /// A name or value is longer than [`Limits::string_bytes`] once decoded.
    ValueBytes {
        /// The limit.
        limit: usize,
        /// Its length, in bytes.
        actual: usize,
    },
    /// A `%` not followed by two hex digits.
    Encoding,
    /// A name or value that is not UTF-8 once decoded.
    NotUtf8,
    /// A field that holds one value, or a control, given twice.
    Repeated {
        /// Its name, as a short excerpt.
        name: String,
    },
    /// No button was pressed: the post has no [`ACTION_FIELD`].
    NoAction,
    /// The [`ACTION_FIELD`] is none of `accept`, `decline` and `cancel`.
    UnknownAction {
        /// What came, as a short excerpt.
        value: String,
    },
    /// The post has no [`CSRF_FIELD`].
    NoToken,
    /// A field of the form is named as one of the page's controls
    /// ([`ACTION_FIELD`], [`CSRF_FIELD`]): its value cannot be told from
    /// theirs.
    ReservedName {
        /// The field's name, as a short excerpt.
        name: String,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::BodyBytes { limit, actual } => write!(
                f,
                "the form's body has {actual} bytes, more than the limit of {limit}: send less, \
                 or raise `Limits::max_bytes`"
            ),
            ReadError::Pairs { limit } => write!(
                f,
                "the form's body has more than {limit} fields: send fewer, or raise \
                 `Limits::max_properties`"
            ),
            ReadError::ValueBytes { limit, actual } => write!(
                f,
                "a name or value of the form has {actual} bytes, more than the limit of \
                 {limit}: send a shorter one, or raise `Limits::max_string_bytes`"
            ),
            ReadError::Encoding => f.write_str(
                "the form's body has a `%` not followed by two hex digits: post it \
                 URL-encoded, as `application/x-www-form-urlencoded`",
            ),
            ReadError::NotUtf8 => f.write_str(
                "a name or value of the form is not UTF-8 once decoded: post the page as the \
                 browser does, in UTF-8",
            ),
            ReadError::Repeated { name } => write!(
                f,
                "`{name}` is given twice, and holds one value: send it once"
            ),
            ReadError::NoAction => write!(
                f,
                "no button was pressed: the post has no `{ACTION_FIELD}`; submit the page with \
                 one of its buttons"
            ),
            ReadError::UnknownAction { value } => write!(
                f,
                "`{ACTION_FIELD}` is \"{value}\", which is none of `accept`, `decline` and \
                 `cancel`: submit the page with one of its buttons"
            ),
            ReadError::NoToken => write!(
                f,
                "the post has no `{CSRF_FIELD}`: submit the page as it was served"
            ),
            ReadError::ReservedName { name } => write!(
                f,
                "the form has a field named `{name}`, as one of the page's controls: rename \
                 the field"
            ),
        }
    }
}

impl std::error::Error for ReadError {}
