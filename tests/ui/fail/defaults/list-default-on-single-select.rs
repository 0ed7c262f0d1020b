use elicit_runtime::Elicitable;

#[derive(Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Colour {
    Red,
    Green,
}

#[derive(Elicitable)]
struct Form {
    #[elicit(default = ["red"])]
    colour: Colour,
}

fn main() {}
