use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    nothing: (),
}

fn main() {}
