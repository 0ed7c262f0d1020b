use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit]
    name: String,
}

fn main() {}
