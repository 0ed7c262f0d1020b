use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "yes")]
    subscribe: bool,
}

fn main() {}
