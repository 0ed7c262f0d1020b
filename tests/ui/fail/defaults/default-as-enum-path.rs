use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Colour {
    Red,
    Green,
}

#[derive(Elicitable)]
struct Form {
    #[elicit(default = Colour::Red)]
    colour: Colour,
}

fn main() {}
