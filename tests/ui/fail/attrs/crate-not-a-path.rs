use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(crate = "not a path")]
struct Form {
    name: String,
}

fn main() {}
