use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(minimum = 10, maximum = 5)]
    count: u32,
}

fn main() {}
