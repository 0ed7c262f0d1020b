use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(format = "uuid")]
    id: String,
}

fn main() {}
