use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Marker;

fn main() {}
