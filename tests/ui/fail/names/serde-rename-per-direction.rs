use elicit_runtime::Elicitable;
use serde::Deserialize;

#[derive(Deserialize, Elicitable)]
struct Form {
    #[serde(rename(deserialize = "fullName"))]
    name: String,
}

fn main() {}
