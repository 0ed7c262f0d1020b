use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Connect {
    access_token: String,
}

fn main() {}
