use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(min_items = 1)]
    tags: String,
}

fn main() {}
