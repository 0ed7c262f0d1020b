//! The forms every benchmark reads, each deriving `Elicitable` for elicit,
//! `Deserialize` for serde and `JsonSchema` for rmcp, with the same
//! constraints written in each one's attributes, and the content a client
//! sends for them.
#![allow(dead_code, unused_imports)]

pub mod formats;
pub mod more;
pub mod options;
pub mod round;
pub mod wide;

use std::time::Duration;

use criterion::Criterion;
use elicit_runtime::{Elicitable, Elicitation};
use rmcp::model::ElicitationSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

pub use more::{Emails, Event, Survey};
pub use wide::Wide;

/// How to reach someone: a single-select field.
#[derive(Debug, Clone, Copy, PartialEq, Elicitable, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
#[schemars(inline)]
pub enum Reach {
    Email,
    Phone,
    Post,
}

/// Please provide your contact information
#[derive(Debug, Clone, PartialEq, Elicitable, Deserialize, schemars::JsonSchema)]
pub struct Contact {
    /// Your full name
    #[elicit(min_length = 1, max_length = 100)]
    #[schemars(length(min = 1, max = 100))]
    pub name: String,
    /// Your email address
    #[elicit(format = "email")]
    #[schemars(email)]
    pub email: String,
    /// Your age
    #[elicit(minimum = 18, maximum = 150)]
    #[schemars(range(min = 18, max = 150))]
    pub age: u8,
    /// How to reach you
    pub reach: Reach,
    /// Receive the newsletter
    #[elicit(default = false)]
    #[serde(default)]
    pub newsletter: bool,
}

/// The content of an accepted 5-field contact form.
pub fn contact_content() -> Value {
    json!({
        "name": "Monalisa Octocat",
        "email": "octocat@github.com",
        "age": 36,
        "reach": "email",
        "newsletter": true
    })
}

/// The `ElicitResult` around `content`.
pub fn accepted(content: &Value) -> Value {
    json!({ "action": "accept", "content": content })
}

/// The content as the map elicit reads.
pub fn object(content: &Value) -> &Map<String, Value> {
    content.as_object().expect("content is an object")
}

/// A compiled `jsonschema` validator for a form's schema, formats checked.
pub fn validator<T: Elicitable>() -> jsonschema::Validator {
    jsonschema::options()
        .should_validate_formats(true)
        .build(&T::SCHEMA.to_json())
        .expect("the form's schema compiles")
}

/// elicit: validate and read the result.
pub fn elicit<T: Elicitable>(result: &Value) -> T {
    match Elicitation::<T>::from_json(result) {
        Ok(Elicitation::Accept(value)) => value,
        other => panic!("the content is accepted: {:?}", other.err()),
    }
}

/// serde's derive alone, no validation.
pub fn serde_alone<T: DeserializeOwned>(content: &Value) -> T {
    T::deserialize(content).expect("serde reads the content")
}

/// `jsonschema` checks the content, then serde reads it.
pub fn jsonschema_serde<T: DeserializeOwned>(
    validator: &jsonschema::Validator,
    content: &Value,
) -> T {
    assert!(
        validator.is_valid(content),
        "jsonschema accepts the content"
    );
    T::deserialize(content).expect("serde reads the content")
}

/// rmcp's typed elicitation reads accepted content as
/// `serde_json::from_value::<T>(content.clone())`.
pub fn rmcp_read<T: DeserializeOwned>(content: &Value) -> T {
    serde_json::from_value(content.clone()).expect("serde reads the content")
}

/// rmcp's typed elicitation builds the schema on every call.
pub fn rmcp_schema<T: schemars::JsonSchema>() -> ElicitationSchema {
    ElicitationSchema::from_type::<T>().expect("rmcp accepts the form's schema")
}

/// Before measuring: every path reads the same value from the content, and
/// elicit and `jsonschema` reject the same broken content, so the paths
/// compared do the same work.
pub fn check_agreement<T>(content: &Value, broken: &Value)
where
    T: Elicitable + DeserializeOwned + schemars::JsonSchema + PartialEq + core::fmt::Debug,
{
    let validator = validator::<T>();
    let read = elicit::<T>(&accepted(content));
    assert_eq!(read, serde_alone::<T>(content));
    assert_eq!(read, jsonschema_serde::<T>(&validator, content));
    assert_eq!(read, rmcp_read::<T>(content));
    let rmcp = serde_json::to_value(rmcp_schema::<T>()).expect("rmcp's schema serializes");
    let ours = T::SCHEMA.to_json();
    assert_eq!(
        rmcp["properties"].as_object().map(Map::len),
        ours["properties"].as_object().map(Map::len),
        "rmcp's schema has the same properties: {rmcp}"
    );
    assert!(T::from_content(object(broken)).is_err());
    assert!(!validator.is_valid(broken));
}

/// Short runs, so the whole suite stays within minutes on 2 cores:
/// `samples` samples over `measure`, after a warm-up of a fifth of it.
pub fn criterion(measure: Duration, samples: usize) -> Criterion {
    Criterion::default()
        .warm_up_time(measure / 5)
        .measurement_time(measure)
        .sample_size(samples)
}
