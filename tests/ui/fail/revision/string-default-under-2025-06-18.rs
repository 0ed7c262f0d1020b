use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(revision = "2025-06-18")]
struct Form {
    #[elicit(default = true)]
    subscribe: bool,
    #[elicit(default = "Guest")]
    name: String,
}

fn main() {}
