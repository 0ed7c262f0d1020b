use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Address {
    street: String,
}

#[derive(Elicitable)]
struct Form {
    addresses: Option<Vec<Address>>,
}

fn main() {}
