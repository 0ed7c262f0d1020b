use std::collections::BTreeSet;

use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    ids: BTreeSet<u32>,
}

fn main() {}
