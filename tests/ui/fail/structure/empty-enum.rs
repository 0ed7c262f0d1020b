use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Choice {}

fn main() {}
