use chrono::{DateTime, Utc};
use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "2026-01-01T00:00:00.0000000001Z")]
    starts: Option<DateTime<Utc>>,
}

fn main() {}
