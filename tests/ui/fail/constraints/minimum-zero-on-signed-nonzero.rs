use std::num::NonZeroI32;

use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(minimum = 0)]
    step: NonZeroI32,
}

fn main() {}
