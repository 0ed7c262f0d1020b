use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit("Name")]
    name: String,
}

fn main() {}
