use std::num::NonZeroI8;

use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = 0)]
    offset: Option<NonZeroI8>,
}

fn main() {}
