use elicit_runtime::Elicitable;
use serde::Deserialize;

#[derive(Deserialize, Elicitable)]
struct Form {
    name: String,
    #[serde(flatten)]
    rest: String,
}

fn main() {}
