use elicit_runtime::Elicitable;
use serde::Deserialize;

#[derive(Deserialize, Elicitable)]
#[elicit(rename_all = "camelCase")]
#[serde(rename_all = "kebab-case")]
struct Form {
    first_name: String,
    last_name: String,
}

fn main() {}
