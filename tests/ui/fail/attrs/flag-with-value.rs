use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(deny_unknown_fields = true)]
struct Form {
    name: String,
}

fn main() {}
