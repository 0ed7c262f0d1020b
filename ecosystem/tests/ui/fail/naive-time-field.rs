use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    opens: chrono::NaiveTime,
}

fn main() {}
