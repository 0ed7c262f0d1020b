use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct SignIn {
    email: String,
    #[elicit(secret)]
    password: String,
}

fn main() {}
