use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "9999-12-31T23:00:00-05:00")]
    logged: Option<time::UtcDateTime>,
}

fn main() {}
