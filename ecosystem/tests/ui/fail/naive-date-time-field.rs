use chrono::NaiveDateTime;
use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    starts: Option<NaiveDateTime>,
}

fn main() {}
