use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    tags: Vec<String>,
}

fn main() {}
