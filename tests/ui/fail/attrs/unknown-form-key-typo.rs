use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(revision = "2025-06-18", downlevl)]
struct Form {
    name: String,
}

fn main() {}
