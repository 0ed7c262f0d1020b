use elicit_runtime::Elicitable;

struct Address {
    street: String,
    city: String,
}

#[derive(Elicitable)]
struct Form {
    name: String,
    address: Address,
}

fn main() {}
