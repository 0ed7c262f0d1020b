use elicit_runtime::Elicitable;
use serde::Deserialize;

#[derive(Deserialize, Elicitable)]
struct Form {
    #[elicit(rename = "fullName")]
    #[serde(rename = "full_name")]
    name: String,
}

fn main() {}
