use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(rename = "form")]
struct Form {
    name: String,
}

fn main() {}
