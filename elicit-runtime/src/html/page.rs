//! The form page: the message as its heading, the error summary when the
//! page comes back, every field, the hidden anti-forgery token, and the
//! three buttons.

use core::fmt;
use std::borrow::Cow;

use serde_json::{Map, Value};

use super::escape::{attr, text};
use super::fields::{self, Field};
use super::read::{ACTION_FIELD, CSRF_FIELD};
use super::{Action, Shell};
use crate::client::{FormView, describe};
use crate::form::Elicitable;
use crate::rules::{FieldError, ValidationErrors};
use crate::schema::{FormSchema, Property};

/// A form as an HTML page, from a derived form ([`FormPage::of`]) or any
/// server's form as a client reads it ([`FormPage::from_form`]): both are
/// a message and a [`FormSchema`], rendered by one path.
///
/// The page works without script and follows the GOV.UK Design System's
/// patterns:
///
/// - every control has a `<label for>` (a group its `<fieldset>` and
///   `<legend>`); an optional field says `(optional)`;
/// - the field's description and its constraints in words (those of
///   [`describe::constraints`], less what the control already shows, such
///   as the options) are tied to it with `aria-describedby`, as its error
///   message is;
/// - `required` and the constraint attributes mirror the schema:
///   `minlength`/`maxlength` (the browser counts UTF-16 units where the
///   schema counts code points: the server's check is the one that holds),
///   `min`/`max`, `step="1"` for an integer and `step="any"` for a number,
///   `type="email"`, `"url"`, `"date"`, and for `date-time` a text input
///   whose hint gives an example; a string without a format and with a
///   `maxLength` of [`TEXTAREA_FROM`](super::TEXTAREA_FROM) or more is a `<textarea>`;
/// - a single-select is a radio group, or a `<select>` past
///   [`MAX_RADIOS`](super::MAX_RADIOS) options (an optional one has a "No answer" choice); a
///   multi-select is a checkbox group; a boolean is a checkbox (ticked is
///   `true`, unticked `false`);
/// - defaults are filled in;
/// - the form carries `novalidate`: the browser's own checks would stop a
///   submission with messages of its own, in its own words and place; the
///   server's validator speaks instead, through the error page
///   ([`FormPage::again`]), in the same words as everywhere else;
/// - the buttons submit, decline and cancel, each posting its [`Action`]
///   as [`ACTION_FIELD`]; submit comes first, so Enter in a field submits.
///
/// Everything from the server or the user is escaped; see
/// [the module](super) for how, and for bidirectional controls.
///
/// ```
/// use elicit_runtime::Elicitable;
/// use elicit_runtime::html::FormPage;
///
/// /// Please provide your contact information
/// #[derive(Elicitable)]
/// struct Contact {
///     /// Your full name
///     #[elicit(max_length = 100)]
///     name: String,
///     #[elicit(minimum = 18)]
///     age: Option<u8>,
/// }
///
/// let page = FormPage::of::<Contact>("/forms/v1", "token-1").render();
/// assert!(page.contains("<title>Please provide your contact information</title>"));
/// assert!(page.contains(r#"<label for="field-0">name</label>"#));
/// assert!(page.contains(r#"maxlength="100" id="field-0" name="name" required"#));
/// assert!(page.contains(r#"type="number" step="1" min="18" max="255""#));
/// ```
///
/// Its `Debug` writes neither the token nor what was entered.
#[derive(Clone)]
pub struct FormPage<'a> {
    message: &'a str,
    schema: Cow<'a, FormSchema>,
    action: &'a str,
    csrf: &'a str,
    shell: Shell<'a>,
    secrets: Vec<(&'a str, &'a str)>,
    again: Option<(&'a Map<String, Value>, &'a ValidationErrors)>,
}

impl<'a> FormPage<'a> {
    /// The page of `schema` with `message` as its title and heading,
    /// posting to `action` (a URL of the page's own origin: the
    /// Content-Security-Policy's `form-action 'self'` allows no other) with
    /// `csrf`, the anti-forgery token the server checks on the post, in a
    /// hidden field ([`CSRF_FIELD`]).
    pub fn new(message: &'a str, schema: &'a FormSchema, action: &'a str, csrf: &'a str) -> Self {
        FormPage {
            message,
            schema: Cow::Borrowed(schema),
            action,
            csrf,
            shell: Shell::DEFAULT,
            secrets: Vec::new(),
            again: None,
        }
    }

    /// The page of the derived form `T`, with its [`Elicitable::MESSAGE`].
    /// A field marked `#[elicit(secret)]` is a password input with
    /// `autocomplete="off"` (another token with [`FormPage::secret_with`]).
    ///
    /// ```
    /// use elicit_runtime::html::FormPage;
    /// use elicit_runtime::{Elicitable, Secret};
    ///
    /// /// Connect your account
    /// #[derive(Elicitable)]
    /// struct Connect {
    ///     account: String,
    ///     #[elicit(secret)]
    ///     api_key: Secret,
    /// }
    ///
    /// let page = FormPage::of::<Connect>("/forms/v1", "t").render();
    /// assert!(page.contains(r#"type="password" autocomplete="off""#));
    /// assert_eq!(page.matches(r#"type="password""#).count(), 1);
    /// ```
    pub fn of<T: Elicitable>(action: &'a str, csrf: &'a str) -> FormPage<'a> {
        FormPage {
            schema: Cow::Owned(T::SCHEMA),
            ..FormPage::new(T::MESSAGE, &EMPTY, action, csrf)
        }
    }

    /// The page of a form a server sent, as a client read it.
    ///
    /// ```
    /// use elicit_runtime::client::FormView;
    /// use elicit_runtime::html::FormPage;
    /// use serde_json::json;
    ///
    /// let form = FormView::from_request(&json!({
    ///     "message": "Pick a plan",
    ///     "requestedSchema": { "type": "object", "properties": {
    ///         "plan": { "type": "string", "oneOf": [
    ///             { "const": "free", "title": "Free" }, { "const": "pro", "title": "Pro" }
    ///         ] }
    ///     } }
    /// }))
    /// .unwrap();
    /// let page = FormPage::from_form(&form, "/answer", "t").render();
    /// assert!(page.contains(r#"<input type="radio" id="field-0-1" name="plan" value="pro">"#));
    /// ```
    pub fn from_form(form: &'a FormView, action: &'a str, csrf: &'a str) -> Self {
        FormPage::new(form.message(), form.schema(), action, csrf)
    }

    /// The same page in `shell` (its language and stylesheet).
    pub fn shell(self, shell: Shell<'a>) -> Self {
        FormPage { shell, ..self }
    }

    /// Marks the field `name` as a secret: a string is a password input
    /// (`type="password"`, `autocomplete="off"`), and no value is ever
    /// written into it, neither a default nor what the user entered.
    pub fn secret(self, name: &'a str) -> Self {
        self.secret_with(name, "off")
    }

    /// [`FormPage::secret`] with another `autocomplete` token, such as
    /// `current-password` for the user's password of this site, or
    /// `new-password`.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::html::FormPage;
    ///
    /// #[derive(Elicitable)]
    /// struct Login {
    ///     user: String,
    ///     #[elicit(not_secret)]
    ///     passphrase: String,
    /// }
    ///
    /// let page = FormPage::of::<Login>("/login", "t")
    ///     .secret_with("passphrase", "current-password")
    ///     .render();
    /// assert!(page.contains(r#"type="password" autocomplete="current-password""#));
    /// ```
    pub fn secret_with(mut self, name: &'a str, autocomplete: &'a str) -> Self {
        self.secrets.push((name, autocomplete));
        self
    }

    /// The page again after an invalid submission: `entered` (the content
    /// read from the post, [`Submission::content`](super::Submission)) fills
    /// the fields instead of the defaults, except a secret's, which is never
    /// written back; `errors` (what the validator said) make the error
    /// summary at the top, linking to each failing field, each message next
    /// to its field, and `aria-invalid="true"` on each failing control; the
    /// title starts with `Error: `.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use elicit_runtime::html::FormPage;
    ///
    /// #[derive(Debug, Elicitable)]
    /// struct Party {
    ///     #[elicit(title = "Party size", minimum = 1, maximum = 12)]
    ///     size: u8,
    /// }
    ///
    /// let entered = serde_json::json!({ "size": 40 });
    /// let errors = Party::from_content(entered.as_object().unwrap()).unwrap_err();
    /// let page = FormPage::of::<Party>("/f", "t").again(entered.as_object().unwrap(), &errors).render();
    /// assert!(page.contains(r##"<a href="#field-0">Party size must be at most 12</a>"##));
    /// assert!(page.contains(
    ///     r#"value="40" id="field-0" name="size" required aria-describedby="field-0-rules field-0-error" aria-invalid="true""#
    /// ));
    /// ```
    pub fn again(self, entered: &'a Map<String, Value>, errors: &'a ValidationErrors) -> Self {
        FormPage {
            again: Some((entered, errors)),
            ..self
        }
    }

    /// The page's HTML.
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(1024 + 768 * self.schema.properties.len());
        let errors = self.errors();
        match errors {
            Some(_) => self
                .shell
                .open(&mut out, &format!("Error: {}", self.message)),
            None => self.shell.open(&mut out, self.message),
        }
        if let Some(errors) = errors {
            self.summary(&mut out, errors);
        }
        self.write_form(&mut out, false);
        Shell::close(&mut out);
        out
    }

    /// The errors the page shows, if any.
    fn errors(&self) -> Option<&'a ValidationErrors> {
        self.again
            .map(|(_, errors)| errors)
            .filter(|e| !e.is_empty())
    }

    /// Writes the heading and the form. `embedded`: a form inside an app,
    /// whose script sends it; it posts nowhere and carries no anti-forgery
    /// token.
    pub(crate) fn write_form(&self, out: &mut String, embedded: bool) {
        let errors = self.errors();
        out.push_str("<h1>");
        text(out, self.message);
        if embedded {
            out.push_str("</h1>\n<form novalidate>\n");
        } else {
            out.push_str("</h1>\n<form method=\"post\" action=\"");
            attr(out, self.action);
            out.push_str("\" novalidate>\n<input type=\"hidden\" name=\"");
            out.push_str(CSRF_FIELD);
            out.push_str("\" value=\"");
            attr(out, self.csrf);
            out.push_str("\">\n");
        }
        for (index, property) in self.schema.properties.iter().enumerate() {
            let secret = self.autocomplete(property);
            let field = Field {
                index,
                property,
                value: self.value(property, secret.is_some()),
                errors: errors
                    .map(|errors| {
                        errors
                            .field(&property.name)
                            .map(|e| message(property, e))
                            .collect()
                    })
                    .unwrap_or_default(),
                secret,
            };
            fields::write(out, &field);
        }
        out.push_str("<div class=\"buttons\">\n");
        for (action, words) in [
            (Action::Accept, "Submit"),
            (Action::Decline, "Decline"),
            (Action::Cancel, "Cancel"),
        ] {
            out.push_str("<button type=\"submit\" name=\"");
            out.push_str(ACTION_FIELD);
            out.push_str("\" value=\"");
            out.push_str(action.as_str());
            out.push_str("\">");
            out.push_str(words);
            out.push_str("</button>\n");
        }
        out.push_str("</div>\n</form>\n");
    }

    /// The `autocomplete` of `property` when it is a secret: the token
    /// given to [`FormPage::secret_with`], else `off` for a field marked
    /// secret here or in its derive (`#[elicit(secret)]`).
    fn autocomplete(&self, property: &Property) -> Option<&'a str> {
        let named = self
            .secrets
            .iter()
            .find(|(secret, _)| *secret == property.name.as_ref())
            .map(|(_, autocomplete)| *autocomplete);
        named.or(property.secret.then_some("off"))
    }

    /// What the field shows: what was entered on the page that came back,
    /// else its default; nothing for a secret.
    fn value(&self, property: &Property, secret: bool) -> Option<Cow<'a, Value>> {
        if secret {
            return None;
        }
        match self.again {
            Some((entered, _)) => entered.get(property.name.as_ref()).map(Cow::Borrowed),
            None => property.schema.default_value().map(Cow::Owned),
        }
    }

    /// The error summary: a focusable alert with a link to each failing
    /// field (an error of no field of the form is listed without a link),
    /// focused as the page loads (`autofocus`, no script needed), so a
    /// screen reader starts there and the next Tab reaches its first link.
    fn summary(&self, out: &mut String, errors: &ValidationErrors) {
        out.push_str(
            "<div class=\"error-summary\" role=\"alert\" aria-labelledby=\"error-summary-title\" \
             tabindex=\"-1\" autofocus>\n<h2 id=\"error-summary-title\">There is a problem</h2>\n<ul>\n",
        );
        for error in errors {
            let found = self
                .schema
                .properties
                .iter()
                .enumerate()
                .find(|(_, p)| p.name == error.field());
            out.push_str("<li>");
            match found {
                Some((index, property)) => {
                    out.push_str("<a href=\"#");
                    fields::push_id(out, index, "\">");
                    text(out, &message(property, error));
                    out.push_str("</a>");
                }
                None => text(out, &error.to_string()),
            }
            out.push_str("</li>\n");
        }
        out.push_str("</ul>\n</div>\n");
    }
}

impl fmt::Debug for FormPage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FormPage")
            .field("message", &self.message)
            .field("fields", &self.schema.properties.len())
            .field("action", &self.action)
            .field("csrf", &"<redacted>")
            .field("shell", &self.shell)
            .field("secrets", &self.secrets)
            .field("errors", &self.again.map(|(_, errors)| errors.len()))
            .finish()
    }
}

/// A schema with no field, for [`FormPage::of`] to start from.
static EMPTY: FormSchema = FormSchema {
    properties: Cow::Borrowed(&[]),
};

/// The message of one error, in the validator's words after the field's
/// label ("Party size must be at most 12"); never what was received, which
/// may be a secret.
pub(crate) fn message(property: &Property, error: &FieldError) -> String {
    format!("{} {}", describe::label(property), error.violation())
}
