use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Contact {
    Email(String),
    Phone,
}

fn main() {}
