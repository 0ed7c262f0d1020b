use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(minimum = 1)]
    name: String,
}

fn main() {}
