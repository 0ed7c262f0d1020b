use elicit_runtime::{Elicitable, Secret};

#[derive(Elicitable)]
struct SignIn {
    #[elicit(secret, not_secret)]
    password: Secret,
}

fn main() {}
