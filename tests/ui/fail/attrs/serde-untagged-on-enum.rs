use elicit_runtime::Elicitable;

#[derive(serde::Deserialize, Elicitable)]
#[serde(untagged)]
enum Size {
    Small,
    Large,
}

fn main() {}
