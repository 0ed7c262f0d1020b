use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(revision = "2025-06-18")]
    name: String,
}

fn main() {}
