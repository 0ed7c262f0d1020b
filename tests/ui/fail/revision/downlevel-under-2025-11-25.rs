use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Colour {
    Red,
    Green,
}

#[derive(Elicitable)]
#[elicit(revision = "2025-11-25", downlevel)]
struct Form {
    colours: Vec<Colour>,
}

fn main() {}
