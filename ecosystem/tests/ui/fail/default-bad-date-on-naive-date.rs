use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "2026-02-30")]
    day: Option<chrono::NaiveDate>,
}

fn main() {}
