use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(maximum = 2.5)]
    count: i64,
}

fn main() {}
