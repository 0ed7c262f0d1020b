use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(minimum = -1)]
    count: u32,
}

fn main() {}
