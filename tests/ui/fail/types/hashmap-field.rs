use std::collections::HashMap;

use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    labels: HashMap<String, String>,
}

fn main() {}
