use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(legacy_titles)]
    name: String,
}

fn main() {}
