use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    extra: serde_json::Value,
}

fn main() {}
