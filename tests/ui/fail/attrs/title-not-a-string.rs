use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(title = 42)]
    name: String,
}

fn main() {}
