use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(maximum = 300)]
    party_size: u8,
}

fn main() {}
