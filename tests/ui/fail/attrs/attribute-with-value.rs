use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit = "Your details"]
struct Form {
    name: String,
}

fn main() {}
