use std::num::NonZeroU8;

use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(minimum = 0)]
    guests: NonZeroU8,
}

fn main() {}
