use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    point: (i32, i32),
}

fn main() {}
