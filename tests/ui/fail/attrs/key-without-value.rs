use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(title)]
    name: String,
}

fn main() {}
