use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(maximum = 3, default = 5)]
    stars: u8,
}

fn main() {}
