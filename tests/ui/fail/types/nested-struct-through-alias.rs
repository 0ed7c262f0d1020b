use elicit_runtime::Elicitable;

struct Address {
    street: String,
}

type Home = Address;

#[derive(Elicitable)]
struct Form {
    home: Home,
}

fn main() {}
