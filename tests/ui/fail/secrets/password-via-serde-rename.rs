use elicit_runtime::Elicitable;
use serde::Deserialize;

#[derive(Deserialize, Elicitable)]
struct Login {
    #[serde(rename = "password")]
    word: String,
}

fn main() {}
