use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    initial: char,
}

fn main() {}
