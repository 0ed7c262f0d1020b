use elicit_runtime::Elicitable;

struct Address {
    street: String,
}

#[derive(Elicitable)]
struct Form {
    addresses: Vec<Address>,
}

fn main() {}
