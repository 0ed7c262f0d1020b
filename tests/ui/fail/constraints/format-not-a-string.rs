use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(format = email)]
    contact: String,
}

fn main() {}
