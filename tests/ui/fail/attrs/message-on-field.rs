use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(message = "What is your name?")]
    name: String,
}

fn main() {}
