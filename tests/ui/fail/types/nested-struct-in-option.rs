use elicit_runtime::Elicitable;

struct Address {
    street: String,
}

#[derive(Elicitable)]
struct Form {
    address: Option<Address>,
}

fn main() {}
