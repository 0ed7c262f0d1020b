use elicit_runtime::Elicitable;

struct Address {
    street: String,
}

#[derive(Elicitable)]
struct Home(Address);

fn main() {}
