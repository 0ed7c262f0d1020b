use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Address {
    street: String,
}

#[derive(Elicitable)]
struct Form {
    address: Address,
}

fn main() {}
