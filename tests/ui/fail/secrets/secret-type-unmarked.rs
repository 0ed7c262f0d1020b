use elicit_runtime::{Elicitable, Secret};

#[derive(Elicitable)]
struct Connect {
    account: String,
    key: Option<Secret>,
}

fn main() {}
