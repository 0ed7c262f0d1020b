use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(serde::rename = "full")]
    name: String,
}

fn main() {}
