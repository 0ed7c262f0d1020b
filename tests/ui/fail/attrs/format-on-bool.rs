use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(format = "email")]
    subscribe: bool,
}

fn main() {}
