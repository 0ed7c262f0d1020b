use elicit_runtime::Elicitable;

#[derive(Elicitable)]
struct Form {
    opens: time::Time,
}

fn main() {}
