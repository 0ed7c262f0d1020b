use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Setup {
    api_key: String,
}

fn main() {}
