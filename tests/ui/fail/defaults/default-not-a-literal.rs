use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = Some(2))]
    seats: Option<u8>,
}

fn main() {}
