use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(colour = "red")]
    name: String,
}

fn main() {}
