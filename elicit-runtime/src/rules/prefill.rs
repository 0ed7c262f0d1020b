//! A form asked again: the answers that passed become the fields' defaults,
//! so the user types only what was wrong.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::{Checked, ValidationErrors};
use crate::schema::{FormSchema, Kind, Property, Text};

impl FormSchema {
    /// The same form with each valid answer of `content` as its field's
    /// `default`: what a server sends when it asks again after `errors`,
    /// so the user keeps what was right and fixes only what was wrong.
    ///
    /// A field named in `errors`, or whose answer breaks its own rules, keeps
    /// the form's own default (if any): an invalid answer is never offered
    /// back. Nor is a secret's ([`Property::secret`]), valid or not: a
    /// secret is typed again. Answers for properties the form lacks are
    /// ignored. Revisions
    /// that cannot carry a kind's `default` (2025-06-18 has only boolean
    /// defaults) drop it when the form is rendered.
    ///
    /// ```
    /// use elicit_runtime::Elicitable;
    /// use serde_json::json;
    ///
    /// #[derive(Debug, Elicitable)]
    /// struct Booking {
    ///     name: String,
    ///     #[elicit(minimum = 1, maximum = 12)]
    ///     party_size: u8,
    /// }
    ///
    /// let content = json!({ "name": "Ada", "party_size": 20 });
    /// let content = content.as_object().unwrap();
    /// let errors = Booking::from_content(content).unwrap_err();
    /// let again = Booking::SCHEMA.prefilled(content, &errors);
    /// let schema = again.latest().to_json();
    /// assert_eq!(schema["properties"]["name"]["default"], "Ada");
    /// assert!(schema["properties"]["party_size"].get("default").is_none());
    /// ```
    pub fn prefilled(&self, content: &Map<String, Value>, errors: &ValidationErrors) -> FormSchema {
        let properties = self
            .properties
            .iter()
            .map(|property| {
                let mut property = property.clone();
                let failed = errors.field(&property.name).next().is_some();
                let echoed = !failed && !property.secret;
                if let (true, Some(value)) = (echoed, content.get(property.name.as_ref())) {
                    prefill(&mut property, value);
                }
                property
            })
            .collect::<Vec<_>>();
        FormSchema {
            properties: Cow::Owned(properties),
        }
    }
}

/// Sets `value` as the default of `property` when it passes the property's
/// rules.
fn prefill(property: &mut Property, value: &Value) {
    let Ok(checked) = super::value(&property.schema, value) else {
        return;
    };
    match (&mut property.schema.kind, checked) {
        (Kind::String(rules), Checked::Str(text)) => rules.default = Some(owned(text)),
        (Kind::Number(rules), Checked::Num(number)) => rules.default = Some(number),
        (Kind::Boolean(rules), Checked::Bool(b)) => rules.default = Some(b),
        (Kind::Enum(rules), Checked::Choice(i)) => {
            rules.default = rules.options.get(i).map(|option| option.value.clone());
        }
        (Kind::MultiSelect(rules), Checked::Choices(chosen)) => {
            let values = chosen
                .iter()
                .filter_map(|&i| rules.options.get(i).map(|option| option.value.clone()))
                .collect::<Vec<_>>();
            rules.default = Some(Cow::Owned(values));
        }
        _ => {}
    }
}

fn owned(text: &str) -> Text {
    Cow::Owned(text.to_owned())
}
