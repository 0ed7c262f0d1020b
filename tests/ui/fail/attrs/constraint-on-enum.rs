use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(max_length = 10)]
enum Size {
    Small,
    Large,
}

fn main() {}
