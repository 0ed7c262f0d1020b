use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Login {
    username: String,
    password: String,
}

fn main() {}
