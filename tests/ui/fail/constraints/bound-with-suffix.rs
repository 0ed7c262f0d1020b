use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(minimum = 1u8)]
    count: u8,
}

fn main() {}
