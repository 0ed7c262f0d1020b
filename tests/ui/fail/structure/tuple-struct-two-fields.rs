use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Point(i32, i32);

fn main() {}
