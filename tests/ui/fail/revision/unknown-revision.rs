use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(revision = "2025-03-26")]
struct Form {
    name: String,
}

fn main() {}
