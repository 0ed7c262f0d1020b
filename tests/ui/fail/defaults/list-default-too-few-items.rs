use std::collections::HashSet;

use elicit_runtime::Elicitable;

#[derive(PartialEq, Eq, Hash, Elicitable)]
#[elicit(rename_all = "lowercase")]
enum Colour {
    Red,
    Green,
    Blue,
}

#[derive(Elicitable)]
struct Form {
    #[elicit(min_items = 2, default = ["red"])]
    colours: HashSet<Colour>,
}

fn main() {}
