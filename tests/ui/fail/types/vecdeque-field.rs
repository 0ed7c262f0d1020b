use std::collections::VecDeque;

use elicit_runtime::Elicitable;

#[derive(Elicitable)]
enum Colour {
    Red,
    Green,
}

#[derive(Elicitable)]
struct Form {
    colours: VecDeque<Colour>,
}

fn main() {}
