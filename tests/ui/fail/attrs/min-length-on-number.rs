use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(min_length = 1)]
    age: u32,
}

fn main() {}
