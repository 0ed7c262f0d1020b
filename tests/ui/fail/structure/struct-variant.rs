use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Contact {
    Email,
    Post { street: String, city: String },
}

fn main() {}
