use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(rename_all = "camel_case")]
struct Form {
    first_name: String,
}

fn main() {}
