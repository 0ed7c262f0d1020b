use std::time::Duration;

use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    timeout: Duration,
}

fn main() {}
