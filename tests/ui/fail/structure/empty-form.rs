use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {}

fn main() {}
