use chrono::{DateTime, Local};
use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    starts: DateTime<Local>,
}

fn main() {}
