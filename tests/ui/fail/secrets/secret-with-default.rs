use elicit_runtime::{Elicitable, Secret};

#[derive(Elicitable)]
struct SignIn {
    #[elicit(secret, default = "hunter2")]
    password: Option<Secret>,
}

fn main() {}
