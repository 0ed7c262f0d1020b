use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(format = "date-time")]
    day: chrono::NaiveDate,
}

fn main() {}
