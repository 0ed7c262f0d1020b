use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(min_length = 1, max_length = 20, min_length = 2)]
    name: String,
}

fn main() {}
