use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Nothing();

fn main() {}
