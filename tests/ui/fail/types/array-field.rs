use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    scores: [u8; 3],
}

fn main() {}
