//! The forms the official MCP conformance suite expects the example server
//! to ask for, field for field.

use std::collections::BTreeSet;

use elicit_runtime::Elicitable;
use serde::Serialize;

/// `test_elicitation` (scenario `tools-call-elicitation`): two required
/// strings.
#[derive(Debug, Serialize, Elicitable)]
pub struct UserResponse {
    /// User's response
    pub username: String,
    /// User's email address
    pub email: String,
}

/// The `status` of `test_elicitation_sep1034_defaults`.
#[derive(Debug, Serialize, Elicitable)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Active,
    Inactive,
    Pending,
}

/// `test_elicitation_sep1034_defaults` (scenario
/// `elicitation-sep1034-defaults`): a default on every primitive kind.
#[derive(Debug, Serialize, Elicitable)]
#[elicit(message = "Please review your profile; every field has a default")]
pub struct Defaults {
    /// Your name
    #[elicit(default = "John Doe")]
    pub name: Option<String>,
    /// Your age
    #[elicit(default = 30)]
    pub age: Option<u32>,
    /// Your score
    #[elicit(default = 95.5)]
    pub score: Option<f64>,
    /// Your status
    #[elicit(default = "active")]
    pub status: Option<Status>,
    /// Whether your account is verified
    #[elicit(default = true)]
    pub verified: Option<bool>,
}

/// Options without titles.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Elicitable)]
#[serde(rename_all = "lowercase")]
pub enum Untitled {
    Option1,
    Option2,
    Option3,
}

/// Options with titles, written as `oneOf` / `anyOf` of `const` and
/// `title`.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Elicitable)]
#[serde(rename_all = "lowercase")]
pub enum Titled {
    #[elicit(title = "First Option")]
    Value1,
    #[elicit(title = "Second Option")]
    Value2,
    #[elicit(title = "Third Option")]
    Value3,
}

/// Titled options written the deprecated way, as `enum` + `enumNames`.
#[derive(Debug, Serialize, Elicitable)]
#[serde(rename_all = "lowercase")]
#[elicit(legacy_titles)]
pub enum Legacy {
    #[elicit(title = "Option One")]
    Opt1,
    #[elicit(title = "Option Two")]
    Opt2,
    #[elicit(title = "Option Three")]
    Opt3,
}

/// Multi-select options with titles.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Elicitable)]
#[serde(rename_all = "lowercase")]
pub enum Choice {
    #[elicit(title = "First Choice")]
    Value1,
    #[elicit(title = "Second Choice")]
    Value2,
    #[elicit(title = "Third Choice")]
    Value3,
}

/// `test_elicitation_sep1330_enums` (scenario
/// `elicitation-sep1330-enums`): every enum style.
#[derive(Debug, Serialize, Elicitable)]
#[serde(rename_all = "camelCase")]
#[elicit(message = "Please choose an option of every kind")]
pub struct Enums {
    /// An untitled single choice
    pub untitled_single: Option<Untitled>,
    /// A titled single choice
    pub titled_single: Option<Titled>,
    /// A legacy titled single choice
    pub legacy_enum: Option<Legacy>,
    /// Untitled multiple choices
    pub untitled_multi: Option<BTreeSet<Untitled>>,
    /// Titled multiple choices
    pub titled_multi: Option<BTreeSet<Choice>>,
}

/// `test_input_required_result_elicitation` (scenario
/// `input-required-result-basic-elicitation`, 2026-07-28).
#[derive(Debug, Serialize, Elicitable)]
#[elicit(message = "What is your name?")]
pub struct Name {
    pub name: String,
}

/// `test_input_required_result_request_state` and
/// `test_input_required_result_tampered_state`: a yes or no.
#[derive(Debug, Serialize, Elicitable)]
#[elicit(message = "Please confirm")]
pub struct Confirm {
    pub ok: bool,
}

/// The second step of `test_input_required_result_multi_round`.
#[derive(Debug, Serialize, Elicitable)]
#[elicit(message = "Step 2: What is your favorite color?")]
pub struct Color {
    pub color: String,
}

/// `test_input_required_result_prompt` (scenario
/// `input-required-result-non-tool-request`): what the prompt is about.
#[derive(Debug, Serialize, Elicitable)]
#[elicit(message = "What context should the prompt use?")]
pub struct PromptContext {
    pub context: String,
}

/// The tasks extension's `confirm_delete` and `multi_input`: a yes or no
/// about deleting a file.
#[derive(Debug, Serialize, Elicitable)]
#[elicit(message = "Delete the file?")]
pub struct ConfirmDelete {
    pub confirm: bool,
}
