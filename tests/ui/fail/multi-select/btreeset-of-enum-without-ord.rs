use std::collections::BTreeSet;

use elicit_runtime::Elicitable;

#[derive(PartialEq, Eq, Elicitable)]
enum Colour {
    Red,
    Green,
}

#[derive(Elicitable)]
struct Form {
    colours: BTreeSet<Colour>,
}

fn main() {}
