use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Colour {
    Red,
    Green,
}

#[derive(Elicitable)]
#[elicit(downlevel)]
struct Form {
    colours: Vec<Colour>,
}

fn main() {}
