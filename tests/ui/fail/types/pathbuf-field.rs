use std::path::PathBuf;

use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    config: Option<PathBuf>,
}

fn main() {}
