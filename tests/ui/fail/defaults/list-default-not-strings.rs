use std::collections::BTreeSet;

use elicit_runtime::Elicitable;

#[derive(PartialEq, Eq, PartialOrd, Ord, Elicitable)]
enum Colour {
    Red,
    Green,
}

#[derive(Elicitable)]
struct Form {
    #[elicit(default = ["Red", 2])]
    colours: BTreeSet<Colour>,
}

fn main() {}
