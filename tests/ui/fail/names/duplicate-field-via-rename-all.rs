use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(rename_all = "camelCase")]
struct Form {
    first_name: String,
    #[allow(non_snake_case)]
    firstName: String,
}

fn main() {}
