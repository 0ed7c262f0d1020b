use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(max_length = "20")]
    name: String,
}

fn main() {}
