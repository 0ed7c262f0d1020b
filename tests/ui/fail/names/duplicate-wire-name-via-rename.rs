use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(rename = "name")]
    full_name: String,
    name: String,
}

fn main() {}
