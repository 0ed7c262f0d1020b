use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = 300)]
    level: u8,
}

fn main() {}
