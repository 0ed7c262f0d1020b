use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Colour {
    Red,
    Green,
}

#[derive(Elicitable)]
#[elicit(revision = "2025-06-18")]
struct Form {
    #[elicit(downlevel)]
    colours: Vec<Colour>,
}

fn main() {}
