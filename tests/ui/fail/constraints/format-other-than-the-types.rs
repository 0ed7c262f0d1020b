use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(format = "email")]
struct Email(String);

#[derive(Elicitable)]
struct Form {
    #[elicit(format = "uri")]
    contact: Email,
}

fn main() {}
