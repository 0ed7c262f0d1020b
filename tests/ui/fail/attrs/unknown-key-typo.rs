use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(min_lenght = 3)]
    name: String,
}

fn main() {}
