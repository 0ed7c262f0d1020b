use elicit_runtime::Elicitable;
use serde_json::Value;

#[derive(Elicitable)]
struct Form {
    extra: Value,
}

fn main() {}
