use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(title = "Name", title = "Full name")]
    name: String,
}

fn main() {}
