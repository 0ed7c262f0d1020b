use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Colour {
    Red,
    Green,
}

#[derive(Elicitable)]
#[elicit(revision = "2025-06-18", downlevel)]
struct Form {
    colours: Vec<Colour>,
    #[elicit(default = "Guest")]
    name: String,
}

fn main() {}
