use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(format = "date", default = "not-a-date")]
    start: String,
}

fn main() {}
