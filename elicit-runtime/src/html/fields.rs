//! One field of the form page, by kind: its label or legend, its hint
//! (description and constraints), its error messages and its control.

use std::borrow::Cow;
use std::fmt::Write as _;

use serde_json::Value;

use super::escape::{attr, decimal, text};
use crate::client::describe;
use crate::format::Format;
use crate::schema::describe::range;
use crate::schema::{EnumOption, Kind, NumberRules, Property, StringRules};

/// The most options a single-select shows as radio buttons; past it, a
/// `<select>`.
pub const MAX_RADIOS: usize = 10;

/// The `maxLength` from which a string without a format is a `<textarea>`.
pub const TEXTAREA_FROM: u64 = 200;

/// What the page knows of one field when it writes it.
pub(super) struct Field<'p> {
    /// The field's position in the form: its ids are made of it, never of
    /// its name, which may hold anything.
    pub(super) index: usize,
    pub(super) property: &'p Property,
    /// The value to show: entered, or the default.
    pub(super) value: Option<Cow<'p, Value>>,
    /// The error messages of the field, in the validator's words.
    pub(super) errors: Vec<String>,
    /// The `autocomplete` token of a secret field.
    pub(super) secret: Option<&'p str>,
}

/// Writes the id of the field's control, or of the first control of its
/// group (where the error summary links), followed by `suffix`: `-hint`,
/// `-rules` and `-error` name its hints.
pub(super) fn push_id(out: &mut String, index: usize, suffix: &str) {
    out.push_str("field-");
    decimal(out, index);
    out.push_str(suffix);
}

/// Writes the id of the `option`th control of a group.
fn push_option_id(out: &mut String, index: usize, option: usize) {
    push_id(out, index, "");
    if option > 0 {
        out.push('-');
        decimal(out, option);
    }
}

/// Writes the field.
pub(super) fn write(out: &mut String, field: &Field<'_>) {
    let schema = &field.property.schema;
    match &schema.kind {
        Kind::Enum(rules) if rules.options.len() > MAX_RADIOS => {
            single(out, field, |out, d| select(out, field, &rules.options, d));
        }
        Kind::Enum(rules) => group(out, field, |out| {
            let chosen = field.value.as_deref().and_then(Value::as_str);
            let mut options: Vec<(&str, &str)> = rules
                .options
                .iter()
                .map(|o| (o.value.as_ref(), o.label()))
                .collect();
            if !field.property.required {
                options.push(("", "No answer"));
            }
            let chosen = chosen.or((!field.property.required).then_some(""));
            for (k, (value, label)) in options.into_iter().enumerate() {
                let checked = chosen == Some(value);
                option(out, field, k, "radio", value, label, checked);
            }
        }),
        Kind::MultiSelect(rules) => group(out, field, |out| {
            let chosen: Vec<&str> = match field.value.as_deref() {
                Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            for (k, o) in rules.options.iter().enumerate() {
                let checked = chosen.contains(&o.value.as_ref());
                option(out, field, k, "checkbox", &o.value, o.label(), checked);
            }
        }),
        Kind::Boolean(_) => boolean(out, field),
        Kind::String(rules) => single(out, field, |out, d| string(out, field, rules, d)),
        Kind::Number(rules) => single(out, field, |out, d| number(out, field, rules, d)),
    }
}

/// The ids the control is described by: hint, constraints, errors.
fn described_by(field: &Field<'_>, rules: &[String]) -> String {
    let mut ids = String::new();
    for (present, suffix) in [
        (field.property.schema.description.is_some(), "-hint"),
        (!rules.is_empty(), "-rules"),
        (!field.errors.is_empty(), "-error"),
    ] {
        if present {
            if !ids.is_empty() {
                ids.push(' ');
            }
            push_id(&mut ids, field.index, suffix);
        }
    }
    ids
}

/// The constraints in words, less what the control itself shows: the
/// options of a choice, "yes or no" of a checkbox, "text" of a text input.
/// [`describe::constraints`] writes them in a fixed order, kind first.
fn rules(property: &Property) -> Vec<String> {
    match &property.schema.kind {
        Kind::Enum(_) | Kind::Boolean(_) => Vec::new(),
        // The count of choices alone, in the words `constraints` writes
        // after the options.
        Kind::MultiSelect(rules) => range(rules.min_items, rules.max_items, "choice")
            .into_iter()
            .collect(),
        Kind::String(StringRules { format: None, .. }) => {
            let mut words = describe::constraints(&property.schema);
            if !words.is_empty() {
                words.remove(0);
            }
            words
        }
        Kind::String(_) | Kind::Number(_) => describe::constraints(&property.schema),
    }
}

/// The description, constraints and errors, each with its id.
fn hints(out: &mut String, field: &Field<'_>, rules: &[String]) {
    if let Some(description) = &field.property.schema.description {
        out.push_str("<div class=\"hint\" id=\"");
        push_id(out, field.index, "-hint\">");
        text(out, description);
        out.push_str("</div>\n");
    }
    if !rules.is_empty() {
        out.push_str("<div class=\"hint\" id=\"");
        push_id(out, field.index, "-rules\">");
        text(out, &rules.join("; "));
        out.push_str("</div>\n");
    }
    if !field.errors.is_empty() {
        out.push_str("<p class=\"error-message\" id=\"");
        push_id(out, field.index, "-error\">");
        for (i, message) in field.errors.iter().enumerate() {
            if i > 0 {
                out.push_str("<br>");
            }
            out.push_str("<span class=\"visually-hidden\">Error: </span>");
            text(out, message);
        }
        out.push_str("</p>\n");
    }
}

/// Opens the field's wrapper: a `tag`, marked when the field failed.
fn open(out: &mut String, field: &Field<'_>, tag: &str, described: &str) {
    out.push('<');
    out.push_str(tag);
    out.push_str(if field.errors.is_empty() {
        " class=\"field\""
    } else {
        " class=\"field invalid\""
    });
    if tag == "fieldset" && !described.is_empty() {
        out.push_str(" aria-describedby=\"");
        out.push_str(described);
        out.push('"');
    }
    out.push_str(">\n");
}

/// The field's label text, with `(optional)` for a field not required.
fn label_text(out: &mut String, property: &Property) {
    text(out, describe::label(property));
    if !property.required {
        out.push_str(" <span class=\"optional\">(optional)</span>");
    }
}

/// A field of one control: label, hints, then the control `control`
/// writes, given the ids it is described by.
fn single(out: &mut String, field: &Field<'_>, control: impl FnOnce(&mut String, &str)) {
    let rules = rules(field.property);
    let described = described_by(field, &rules);
    open(out, field, "div", &described);
    out.push_str("<label for=\"");
    push_id(out, field.index, "\">");
    label_text(out, field.property);
    out.push_str("</label>\n");
    hints(out, field, &rules);
    control(out, &described);
    out.push_str("</div>\n");
}

/// A group of radios or checkboxes in a fieldset, its legend the label.
fn group(out: &mut String, field: &Field<'_>, options: impl FnOnce(&mut String)) {
    let rules = rules(field.property);
    let described = described_by(field, &rules);
    open(out, field, "fieldset", &described);
    out.push_str("<legend>");
    label_text(out, field.property);
    out.push_str("</legend>\n");
    hints(out, field, &rules);
    options(out);
    out.push_str("</fieldset>\n");
}

/// One radio or checkbox of a group, with its label.
fn option(
    out: &mut String,
    field: &Field<'_>,
    k: usize,
    kind: &str,
    value: &str,
    label: &str,
    checked: bool,
) {
    out.push_str("<div class=\"option\"><input type=\"");
    out.push_str(kind);
    out.push_str("\" id=\"");
    push_option_id(out, field.index, k);
    out.push_str("\" name=\"");
    attr(out, &field.property.name);
    out.push_str("\" value=\"");
    attr(out, value);
    out.push('"');
    if checked {
        out.push_str(" checked");
    }
    // One ticked radio of a required group is required; a checkbox of a
    // group is not (the group's counts are the server's to check).
    if kind == "radio" && field.property.required {
        out.push_str(" required");
    }
    // Radios take no `aria-invalid` (ARIA gives it to none of their roles):
    // the legend's group carries the error message.
    if kind == "checkbox" && !field.errors.is_empty() {
        out.push_str(" aria-invalid=\"true\"");
    }
    out.push_str("><label for=\"");
    push_option_id(out, field.index, k);
    out.push_str("\">");
    text(out, label);
    out.push_str("</label></div>\n");
}

/// `id`, `name`, `aria-describedby` and `aria-invalid` of a control.
fn control_attrs(out: &mut String, field: &Field<'_>, described: &str) {
    out.push_str(" id=\"");
    push_id(out, field.index, "\" name=\"");
    attr(out, &field.property.name);
    out.push('"');
    if field.property.required {
        out.push_str(" required");
    }
    if !described.is_empty() {
        out.push_str(" aria-describedby=\"");
        out.push_str(described);
        out.push('"');
    }
    if !field.errors.is_empty() {
        out.push_str(" aria-invalid=\"true\"");
    }
}

/// The value of a text or number control: a string as is, a number in
/// JSON's decimal form; nothing for any other value.
fn value_text<'v>(value: Option<&'v Value>) -> Option<Cow<'v, str>> {
    match value? {
        Value::String(s) => Some(Cow::Borrowed(s)),
        Value::Number(n) => Some(Cow::Owned(n.to_string())),
        _ => None,
    }
}

fn value_attr(out: &mut String, field: &Field<'_>) {
    if let Some(value) = value_text(field.value.as_deref()) {
        out.push_str(" value=\"");
        attr(out, &value);
        out.push('"');
    }
}

/// A text input (by format), a password input or a textarea.
fn string(out: &mut String, field: &Field<'_>, rules: &StringRules, described: &str) {
    let lengths = |out: &mut String| {
        if let Some(min) = rules.min_length {
            let _ = write!(out, " minlength=\"{min}\"");
        }
        if let Some(max) = rules.max_length {
            let _ = write!(out, " maxlength=\"{max}\"");
        }
    };
    if let Some(autocomplete) = field.secret {
        out.push_str("<input type=\"password\" autocomplete=\"");
        attr(out, autocomplete);
        out.push('"');
        lengths(out);
        control_attrs(out, field, described);
        out.push_str(">\n");
        return;
    }
    let textarea = rules.format.is_none() && rules.max_length.is_some_and(|m| m >= TEXTAREA_FROM);
    if textarea {
        out.push_str("<textarea rows=\"5\"");
        lengths(out);
        control_attrs(out, field, described);
        out.push('>');
        // A newline right after the start tag is dropped by the parser:
        // write one, so a value's own leading newline survives.
        out.push('\n');
        if let Some(value) = value_text(field.value.as_deref()) {
            text_raw(out, &value);
        }
        out.push_str("</textarea>\n");
        return;
    }
    let kind = match rules.format {
        Some(Format::Email) => "email\" autocomplete=\"email\" spellcheck=\"false",
        Some(Format::Uri) => "url\" spellcheck=\"false",
        Some(Format::Date) => "date",
        Some(Format::DateTime) | None => "text",
    };
    out.push_str("<input type=\"");
    out.push_str(kind);
    out.push('"');
    if rules.format == Some(Format::DateTime) {
        out.push_str(" spellcheck=\"false\"");
    }
    lengths(out);
    value_attr(out, field);
    control_attrs(out, field, described);
    out.push_str(">\n");
}

/// A textarea's content: the value exactly, only markup escaped (it is the
/// user's own text, sent back as it is).
fn text_raw(out: &mut String, value: &str) {
    attr(out, value);
}

/// A number input with its step and range.
fn number(out: &mut String, field: &Field<'_>, rules: &NumberRules, described: &str) {
    out.push_str("<input type=\"number\" step=\"");
    out.push_str(if rules.integer { "1" } else { "any" });
    out.push('"');
    if let Some(min) = rules.minimum {
        let _ = write!(out, " min=\"{min}\"");
    }
    if let Some(max) = rules.maximum {
        let _ = write!(out, " max=\"{max}\"");
    }
    value_attr(out, field);
    control_attrs(out, field, described);
    out.push_str(">\n");
}

/// A boolean: one checkbox, its label beside it.
fn boolean(out: &mut String, field: &Field<'_>) {
    let rules = rules(field.property);
    let described = described_by(field, &rules);
    open(out, field, "div", &described);
    hints(out, field, &rules);
    out.push_str("<div class=\"option\"><input type=\"checkbox\" value=\"true\"");
    if field.value.as_deref() == Some(&Value::Bool(true)) {
        out.push_str(" checked");
    }
    // Not `required`: unticked is the answer `false`.
    out.push_str(" id=\"");
    push_id(out, field.index, "\" name=\"");
    attr(out, &field.property.name);
    out.push('"');
    if !described.is_empty() {
        out.push_str(" aria-describedby=\"");
        out.push_str(&described);
        out.push('"');
    }
    if !field.errors.is_empty() {
        out.push_str(" aria-invalid=\"true\"");
    }
    out.push_str("><label for=\"");
    push_id(out, field.index, "\">");
    text(out, describe::label(field.property));
    out.push_str("</label></div>\n</div>\n");
}

/// A `<select>` of many options, with an empty first choice unless a
/// default or an entered value picks one.
fn select(out: &mut String, field: &Field<'_>, options: &[EnumOption], described: &str) {
    out.push_str("<select");
    control_attrs(out, field, described);
    out.push_str(">\n");
    let chosen = field.value.as_deref().and_then(Value::as_str);
    let known = chosen.is_some_and(|c| options.iter().any(|o| o.value == c));
    if !known || !field.property.required {
        out.push_str("<option value=\"\">");
        out.push_str(if field.property.required {
            "Choose one"
        } else {
            "No answer"
        });
        out.push_str("</option>\n");
    }
    for o in options {
        out.push_str("<option value=\"");
        attr(out, &o.value);
        out.push('"');
        if chosen == Some(o.value.as_ref()) {
            out.push_str(" selected");
        }
        out.push('>');
        text(out, o.label());
        out.push_str("</option>\n");
    }
    out.push_str("</select>\n");
}
