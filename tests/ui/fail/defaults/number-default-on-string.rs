use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = 5)]
    name: String,
}

fn main() {}
