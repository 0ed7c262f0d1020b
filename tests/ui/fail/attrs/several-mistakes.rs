use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(revision = "2025-01-01")]
struct Form {
    #[elicit(title = 1)]
    name: String,
    #[elicit(minimum = "0")]
    age: u8,
}

fn main() {}
