use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Colour {
    Red,
    Green,
    Blue,
}

#[derive(Elicitable)]
struct Form {
    #[elicit(min_items = 3, max_items = 1)]
    colours: Vec<Colour>,
}

fn main() {}
