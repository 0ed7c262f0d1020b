use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    #[elicit(default = "2016-12-31T23:59:60Z")]
    arrives: Option<jiff::Timestamp>,
}

fn main() {}
