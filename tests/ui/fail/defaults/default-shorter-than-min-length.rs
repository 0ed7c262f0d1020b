use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(min_length = 3, default = "Al")]
    name: String,
}

fn main() {}
