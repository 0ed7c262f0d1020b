use elicit_runtime::{Elicitable, Secret};

#[derive(Elicitable)]
struct SignIn {
    email: String,
    #[elicit(secret)]
    password: Secret,
}

fn main() {
    let _ = SignIn::request("Sign in");
}
