use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = 1.5)]
    count: u32,
}

fn main() {}
