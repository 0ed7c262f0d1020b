use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(min_length = 12)]
struct Password(String);

#[derive(Elicitable)]
struct Signup {
    email: String,
    chosen: Option<Password>,
}

fn main() {}
